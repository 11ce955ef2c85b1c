"""Whether the pieces a message is cut into ask several requests or one said over them
(core.conversation.clauses): what each piece asks for, and whether the whole message's request is
one piece's with nothing added, or one piece's on another piece's coin."""

from __future__ import annotations

from collections.abc import Callable

from core.conversation.listed import asked_name
from core.language.fills import coins as fill_coins
from core.language.refusals import refusal_in
from core.language.tagger import Reading
from core.routing.router import Route

ReadFn = Callable[[str], Reading]


def skills_apart(before: Route | None, after: Route | None) -> bool:
    """Two asks of two skills: no one skill's request answers both; or two acts of one skill, the
    later on a record of theirs it names, another than the earlier's ("新建一个交易员叫旺旺，另外把老王停了",
    "create a trader called zeus, also stop rex"): no one act does both."""
    if before is None or after is None:
        return False
    if before.skill != after.skill:
        return True
    named = asked_name(after)
    return before.action != after.action and bool(named) and named != asked_name(before)


_Asked = tuple[str, str | None, str, str, str]


def asks_for(route: Route) -> _Asked:
    """What a piece asks for: its request, its coins and its record ("buy 0.01 BTC" and "buy 0.01
    ETH" are two orders, "停掉多多" and "停掉阿强" two stops; two halves of a pasted error, one diagnosis)."""
    coins = route.slots.get("symbol") or route.slots.get("symbols") or ""
    shown = route.slots.get(_VIEW) or route.slots.get(_FIELD) or ""
    return route.skill, route.action, str(coins), asked_name(route), str(shown)


def asks_coins(whole: Route, pieces: list[Route]) -> bool:
    """``whole`` is each of ``pieces``' request (one kind, coins in a list) with every coin they name,
    two or more ("btc and eth prices")."""
    listed = whole.slots.get("symbols")
    if not isinstance(listed, list) or len(listed) < 2:
        return False
    return all(
        (p.skill, p.action) == (whole.skill, whole.action)
        and isinstance(p.slots.get("symbols"), list)
        and set(p.slots["symbols"]) <= set(listed)
        for p in pieces
    )


def same_request(a: _Asked, b: _Asked, own: frozenset[str], *, nexts: bool = False) -> bool:
    """One request said over two clauses: the same request with the same coins, or one of them
    naming none ("开个定投，每天 30u 买 btc" is one plan, not a plan and a second one); or two
    problems side by side, one told with what it said ("卖单被拒了，提示余额不足" is one rejection,
    not also a model's "insufficient balance")."""
    if a[1] == b[1] == "diagnose" or {a[:2], b[:2]} <= _ONE_ORDER_PROBLEM:
        return True
    if a[:2] == _ACCOUNT_SHOWN and a[3] and b[3] in ("", a[3]) and b[0] in _ON_AN_ACCOUNT:
        # "看下 老韭菜 账户还剩多少钱": one of theirs looked up, then asked of (by it or none); "看看主号，
        # 用它买0.1个btc": a trade after it is on it, read whole, never on another account
        return True
    named = a[3] != b[3] and {a[3], b[3]} <= own  # two of theirs ("rock and roll", "that trader sucks")
    # two views of one report asked one after the other (``nexts``: "this month's pnl per coin,
    # then which trader did best"): two asks; beside each other ("pnl and win rate") one report;
    # so are two fields of one record updated, even beside each other ("rename pops to Popcorn and
    # turn his daily summary off"): an update changes one field, never both
    viewed = (nexts or a[1] == b[1] == _UPDATE) and a[4] != b[4] and bool(a[4]) and bool(b[4])
    return a[:2] == b[:2] and (a[2] == b[2] or not a[2] or not b[2]) and not named and not viewed


_VIEW = "view"  # what a report shows (core.skills.pnl: "by_symbol", "by_trader", "win_rate"…)
# what an update changes ("rename trader moonboy to sunboy, then switch his model over to ds main":
# the name, then the model, two asks one after the other, as two views are)
_FIELD = "field"
_UPDATE = "update"

# What is asked of or done on an account named just before it ("看下 老韭菜 账户还剩多少钱": its balance).
_ACCOUNT_SHOWN = ("exchange_management", "query")
_ON_AN_ACCOUNT = frozenset({"account_query", "trade_execution", "orders"})
# An order's failure and its resting told side by side ("我的買單報錯了 一直掛著"): one order's problem.
_ONE_ORDER_PROBLEM = frozenset({("order_execution_diagnosis", "diagnose"), ("orders", "why_resting")})


def covers(piece: Route, whole: Route, alike: bool) -> bool:
    """``piece`` reads the whole message's request, with every slot the whole one has: the
    rest of the message added nothing to it ("加一个模拟账户，初始资金 5万U" is one request). With
    every piece ``alike`` (the whole's request each), two numbers the whole read where it wants
    one ("buy 50u of btc and 50u of eth") are the pieces' own, one each."""
    if (piece.skill, piece.action) != (whole.skill, whole.action):
        return False
    return all(
        k in piece.slots and piece.slots[k] == v
        for k, v in whole.slots.items()
        if not alike or (refusal_in(v) or ("",))[0] != "two_numbers"
    )


def coin_borrowed(whole: Route, found: list[tuple[str, Route]], told_by: ReadFn) -> bool:
    """The whole message read as one piece's request on another piece's coin: "sell all my pepe
    and set an alert for btc under 85k" is no PEPE alert, "stop my eth bot and buy btc" no ETH
    buy, "delete alert 3, sell 0.5 sol" no SOL alert deleted. A later ask naming its own coin keeps
    it: a piece is the whole's request on a coin of its own or none, and the whole's coin is another
    piece's (its route's, or said in it)."""
    coin = asks_for(whole)[2]
    if not coin:
        return False
    same = [r for _, r in found if (r.skill, r.action) == (whole.skill, whole.action)]
    others = [(p, r) for p, r in found if r not in same]
    if any(has_coins(r) and asks_for(r)[2] != coin for r in same):
        return any(asks_for(r)[2] == coin or coin in fill_coins(told_by(p)) for p, r in others)
    # none of its own: borrowed from another skill's ask on that coin, nothing else of the whole's
    # taken with it ("開個定投策略 每日 20U 買 BTC" is one plan: its 20U is the plan's too)
    own = {k for k, v in whole.slots.items() if coin not in str(v)}
    # An order never takes its coin from another ask that only says it ("do i have 2 eth, buy one":
    # the ETH of the question, no buy of 2 ETH).
    said = whole.skill == _ORDERS
    return any(not has_coins(r) and own <= set(r.slots) for r in same) and any(
        r.skill != whole.skill and (asks_for(r)[2] == coin or (said and coin in fill_coins(told_by(p))))
        for p, r in others
    )


_ORDERS = "trade_execution"


def has_coins(route: Route) -> bool:
    return bool(route.slots.get("symbol") or route.slots.get("symbols"))


def record_borrowed(whole: Route, found: list[Route]) -> bool:
    """The whole message's request is one piece's act on another piece's record ("start rex and
    stop gary" read whole as a stop of rex) or wallet ("spot balance and max btc i can buy" read
    whole as the most BTC the spot wallet buys): a blend of two asks, never one request the pieces
    lose part of; the pieces are the asks."""
    same = [r for r in found if (r.skill, r.action) == (whole.skill, whole.action)]
    lent = [r for r in found if r.skill == whole.skill and r.action != whole.action]
    for slot in _LENT_SLOTS:
        target = whole.slots.get(slot)
        if (
            target
            and all(r.slots.get(slot) != target for r in same)
            and any(r.slots.get(slot) == target for r in lent)
        ):
            return True
    return False


_LENT_SLOTS = ("target_ref", "wallet")  # a record's, an account's wallet
