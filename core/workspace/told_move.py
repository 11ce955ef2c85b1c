"""A price move told done before an order ("btc dropped to 20k, buy", "eth已经涨到4000了 卖一半",
"btc跌到2万了，买"): the price now, told, so the order asked is one at the market, never a limit
resting at the level told. Under a condition said before it ("if btc dropped to 20k buy", "如果
跌到2万了就买") the move stays the order's level (core/workspace/trade_reading.py)."""

from __future__ import annotations

import re
from typing import Final

from core.language.phrases import Words
from core.language.tagger import Reading

_TOLD: Final = Words("trade_money.moved_told")
_IF: Final = Words("trade_money.moved_if")
# The level then 了, no 就 / 再 / 才 after it ("跌到2万了，买"; "跌到2万了就买" is a condition).
_DONE_AFTER: Final = re.compile(r"\s*[\d.,]+\s*(?:[万千kK]|w)?\s*(?:u|usdt|刀|块)?\s*了(?![就再才])")


def told_moved(reading: Reading, moves: frozenset[str]) -> bool:
    """Whether the move of ``moves`` (direction.below / above) is told done, no condition before it."""
    text = reading.text
    tags = [t for t in reading.tags if t.concepts & moves]
    if not tags:
        return False
    first = tags[0]
    said = any(end == first.end for _, end in _TOLD.spans(text[: first.end]))
    told = said or _DONE_AFTER.match(text, first.end) is not None
    return told and not _if_before(text, first.start)


def _if_before(text: str, at: int) -> bool:
    for start, end in _IF.spans(text[:at], every=True):
        word = text[start:end]
        if not word.isascii():
            return True
        if not (text[start - 1 : start].isalnum() or text[end : end + 1].isalnum()):
            return True
    return False
