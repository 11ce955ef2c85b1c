"""Number and time formatting every renderer shares (data in, display text out)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

SPARK_BARS = "▁▂▃▄▅▆▇█"


def format_price(value: Decimal) -> str:
    """Thousands separators, at least 2 decimals, no float rounding, trailing zeros dropped:
    Decimal("83264.52000000") -> "83,264.52"; Decimal("0.00012345") -> "0.00012345"."""
    exponent = value.normalize().as_tuple().exponent
    decimals = max(2, -exponent if isinstance(exponent, int) else 2)
    return f"{value:,.{decimals}f}"


def plain_decimal(value: Decimal) -> str:
    """A Decimal as digits, never in exponent notation: Decimal("1E-8") -> "0.00000001"."""
    return format(value, "f")


def format_utc(moment: datetime) -> str:
    """ "2026-07-13 10:00:05 UTC"."""
    from datetime import UTC

    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def sparkline(values: list[Decimal | None]) -> str:
    """One-line chart of closes; a missing day is a blank, never a made-up bar."""
    known = [v for v in values if v is not None]
    if not known:
        return " " * len(values)
    low, high = min(known), max(known)
    span = high - low
    out = []
    for v in values:
        if v is None:
            out.append(" ")
        elif span == 0:
            out.append(SPARK_BARS[len(SPARK_BARS) // 2])
        else:
            idx = int((v - low) / span * (len(SPARK_BARS) - 1))
            out.append(SPARK_BARS[idx])
    return "".join(out)
