"""A share of a holding taken off it, a sale: "take 25% off my sol", "take some off my eth", "taking a
bit off my btc". The lexicon keeps "take half off" / "take a third off" as the verb's words; a
percent or an amount typed between "take" and "off" is no word, so the whole, from "take" to "off",
is made the sale's word here, with the coin after it ("off my sol", "off sol"): "take 25% off the
price" or "take some time off" sell nothing. Applied first by the tagger's conditions
(core.language.conditions), so every later rule (a condition, a taking back) sees the sale."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from core.language.phrases import Words
from core.language.spans import COIN_RANK, WORD_RANK, Span, filler_words

if TYPE_CHECKING:
    from core.coin_index import CoinIndex
    from core.language.values import Value

_TAKE: Final = Words("trade_money.take")
_BETWEEN: Final = Words("trade_money.taken_between")
_OFF: Final = re.compile(r"\boff\b")
_SELL: Final = frozenset({"verb.sell"})
_SHARES: Final = frozenset({"percent", "fraction", "amount"})


def said(scanned: str) -> bool:
    """Cheap: a take word and "off" may both be in the message."""
    return " off" in scanned and _TAKE.search(scanned) is not None


def taken_off(scanned: str, spans: list[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` with "take <share> off <coin>" made one word of the sale."""
    from core.language.values import find_values  # the value grammar reads the tagger's words

    values = find_values(scanned, coins)
    for start, end in _TAKE.spans(scanned):
        off = _OFF.search(scanned, end)
        if off is None or not _only_share(scanned, end, off.start(), values):
            continue
        if not _coin_after(scanned, off.end(), spans):
            continue
        inside = [s for s in spans if start <= s[0] and s[1] <= off.end()]
        kept = [s for s in spans if s not in inside]
        return [*kept, (start, off.end(), WORD_RANK, _SELL, "")]
    return spans


def _only_share(scanned: str, start: int, end: int, values: Sequence[Value]) -> bool:
    """Between "take" and "off": one share or amount, or the words of taken_between ("some", "a
    bit"), nothing else."""
    left = list(scanned[start:end])
    found = False
    for v in values:
        if start <= v.start and v.end <= end and v.kind in _SHARES:
            left[v.start - start : v.end - start] = " " * (v.end - v.start)
            found = True
    for a, b in _BETWEEN.spans(scanned[start:end]):
        left[a:b] = " " * (b - a)
        found = True
    return found and not "".join(left).strip()


def _coin_after(scanned: str, at: int, spans: list[Span]) -> bool:
    """A coin right after "off", filler ("my", "of my") between."""
    at = len(scanned) - len(scanned[at:].lstrip())
    if scanned.startswith("of ", at):
        at += 3
    while True:
        here = [s for s in spans if s[0] == at]
        if any(s[2] == COIN_RANK for s in here):
            return True
        filler = next((s for s in here if filler_words(s[3])), None)
        if filler is None:
            return False
        at = len(scanned) - len(scanned[filler[1] :].lstrip())
