"""Small stackable chart PNGs (core.chart_png's format, no matplotlib) and a decoder for tests."""

from __future__ import annotations

import io

from PIL import Image

from core.chart_png import SHARED, write_png


def stackable_png(
    colour: tuple[int, int, int] = (200, 30, 30), *, width: int = 8, height: int = 6, footer: int = 2
) -> bytes:
    """A flat-coloured chart stand-in: ``height - footer`` rows, then a SHARED footer band of
    ``footer`` grey rows (as the renderer writes its source line)."""
    body = (b"\x00" + bytes(colour) * width) * (height - footer)
    foot = (b"\x00" + b"\x80\x80\x80" * width) * footer
    bands = ((height - footer, 0), (footer, SHARED)) if footer else ((height, 0),)
    return write_png(body + foot, width, bands)


def pixels(png: bytes) -> Image.Image:
    """The decoded picture (Pillow checks every chunk CRC and the zlib stream on the way)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")
