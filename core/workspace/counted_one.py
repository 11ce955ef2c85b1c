"""A count of one said where a coin would go ("sell one", "buy one please"): the ticker ONE is also
the word "one", and typed in lower case with no number and nothing but the trade's verb and filler
around it, it says how many, of a coin not said (asked), never the coin ONE. "sell 100 one", "buy
ONE", "$ONE", "sell one eth" are no such count (the coin, or the coin named)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from core.language.phrases import Words
from core.language.tagger import COIN, Reading
from core.language.values import Value

_ONE: Final = Words("values.said 1")  # "one": the numeral said
_TRADED: Final = frozenset({"verb.buy", "verb.sell"})
_FILLER: Final = ("filler.", "time.now")  # "please", "now"
ONE_OF_NONE: Final = "base:1"  # the amount read: one of the coin, which the order asks


def one_counted(reading: Reading, values: Sequence[Value]) -> bool:
    """Whether the only coin read is the word "one" counting, not the ticker (see the module)."""
    coins = [t for t in reading.tags if COIN in t.concepts]
    if values or len(coins) != 1:
        return False
    coin = coins[0]
    typed = reading.norm.typed(coin.start, coin.end)
    if typed.isupper() or reading.text[coin.start : coin.end] not in _ONE.words:
        return False  # "buy ONE", "$ONE": the ticker written as one
    others = [t.concepts for t in reading.tags if t is not coin]
    traded = any(c & _TRADED for c in others)
    plain = all(c <= _TRADED or all(x.startswith(_FILLER) for x in c) for c in others)
    return traded and plain and not reading.rest()
