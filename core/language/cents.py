"""A price said in cents ("50 cents", "25 cent", "50美分"): a hundredth of a dollar, read exactly,
never the number as typed ("a limit sell on my doge at 25 cents" is at 0.25, not 25; "doge到50美分提醒我"
alerts at 0.5). Read by the alert reader (its level) and the trade reader (a limit price). Said as
what is spent ("buy 50 cents of doge", "50 cents worth of doge") it is money, 0.5 USDT (the trade
skill says it is below the exchange's minimum), never a limit price."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from core.language.phrases import Words
from core.language.values import Value

CENTS: Final = Words("alert.cents")
_SPENT: Final = Words("alert.cents_spent")  # "50 cents of doge", "买50美分的狗狗币": money spent
_PRICED: Final = Words("alert.cents_priced")  # "50美分的价格": a price all the same


def in_cents(value: Value, text: str) -> Value:
    """``value`` in dollars when "cents" / "美分" is said right after it (a price, its typed text
    taking the word in); ``value`` itself otherwise. ``text`` has the value's offsets."""
    bare = value.kind == "number" or (value.kind == "price" and not value.unit)  # "at 25 cents"; not "$20"
    cents = CENTS.after(text, value.end) if bare else None
    if cents is None:
        return value
    typed, number = text[value.start : cents], value.number / 100
    if value.kind == "number" and _spent(text, cents):
        return replace(value, kind="amount", unit="quote", end=cents, typed=typed, number=number)
    return replace(value, kind="price", end=cents, typed=typed, number=number)


def _spent(text: str, at: int) -> bool:
    """The cents said as what is spent: "of" / "worth" / 的 (not 的价格) right after them."""
    return _SPENT.after(text, at) is not None and _PRICED.after(text, at) is None
