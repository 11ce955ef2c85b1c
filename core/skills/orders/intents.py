"""The orders skill's intents (a table: core/language/lexicon/intents/orders.toml) and their
fills: a take-profit and / or stop-loss on a holding ("给我的 BTC 设置止损 80000", "止盈 200 止损
120"), the open orders ("我的挂单") and withdrawing them ("撤销 #12", "cancel all my open orders")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from core.language.fills import SIDES, coins, sides_name_orders
from core.language.intents import SlotFill, table
from core.language.ordinals import counted_before
from core.language.refusals import REFUSED_PREFIX, refused_slot
from core.language.slots import Coins, Number, Slots
from core.language.tagger import Reading
from core.language.value import Value
from core.language.values import Kind
from core.workspace.order_expiry import EXPIRY_SAID, in_expiry
from core.workspace.trade_shares import percent_of_coin

SKILL = "orders"
STOP, TAKE = "order.stop_loss", "order.take_profit"
PROTECTING_STOP = "order.protecting_stop"  # "protect my eth with an 8% stop": the stop-loss's word
STOP_PRICE, LIMIT_PRICE = "order.stop_price", "order.limit_price"  # "stop at 80000 limit 79800"
OPEN = "order.open_orders"
# The nouns an ordinal counts right before ("cancel that second order", "the 3rd limit order").
_ORDER_NOUNS = frozenset({"order.orders", "order.limit_order", OPEN})
# A figure right after "to" / 到 is where an order is moved ("pull the limit up to 3000", "把挂单改到
# 3000"), never the number of one to cancel.
_MOVED_TO = re.compile(r"(?:\bto|到|至)\s*$")
BARE_STOP = "verb.stop"  # "stop" alone, before a price after a take-profit (see _protect)


def _price_after(slot: str, *cues: str, bare_stop: bool = False) -> Number:
    """The one price typed after the first of ``cues``' words and before the next order word
    ("止盈 200 止损 120": 200 for the take-profit; "止损80000限价79800": 80000 for the stop, 79800
    for its limit, a stop-limit: a limit sell at this price once triggered); refused, its refusal.
    A message whose first order word comes after a price says each price before its word
    ("btc跌到85000止损", "85000止损 90000止盈": 85000 for the stop, 90000 for the take-profit)."""
    cue, words = frozenset(cues), frozenset({STOP, TAKE, STOP_PRICE, LIMIT_PRICE, PROTECTING_STOP})
    if bare_stop:  # a bare "stop" before its price is one more order word (see _protect)
        words |= {BARE_STOP}
    # A price in USDT ("止损 80000u"); one said as a coin's amount ("止损 120 sol") is refused, quoting
    # it, never dropped nor read as the other kind of number.
    kinds: tuple[Kind, ...] = ("number", "price", "amount")
    return Number(slot, kinds, positive=True, after=cue, until=words, skip=in_expiry, lead=True, priced=True)


# "what is a stop-loss": no price, no order.
_PROTECT = Slots(
    _price_after("take_profit", TAKE), _price_after("stop_loss", STOP, STOP_PRICE, PROTECTING_STOP),
    _price_after("stop_limit", LIMIT_PRICE), EXPIRY_SAID,
    Coins("symbol", only=True), one=("take_profit", "stop_loss"), given={"stop_limit": "stop_loss"},
)  # fmt: skip
# The same with a bare "stop" right before its price as the stop-loss's word ("eth: take profit 4200,
# stop 3300"): each price goes with the word right before it.
_PROTECT_BARE_STOP = Slots(
    _price_after("take_profit", TAKE, bare_stop=True), _price_after("stop_loss", BARE_STOP, bare_stop=True),
    EXPIRY_SAID, Coins("symbol", only=True), one=("take_profit", "stop_loss"),
)  # fmt: skip


def _protect(reading: Reading) -> Mapping[str, Any] | None:
    """A take-profit or stop-loss set. "stop" alone stops a bot (verb.stop): it is the stop-loss's
    word only in a protect said with no other stop-loss word, right before a price ("take profit
    4200, stop 3300", "tp 4200 / stop 3300"); "stop 2 bots" is no protect (no order word), "take
    profit 4200 and stop the bot" reads its one price."""
    if not reading.has(STOP) and not reading.has(STOP_PRICE) and not reading.has(PROTECTING_STOP):
        values = reading.spans()
        for tag in reading.tags:
            if BARE_STOP not in tag.concepts:
                continue
            at = len(reading.text) - len(reading.text[tag.end :].lstrip(" :："))
            if any(v.start == at and (v.kind in ("number", "price") or v.refused) for v in values):
                return _PROTECT_BARE_STOP(reading)
    return _PROTECT(reading) or _relative(reading)


def _relative(reading: Reading) -> Mapping[str, Any] | None:
    """A stop-loss or take-profit set as a percent, of the entry or not ("put a stop 10% under my
    entry on sol", "sol止损10%", "止损设在成本价下方10%"): its price is not said, and the order is placed
    at a price in USDT only, so it is refused quoting it (the price then asked), never 10 USDT.
    Said right before the order's word it is the same ("eth跌10%就止损", "10%止损")."""
    words = [t for t in reading.tags if t.concepts & {STOP, TAKE, STOP_PRICE, PROTECTING_STOP}]
    percents = [v for v in reading.spans() if v.kind == "percent" and not percent_of_coin(reading, v)]
    if not words or len(percents) != 1:
        return None
    if percents[0].start < words[0].start and (
        not _only_joined(reading, percents[0].end, words[0].start) or _asked(reading)
    ):
        return None  # "is a 2% stop loss too tight?": advice asked of one, none set
    slot = "take_profit" if TAKE in words[0].concepts else "stop_loss"
    typed = reading.norm.typed(percents[0].start, percents[0].end)
    return {slot: f"{REFUSED_PREFIX}relative_stop:{typed}", **(_SYMBOL(reading) or {})}


# What may join a percent to the order's word after it: filler, 就 ("跌10%就止损").
_JOINS = frozenset({"trade.answer_word"})


def _asked(reading: Reading) -> bool:
    """A question: a question mark or an ask's word."""
    return "?" in reading.text or "？" in reading.text or any(c.startswith("ask.") for c in reading.concepts)


def _only_joined(reading: Reading, start: int, end: int) -> bool:
    """Nothing but spaces, filler and 就 between ``start`` and ``end``."""
    covered: set[int] = set()
    for tag in reading.tags:
        if start <= tag.start and tag.end <= end:
            if not all(c.startswith("filler.") or c in _JOINS for c in tag.concepts):
                return False
            covered.update(range(tag.start, tag.end))
    return all(i in covered or reading.text[i].isspace() for i in range(start, end))


def _cancel(reading: Reading) -> Mapping[str, Any] | None:
    # A buy or sell said names the order ("cancel my limit buy", "撤销我的限价买单"), or it is an order
    # asked for beside the cancel ("buy 0.1 btc and cancel my open orders"): the trade's.
    if reading.concepts & SIDES and not sides_name_orders(reading):
        return None
    slots = _cancel_which(reading)
    if slots is None:
        return None
    if not (named := coins(reading)):  # "cancel my limit buy at 80000": told by its side and price
        return slots or _description(reading)
    # A coin named cancels that coin's orders only ("sol的挂单都清掉", "cancel my sol orders"), never
    # every order of the account (the skill filters by one coin; two are asked which).
    if "order_no" in slots:
        return {**slots, "symbol": named[0]} if len(named) == 1 else {}
    if len(named) > 1:
        return {}
    # One said by its side, size or price ("cancel the 0.1 btc buy", "把那个3000的eth买单取消"): the
    # orders that fit are looked up (one is confirmed, several asked which), never every order.
    if any(_numbers_an_order(reading, v) for v in reading.spans()):
        return {}  # "cancel order 4 and put a new bid for 2 sol at 170": that order, the rest another ask
    if reading.spans() or not reading.concepts.isdisjoint(_SIDE_WORDS):
        return {"symbol": named[0], **_description(reading)}
    return {"order_no": "all", "symbol": named[0]}


# The words that say an order's side: a buy or sell, or an order named by it (买单, "limit sell").
_SIDE_WORDS: Mapping[str, str] = {
    "verb.buy": "buy",
    "order.buy_named": "buy",
    "order.limit_buy": "buy",
    "verb.sell": "sell",
    "order.sell_named": "sell",
    "order.ask_named": "sell",
    "order.limit_sell": "sell",
}
_REMOVALS = frozenset({"verb.cancel", "verb.delete"})
DESCRIBED = "described"  # the figures an order is told by, each its size, limit or trigger price


def _figure(value: Value) -> bool:
    """A figure an order may be told by: a plain number or price, or a size in the coin; never a
    refused one (its number is not what was typed) nor a sum in USDT (no order keeps one)."""
    return value.kind in ("number", "price") or (value.kind == "amount" and value.unit == "base")


def _description(reading: Reading) -> dict[str, str]:
    """What an order to cancel is told by: its side when one is said, and the figures said ("2.8k",
    "0.1 btc", "3000的eth": each its size or a price of it, read exactly; one that cannot be read
    so names none)."""
    found: dict[str, str] = {}
    sides = {
        side
        for tag in reading.tags
        if tag.concepts.isdisjoint(_REMOVALS)  # "get rid of my eth order": no sale, the cancel's word
        for concept, side in _SIDE_WORDS.items()
        if concept in tag.concepts
    }
    if len(sides) == 1:
        found["side"] = sides.pop()
    figures = [v.number for v in reading.spans() if _figure(v)]
    if figures:
        found[DESCRIBED] = " ".join(format(f.normalize(), "f") for f in figures)
    return found


def _cancel_which(reading: Reading) -> Mapping[str, Any] | None:
    # "撤销 #12", "取消3号单", "撤掉第2单", "cancel order 12": the order's number (the value grammar
    # reads an order's mark: "3号单" is the id 3, never a day of the month).
    # An order described by its size or price ("cancel the limit buy for 0.1 btc at 80000", "取消0.1个
    # btc 80000的限价买单") is said by no number of its own: only a marked id ("#12") is one.
    values = reading.spans()
    if any(_MOVED_TO.search(reading.text[: v.start]) for v in values):
        return None  # a level moved to: no cancel read
    if any(v.kind in ("amount", "price", "refused") for v in values):
        ids = [v for v in values if v.kind == "id"]
        return {"order_no": str(int(ids[0].number))} if len(ids) == 1 else {}
    numbers = [v for v in values if v.kind in ("id", "number", "count")]
    whole = all(n.number == n.number.to_integral_value() for n in numbers)
    if len(numbers) == 1 and whole:
        if _a_figure_of_a_side(reading, numbers[0]):
            return {}  # "撤掉btc 85000的买单": a buy's price, told with its side; no order numbered so
        return {"order_no": str(int(numbers[0].number))}
    if len({n.number for n in numbers}) > 1 and whole:  # "取消3号和4号单", "cancel order 3 and 4": none
        start, end = numbers[0].start, numbers[-1].end  # dropped, refused quoting both
        refused = Value("refused", start, end, reading.norm.typed(start, end), reason="two_numbers")
        return {"order_no": refused_slot(refused)}
    counted = None if numbers else counted_before(reading, _ORDER_NOUNS)
    if counted is not None:  # "cancel that second order", "cancel my 3rd order": as 第2单 is
        return {"order_no": counted}
    said_all = reading.has("amount.all_in") or reading.has("filler.all") or reading.has("order.revoke_all")
    if not numbers and (reading.has(OPEN) or said_all):
        return {"order_no": "all"}  # "撤销所有挂单", "cancel all my open orders", "cancel all orders"
    return {} if not numbers else None


_SYMBOL = Slots(Coins("symbol", only=True))


# The words an order's number follows: its noun, or the cancel said with it ("cancel order 4", "撤单 4").
_NUMBERED = _ORDER_NOUNS | {"order.revoke"}


def _numbers_an_order(reading: Reading, value: Value) -> bool:
    """A number right after an order's noun ("order 4", "order #4"): the order's own number."""
    return value.kind in ("number", "id") and any(
        not t.concepts.isdisjoint(_NUMBERED) and not reading.text[t.end : value.start].strip(" #")
        for t in reading.tags
        if t.end <= value.start
    )


def _a_figure_of_a_side(reading: Reading, number: Value) -> bool:
    """A bare number told with a side and not right after an order's noun ("撤掉btc 85000的买单"):
    the order's price or size; right after its noun it is its number ("cancel buy order 12")."""
    return (
        number.kind == "number"
        and not reading.concepts.isdisjoint(_SIDE_WORDS)
        and not _numbers_an_order(reading, number)
    )


def _stuck(reading: Reading) -> Mapping[str, Any] | None:
    """An order told stuck and still waiting ("點解我張買單掛咗咁耐都未食到"): resting, unless a
    failure besides the stuck words is told ("我的买单报错了 一直挂着": the order diagnosis's)."""
    if any("verb.fail" in t.concepts and "verb.stuck" not in t.concepts for t in reading.tags):
        return None
    return _SYMBOL(reading)


# What may stand between a bare limit and its stuck word ("my btc limit is stuck"): articles, "is";
# a word no tag reads ("got"). Any other word ("and", "screen") tells of something else.
_BETWEEN_STUCK = frozenset({"filler.article", "filler.whether"})


def _limit_stuck(reading: Reading) -> Mapping[str, Any] | None:
    """A limit said bare, then told stuck ("eth limit stuck for like 3h", "my limit got stuck"):
    resting; "stuck at the limit screen" or "hit my withdrawal limit and stuck" tell of no order."""
    tags = reading.tags
    limit = next((i for i, t in enumerate(tags) if "trade.limit" in t.concepts), None)
    stuck = next((i for i, t in enumerate(tags) if "verb.stuck" in t.concepts), None)
    if limit is None or stuck is None or stuck < limit:
        return None
    if any(not t.concepts <= _BETWEEN_STUCK for t in tags[limit + 1 : stuck]):
        return None
    return _stuck(reading)


_MOVES = frozenset({"direction.below", "direction.above", "direction.reach"})


def _protect_selling(reading: Reading) -> Mapping[str, Any] | None:
    """A stop told with the sale it makes, at a price only ("limit my losses on eth, sell if it hits
    3200"), or said first with its one price, the sale after it ("stop loss on btc: sell at 58000",
    "止损 btc 58000卖"); an amount sold is a sale of its own ("sell 1 eth, stop loss at 3000": two
    asks), as is a sale said before the stop ("sell btc at 70000, stop loss 58000")."""
    values = reading.spans()
    if any(v.kind in ("amount", "fraction") for v in values):
        return None  # an amount sold
    if not reading.concepts & _MOVES and not _stop_first(reading, values):
        return None  # no level moved to ("if it hits", "跌到"), nor the stop said first with one price
    return _protect(reading)


def _stop_first(reading: Reading, values: list[Value]) -> bool:
    """The stop-loss or take-profit word said before the sale, and one price in the message."""
    words = [t.start for t in reading.tags if t.concepts & {STOP, TAKE}]
    sales = [t.start for t in reading.tags if "verb.sell" in t.concepts]
    prices = [v for v in values if v.kind in ("number", "price")]
    return bool(words and sales) and min(words) < min(sales) and len(prices) == 1


def _cancel_everything(reading: Reading) -> Mapping[str, Any] | None:
    """Everything cancelled, nothing else said ("cancel everything. NOW.", "全部取消"): every
    open order. A word besides names something else ("cancel all the grids", "cancel all
    subscriptions"): none."""
    said = {c for t in reading.tags for c in t.concepts if not c.startswith("filler.")}
    return {"order_no": "all"} if said <= {"verb.cancel", "time.now"} and not reading.rest() else None


# A protective order cancelled by its kind ("cancel my stop loss on eth", "取消eth的止损"): that kind's
# orders on the one coin named (the skill cancels no limit order for it: order_type); with no coin,
# which one is asked, never every coin's.
ORDER_TYPE = "order_type"


def _cancel_protect(reading: Reading) -> Mapping[str, Any] | None:
    kinds = [k for k, concept in ((STOP_LOSS_KIND, STOP), (TAKE_PROFIT_KIND, TAKE)) if reading.has(concept)]
    if len(kinds) != 1 or reading.spans():
        return None  # both, or a level or number said ("cancel the stop at 3000"): the cancel's own fill
    named = coins(reading)
    if len(named) > 1:
        return {}
    return {ORDER_TYPE: kinds[0]} | ({"order_no": "all", "symbol": named[0]} if named else {})


STOP_LOSS_KIND, TAKE_PROFIT_KIND = "stop_loss", "take_profit"

_FILLS: dict[str, SlotFill] = {
    "cancel_protect": _cancel_protect,
    "protect": _protect,
    "protect_selling": _protect_selling,
    "nothing": Slots(),
    "cancel": _cancel,
    "cancel_everything": _cancel_everything,
    "symbol": _SYMBOL,
    "stuck": _stuck,
    "limit_stuck": _limit_stuck,
}
INTENTS = table(SKILL, "orders", _FILLS).intents
