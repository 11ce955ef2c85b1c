"""Build the chart font subset in adapters/charts/fonts/ from Noto Sans CJK SC (SIL OFL 1.1).

The charts need ASCII, a few symbols and the Chinese characters of adapters/charts/labels.py;
a subset of those is ~30 KB instead of ~16 MB, so a bare clone renders Chinese charts with no
system font. Run after changing a chart label (Debian: apt-get download fonts-noto-cjk, then
dpkg-deb -x the package and pass the two .ttc files):

    python tools/subset_chart_font.py NotoSansCJK-Regular.ttc NotoSansCJK-Bold.ttc

The subset is renamed ("Deskmate Chart Sans"): OFL 1.1 lets a modified font ship only under a
name other than the original's reserved names.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

from adapters.charts.labels import all_label_text

FONTS_DIR = Path(__file__).resolve().parents[1] / "adapters" / "charts" / "fonts"
FAMILY = "Deskmate Chart Sans"
SC_FACE = "Noto Sans CJK SC"  # the simplified-Chinese face of the collection


def _sc_face(path: Path) -> TTFont:
    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == SC_FACE:
            return font
    raise SystemExit(f"{path}: no {SC_FACE} face")


def _rename(font: TTFont, style: str) -> None:
    names = font["name"]
    full = f"{FAMILY} {style}" if style != "Regular" else FAMILY
    postscript = f"{FAMILY.replace(' ', '')}-{style}"
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (2, 17):
            names.setName(style, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{postscript};subset", 3, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            names.setName(full, 4, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(postscript, 6, record.platformID, record.platEncID, record.langID)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]


def build(source: Path, style: str) -> Path:
    font = _sc_face(source)
    text = "".join(chr(c) for c in range(0x20, 0x7F)) + all_label_text()
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14, 16, 17]
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    _rename(font, style)
    out = FONTS_DIR / f"{FAMILY.replace(' ', '')}-{style}.otf"
    font.save(str(out))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    for path, style in zip(argv, ("Regular", "Bold"), strict=True):
        out = build(Path(path), style)
        print(f"{out.name}: {out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
