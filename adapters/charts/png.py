"""The chart's Agg buffer as PNG: RGB, no row filter, zlib level 1, in stackable bands.

Pillow's PNG writer tries every row filter on every row; for a flat-coloured chart that costs
more than it saves, and the whole encode takes ~2x as long as this one for a bigger file. The
rows go to core.chart_png.write_png, which writes them in bands (the chart, then its source
line) so the charts of a multi-coin answer join into one picture without being decoded. No
metadata besides the band table, so equal pixels give equal bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.chart_png import write_png

_FILTER_NONE = 0


def encode_rgb(
    rgba: memoryview, width: int, height: int, *, bands: Sequence[tuple[int, int]] = (), level: int = 1
) -> bytes:
    """PNG bytes of an RGBA buffer (row-major, top row first) with the alpha dropped.

    ``bands``: (rows, flags) from the top (core.chart_png); by default the image is one band."""
    pixels = np.asarray(rgba, dtype=np.uint8).reshape(height, width, 4)
    scanlines = np.empty((height, width * 3 + 1), dtype=np.uint8)
    scanlines[:, 0] = _FILTER_NONE
    scanlines[:, 1:] = pixels[:, :, :3].reshape(height, width * 3)
    return write_png(scanlines.data, width, bands or ((height, 0),), level=level)
