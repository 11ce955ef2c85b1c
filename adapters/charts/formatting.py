"""Text shown on charts: prices with thousands separators, ASCII date labels, safe plain text.

Everything here is English/ASCII on purpose: the default DejaVu font covers it, so rendering never
needs a CJK font and never warns about missing glyphs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from matplotlib.ticker import Formatter

# Own month names: strftime("%b") follows the process locale and could produce non-ASCII text.
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MAX_TICK_DECIMALS = 10


def date_label(day: date) -> str:
    """ "Jul 06": short enough for seven labels side by side on a phone."""
    return f"{_MONTHS[day.month - 1]} {day.day:02d}"


def plain(text: str) -> str:
    """Outside text made safe to draw: ASCII only (no font fallback needed) and "$" escaped
    (it would otherwise start matplotlib's mathtext)."""
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    return ascii_text.replace("$", r"\$")


def price_decimals(value: Decimal) -> int:
    """How many decimals a price deserves: cents for big prices, ~4 significant digits for tiny ones."""
    magnitude = abs(value)
    if magnitude >= 1000:
        return 2
    if magnitude >= 1:
        return 4
    if magnitude == 0:
        return 2
    # 0.001234 -> adjusted() == -3 -> 6 decimals (four significant digits).
    return min(-magnitude.adjusted() + 3, 12)


def format_price(value: Decimal) -> str:
    """A Decimal price with thousands separators and no trailing zeros: 97250.50000000 -> "97,250.5"."""
    decimals = price_decimals(value)
    rounded = value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)
    text = f"{rounded:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def tick_decimals(locs: Sequence[float]) -> int:
    """The fewest decimals that tell every tick apart exactly (ticks 150.0, 150.25 -> 2)."""
    finite = sorted({float(x) for x in locs if math.isfinite(x)})
    if len(finite) < 2:
        return 0 if not finite else price_decimals(Decimal(repr(finite[0])))
    step = min(b - a for a, b in itertools.pairwise(finite))
    decimals = max(0, -math.floor(math.log10(step)))
    while decimals < _MAX_TICK_DECIMALS and any(abs(round(x, decimals) - x) > step * 1e-6 for x in finite):
        decimals += 1
    return decimals


class PriceTickFormatter(Formatter):
    """Y tick labels such as "97,250.5" with one decimal count for the whole axis.

    A FuncFormatter sees one tick at a time; the decimals must come from all ticks together
    (0.25 steps need two decimals on every label), which ``set_locs`` provides.
    """

    def __init__(self) -> None:
        self._decimals = 0

    def set_locs(self, locs: Any) -> None:
        super().set_locs(locs)
        self._decimals = tick_decimals(list(locs))

    def __call__(self, x: float, pos: int | None = None) -> str:
        if not math.isfinite(x):
            return ""
        # Decimal from the float's repr, so the label shows the tick, not binary noise.
        value = Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-self._decimals), rounding=ROUND_HALF_EVEN)
        if value == 0:
            value = abs(value)  # never "-0"
        return f"{value:,.{self._decimals}f}"
