"""An act asked of deskmate as what it means to do ("你是不是要卖sol", "你係咪想買btc", "你要卖sol吗",
"are you going to sell my sol?"): a question of its intent, never the act. A word of ability asks
the act politely and stays one ("你是不是可以帮我把sol卖了", "can you sell my sol"). The words are
phrases/asked.toml (intend, intend_tail with a question's end); core.language.conditions applies
this to the tagger's spans."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from core.language.asked import acts
from core.language.spans import Span, acts_lost_at, asked_before

_ACTS: Final = ("verb.", "amount.sell_all", "order.", "backtest.run")
# What may stand between the words and the act: what it acts on, polite words, a time.
_BETWEEN: Final = ("own.", "noun.", "coin", "filler.", "exchange", "provider", "time.", "amount.")
_HINTS: Final = ("你", "you", "gonna", "going")  # one of them is in every word of intent


@lru_cache(maxsize=1)
def _words() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    from core.language.lexicon import phrases

    group = phrases("asked").concepts
    return (
        group["asked.intend"].words,
        group["asked.intend_tail"].words,
        group["asked.intend_end"].words,
    )


def said(scanned: str) -> bool:
    """Cheap: whether a word of deskmate's intent may be in the message at all."""
    return any(w in scanned for w in _HINTS)


def intended(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts asked as what deskmate means to do."""
    lost: set[int] = set()
    for start, end, _, concepts, _ in spans:
        if acts(concepts) and _asked(scanned, start, end, spans):
            lost.add(start)
    return acts_lost_at(spans, lost, _ACTS)


def _asked(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    return asked_before(scanned, (start, end), spans, _words(), _BETWEEN) is not None
