"""Chart PNGs that stack into one picture without being decoded (standard library only).

A history answer about several coins is one picture on Telegram and Discord: the coins' charts
one under the other. The chart renderer draws (and caches) one chart per coin; the platform
adapters join them when they deliver. Joining happens in their synchronous render step, on the
event loop, so it never decodes or recompresses a pixel:

- the renderer writes each chart with ``write_png`` in horizontal *bands* (the chart, then its
  source line), each band a self-contained piece of the deflate stream: its own compressor,
  ended by a sync flush, so it starts and ends on a byte boundary and refers to nothing before
  it. A private ancillary chunk (``dmBN``, which every decoder skips) lists the bands: rows,
  compressed length, checksum, flags;
- ``stack_pngs`` lays the bands of several such PNGs end to end in one zlib stream, with a thin
  divider between charts, and combines the bands' Adler-32 checksums arithmetically. Three
  780x600 charts join in well under a millisecond (byte copies and a CRC of ~150 KB).

Rows are stored with PNG filter 0 (none), so every row stands alone and bands can be cut and
joined at any row. A PNG without the band chunk (another renderer, a test's stand-in) is not
stacked: the functions return None and the adapters send such charts one by one.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from core.reply import ChartBlock

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BANDS_CHUNK = b"dmBN"  # ancillary (d), private (m), reserved bit clear (B), unsafe to copy (N)
SHARED = 1  # band flag: the chart's source line, the same on every chart of one source
_VERSION = 1
_RGB = 2  # PNG colour type
_BAND = struct.Struct(">IIIB")  # rows, compressed length, adler32, flags
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, "fastest" (informative only)
_FINAL_BLOCK = b"\x03\x00"  # an empty, final, fixed-Huffman deflate block: ends the stream
_ADLER_BASE = 65521
DIVIDER_ROWS = ((6, b"\xff\xff\xff"), (2, b"\xda\xdc\xe0"), (6, b"\xff\xff\xff"))  # white, grey, white
DIVIDER_HEIGHT = sum(rows for rows, _ in DIVIDER_ROWS)


@dataclass(frozen=True, slots=True)
class Band:
    rows: int
    data: bytes  # raw deflate, byte-aligned at both ends, no final block
    adler: int  # Adler-32 of the band's scanlines (filter byte + RGB per row)
    flags: int = 0


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _compress_band(scanlines: bytes | memoryview, rows: int, level: int, flags: int = 0) -> Band:
    # A fresh compressor per band: its back-references stay inside the band, so the band can
    # follow any other. The sync flush byte-aligns its end without marking it final.
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    data = compressor.compress(scanlines) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return Band(rows, data, zlib.adler32(scanlines), flags)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of A + B from adler32(A), adler32(B) and len(B) (as zlib's C function)."""
    rem = second_length % _ADLER_BASE
    sum1 = (first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 = rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _assemble(width: int, bands: Sequence[Band]) -> bytes:
    row_bytes = 1 + 3 * width
    height = sum(b.rows for b in bands)
    adler = 1  # the Adler-32 of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.rows * row_bytes)
    table = bytes([_VERSION, len(bands)]) + b"".join(
        _BAND.pack(b.rows, len(b.data), b.adler, b.flags) for b in bands
    )
    stream = b"".join((_ZLIB_HEADER, *(b.data for b in bands), _FINAL_BLOCK, struct.pack(">I", adler)))
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, _RGB, 0, 0, 0)),
            _chunk(BANDS_CHUNK, table),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def write_png(
    scanlines: bytes | memoryview, width: int, bands: Sequence[tuple[int, int]], *, level: int = 1
) -> bytes:
    """An RGB PNG of ``scanlines`` (per row: filter byte 0, then the row's RGB bytes, top row
    first), compressed in ``bands``: (rows, flags) from the top, covering every row."""
    row_bytes = 1 + 3 * width
    view = memoryview(scanlines).cast("B")
    if not bands or sum(rows for rows, _ in bands) * row_bytes != len(view):
        raise ValueError("the bands must cover every row exactly")
    out: list[Band] = []
    start = 0
    for rows, flags in bands:
        end = start + rows * row_bytes
        out.append(_compress_band(view[start:end], rows, level, flags))
        start = end
    return _assemble(width, out)


@dataclass(frozen=True, slots=True)
class _Parsed:
    width: int
    bands: tuple[Band, ...]


def _parse(png: bytes) -> _Parsed | None:
    """The bands of a PNG written by ``write_png``; None for any other PNG. Checked: every
    chunk's CRC, the image format, and that the band table accounts for the whole stream (its
    lengths, rows and checksums). The bands are not inflated to check them: that would cost a
    millisecond or two per chart, and the table comes from our own encoder."""
    if not png.startswith(SIGNATURE):
        return None
    chunks: dict[bytes, list[bytes]] = {}
    at = len(SIGNATURE)
    while at + 12 <= len(png):
        (length,) = struct.unpack_from(">I", png, at)
        kind = png[at + 4 : at + 8]
        data = png[at + 8 : at + 8 + length]
        if len(data) != length or at + 12 + length > len(png):
            return None
        (crc,) = struct.unpack_from(">I", png, at + 8 + length)
        if zlib.crc32(kind + data) != crc:
            return None
        chunks.setdefault(kind, []).append(data)
        at += 12 + length
        if kind == b"IEND":
            break
    ihdr, table, idat = chunks.get(b"IHDR"), chunks.get(BANDS_CHUNK), chunks.get(b"IDAT")
    if not (ihdr and table and idat) or len(ihdr[0]) != 13 or len(idat) != 1 or len(table) != 1:
        return None
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", ihdr[0])
    if (depth, colour, compression, filtering, interlace) != (8, _RGB, 0, 0, 0) or width == 0:
        return None
    raw = table[0]
    if len(raw) < 2 or raw[0] != _VERSION or len(raw) != 2 + raw[1] * _BAND.size:
        return None
    stream = idat[0]
    if len(stream) < 8 or stream[-6:-4] != _FINAL_BLOCK:
        return None
    cmf, flg = stream[0], stream[1]
    if cmf & 0x0F != 8 or flg & 0x20 or (cmf * 256 + flg) % 31:
        return None
    bands: list[Band] = []
    at, adler, rows_total = 2, 1, 0
    for i in range(raw[1]):
        rows, length, band_adler, flags = _BAND.unpack_from(raw, 2 + i * _BAND.size)
        bands.append(Band(rows, stream[at : at + length], band_adler, flags))
        at += length
        rows_total += rows
        adler = adler32_combine(adler, band_adler, rows * (1 + 3 * width))
    # The table must describe the stream exactly: lengths up to the final block, rows, checksum.
    if at != len(stream) - 6 or rows_total != height or struct.unpack(">I", stream[-4:])[0] != adler:
        return None
    return _Parsed(width, tuple(bands))


@lru_cache(maxsize=4)
def _divider(width: int) -> Band:
    scanlines = b"".join((b"\x00" + colour * width) * count for count, colour in DIVIDER_ROWS)
    return _compress_band(scanlines, DIVIDER_HEIGHT, 9)


def stack_pngs(pngs: Sequence[bytes], *, drop_shared: bool = False) -> bytes | None:
    """One PNG of ``pngs`` one under the other, a thin divider between them; None unless every
    one was written by ``write_png`` at the same width. ``drop_shared``: the SHARED bands (the
    source line) of all but the last are left out, when the last one says it for all."""
    parsed = [_parse(png) for png in pngs]
    if not parsed or any(p is None for p in parsed):
        return None
    panels = [p for p in parsed if p is not None]
    width = panels[0].width
    if any(p.width != width for p in panels):
        return None
    bands: list[Band] = []
    for i, panel in enumerate(panels):
        last = i == len(panels) - 1
        if i:
            bands.append(_divider(width))
        bands.extend(b for b in panel.bands if last or not (drop_shared and b.flags & SHARED))
    return _assemble(width, bands)


def stack_charts(charts: Sequence[ChartBlock]) -> bytes | None:
    """The charts of one reply as one picture (None when they cannot be stacked). Their source
    lines are said once, under the last chart, when every chart has the same source."""
    if len(charts) < 2:
        return None
    return stack_pngs([c.png for c in charts], drop_shared=len({c.source for c in charts}) == 1)
