"""When a ticker that is also an everyday word ("link", "one") is the coin: before a price
condition's level ("buzz me when link breaks 30"), some of it bought or sold ("buy me some link",
"sell 10 link at 25", "把link全部清仓"), a stop-loss or take-profit set on it ("take profit on link
at 28"), asked after alone ("and link?"), or how it moved ("how has link moved this week"); never
said otherwise ("click the link", "send me the link"). The tagger (core.language.tagger) keeps such
a coin's span only then."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from core.language.phrases import Words, skip_spaces
from core.language.spans import Span


def weak_coin_said(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """Whether the weak ticker at ``scanned[start:end]`` is the coin, by the words around it."""
    return (
        _before_a_level(scanned, end, words)
        or _alerted_move(scanned, end, words)
        or _priced_first(scanned, start, end, words)
        or _some_bought(scanned, start, words)
        or _asked_after(scanned, start, end)
        or _protected(scanned, start, end, words)
        or _held_then_traded(scanned, start, end, words)
        or _how_much_traded(scanned, start, end, words)
        or _listed_last(scanned, start, end, words)
        or _moved_asked(scanned, start, end, words)
        or _where_asked(scanned, start, end)
        or _watched(scanned, start, words)
        or _ordered(scanned, start, end, words)
    )


# An order's noun ("限价单", "limit sell", "bid", "买单"): the ticker right before it, or after it
# with "on" / "for" between, is the coin the order is for.
_ORDERS: Final = frozenset(
    {"order.limit_order", "order.buy_named", "order.sell_named", "order.limit_buy", "order.limit_sell"}
)
_ARTICLE: Final = Words("not_coin.article_before")  # "the" of "the link order"


def _ordered(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """The coin of an order: "我挂的link限价单", "my link limit sell", "my limit sell on link at 25",
    "a bid for link"; never "the link limit" (the) nor "send the link to my order"."""
    if _ending(scanned[:start].rstrip(), _ARTICLE) is not None:
        return False
    after = skip_spaces(scanned, end)
    if any(first == after and concepts & _ORDERS for first, _, _, concepts, _ in words):
        return True
    before = _before_ending(scanned[:start].rstrip(), _ON)
    return before is not None and any(stop == before and c & _ORDERS for _, stop, _, c, _ in words)


_WATCHED: Final = Words("not_coin.watched_before")  # "watch" of "watch link for me and shout if …"
_NOTIFY: Final = "verb.notify"


def _watched(scanned: str, start: int, words: Sequence[Span]) -> bool:
    """Watched for them, an alert's word said too: "can you watch link for me and shout if it gets to
    25", "keep an eye on link and ping me at 30"; never "watch the link" nor "watch link videos"."""
    return _ending(scanned[:start].rstrip(), _WATCHED) is not None and any(_NOTIFY in s[3] for s in words)


_WHERE_BEFORE: Final = Words("not_coin.where_before")  # "where is" of "where is link now"
_WHERE_AFTER: Final = Words("not_coin.where_after")  # "now" of "where is link now"


def _where_asked(scanned: str, start: int, end: int) -> bool:
    """Where it trades, asked: "where is link now", "where's link trading": "where is" right before
    the ticker, a "now" / "trading" / "at" right after it; never "where is the link" (the)."""
    said = scanned[:start].rstrip()
    return _ending(said, _WHERE_BEFORE) is not None and _WHERE_AFTER.after(scanned, end) is not None


_HOW_DID: Final = "pnl.how_did"  # "how has", "how did"
_MOVED: Final = Words("not_coin.moved_after")  # "moved" of "how has link moved"


def _moved_asked(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """How it moved, asked: "how has link moved the last 14 days?", "how did link do this week":
    "how has" / "how did" right before the ticker, a move's word right after it; never "how did
    link my account" or "how has the link moved" (the)."""
    before = len(scanned[:start].rstrip())
    if not any(stop == before and _HOW_DID in concepts for _, stop, _, concepts, _ in words):
        return False
    return _MOVED.after(scanned, end) is not None


_LIST_JOINS: Final = Words("not_coin.list_join")  # "and" of "sol and link"
_END_MARKS: Final = " ?？!！.。"  # what may end a message after its last word


def _listed_last(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """The last of a list of coins, ending the message: a coin named plainly, a join ("and", ",",
    "和") and the ticker ("quick check on sol and link", "查下sol和link"); never with more said after
    it ("check sol and link my account") or an article before it ("send me the btc and the link")."""
    if scanned[end:].strip(_END_MARKS):
        return False
    coin_end = _before_ending(scanned[:start].rstrip(), _LIST_JOINS)
    return coin_end is not None and any(stop == coin_end and "coin" in c for _, stop, _, c, _ in words)


_HOW_MUCH: Final = "ask.how_much"
_UNSAID: Final = Words("not_coin.how_much_modal")  # "can" of "how much link can i afford"


def _how_much_traded(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """How much of it can be bought, asked: "how much link can i afford", "how many one can i buy":
    "how much" right before the ticker, the buy's verb after it with only "can i" between; never
    "how much is the link" (no trade). Not a sale: "how much link can i sell" orders nothing."""
    before = len(scanned[:start].rstrip())
    if not any(stop == before and _HOW_MUCH in concepts for _, stop, _, concepts, _ in words):
        return False
    at = end
    for first, stop, _, concepts, _ in sorted(w for w in words if w[0] >= end):
        if not set(scanned[at:first].split()) <= set(_UNSAID.words):
            return False
        if "verb.buy" in concepts:
            return True
        if not concepts or not all(c.startswith(("filler.", "ask.")) for c in concepts):
            return False
        at = stop
    return False


# A 把-sentence's object ("把link全部清仓", "將啲link全部賣晒", "把我的link都卖了"): what is said
# between 把 / 将 and the ticker (啲 is read as 的), and between it and the trade's verb.
_OBJECT_MARKS: Final = Words("not_coin.object_mark")
_OWNED: Final = Words("not_coin.object_owned")
_SOLD_OR_BOUGHT: Final = frozenset({"verb.buy", "verb.sell", "amount.sell_all"})


def _held_then_traded(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """What a 把-sentence sells or buys: 把 / 将 before the ticker (only "my" between), its trade's
    verb after it (only a share or "all" between): "把link全部清仓", "将link卖一半"; never "把link发给我"
    (no trade) nor "把link的价格告诉我"."""
    said = scanned[:start].rstrip()
    while said and _ending(said, _OBJECT_MARKS) is None:
        owned = _ending(said, _OWNED)
        if owned is None:
            return False
        said = said[: -len(owned)].rstrip()
    if not said:
        return False
    at = end
    for first in sorted({w[0] for w in words if w[0] >= end}):
        if first < at:
            continue  # inside a word read already
        if scanned[at:first].strip():
            return False
        # every word starting here, the longest read on: "全清了" (a sale) holds "全清" (of orders)
        here = [w for w in words if w[0] == first]
        if any(w[3] & _SOLD_OR_BOUGHT for w in here):
            return True
        _, stop, _, concepts, _ = max(here, key=lambda w: w[1])
        if not concepts or not all(c.startswith(("filler.", "amount.")) for c in concepts):
            return False
        at = stop
    return False


# A protective order's word ("take profit", "stop loss"): the ticker it is set on is the coin.
_PROTECTS: Final = frozenset({"order.stop_loss", "order.take_profit", "order.stop_price"})
_ON: Final = Words("not_coin.protected_on")
_SET_ON: Final = Words("not_coin.protected_set")  # 设 of "link设止损12"


def _protected(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """A stop-loss or take-profit set on it: "set take profit on link at 28", "stop loss for my
    link", its level said before the tie ("add a stop-loss at 11 on my link"), or the ticker said
    first and its order's word right after it, only a setting word between ("帮我的link设止损12",
    "link止盈30"); never "stop loss on the link i sent" (the, no coin)."""
    right_after = skip_spaces(scanned, end)
    at = _past_holding(scanned, right_after, words)
    set_end = _SET_ON.after(scanned, at)
    # Chinese right after it, or a setting word ("link set a stop loss at 12"; "设个止损" is one word),
    # or its position ("link position stop loss at 11"): never "move my stop to 80000" (its own word
    # "my stop", the ticker an English verb).
    if set_end is not None or not scanned[at : at + 1].isascii() or at != right_after:
        starts = {at, skip_spaces(scanned, set_end or at)}
        if any(first in starts and concepts & _PROTECTS for first, _, _, concepts, _ in words):
            return True
    said = scanned[:start].rstrip()
    tie = _ending(said, _ON)
    if tie is None:
        return False
    end = len(said[: -len(tie)].rstrip())
    if any(stop == end and concepts & _PROTECTS for _, stop, _, concepts, _ in words):
        return True
    return _level_before(said[:end], words)


_HOLDING: Final = "noun.holdings"
_ITS: Final = Words("not_coin.holding_of")  # 的 of "link的仓位"


def _past_holding(scanned: str, at: int, words: Sequence[Span]) -> int:
    """Where the words after a holding's noun said at ``at`` start ("link仓位设个止损", "link的仓位止损
    11", "link position stop loss at 11"): the stop is set on the coin's position; else ``at``."""
    start = _ITS.after(scanned, at) or at
    held = next((s for s in words if s[0] == start and _HOLDING in s[3]), None)
    return at if held is None else skip_spaces(scanned, held[1])


_AT_LEVEL: Final = Words("not_coin.protected_at")  # "at" of "a stop-loss at 11 on my link"


def _level_before(said: str, words: Sequence[Span]) -> bool:
    """A protective order's word, "at" and its level, ending ``said`` ("a stop-loss at 11")."""
    from core.language.values import find_values  # only for a weak ticker: not at import

    found = [v for v in find_values(said) if v.end == len(said)]
    if not found or not (found[-1].kind in _LEVELS or found[-1].unit == "quote"):
        return False
    before = said[: found[-1].start].rstrip()
    tie = _ending(before, _AT_LEVEL)
    end = len(before[: -len(tie)].rstrip()) if tie else len(before)
    return any(stop == end and concepts & _PROTECTS for _, stop, _, concepts, _ in words)


# A price condition: the way past a level, then the level ("link breaks 30", "one above 2").
_WAYS: Final = frozenset({"direction.above", "direction.below", "verb.cross"})


def _before_a_level(scanned: str, end: int, words: Sequence[Span]) -> bool:
    """A price condition right after ``end``: a ticker that is also an everyday word ("link") is
    the coin when a level's condition follows it ("buzz me when link breaks 30"), never when said
    otherwise ("click the link", "link my account", "the link above"). A level is what the value
    grammar reads as a plain number or a quote amount (or refuses: the alert says why), not a
    percent, a time or a multiple ("a move over 5%", "over 24 hours")."""
    at = len(scanned) - len(scanned[end:].lstrip())
    return any(
        start == at and concepts & _WAYS and _level_after(scanned, stop)
        for start, stop, _, concepts, _ in words
    )


def _level_after(scanned: str, stop: int) -> bool:
    """A level right at ``stop``, spaces aside."""
    from core.language.values import find_values  # only for such a rare word: not at import

    rest = scanned[stop:]
    found = find_values(rest)
    lead = len(rest) - len(rest.lstrip())
    return bool(found) and found[0].start == lead and (found[0].kind in _LEVELS or found[0].unit == "quote")


_LEVELS: Final = frozenset({"number", "price", "refused"})
# A move the alert's level is made of, right after the ticker ("link翻倍提醒我", "LINK升一倍提我", "alert me
# when link doubles"), or a level reached (到, "link到30提醒我"): the coin, where an alert is asked.
_MULTIPLES: Final = (Words("alert.double"), Words("alert.halve"), Words("alert.triple"))
_ALERTED: Final = frozenset({"verb.notify", "noun.alert"})
_REACHED: Final = frozenset({"direction.reach"})


def _alerted_move(scanned: str, end: int, words: Sequence[Span]) -> bool:
    """An alert asked in the message and, right after the ticker, a multiple of its price ("翻倍",
    "doubles") or a level reached ("到30"): "link翻倍提醒我", "link到30提醒我"; never "send me the link"."""
    if not any(concepts & _ALERTED for _, _, _, concepts, _ in words):
        return False
    at = len(scanned) - len(scanned[end:].lstrip())
    if any(w.prefix(scanned[at:]) is not None for w in _MULTIPLES):
        return True
    return any(s[0] == at and s[3] & _REACHED and _level_after(scanned, s[1]) for s in words)


# An order's words right after its price ("link 11挂单买50u", "link 11 limit buy 50u"), or its
# protective order's at its level ("link 18止盈"; right after the ticker, "move my stop to 80000"
# moves a stop, the ticker an English verb).
_PLACED: Final = frozenset(
    {"verb.buy", "verb.sell", "trade.limit", "order.limit_buy", "order.limit_sell", "order.placing"}
)
_PLACED_AT_LEVEL: Final = _PLACED | _PROTECTS


def _priced_first(scanned: str, start: int, end: int, words: Sequence[Span]) -> bool:
    """The message opening with the ticker, its price right after and an order's word right after
    that ("link 11挂单买50u", "link 11 limit buy 50u"), or the order's word right after it and its
    values later ("link 挂单卖 30刀 10个"), a stop-loss or take-profit at its level ("link 18止盈"): the
    coin the order is placed on; never "link 2 accounts"
    (no order's word)."""
    if scanned[:start].strip():
        return False
    from core.language.values import find_values  # only for such a rare word: not at import

    rest = scanned[end:]
    found = find_values(rest)
    lead = len(rest) - len(rest.lstrip())
    # "link 挂单卖 30刀 10个": the order's word right after the ticker, its values after it
    if found and any(first == end + lead and concepts & _PLACED for first, _, _, concepts, _ in words):
        return True
    if not found or found[0].start != lead or not (found[0].kind in _LEVELS or found[0].unit == "quote"):
        return False
    at = len(scanned) - len(scanned[end + found[0].end :].lstrip())
    return any(first == at and concepts & _PLACED_AT_LEVEL for first, _, _, concepts, _ in words)


_ASKED_AFTER: Final = Words("not_coin.asked_after")  # "and" of "and link?"
_ASKED_TAIL: Final = Words("not_coin.asked_tail")  # 呢 of "那link呢"


def _asked_after(scanned: str, start: int, end: int) -> bool:
    """A follow-up of a coin alone: a ticker that is also an everyday word ("link") is the coin
    when the message is a follow-up's opener, the word and a "?" or "呢" only ("and link?", "what
    about link", "那link呢", "link呢"); never "and the link?" or "click the link"."""
    tail = scanned[end:].strip().rstrip("?？!！ ")
    if tail and tail not in _ASKED_TAIL.words:
        return False
    if not scanned[:start].strip():
        return bool(tail)
    return _ASKED_AFTER.before(scanned, start) == len(scanned) - len(scanned.lstrip())


def _some_bought(scanned: str, start: int, words: Sequence[Span]) -> bool:
    """Some of it bought or sold: a ticker that is also an everyday word ("link") is the coin right
    after a buy's or sell's verb, past "some" or "my" ("buy me some link", "buy link", "sell all my
    link"), or an amount spent on it (_amount_of); never said otherwise ("send me the link", "buy
    the link i sent")."""
    some = _SOME.before(scanned, start) or _HELD.before(scanned, start)
    ends = {stop for _, stop, _, concepts, _ in words if concepts & _TRADED}
    # "get me some": the verb's own words end right before the coin; "buy me some": before "me some"
    if any(len(scanned[:at].rstrip()) in ends for at in (start, some) if at is not None):
        return True
    if some is not None and _order_for(scanned[:some], words):
        return True
    return _amount_of(scanned, start, words) or _count_of(scanned, start, ends)


_SOME: Final = Words("not_coin.some_of")  # "some" of "buy me some link"
_HELD: Final = Words("not_coin.held_of")  # "all my" of "sell all my link"
# A DCA's word is buying too ("how would dca into link have played out", "dca link weekly").
_TRADED: Final = frozenset({"verb.buy", "verb.sell", "strategy.dca"})
_FOR: Final = Words("not_coin.order_for")  # "for" of "a sell order for all my link"
_ORDER: Final = frozenset({"order.orders"})
_LIMIT_SIDE: Final = frozenset({"order.limit_order"})  # "limit sell", "limit buy": an order with its side


def _order_for(said: str, words: Sequence[Span]) -> bool:
    """A buy or sell order placed for some of it ("place a sell order for all my link at 25"): the
    order's word, its side right before it, then "for" before "my" / "some"; or a limit order's
    words with its side in them ("gimme a limit sell on all my link at 25 bucks"), then "for" / "on"."""
    said = said.rstrip()
    tie = _ending(said, _FOR)
    if tie is None:
        return False
    end = len(said[: -len(tie)].rstrip())
    if any(s[1] == end and s[3] >= _LIMIT_SIDE and s[3] & _TRADED for s in words):
        return True  # "limit sell": the order and its side in one word
    order = next((s for s in words if s[1] == end and s[3] & _ORDER), None)
    if order is None:
        return False
    side = len(said[: order[0]].rstrip())
    return any(stop == side and concepts & _TRADED for _, stop, _, concepts, _ in words)


# A buy simulated is spent too ("simulate buying 50u of link every week": backtest.invest).
# Given for it ("get me 50u of link": verb.give) is bought.
_SPENT: Final = frozenset(
    {"verb.buy", "verb.sell", "verb.give", "trade.spend", "trade.put_in", "backtest.invest"}
)
_TIES: Final = Words("not_coin.spent_on")  # "of" of "buy 100u of link", 的 of "买100u的link"


def _amount_of(scanned: str, start: int, words: Sequence[Span]) -> bool:
    """What an amount is spent on or sold of, after a buy's, spend's or sell's word: "buy 100u of
    link", "买100u的link" (an amount right before "of" / "的"), "throw 75 bucks at link", "spend half
    my usdt on link", "sell a quarter of my link"; never "the link of the page" or "我买的link" (no
    amount)."""
    said = scanned[:start].rstrip()
    tie = _ending(said, _TIES)
    if tie is None:
        return False
    said = said[: -len(tie)].rstrip()
    if not any(stop <= len(said) and concepts & _SPENT for _, stop, _, concepts, _ in words):
        return False
    from core.language.values import find_values  # only for a weak ticker: not at import

    amounts = [v for v in find_values(said) if v.kind in ("amount", "number", "fraction", "percent")]
    # a share said earlier before a Latin tie ("sell a quarter of my link"); 的 right after an amount
    return any(v.end == len(said) or (v.kind in ("fraction", "percent") and tie.isascii()) for v in amounts)


def _count_of(scanned: str, start: int, ends: set[int]) -> bool:
    """A count or a share of it right after a buy's or sell's verb: "sell 10 link at 25", "buy 3
    link", with its counter ("卖5个link", "買3粒link"), a sum of USDT ("買3k U link"), a share
    ("卖掉三成link", "賣三分之一link", "卖一半link")."""
    from core.language.values import find_values  # only for a weak ticker: not at import

    said = scanned[:start].rstrip()
    counts = [
        v
        for v in find_values(said)
        if (v.kind in _SHARES or (v.kind == "amount" and v.unit in ("base", "quote"))) and v.end == len(said)
    ]
    return bool(counts) and len(said[: counts[-1].start].rstrip()) in ends


_SHARES: Final = frozenset({"number", "fraction", "percent"})  # a count, or a share of a holding


def _before_ending(said: str, words: Words) -> int | None:
    """Where what comes before the one of ``words`` that ends ``said`` ends ("sol and": 3), or None."""
    tie = _ending(said, words)
    return None if tie is None else len(said[: -len(tie)].rstrip())


def _ending(said: str, words: Words) -> str | None:
    """The first of ``words`` (as written) that ``said`` ends with, or None; a Latin one only whole
    (no letter right before it: "on" of "stop loss on", never of "button")."""
    return next(
        (w for w in words.words if said.endswith(w) and not (w.isascii() and said[: -len(w)][-1:].isalpha())),
        None,
    )
