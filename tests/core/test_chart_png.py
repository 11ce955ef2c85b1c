"""core.chart_png: banded chart PNGs stack into one valid picture without being decoded."""

from __future__ import annotations

import io
import os
import struct
import zlib

import pytest
from PIL import Image

from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.chart_png import SHARED, adler32_combine, stack_charts, stack_pngs, write_png
from core.reply import ChartBlock
from tests.cases import each
from tests.chart_pngs import pixels, stackable_png

RED, BLUE, GREEN = (200, 30, 30), (20, 60, 200), (10, 150, 60)


@each(
    ("first", "second"),
    [(b"", b""), (b"abc", b"defgh" * 1000), (b"\xff" * 70000, b"x"), (os.urandom(5000), os.urandom(90001))],
)
def test_adler32_combine_matches_zlib(first: bytes, second: bytes) -> None:
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(
        first + second
    )


def test_a_banded_png_is_an_ordinary_png_to_a_decoder() -> None:
    image = pixels(stackable_png(RED, width=5, height=4, footer=1))
    assert image.size == (5, 4)
    assert image.getpixel((0, 0)) == RED and image.getpixel((4, 3)) == (128, 128, 128)


def test_bands_must_cover_every_row() -> None:
    rows = (b"\x00" + b"\x00\x00\x00" * 2) * 3
    with pytest.raises(ValueError):
        write_png(rows, 2, ((2, 0),))


def test_stacked_charts_keep_every_pixel_in_order_with_a_divider_between() -> None:
    red, blue, green = (stackable_png(c, width=6, height=10, footer=3) for c in (RED, BLUE, GREEN))
    png = stack_pngs([red, blue, green])
    assert png is not None
    image = pixels(png)
    assert image.size == (6, 3 * 10 + 2 * DIVIDER)
    column = [image.getpixel((3, y)) for y in range(image.height)]
    assert column[:7] == [RED] * 7 and column[7:10] == [(128, 128, 128)] * 3
    divider = column[10 : 10 + DIVIDER]
    assert (0xDA, 0xDC, 0xE0) in divider and divider[0] == (255, 255, 255)
    assert column[10 + DIVIDER : 17 + DIVIDER] == [BLUE] * 7
    assert column[-10:-3] == [GREEN] * 7


def test_a_shared_source_line_is_said_once_under_the_last_chart() -> None:
    charts = [stackable_png(c, width=6, height=10, footer=3) for c in (RED, BLUE)]
    png = stack_pngs(charts, drop_shared=True)
    assert png is not None
    image = pixels(png)
    assert image.size == (6, 7 + DIVIDER + 10)
    assert image.getpixel((0, 6)) == RED and image.getpixel((0, 7 + DIVIDER)) == BLUE
    assert image.getpixel((0, image.height - 1)) == (128, 128, 128)


def test_charts_of_different_sources_keep_their_own_source_lines() -> None:
    live = ChartBlock(stackable_png(RED, height=10, footer=3), "BTCUSDT", "binance", "BTC")
    demo = ChartBlock(stackable_png(BLUE, height=10, footer=3), "ETHUSDT", "demo", "ETH")
    same = ChartBlock(stackable_png(BLUE, height=10, footer=3), "ETHUSDT", "binance", "ETH")
    mixed, shared = stack_charts([live, demo]), stack_charts([live, same])
    assert mixed is not None and shared is not None
    assert pixels(mixed).height == 2 * 10 + DIVIDER
    assert pixels(shared).height == 7 + DIVIDER + 10


def test_a_stacked_png_stacks_again() -> None:
    two = stack_pngs([stackable_png(RED), stackable_png(BLUE)])
    assert two is not None
    three = stack_pngs([two, stackable_png(GREEN)])
    assert three is not None and pixels(three).size == (8, 3 * 6 + 2 * DIVIDER)


def test_one_chart_is_not_stacked() -> None:
    assert stack_charts([ChartBlock(stackable_png(), "BTCUSDT", "binance", "BTC")]) is None
    assert stack_charts([]) is None


def ordinary_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 6), RED).save(out, "PNG")
    return out.getvalue()


@each(
    "other",
    [
        ordinary_png(),  # no band table
        b"\x89PNG\r\n\x1a\nnot really",
        b"GIF89a",
        stackable_png(width=9),  # another width
    ],
)
def test_anything_else_is_not_stacked(other: bytes) -> None:
    assert stack_pngs([stackable_png(), other]) is None


def _with_chunk_data(png: bytes, kind: bytes, change: bytes) -> bytes:
    """``png`` with the data of chunk ``kind`` replaced (and a correct CRC, so only the
    content is wrong)."""
    at = png.index(kind) - 4
    (length,) = struct.unpack_from(">I", png, at)
    chunk = struct.pack(">I", len(change)) + kind + change + struct.pack(">I", zlib.crc32(kind + change))
    return png[:at] + chunk + png[at + 12 + length :]


def test_a_band_table_that_does_not_match_the_stream_is_refused() -> None:
    png = stackable_png(height=10, footer=3)
    at = png.index(b"dmBN") + 4
    table = bytearray(png[at : at + 2 + 2 * 13])
    table[2 + 3] += 1  # the first band's rows, one more than drawn
    assert stack_pngs([png, _with_chunk_data(png, b"dmBN", bytes(table))]) is None
    table = bytearray(png[at : at + 2 + 2 * 13])
    table[2 + 7] += 1  # its compressed length
    assert stack_pngs([png, _with_chunk_data(png, b"dmBN", bytes(table))]) is None


def test_a_damaged_chunk_is_refused() -> None:
    png = bytearray(stackable_png())
    png[png.index(b"IDAT") + 6] ^= 0xFF  # the CRC no longer matches
    assert stack_pngs([stackable_png(), bytes(png)]) is None


def test_shared_flag_marks_only_the_footer_band() -> None:
    png = stackable_png(height=10, footer=3)
    at = png.index(b"dmBN") + 4
    first, second = (png[at + 2 + i * 13 + 12] for i in (0, 1))
    assert (first, second) == (0, SHARED)
