"""A price said in cents ("50 cents", "25 cent", "50美分"): a hundredth of a dollar, read exactly,
never the number as typed ("a limit sell on my doge at 25 cents" is at 0.25, not 25; "doge到50美分提醒我"
alerts at 0.5). Read by the alert reader (its level) and the trade reader (a limit price)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from core.language.phrases import Words
from core.language.values import Value

CENTS: Final = Words("alert.cents")


def in_cents(value: Value, text: str) -> Value:
    """``value`` in dollars when "cents" / "美分" is said right after it (a price, its typed text
    taking the word in); ``value`` itself otherwise. ``text`` has the value's offsets."""
    bare = value.kind == "number" or (value.kind == "price" and not value.unit)  # "at 25 cents"; not "$20"
    cents = CENTS.after(text, value.end) if bare else None
    if cents is None:
        return value
    return replace(value, kind="price", end=cents, typed=text[value.start : cents], number=value.number / 100)
