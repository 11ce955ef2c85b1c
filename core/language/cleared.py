"""A word of clearing ("清掉", "全清了", "清空", "clear", "wipe") read by what it is of: the orders
(a cancel), a record (no sale) or neither (no clearing). The tagger (core.language.tagger) applies
it to its spans after core.language.conditions."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from core.language.normalize import has_cjk
from core.language.spans import COIN_RANK, Span, clause_break, filler_words


def cleared(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each word of clearing read by its object (``_cleared``)."""
    if not all(map(CLEARS.isdisjoint, map(itemgetter(3), spans))):  # one look in C a span
        return _cleared(scanned, spans)
    return spans


# A word of clearing (order.clear, order.clear_all: "清掉", "全清了", "清空", "clear", "wipe") and
# what it is of: the orders named right after it ("清空挂单", "clear all my orders") or, in Chinese,
# nearest before it in its clause ("挂单都清掉", "把这些单全清了", "sol的挂单清了") are cancelled, all
# of them where the word says all; a record of theirs ("把btc提醒全清了": an alert) is no sale; said
# of a coin ("sol全给我清了") it is its other words' only.
CLEARS: Final = frozenset({"order.clear", "order.clear_all"})
_CANCELLED: Final = {
    "order.clear": frozenset({"order.revoke"}),
    "order.clear_all": frozenset({"order.revoke", "order.revoke_all"}),
}
_SALE: Final = frozenset({"verb.sell", "amount.sell_all"})
ALL: Final = "filler.all"  # "every" (also a repeat: "every order")
_OF: Final = frozenset("的些")  # "清了的挂单" (Hong Kong's 清咗啲掛單), "清了些挂单"
_ORDERS_NAMED: Final = frozenset(
    {"order.open_orders", "order.limit_order", "order.orders", "order.number_mark", "order.number_sign"}
)
_RECORDS: Final = frozenset(
    {
        "noun.alert",
        "noun.strategy",
        "noun.trader",
        "noun.bot",
        "noun.account",
        "noun.model",
        "noun.daily_summary",
    }
)
ORDERS, RECORD = "orders", "record"


def _cleared(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each clearing word a cancel where its object is the orders (only the
    cancel's words then: no sale, no record deleted), no sale where it is a record, else without
    its clearing."""
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        clears = concepts & CLEARS
        if clears:
            cleared = _cleared_object(scanned, spans, start, end)
            if cleared == ORDERS:
                concepts = frozenset().union(*(_CANCELLED[c] for c in clears))
            else:
                concepts = concepts - CLEARS - (_SALE if cleared == RECORD else frozenset())
                if not concepts:
                    continue
        out.append((start, end, rank, concepts, value))
    return out


def _kind(span: Span) -> str:
    if not _ORDERS_NAMED.isdisjoint(span[3]):
        return ORDERS
    return RECORD if not _RECORDS.isdisjoint(span[3]) else ""


def _cleared_object(scanned: str, spans: Sequence[Span], start: int, end: int) -> str:
    """What the word at ``start``-``end`` clears (``ORDERS``, ``RECORD`` or ""): the orders or a
    record named right after it (filler or their coin between: "all my", "所有", "eth 的") or, in
    Chinese, the nearest of them and a coin before it in its clause."""
    at = len(scanned) - len(scanned[end:].lstrip())
    while True:
        here = [s for s in spans if s[0] == at]
        kinds = {_kind(s) for s in here} - {""}
        if kinds:
            return ORDERS if ORDERS in kinds else RECORD
        # filler, or the orders' coin ("clear my eth orders", "清掉eth的挂单")
        filler = next((s for s in here if filler_words(s[3]) or ALL in s[3] or s[2] == COIN_RANK), None)
        if filler is None and scanned[at : at + 1] not in _OF:
            break
        at = len(scanned) - len(scanned[at + 1 if filler is None else filler[1] :].lstrip())
    # English says what is cleared after the word only ("the order was clear" clears nothing); in
    # Chinese the nearest of the orders, a record and a coin before it in its clause ("sol的挂单全
    # 清了"; "挂单4000把eth全清了" places an order that sells every eth).
    if not has_cjk(scanned[start]):
        return ""
    before = [s for s in spans if s[1] <= start and not clause_break(scanned, s[1], start)]
    named = [s for s in before if s[2] == COIN_RANK or _kind(s)]
    if not named:
        return ""
    return _kind(max(named, key=lambda s: (s[1], s[2] != COIN_RANK)))
