"""An Agg renderer that rasterizes each distinct text once.

Most of a chart's words repeat from one chart to the next (labels, dates, round axis values, the
pair), and rasterizing a string with FreeType is the largest single cost of drawing a chart. This
renderer keeps the bitmap of every text it drew (a bounded LRU) and blits it again for the same
string in the same font and size, exactly as RendererAgg.draw_text would have drawn it: the same
bitmap at the same rounded position, so a cached text gives identical pixels.

It mirrors RendererAgg.draw_text of matplotlib 3.8-3.10 (pinned below 3.11 in pyproject.toml);
mathtext and fonts chosen by family rather than by file go through the original.
"""

from __future__ import annotations

from collections import OrderedDict
from math import cos, radians, sin
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag

TextKey = tuple[str, str, float, bool, Any]
# (bitmap, x offset, y offset, descent), offsets and descent in pixels as draw_text uses them.
Bitmap = tuple[np.ndarray[Any, np.dtype[np.uint8]], float, float, float]


def _hinting() -> Any:
    """matplotlib's hinting flags for text (an int or a LoadFlags, by version)."""
    return get_hinting_flag()  # type: ignore[no-untyped-call]


class TextCachingRenderer(RendererAgg):
    def __init__(self, width: float, height: float, dpi: float, *, max_entries: int = 512) -> None:
        super().__init__(width, height, dpi)  # type: ignore[no-untyped-call]
        self._max = max_entries
        self._bitmaps: OrderedDict[TextKey, Bitmap] = OrderedDict()
        self._extents: OrderedDict[TextKey, tuple[float, float, float]] = OrderedDict()

    def get_text_width_height_descent(self, s: str, prop: Any, ismath: Any) -> tuple[float, float, float]:
        """RendererAgg's measure, remembered per string, font and size (layout asks often)."""
        file = prop.get_file()
        if ismath or file is None:
            return super().get_text_width_height_descent(s, prop, ismath)  # type: ignore[no-untyped-call,no-any-return]
        key: TextKey = (s, str(file), prop.get_size_in_points(), False, _hinting())
        extent = self._extents.get(key)
        if extent is None:
            extent = super().get_text_width_height_descent(s, prop, ismath)  # type: ignore[no-untyped-call]
            self._extents[key] = extent
            if len(self._extents) > self._max:
                self._extents.popitem(last=False)
        return extent

    def draw_text(
        self,
        gc: Any,
        x: float,
        y: float,
        s: str,
        prop: Any,
        angle: float,
        ismath: Any = False,
        mtext: Any = None,
    ) -> None:
        file = prop.get_file()
        if ismath or file is None:
            super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)  # type: ignore[no-untyped-call]
            return
        antialiased = bool(gc.get_antialiased())
        key: TextKey = (s, str(file), prop.get_size_in_points(), antialiased, _hinting())
        bitmap = self._bitmaps.get(key)
        if bitmap is None:
            font = self._prepare_font(prop)  # type: ignore[no-untyped-call]
            font.set_text(s, 0, flags=_hinting())
            font.draw_glyphs_to_bitmap(antialiased=antialiased)
            xo, yo = font.get_bitmap_offset()
            bitmap = (np.array(font, dtype=np.uint8), xo / 64.0, yo / 64.0, font.get_descent() / 64.0)
            self._bitmaps[key] = bitmap
            if len(self._bitmaps) > self._max:
                self._bitmaps.popitem(last=False)
        else:
            self._bitmaps.move_to_end(key)
        image, xo, yo, descent = bitmap
        # As RendererAgg.draw_text: the descent adjusted for the angle, the position rounded.
        xd = descent * sin(radians(angle))
        yd = descent * cos(radians(angle))
        self._renderer.draw_text_image(image, round(x + xo + xd), round(y + yo + yd) + 1, angle, gc)

    @property
    def cached_texts(self) -> int:
        return len(self._bitmaps)


class TextCachingCanvas(FigureCanvasAgg):
    """An Agg canvas whose renderer is a TextCachingRenderer (kept while the size stays)."""

    def get_renderer(self) -> TextCachingRenderer:
        w, h = self.figure.bbox.size
        key = (w, h, self.figure.dpi)
        renderer = getattr(self, "renderer", None)
        if not isinstance(renderer, TextCachingRenderer) or self._lastKey != key:
            renderer = TextCachingRenderer(w, h, self.figure.dpi)
            self.renderer = renderer
            self._lastKey = key
        return renderer
