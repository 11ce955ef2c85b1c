"""A buy or a sale said right after one's own coin names that order ("my bnb buy has been sitting
there", "my sol buy filled?"), never asks one. Applied by the tagger's conditions
(core.language.conditions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from core.language.phrases import Words
from core.language.spans import Span

MINE, COIN, ORDER_NAMED, LIMIT = "filler.mine", "coin", "diagnosis.order", "order.limit_order"
ARTICLE = "filler.article"  # "the" of "cancel the 0.1 btc buy"
_SIDES: Final = frozenset({"verb.buy", "verb.sell"})
# The order named keeps its side as 买单 / 卖单 keep theirs ("cancel my eth buy": the ETH buy orders).
_NAMED_SIDE: Final = {"verb.buy": "order.buy_named", "verb.sell": "order.sell_named"}
_OBJECTS: Final = frozenset({COIN, MINE})


def order_named(scanned: str, spans: list[Span]) -> list[Span]:
    """A buy or a sale said right after one's own coin ("my bnb buy has been sitting there", "my
    sol buy filled?", "my eth buy at 3000 hasnt filled") names that order, never asks one: its side
    goes and the order is named. An object right after it ("my eth sell half") still asks the sale;
    a limit's word names its order already ("kill my eth limit buy"); Chinese names its order by its
    own words (我的eth买单)."""
    ends: dict[int, list[Span]] = {}
    for span in spans:
        ends.setdefault(span[1], []).append(span)

    def right_before(start: int, concept: str) -> Span | None:
        end = len(scanned[:start].rstrip())
        return next((s for s in ends.get(end, ()) if concept in s[3]), None) if end < start else None

    kept: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        if _SIDES & concepts and LIMIT not in concepts and scanned[start:end].isascii():
            coin = right_before(start, COIN)
            if (
                coin is not None
                and _which_before(scanned, coin[0], ends)
                and not _object_after(scanned, end, spans)
            ):
                sides = {_NAMED_SIDE[c] for c in concepts & _SIDES}
                span = (start, end, rank, (concepts - _SIDES) | {ORDER_NAMED, *sides}, value)
        kept.append(span)
    return kept


def _which_before(scanned: str, at: int, ends: dict[int, list[Span]]) -> bool:
    """ "my" or "the" right before the coin at ``at``, its size between at most ("my btc buy", "the
    0.1 btc buy", "my 0.1 btc buy"): which order, as one's own coin says it."""
    head = scanned[:at].rstrip()
    sized = head.rstrip("0123456789.,")
    if sized != head and (not sized or sized[-1].isspace()):
        head = sized.rstrip()  # a size said before the coin ("the 0.1 btc buy")
    if len(head) == at:
        return False  # glued to what is before it
    if any(MINE in s[3] for s in ends.get(len(head), ())):
        return True
    return _WHICH.before(head, len(head), space=False) is not None


_WHICH: Final = Words("named_order.which")  # "the", "that": one order, which


def _object_after(scanned: str, end: int, spans: Sequence[Span]) -> bool:
    """An amount, a number, a coin or "my" right after ``end`` (spaces between): what a sale or a
    buy is of ("my eth sell half", "not my eth sell my btc")."""
    at = len(scanned) - len(scanned[end:].lstrip())
    if scanned[at : at + 1].isdigit():
        return True
    return any(s[0] == at and (s[3] & _OBJECTS or any(c.startswith("amount.") for c in s[3])) for s in spans)


def said(concepts: frozenset[str]) -> bool:
    """Whether one's own coin and a side are said at all."""
    return (MINE in concepts or ARTICLE in concepts) and bool(_SIDES & concepts) and COIN in concepts
