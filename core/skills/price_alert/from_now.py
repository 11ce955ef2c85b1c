"""Levels the price now decides: "BTC 翻倍" / "2x" (twice it), "tell me when eth halves" (half of
it), "SOL 到 3倍" (three times), "moves 5% from now" (5% either way of it), "从现在起涨5%" (5%
above it). Read by core.skills.price_alert.reading as the slots "times" and "from_now"; counted
here from the price the market gives, on the symbol's tick, never a level of 2 or a 24-hour move."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from core.formatting import format_price
from core.language.values import refusal_in
from core.skills.price_alert.describe import plain

MIN_PERCENT, MAX_PERCENT, MAX_UP = Decimal("0.1"), Decimal(100), Decimal(900)

# A refusal: (text key, its params, its code).
Refusal = tuple[str, dict[str, object], str]


def counted(slots: dict[str, Any], price: Decimal | None, tick: Decimal | None) -> Refusal | None:
    """Turns "times" / "from_now" into the alert's condition and level (and "also" for the other
    side), with "from_price" the levels as said back ("2× = 180,000.00"); or the refusal."""
    times, percent = slots.pop("times", None), slots.pop("from_now", None)
    refusal = refusal_in(times) or refusal_in(percent)
    if refusal is not None:
        reason, typed = refusal
        key = "alert.bad_times_unclear_said" if reason == "times_unclear" else f"value.refused.{reason}"
        return key, {"typed": typed}, "refused_value"
    if price is None:
        return "alert.no_level", {"examples": ""}, "alert_no_level"
    tick = tick or Decimal(1).scaleb(int(price.as_tuple().exponent))
    if times is not None:
        factor = Decimal(str(times))
        if factor == 1:  # "1x": the price now, no level
            return "alert.no_level", {"examples": ""}, "alert_no_level"
        ways = [("above" if factor > 1 else "below", factor, f"{plain(factor)}×")]
    else:
        move = Decimal(str(percent))
        # Up from now: as far as a level may be (10x the price, +900%); down: short of zero.
        up_only = slots.get("condition") == "above"
        high = MAX_UP if up_only else MAX_PERCENT
        inside = move >= MIN_PERCENT and (move <= high if up_only else move < high)
        if not inside or move != move.quantize(Decimal("0.01")):
            return "alert.bad_percent", {"low": plain(MIN_PERCENT), "high": plain(high)}, "alert_bad_percent"
        sides = ("above", "below") if slots.get("condition") == "move" else (slots["condition"],)
        up = {"above": (1 + move / 100, "+"), "below": (1 - move / 100, "−")}
        ways = [(side, up[side][0], f"{up[side][1]}{plain(move)}%") for side in sides]
    levels = [(side, (price * factor / tick).to_integral_value() * tick, said) for side, factor, said in ways]
    slots["condition"], slots["level"] = levels[0][0], plain(levels[0][1])
    if len(levels) > 1:
        slots["also"] = [{"condition": side, "level": plain(level)} for side, level, _ in levels[1:]]
    slots["from_price"] = ", ".join(f"{said} = {format_price(level)}" for _, level, said in levels)
    return None
