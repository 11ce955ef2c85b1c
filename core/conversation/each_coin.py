"""One order for each of several coins ("帮我买btc和eth各100u", "buy 100u each of btc and eth", "把sol
和doge各卖一半"): one ask per coin, in the order named, each read as if sent alone with its one coin
and without the "each" ("帮我买btc 100u", "帮我买eth 100u"), so each is confirmed on its own as two asks
of one message are (core.conversation.several). A DCA plan or an alert for each coin too ("每天btc和eth
各买10u", "btc和eth各设一个90000的提醒"): one plan / alert per coin. Only where every coin's ask is
the same order with the same amount: otherwise the whole message is read as it is (the trade reader
refuses an amount said for each of several coins, never the first coin's order alone)."""

from __future__ import annotations

from collections.abc import Callable

from core.language.negation import NOT_ASKED, negated
from core.language.normalize import Normalized
from core.language.phrases import Words
from core.language.refusals import refusal_in
from core.language.tagger import Reading
from core.routing.router import Route
from core.workspace.trade_money import coin_choice, coin_list, each_said

# The orders one ask per coin is made of: a market buy or sale (a limit's one price for several
# coins is refused, never guessed).
_ORDERS = frozenset({("trade_execution", "buy"), ("trade_execution", "sell")})
# A plan or an alert for each coin ("每天btc和eth各买10u", "btc和eth各设一个90000的提醒"): one per coin, the
# same ask each (a DCA plan only: one grid's range for several coins is no one plan's).
_PLANS = frozenset({("price_alert", "create"), ("strategy_management", "create")})


# A delete of several coins' alerts ("remove my btc and eth alerts", "刪除btc同eth嘅提醒"): one delete
# per coin, no "each" needed (a list deleted is each of it deleted), never the first coin's alone.
_DELETES = frozenset({("price_alert", "delete")})


def _each_kind(route: Route) -> bool:
    key = (route.skill, route.action)
    return key in _ORDERS | _DELETES or (key in _PLANS and route.slots.get("kind", "dca") == "dca")


def each_coin(
    text: str, whole: Route | None, route: Callable[[str], Route | None], told_by: Callable[[str], Reading]
) -> list[tuple[str, Route]] | None:
    """The asks of an order for each coin of a list (each with its text), or None when ``text``
    asks no such thing or the coins' asks are not the same order with one amount each."""
    if whole is None or not _each_kind(whole):
        return None
    reading = told_by(text)
    each, coins = each_said(reading.text), coin_list(reading)
    deleting = (whole.skill, whole.action) in _DELETES
    if coins is None or not (each or deleting) or (deleting and not _all_asked(reading, text)):
        return None
    start, end = coins[0].start, coins[-1].end
    if any(s < end and start < e for s, e in each):
        return None
    asks: list[tuple[str, Route]] = []
    for coin in dict.fromkeys(t.value for t in coins):
        tag = next(t for t in coins if t.value == coin)
        said = reading.norm.typed(tag.start, tag.end)
        piece = rewritten(reading.norm, sorted([(start, end, said), *((s, e, " ") for s, e in each)]))
        found = route(piece)
        if found is None or found.followup or (found.skill, found.action) != (whole.skill, whole.action):
            return None
        if found.slots.get("symbol") != coin:
            return None
        asks.append((piece, found))
    rest = [{k: v for k, v in r.slots.items() if k != "symbol"} for _, r in asks]
    if refusal_in(rest[0].get("amount")) or any(r != rest[0] for r in rest):
        return None  # no amount said: each asks its own ("btc和eth分别买一点")
    return asks


def rewritten(norm: Normalized, cuts: list[tuple[int, int, str]]) -> str:
    """The typed message with each span of the normalized text (start, end) replaced."""
    out, at = [], 0
    for start, end, new in cuts:
        out += [norm.original[at : norm.offsets[start]], new]
        at = norm.offsets[end]
    out.append(norm.original[at:])
    return " ".join("".join(out).split())


def _all_asked(reading: Reading, text: str) -> bool:
    """Every coin of the list is deleted: none told not to be, none the other of a choice ("delete
    my btc or eth alert" asks which)."""
    if coin_choice(reading) is not None or negated(text) or _KEPT.spans(reading.text):
        return False  # "delete my alerts but keep btc and eth": those are kept, never deleted
    return not reading.concepts & {NOT_ASKED, _EXCEPT}  # "delete all alerts except btc and eth"


_KEPT, _EXCEPT = Words("conversation.kept"), "filler.except"
