"""The bundled chart font: it draws every character a chart label can use, and ships its licence."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

from adapters.charts.figure import BOLD_FONT, FONT_DIR, REGULAR_FONT
from adapters.charts.labels import all_label_text

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))


@pytest.mark.parametrize("path", [REGULAR_FONT, BOLD_FONT], ids=["regular", "bold"])
def test_font_covers_ascii_and_every_label(path: object) -> None:
    cmap = TTFont(path).getBestCmap()
    missing = sorted({c for c in ASCII + all_label_text() if ord(c) not in cmap})
    assert missing == [], f"rebuild the subset (tools/subset_chart_font.py); missing: {missing}"


def test_font_is_renamed_and_licensed() -> None:
    names = TTFont(REGULAR_FONT)["name"]
    assert names.getDebugName(1) == "Deskmate Chart Sans"  # not a reserved name of the original
    licence = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence
