"""Text shown on charts: rounded prices, axis ticks, date labels, safe plain text. No matplotlib.

The headline price and the change use core.formatting's exact prices (the same digits as the text
reply); the axis and the high/low labels round to what a glance needs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal

from core.i18n import Locale, is_zh

# Own month names: strftime("%b") follows the process locale.
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MAX_TICK_DECIMALS = 10
_NICE_STEPS = (1.0, 2.0, 2.5, 5.0)


def date_label(day: date, locale: Locale = "en") -> str:
    """ "Jul 6" / "07-06": short enough for seven labels side by side on a phone."""
    if is_zh(locale):
        return f"{day.month:02d}-{day.day:02d}"
    return f"{_MONTHS[day.month - 1]} {day.day}"


def plain(text: str) -> str:
    """Outside text (a symbol, a source name) made safe to draw with the bundled font subset:
    printable ASCII only; anything else becomes "?" rather than a missing-glyph box."""
    return "".join(c if " " <= c <= "~" else "?" for c in text)


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


def nice_ticks(low: float, high: float, max_ticks: int = 5) -> list[float]:
    """Round values (1, 2, 2.5 or 5 times a power of ten apart) from ``low`` to ``high``, at most
    ``max_ticks`` of them (at least two when the range allows)."""
    span = high - low
    if not (math.isfinite(span) and span > 0):
        return [low] if math.isfinite(low) else []
    exponent = math.floor(math.log10(span / max_ticks))
    for power in (exponent, exponent + 1, exponent + 2):
        for mantissa in _NICE_STEPS:
            step = mantissa * 10.0**power
            first = math.ceil(low / step - 1e-9)
            last = math.floor(high / step + 1e-9)
            if last - first + 1 <= max_ticks:
                decimals = max(0, -power + 1)
                return [round(k * step, decimals) for k in range(first, last + 1)]
    return [low, high]  # pragma: no cover - a step of 10**(exponent + 2) always fits


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


def tick_labels(ticks: Sequence[float]) -> list[str]:
    """Axis labels such as "97,250.5", with one decimal count for the whole axis."""
    decimals = tick_decimals(ticks)
    quantum = Decimal(1).scaleb(-decimals)
    labels = []
    for x in ticks:
        # Decimal from the float's repr, so the label shows the tick, not binary noise.
        value = Decimal(repr(float(x))).quantize(quantum, rounding=ROUND_HALF_EVEN)
        if value == 0:
            value = abs(value)  # never "-0"
        labels.append(f"{value:,.{decimals}f}")
    return labels
