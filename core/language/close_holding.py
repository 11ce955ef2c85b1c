"""A holding closed: "close" right before its coin ("close my eth position", "close the sol long",
"close half my btc") sells it, the whole unless a share is told, as "close out" does. The lexicon
keeps "close" as verb.close (no side of its own: a shut app, an account closed) and its words right
before a coin as verb.close_holding (a ``before_object`` word); here such a word is made the sale's
(verb.sell, amount.close_out), unless one of the coin's records is said ("close my eth alert",
"close the btc order", "close my btc trader": the concept's ``unless``, read from the lexicon), which
sells nothing. Applied by the tagger's conditions (core.language.conditions) right after the
before-object rule, so every later rule (a question, a time told, a don't) sees the sale."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from core.language.lexicon import load
from core.language.spans import Span

CLOSE_HOLDING: Final = "verb.close_holding"
_SALE: Final = frozenset({"verb.sell", "amount.close_out"})


@lru_cache(maxsize=1)
def _records() -> frozenset[str]:
    """The concepts (or groups) whose saying makes "close" no sale: the lexicon's ``unless``."""
    return load().concepts[CLOSE_HOLDING].unless


def closed_holding(spans: list[Span]) -> list[Span]:
    """``spans`` with each close-before-a-coin word made a sale, unless a record is said."""
    records = _records()
    for span in spans:
        for concept in span[3]:
            if concept in records or concept.partition(".")[0] in records:
                return spans  # the record's word: core.language.unless takes the close away
    return [(s[0], s[1], s[2], s[3] | _SALE, s[4]) if CLOSE_HOLDING in s[3] else s for s in spans]
