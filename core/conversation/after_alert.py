"""A trade said after an alert in the same message belongs to the alert's condition: "ping me when
eth hits 4000 and sell half", "btc到10万提醒我 然后卖掉", "btc到10萬通知我 跟住賣晒" mean "sell when it
gets there", never a sale now. Whether a price reached is a limit or a stop depends on which way
the market goes, and no guess is made: the alert is kept, and the trade is refused quoting its
level (nothing placed, said so). A trade asked first ("buy 0.1 btc and alert me at 100k") is two
asks, the trade now; a trade at a price of its own ("... and sell half at 4100") is a limit order,
resting, kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from core.conversation.clauses import BackFn, split_asks
from core.conversation.joins import following_joins, joins_in
from core.conversation.story import after_story, beside_asks
from core.language.acted import ACTED_CONCEPT as ACTED
from core.language.normalize import CLAUSE_MARKS, has_cjk
from core.language.phrases import Words
from core.language.spans import RECORD_CHANGES, RECORD_VERBS, clause_break
from core.language.supposed import SUPPOSED
from core.language.tagger import Reading, words
from core.language.values import REFUSED_PREFIX, refusal_in
from core.routing.router import Route
from core.workspace.limit_price import BUY, SELL
from core.workspace.trade_reading import way_unsaid
from core.workspace.trade_shares import SELL_ALL

# The trade skill's limit-price slot (core.skills.trade_execution.limit), named here and not
# imported: that module loads the trading model, which a price question never needs
# (tests/bot/test_fast_start.py).
LIMIT_PRICE = "limit_price"

RouteFn = Callable[[str], Route | None]
ReadFn = Callable[[str], Reading]

_TRADE = "trade_execution"
_NOW = frozenset({"buy", "sell"})  # a trade at the market, now (a limit rests at its own price)
_ALERT_WORDS = frozenset({"noun.alert", "verb.notify"})
_SIDE_WORDS = frozenset({*BUY, *SELL, SELL_ALL})
REFUSED = "after_alert"
_LEFT_OPEN = "outside.either_way"


def _alert(route: Route | None) -> bool:
    return route is not None and (route.skill, route.action) == ("price_alert", "create")


def _now(route: Route | None) -> bool:
    """A trade that would be placed at the market now (its amount read, or asked)."""
    return (
        route is not None
        and route.skill == _TRADE
        and route.action in _NOW
        and refusal_in(route.slots.get("amount")) is None
    )


def _held(trade: Route, alert: Route | None, unsaid: bool = False) -> Route:
    """``trade`` as an order resting at the alert's level: a limit sell where the alert waits for
    the price to rise to it, a limit buy where it waits for a fall ("text me if sol drops to 150 and
    buy 10 sol"), the conditional order "sell half my eth at 4000" makes. Where the alert says no
    way, or the other way (a stop, which no limit order is), its price is refused quoting the level
    (said before anything else, then asked): nothing is placed now."""
    slots = {k: v for k, v in trade.slots.items() if k != "side"}
    coin = alert.slots.get("symbol") if alert is not None else None
    if "symbol" not in slots and isinstance(coin, str):
        slots["symbol"] = coin
    level = alert.slots.get("level") if alert is not None else None
    said = level if isinstance(level, str) and refusal_in(level) is None else ""
    way = alert.slots.get("condition") if alert is not None else None
    slots["side"] = trade.action
    # "ping me when eth hits 4000 and sell half": the alert reads "hits" as above (it only fires),
    # but a trade there has no way said (``unsaid``): refused, as the trade reader refuses it.
    rests = said and not unsaid and (trade.action, way) in (("sell", "above"), ("buy", "below"))
    slots[LIMIT_PRICE] = said if rests else f"{REFUSED_PREFIX}{REFUSED}:{said}"
    return Route(trade.skill, "limit", slots)


def _side_after_alert(reading: Reading) -> int | None:
    """Where the first buying or selling word said after an alert's word begins, or None (no
    alert word, or a trade word before it: "buy 0.1 btc and alert me at 100k")."""
    alert_at: int | None = None
    dont_at: int | None = None  # "dont set an alert, just sell 0.5 eth": no alert asked in that clause
    for tag in sorted(reading.tags, key=lambda t: t.start):
        if tag.concepts & _SIDE_WORDS:
            return tag.start if alert_at is not None else None
        if tag.concepts & _DONT:
            dont_at = tag.start
        refused = dont_at is not None and not clause_break(reading.text, dont_at, tag.start)
        if alert_at is None and tag.concepts & _ALERT_WORDS and not refused:
            alert_at = tag.start
    return None


_DONT: Final = frozenset({"filler.dont", "answer.no"})  # "dont set an alert", "no alert"


def conditioned(
    text: str, whole: Route | None, asks: list[tuple[str, Route]] | None, route: RouteFn, read: ReadFn
) -> list[tuple[str, Route]] | None:
    """``asks`` (core.conversation.clauses.split_asks's) with every trade said after an alert
    refused, the alert kept; a message read whole as a trade now with an alert asked before it
    ("btc到10万提醒我 然后卖掉") read as that alert and the trade refused; a message read whole as an
    alert with a trade word after it ("eth到了3000提醒我再买点") as the alert and the trade refused.
    None: one ask, as read."""
    if asks is not None:
        out: list[tuple[str, Route]] = []
        alert: Route | None = None
        unsaid = False
        for piece, found in asks:
            if _alert(found):
                alert, unsaid = found, way_unsaid(read(piece))
            elif alert is not None and _now(found):
                found = _held(found, alert, unsaid)
            out.append((piece, found))
        return out
    if whole is None or not (_now(whole) or _alert(whole)):
        return None
    reading = read(text)
    at = _side_after_alert(reading)
    if at is None:
        return _limit_then_alert(reading, whole, route) if _alert(whole) else None
    head, tail = reading.text[:at].strip(), reading.text[at:].strip()
    first = route(head) if head else None
    joined = any(t.end <= at and "filler.join" in t.concepts for t in reading.tags)
    if _alert(whole) and not joined:
        return None  # "alert me when btc drops below 80k so i can buy": no trade asked
    if _alert(whole):  # "eth到了3000提醒我再买点": the alert, its level its own ("…100k and buy 0.1")
        alert = first if _alert(first) and first is not None else whole
        side = "buy" if any(t.start == at and t.concepts & BUY for t in reading.tags) else "sell"
        said = route(tail)
        trade = said if said is not None and said.skill == _TRADE else Route(_TRADE, side, {})
        if trade.action not in _NOW:
            return None  # a limit at a price of its own rests there: as read
        unsaid = way_unsaid(read(head)) if head else False
        return [(head if alert is first else text, alert), (tail, _held(trade, alert, unsaid))]
    if not _alert(first) or first is None:
        return [(text, _held(whole, None))]
    return [(head, first), (tail, _held(whole, first, way_unsaid(read(head))))]


def _limit_then_alert(reading: Reading, alert: Route, route: RouteFn) -> list[tuple[str, Route]] | None:
    """A message read whole as an alert, an order resting at a level of its own said before the
    alert's word ("when sol hits 200 sell all, and tell me"): that order and the alert, never the
    alert alone with the order dropped unsaid. A trade now before it is left as read (the alert
    alone: nothing placed)."""
    tags = sorted(reading.tags, key=lambda t: t.start)
    told = next((t for t in tags if t.concepts & (_ALERT_WORDS | {"filler.tell"})), None)
    sides = [t for t in tags if told is not None and t.end <= told.start and t.concepts & _SIDE_WORDS]
    if told is None or not sides:
        return None
    text, after = reading.text, sides[-1].end
    joins = [t.start for t in tags if after <= t.start < told.start and "filler.join" in t.concepts]
    marks = [
        i
        for i in range(after, told.start)
        if text[i] in _CUTS or (text[i].isspace() and has_cjk(text[i - 1]))
    ]
    head = text[: min([*joins, *marks])].strip() if joins or marks else ""
    found = route(head) if head else None
    if found is not None and found.skill == _TRADE and found.action in _NOW:
        return None  # a trade now, then "tell me": as read
    refused = refusal_in(found.slots.get(LIMIT_PRICE)) if found is not None else None
    if found is not None and refused is not None and refused[0] in _AT_A_LEVEL:
        # "sol到200全部賣晒 跟住通知我": a level whose way is unsaid, as the alert reads it
        kept = {k: v for k, v in found.slots.items() if k not in (LIMIT_PRICE, "side")}
        # ("when sol hits 200 sell all, and tell me": no way said, whatever way the alert reads)
        held = _held(Route(_TRADE, str(found.slots.get("side")), kept), alert, refused[0] == "reach_level")
        return [(head, held), (text, alert)]
    if found is None or (found.skill, found.action) != (_TRADE, "limit") or LIMIT_PRICE not in found.slots:
        return None
    price = found.slots[LIMIT_PRICE]
    if refusal_in(price) is not None or refusal_in(found.slots.get("amount")) is not None:
        return None
    if refusal_in(alert.slots.get("level")) is not None:  # "…3000 buy 1 eth and notify me": its price
        alert = Route(alert.skill, alert.action, {**alert.slots, "level": price})
    return [(head, found), (text, alert)]


_CUTS = frozenset(",，;；")
_AT_A_LEVEL = frozenset({"reach_level", "stop_trigger"})  # a trade's level, refused by the trade rule


_ASKED_HOW = frozenset({"ask.how_trade", "ask.how_record"})  # an act asked how it is done


def split_held(
    text: str, whole: Route | None, route: RouteFn, back: BackFn | None = None, told_by: ReadFn = words
) -> list[tuple[str, Route]] | None:
    """``split_asks``, with a trade said after an alert held back (``conditioned``); a message
    routing nowhere whole read by its clauses that ask beside a story (core.conversation.beside).
    One asking how to do what it says ("開個網格策略，要點樣設置": core.language.how_to) is one
    question for the guide, never its act cut off as a request of its own."""
    if whole is not None and whole.skill == "guidance" and told_by(text).concepts & _ASKED_HOW:
        return None
    if whole is None and _told_across(told_by(text)):
        return None  # "卖单成交了，谢谢": one remark of the lexicon across its clauses, nothing asked
    asks = split_asks(text, whole, route, back, told_by)
    if asks is not None and any(r.skill == _TRADE for _, r in asks):
        # The trade wanted, then told failing ("我想买0.1个btc，但买单失败了"): the failure alone is
        # asked, as the whole message reads; a story's reading would keep the want as the ask.
        kept = _failed_dropped(text, asks, told_by)
        if len(kept) < len(asks) and [r for _, r in kept] == [whole]:
            return None
    if asks is not None and whole is not None and whole.skill == _GUIDE:
        asks = _wanted_how(text, asks)
        if asks is None:
            return None  # the guide's answer, as the whole message reads: no story to read again
    if asks is None and whole is None:
        asks = beside_asks(text, route, back, told_by)
    else:  # a story told before a clear ask decides nothing (core.conversation.story)
        asks = after_story(text, whole, asks, route, back, told_by)
    if asks is not None and any(r.skill == _TRADE for _, r in asks) and not _trades_said(told_by(text)):
        # The whole message's reading holds every trade it says ("if btc dips. buy 0.1 btc": no
        # level to wait for; "buy 0.1 btc. not right now"): no piece read alone makes one.
        asks = [(p, r) for p, r in asks if r.skill != _TRADE] or None
    if asks is not None and any(r.skill == _TRADE for _, r in asks):
        # The trade wanted, then told failing ("我想把PEPE賣掉，可是賣單一直失敗，說數量太小，是怎樣？"):
        # the failure is asked about, the trade is what failed, never asked again.
        asks = _failed_dropped(text, asks, told_by) or None
    if asks is not None and _LEFT_OPEN in told_by(text).concepts:
        # The whole message leaves its act open between two ways ("stop 小飛俠 or let it run", "卖sol
        # 还是拿着": advice asked, outside.either_way): no piece read alone does either.
        asks = [(p, r) for p, r in asks if not _acts_said(told_by(p))] or None
    if asks is not None and _record_acts_told(told_by(text)):
        # Likewise a record's act: the whole message tells what befell it ("deepseek一直回429，交易員
        # 全部停咗": the traders stopped, told beside the problem), no piece read alone stops them.
        asks = [(p, r) for p, r in asks if not _record_acts_said(told_by(p))] or None
    if asks is not None and len(asks) > 1:
        asks = _wanted_after(asks)
    return conditioned(text, whole, asks, route, told_by)


def _wanted_after(asks: list[tuple[str, Route]]) -> list[tuple[str, Route]]:
    """``asks`` without an act the person says they want to do right before a piece opening with
    what to do first ("…我想清理一下，先给我列列现在还有哪些提醒", "i want to sell my eth, but first show me
    its price"): what is asked first is done now, the want waits for it and is not done."""
    kept = [
        (piece, found)
        for at, (piece, found) in enumerate(asks)
        if not (
            found.action in _ACTS
            and at + 1 < len(asks)
            and _WANTING.spans(piece)
            and _FIRST_NOW.prefix(asks[at + 1][0].strip().lower()) is not None
        )
    ]
    return kept or asks


_WANTING, _FIRST_NOW = Words("beside.wanting"), Words("conversation.first_now")
_ACTS = frozenset({"delete", "stop", "start", "create", "update", "buy", "sell", "limit", "cancel"})


def _told_across(reading: Reading) -> bool:
    """A remark of the lexicon (outside.*) said across a clause mark ("卖单成交了，谢谢": a fill told with
    thanks): its clauses are one story, none read alone."""
    return any(
        any(c.startswith("outside.") for c in tag.concepts)
        and any(ch in CLAUSE_MARKS for ch in reading.text[tag.start : tag.end])
        for tag in reading.tags
    )


def _wanted_how(text: str, asks: list[tuple[str, Route]]) -> list[tuple[str, Route]] | None:
    """``asks`` without a record made of what a later piece asks the guide how to set up ("想接币安，
    可是我这辈子没弄过API。币安的API key要怎么创建？": connecting binance is why its key is asked
    how; the guide answers, nothing is added). None: the guide's answer alone, as the whole
    message reads. Asked one after the other ("add an okx account and then walk me through the
    api key permissions", "帮我绑个欧易账户，然后告诉我api要开哪些权限"), both are asked."""
    nexts = [start for start, _ in following_joins(text, joins_in(text))]
    kept = [
        (piece, found)
        for at, (piece, found) in enumerate(asks)
        if not (
            found.action == _CREATE
            and any(
                later.skill == _GUIDE
                and later.slots.get(_TOPIC) in found.slots.values()
                and not any(text.find(piece) < n < text.find(other) for n in nexts)
                for other, later in asks[at + 1 :]
            )
        )
    ]
    if len(kept) == len(asks):
        return asks
    return kept if len(kept) > 1 else None


_CREATE, _GUIDE, _TOPIC = "create", "guidance", "topic"


def _failed_dropped(text: str, asks: list[tuple[str, Route]], told_by: ReadFn) -> list[tuple[str, Route]]:
    """``asks`` without a trade wanted and then, after a turn against it ("可是", "but"), told failing:
    an order's failure diagnosed after it, naming no order of the other side. "卖掉0.1个btc，然后看看为
    什么我上次的卖单失败了" (no turn) and "buy 0.1 btc, but why did my last sell fail?" keep the trade."""
    kept = []
    ends = _ends(text, [piece for piece, _ in asks])
    for at, (piece, route) in enumerate(asks):
        if route.skill == _TRADE and route.action in _NOW:
            other = _SIDE_NAMES["buy" if route.action == "sell" else "sell"]
            if any(
                later.skill == _ORDER_FAILURE
                and not told_by(told).concepts & other
                and _CONTRAST.search(text[ends[at] : ends[at + 1 + n]]) is not None
                for n, (told, later) in enumerate(asks[at + 1 :])
            ):
                continue
        kept.append((piece, route))
    return kept


def _ends(text: str, pieces: list[str]) -> list[int]:
    """Where each piece ends in ``text``, found in order (the text's length where one is not found)."""
    out, at = [], 0
    for piece in pieces:
        found = text.find(piece, at)
        at = len(text) if found < 0 else found + len(piece)
        out.append(at)
    return out


# An order's failure, and the words an order of each side is named by.
_ORDER_FAILURE = "order_execution_diagnosis"
_SIDE_NAMES = {"buy": frozenset({*BUY, "order.buy_named"}), "sell": frozenset({*SELL, "order.sell_named"})}
_CONTRAST = Words("conversation.contrast")


def _acts_said(reading: Reading) -> bool:
    return _record_acts_said(reading) or any(c.startswith(_TRADE_ACTS) for c in reading.concepts)


def _record_acts_said(reading: Reading) -> bool:
    return bool(reading.concepts & _RECORD_ACTS)


def _record_acts_told(reading: Reading) -> bool:
    """A record's act told done in ``reading`` (core.language.acted), none left asked."""
    return ACTED in reading.concepts and not _record_acts_said(reading)


_TRADE_ACTS = ("verb.buy", "verb.sell", "amount.sell_all", "order.")
_RECORD_ACTS = frozenset({*RECORD_VERBS, *RECORD_CHANGES}) - {"verb.create"}


def _trades_said(reading: Reading) -> bool:
    """A trade's word left standing in ``reading``, none held, supposed or taken back."""
    return SUPPOSED not in reading.concepts and any(c.startswith(_TRADE_ACTS) for c in reading.concepts)
