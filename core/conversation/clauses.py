"""Several asks in one message ("比特币价格和余额", "buy 0.01 BTC and show my balance"): where to
cut a message into clauses that each route on their own.

A message is cut only where every piece is a request of its own: each piece routes (and not as
a bare follow-up such as "BTC"), neighbouring pieces ask for different things (one request reads
its own conjunctions: "BTC and ETH prices"), no word relates the two sides
("仓位和成交记录对不上", "compare BTC and ETH"), and the whole message, when
it routes, is one of the pieces' requests with nothing added by the rest ("为什么余额和持仓对不上"
is one diagnosis, not a balance and a position; "加一个模拟账户，初始资金 5万U" one account). So
"between 3000 and 4000" or a name containing "和" / "and" stays whole: a piece of it routes
nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, pairwise

from core.conversation.across import kept, lent_no_coin, looked_at, numbers_across, shares_delete, verb_of
from core.conversation.apart import says_once
from core.conversation.each_coin import each_coin
from core.conversation.listed import (
    asked_name,
    each_record,
    kind_said,
    listed_as_one,
    only_named,
    own_names,
    said_apart,
)
from core.conversation.naming import cut_in, names_given
from core.conversation.recall import KIND_PLURALS, RECORD_NOUNS
from core.conversation.spaces import cut_spaces
from core.language.fills import coins as fill_coins
from core.language.intents import OUTSIDE
from core.language.listed_first import WAITS
from core.language.negation import negated
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.refusals import refusal_in
from core.language.tagger import Reading, words
from core.language.values import find_values
from core.markets import QUOTE_ASSET
from core.routing.router import Route

MAX_CUTS = 5  # conjunctions considered in one message (2^5 ways to keep or drop them)
MAX_CHARS = 300  # longer messages are not cut: not a few quick asks

# The words are data: core/language/lexicon/phrases/conversation.toml. Where one ask may end and
# the next begin (marks and conjunctions, zh and en), except "还有" asking ("还有多少U"); words relating
# the two sides of a conjunction: one ask about both ("仓位和成交记录对不上", "compare BTC and ETH").
_JOIN, _HELD = Words("conversation.join"), Words("conversation.join_held")
_NEXT, _ALSO = Words("conversation.join_next"), Words("conversation.join_also")
_MORE = Words("conversation.join_more")
_RELATING = Words("conversation.relating")
_KIND_ONE, _NAMED_ONE = Words("conversation.kind_one"), Words("conversation.named_one")
_KIND_ONES = Words("conversation.kind_ones")
# The noun of each record kind a "new one" may stand for (zh, en).
_KIND_NOUNS = {**RECORD_NOUNS, "price_alert": ("提醒", "alert")}
# The last words of kind_ones' English words the kind's plural noun stands for.
_ONES = frozenset({"ones", "rest"})

_MARKS = frozenset(",，;；。!！?？.")
_DROPPED = f"{OUTSIDE}dropped"  # a trade one meant to make, given up ("本来想买eth 算了")
_ADVICE = f"{OUTSIDE}advice"  # "该买吗": a question, not a remark to leave out
# A strategy imagined ("如果过去三个月每天定投 BTC 20 块会怎样？回测看看"): a backtest asked, no remark.
_IMAGINED, _STRATEGY = f"{OUTSIDE}hypothetical", "noun.strategy"

_NEWCOMER, _GETTING_STARTED = "ask.newcomer", "ask.getting_started"  # "im new here"; "how do i start"

RouteFn = Callable[[str], Route | None]
# A later piece read with a pronoun standing for what the piece before it is about ("停掉 alpha
# 然后删除它": 它 is alpha), or None when it has none to read that way.
BackFn = Callable[[str, Route], Route | None]
# How a piece is read to tell whether it tells a story: with the coins where the caller has them
# ("今天卖了eth": a sale told only before what it sold, a coin), else the lexicon's words alone.
ReadFn = Callable[[str], Reading]


def _joins(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` may be cut, in order: each run of joins with only spaces between, inside
    the text (a mark ending it is no cut)."""
    held = _HELD.spans(text)
    runs: list[tuple[int, int]] = []
    for start, end in sorted((*_JOIN.spans(text), *_full_stops(text))):
        if any(s <= start and end <= e for s, e in held):
            continue
        if runs and not text[runs[-1][1] : start].strip():
            start = runs.pop()[0]
        runs.append((start, end))
    return tuple((s, e) for s, e in runs if text[:s].strip() and text[e:].strip())


def _full_stops(text: str) -> list[tuple[int, int]]:
    """A full stop ending a sentence, after a letter and before a space ("btc price today please. my
    grandson set this up for me"): a mark as a comma is; a decimal point ("0.05") or a dot in a
    name ("bot.cli") is none."""
    out, at = [], text.find(". ", 1)
    while at > 0:
        if text[at - 1].isalpha():
            out.append((at, at + 1))
        at = text.find(". ", at + 1)
    return out


def _following(text: str, joins: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
    """The joins that put one ask after another: a run holding "然后", "再", "then"."""
    also = _also(text)
    nexts = [(s, e) for s, e in _NEXT.spans(text) if not any(a <= s and e <= b for a, b in also)]
    return frozenset(j for j in joins if any(j[0] <= s and e <= j[1] for s, e in nexts))


def _more(joins: tuple[tuple[int, int], ...], text: str) -> frozenset[tuple[int, int]]:
    """The joins that add another ask: a run holding "also", "另外", "顺便"."""
    mores = _MORE.spans(text)
    return frozenset(j for j in joins if any(j[0] <= s and e <= j[1] for s, e in mores))


def _skills_apart(before: Route | None, after: Route | None) -> bool:
    """Two asks of two skills: no one skill's request answers both."""
    return before is not None and after is not None and before.skill != after.skill


def _as_whole(read: Route | None, before: Route | None, whole: Route | None) -> Route | None:
    """A later piece asking with nothing of its own ("回测一下") what the whole message asks with
    the words of the ask before it, of another skill ("建个每天10u的doge定投，顺便回测一下": a backtest
    of that plan): the whole's. Never a first piece ("删掉所有提醒，再给 btc 设个提醒": all of them)."""
    if read is None or read.slots or before is None or before.skill == read.skill:
        return read
    if whole is None or not whole.slots or (read.skill, read.action) != (whole.skill, whole.action):
        return read
    return whole


def _its_profit(piece: str, read: Route | None, before: Route | None) -> Route | None:
    """A profit asked after a backtest, no period nor "my" of its own ("suppose a weekly eth dca of
    50 usdt over the past 90 days, what profit"): that backtest's; one's own ("然后看看我的盈亏") is
    the P&L's."""
    if read is None or before is None or (before.skill, read.skill) != ("backtest", "pnl"):
        return read
    if set(read.slots) <= {"view"} and "filler.mine" not in words(piece).concepts:
        return before
    return read


def _also(text: str) -> list[tuple[int, int]]:
    """ "再加", "再加上": an addition, its 再 no next ask; not where a word runs on out of it ("再加仓")."""
    spans = _ALSO.spans(text)
    if not spans:
        return []
    tags = words(text).tags  # the normalized text keeps the offsets of a Chinese run
    return [(s, e) for s, e in spans if not any(s < t.start < e < t.end for t in tags)]


def _pieces(text: str, cuts: tuple[tuple[int, int], ...]) -> list[str]:
    out: list[str] = []
    start = 0
    for begin, end in cuts:
        out.append(text[start:begin].strip())
        start = end
    out.append(text[start:].strip())
    return out


_Asked = tuple[str, str | None, str, str]


def _asks_for(route: Route) -> _Asked:
    """What a piece asks for: its request, its coins and its record ("buy 0.01 BTC" and "buy 0.01
    ETH" are two orders, "停掉多多" and "停掉阿强" two stops; two halves of a pasted error, one diagnosis)."""
    coins = route.slots.get("symbol") or route.slots.get("symbols") or ""
    return route.skill, route.action, str(coins), asked_name(route)


def _same(a: _Asked, b: _Asked, own: frozenset[str]) -> bool:
    """One request said over two clauses: the same request with the same coins, or one of them
    naming none ("开个定投，每天 30u 买 btc" is one plan, not a plan and a second one); or two
    problems side by side, one told with what it said ("卖单被拒了，提示余额不足" is one rejection,
    not also a model's "insufficient balance")."""
    if a[1] == b[1] == "diagnose" or {a[:2], b[:2]} <= _ONE_ORDER_PROBLEM:
        return True
    named = a[3] != b[3] and {a[3], b[3]} <= own  # two of theirs ("rock and roll", "that trader sucks")
    return a[:2] == b[:2] and (a[2] == b[2] or not a[2] or not b[2]) and not named


# An order's failure and its resting told side by side ("我的買單報錯了 一直掛著"): one order's problem.
_ONE_ORDER_PROBLEM = frozenset({("order_execution_diagnosis", "diagnose"), ("orders", "why_resting")})


def _covers(piece: Route, whole: Route, alike: bool) -> bool:
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


def _coin_borrowed(whole: Route, found: list[tuple[str, Route]], told_by: ReadFn) -> bool:
    """The whole message read as one piece's request on another piece's coin: "sell all my pepe
    and set an alert for btc under 85k" is no PEPE alert, "stop my eth bot and buy btc" no ETH
    buy, "delete alert 3, sell 0.5 sol" no SOL alert deleted. A later ask naming its own coin keeps
    it: a piece is the whole's request on a coin of its own or none, and the whole's coin is another
    piece's (its route's, or said in it)."""
    coin = _asks_for(whole)[2]
    if not coin:
        return False
    same = [r for _, r in found if (r.skill, r.action) == (whole.skill, whole.action)]
    others = [(p, r) for p, r in found if r not in same]
    if any(_coins(r) and _asks_for(r)[2] != coin for r in same):
        return any(_asks_for(r)[2] == coin or coin in fill_coins(told_by(p)) for p, r in others)
    # none of its own: borrowed from another skill's ask on that coin, nothing else of the whole's
    # taken with it ("開個定投策略 每日 20U 買 BTC" is one plan: its 20U is the plan's too)
    own = {k for k, v in whole.slots.items() if coin not in str(v)}
    return any(not _coins(r) and own <= set(r.slots) for r in same) and any(
        r.skill != whole.skill and _asks_for(r)[2] == coin for _, r in others
    )


def _inherits(piece: str, before: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece with no verb of its own asking what the piece before it asks, of something else:
    "买0.1个eth和0.2个sol", "buy 50u of btc and 50u of eth" are two buys. Read with that piece's
    verb, it must be the same request (a list of coins for one request is no second one)."""
    verb = verb_of(before)
    if verb is None or verb_of(piece) is not None or "filler.dont" in words(piece).concepts or negated(piece):
        return None  # "sell my btc, dont buy eth", "sell btc, not eth": told not to, no second sale
    found = route(f"{verb} {piece}") or route(f"{verb} {kind_said(piece, asked)}")
    if found is None or found.followup or (found.skill, found.action) != (asked.skill, asked.action):
        return None
    return found


def _told(reading: Reading) -> bool:
    """A piece that tells and asks nothing: a story, a remark, a feeling ("我卖了eth", "i sold eth
    lol"); beside an ask it is left out, never read into it. A question for advice is none."""
    kept = {_ADVICE, _IMAGINED} if reading.has(_STRATEGY) else {_ADVICE}
    return any(c.startswith(OUTSIDE) and c not in kept for t in reading.tags for c in t.concepts)


def _beside_space(before: str, after: str, told_by: ReadFn) -> bool:
    """Two pieces a space after Chinese may stand between: each asks, or one asks and the other
    tells ("大餅而家幾錢呀 頭先去咗飲茶冇睇": the price, then a remark)."""
    if _asking(before) and _asking(after):
        return True
    return (_asking(before) and _told(told_by(after))) or (_told(told_by(before)) and _asking(after))


def _questions(pieces: list[str], told_by: ReadFn) -> bool:
    """Every piece that tells no story asks a question by a question's words ("whats", "多少钱",
    "how much") of a coin or a record's kind, none an order's verb: beside them a story told is
    left out ("spent 60 bucks on pizza tonight, worth it" asks nothing)."""
    read = [told_by(p) for p in pieces]
    rest = [r for r in read if not _told(r) and not _idle(r)]
    return bool(rest) and any(map(_told, read)) and all(_question(r) for r in rest)


def _idle(reading: Reading) -> bool:
    """A piece of small talk no word of deskmate's explains beyond a filler or a time ("剛下課",
    "今天期中考寫到手快斷掉"): beside a story told and a question it asks nothing, so it is left out
    with the story ("剛下課，晚餐還沒吃 先幫我查一下 BNB 現價": the price)."""
    return bool(reading.rest().strip()) and all(c.startswith(_IDLE) for c in reading.concepts)


_IDLE = ("filler.", "time.")


def _question(reading: Reading) -> bool:
    found = reading.concepts
    of = bool(fill_coins(reading)) or any(c.startswith("noun.") and c != "noun.price" for c in found)
    return of and any(c.startswith(_QUESTION) for c in found) and not found & _ORDERING


_QUESTION = ("ask.", "noun.price", "verb.query", "verb.look")
_ORDERING = frozenset(
    {
        "verb.buy",
        "verb.sell",
        "verb.cancel",
        "verb.create",
        "verb.delete",
        "verb.start",
        "verb.stop",
        "verb.update",
    }
)


def _asking(piece: str, *, told: bool = True) -> bool:
    """A piece that says what it asks, by an ask's, a verb's or the price's word ("升穿4000叫我",
    "ETH幾錢"), not a kind's noun alone ("策略", "交易员"): what a space after Chinese may stand
    between. Not ``told``: a loss told is no ask ("it lost a lot")."""
    return any(
        c.startswith(_ASKING) and (told or c not in _TOLD) for t in words(piece).tags for c in t.concepts
    )


_ASKING = ("ask.", "verb.", "noun.price")
_TOLD = frozenset({"verb.lose"})


def _price_remark(found: Route, told_by: ReadFn, piece: str) -> bool:
    """A piece read as a price of no coin, with words of its own no tag explains, is a remark
    beside the ask, no price asked ("cancel order 4, i fat fingered the price"; "把旺旺启动一下
    今天行情看着不错"; "i've been yoloing in there all week"); "and the chart too" asks."""
    if found.skill != "price" or set(found.slots) - {"symbols", "days", "range_note"} or _coins(found):
        return False
    rest = told_by(piece).rest()
    said = sum(len(w) > 1 for w in rest.split() if w.isascii()) + sum(map(has_cjk, rest))
    return said >= 2


def _looked_up(route: Route | None) -> bool:
    """An ask that only looks something up, of a coin when a price: nothing is changed, no money
    moved."""
    return route is not None and route.skill in _LOOKING and (route.skill != "price" or _coins(route))


def _left_out(
    piece: str, at: int, first: Route | None, told_by: ReadFn, marked: bool, trailing: bool, idle: bool
) -> bool:
    """A piece routing nowhere left out of the asks: a story told beside them (``marked`` cuts; with
    ``idle``, small talk too), a remark after a look-up (``trailing``), a record kept ("…, keep alice")."""
    if kept(piece) and (marked or at):
        return True
    if marked and (_told(read := told_by(piece)) or (idle and _idle(read))):
        return True
    return trailing and at > 0 and _aside(piece, first, told_by)


def _aside(piece: str, first: Route | None, told_by: ReadFn) -> bool:
    """A piece routing nowhere after a look-up, cut at a mark and no "then" or "also", with no
    buying or selling word ("btc price, then buy now", "eth price? buy now" are no look-up with a
    remark): left out, nothing is done for it."""
    return _looked_up(first) and not told_by(piece).concepts & _TRADING


_TRADING = frozenset({"verb.buy", "verb.sell"})


_LOOKING = frozenset({"price", "account_query", "pnl", "glossary", "guidance"})
_ENDS_ASKING = frozenset("?？")


def _coins(route: Route) -> bool:
    return bool(route.slots.get("symbol") or route.slots.get("symbols"))


def _of_its_coin(piece: str, asked: Route, route: RouteFn, said: Reading | None = None) -> Route | None:
    """A piece naming no coin, with a value for one, about the one coin the piece before it is
    about: "eth price, then alert me at 4000" sets the alert on ETH. Read with that coin said
    first, it must use it, and ask more than the coin's price ("buy now" lends no coin). A piece
    before asking of no coin lends the one coin it says (``said``, its reading): "stop my eth bot
    and set a stop loss at 3000" sets the stop on ETH."""
    coins = asked.slots.get("symbols") or [asked.slots.get("symbol")]
    if coins == [None] and said is not None:
        coins = list(fill_coins(said)) or coins
    if len(coins) != 1 or not isinstance(coins[0], str) or not coins[0].endswith(QUOTE_ASSET):
        return None
    if not find_values(piece):
        return None
    coin = coins[0]
    found = route(f"{coin.removesuffix(QUOTE_ASSET).lower()} {piece}")
    if (
        found is None
        or found.followup
        or found.skill == "price"
        or coin not in (found.slots.get("symbol"), *found.slots.get("symbols", ()))
    ):
        return None
    return found


def _a_new_one(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for "a new one" of the kind the piece before it is about: "delete my btc
    alert then make a new one for 105k" makes a BTC alert (the coin lent as _of_its_coin lends
    it). Read with the kind's noun for "one", it must be a request of that kind."""
    nouns = _KIND_NOUNS.get(asked.skill)
    spans = _KIND_ONE.spans(piece)
    if nouns is None or not spans:
        return None
    start, end = spans[0]
    said = piece[start:end]  # "a new one" -> "a new alert", "再建一个" -> "再建一个提醒"
    en = said.lower().endswith("one")
    text = f"{piece[:start]}{f'{said[:-3].rstrip()} {nouns[1]}' if en else said + nouns[0]}{piece[end:]}"
    found = route(text)
    if found is None or not _coins(found):
        found = _of_its_coin(text, asked, route) or found
    return found if found is not None and not found.followup and found.skill == asked.skill else None


def _the_named_one(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for one of the kind the piece before it is about, told by the word before
    "one" ("what alerts have i got, then delete the doge one": the DOGE alert, not a record named
    "doge one"). Read with the kind's noun for "one", it must be a request of that kind."""
    nouns = _KIND_NOUNS.get(asked.skill)
    if nouns is None or _KIND_ONE.spans(piece):
        return None
    for start, end in _NAMED_ONE.spans(piece):
        before = piece[:start].split()
        if not before or before[-1].lower() in _NOT_NAMING:
            continue
        en = piece[start:end].lower() == "one"
        found = route(f"{piece[:start]}{nouns[1] if en else piece[start:end] + nouns[0]}{piece[end:]}")
        if found is not None and not found.followup and found.skill == asked.skill:
            return found
    return None


def _the_kind_ones(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for those of the kind the piece before it is about: "delete my eth alerts,
    then show me which ones are left" lists the alerts. Read with the kind's noun for "ones", it
    must be a request of that kind."""
    nouns = KIND_PLURALS.get(asked.skill)
    spans = _KIND_ONES.spans(piece)
    if nouns is None or not spans:
        return None
    start, end = spans[0]
    said = piece[start:end]
    words = said.split()
    last = words[-1].lower() if words else ""
    if last in _ONES:  # "which ones" -> "which alerts", "the rest" -> "the alerts"
        said = f"{said[: len(said) - len(last)]}{nouns[1]}"
    elif not last.isascii():  # "还剩哪些" -> "还剩哪些提醒"
        said += nouns[0]
    found = route(f"{piece[:start]}{said}{piece[end:]}")
    if found is None or found.followup or found.skill != asked.skill or "target_ref" in found.slots:
        return None  # those of the kind, none named ("still" is no strategy's name)
    return found


_NOT_NAMING = frozenset({"the", "that", "this", "a", "an", "which", "any", "no", "each", "every", "new"})


def split_asks(
    text: str, whole: Route | None, route: RouteFn, back: BackFn | None = None, told_by: ReadFn = words
) -> list[tuple[str, Route]] | None:
    """The clauses of ``text`` with their routes, in order, when it holds several asks; None
    when it is one ask (or none). ``whole``: the route of the whole message; ``route``: how a
    piece is routed; ``back``: how a piece's pronoun is read as the piece before it's coin or
    record; ``told_by``: how a piece is read to tell a story told (``ReadFn``). The most clauses
    win; of as many, the earliest cuts."""
    if len(text) > MAX_CHARS or _RELATING.search(text) or WAITS in told_by(text).concepts:
        return None  # WAITS: "list my alerts then delete them" is the list, one ask
    each = each_coin(text, whole, route, told_by)  # "帮我买btc和eth各100u": one order per coin
    each = each or each_record(text, whole, route, told_by)  # "把多多和阿强都停了": one per record
    if each is not None:
        return each
    naming = names_given(text)  # "…，叫它抄底线": the name and the clause before it are one ask
    joins = tuple(j for j in _joins(text) if not cut_in(j, naming))
    spaces = cut_spaces(text, joins, lambda piece: _told(told_by(piece)))[: max(0, MAX_CUTS - len(joins))]
    joins = tuple(sorted(joins + tuple(j for j in spaces if not cut_in(j, naming))))
    if not joins:
        return None
    joins = joins[:MAX_CUTS]
    if whole is not None and says_once(text, joins, told_by):
        return None  # one clause says what is asked, the others its values (core.conversation.apart)
    seen: dict[str, Route | None] = {}

    def routed(piece: str) -> Route | None:
        if piece not in seen:
            found = route(piece) if piece and not kept(piece) else None  # "…, keep alice": no ask
            bare = found is None or found.followup or _price_remark(found, told_by, piece)
            seen[piece] = None if bare else found
        return seen[piece]

    referred: dict[tuple[str, str], Route | None] = {}

    def routed_after(piece: str, before: Route | None) -> Route | None:
        if back is None or before is None or not piece:
            return routed(piece)
        key = (piece, repr((before.skill, before.action, sorted(before.slots.items(), key=str))))
        if key not in referred:
            found = back(piece, before)
            if found is not None and routed(piece) is None and not _asking(piece, told=False):
                found = None  # "delete trader moonboy, its been bleeding money": a remark on it, no ask
            referred[key] = found if found is not None and not found.followup else routed(piece)
        return referred[key]

    following = _following(text, joins)
    adding = _more(joins, text)
    more = adding if whole is not None else frozenset()
    for count in range(len(joins), 0, -1):
        for cuts in combinations(joins, count):
            pieces = _pieces(text, cuts)
            if not all(
                _beside_space(pieces[at], pieces[at + 1], told_by) for at, c in enumerate(cuts) if c in spaces
            ):
                continue  # "策略 BTC定投 改名叫 定投主力": a bare noun before a space is no ask of its own
            # a story is left out only from a message that asks something, cut at a mark or "then"
            # ("我卖了eth，帮我买点btc"); never at "and" ("i bought btc in 2017 and im still holding
            # lol" is one story), nor from a remark ("大饼今天又跌了，心态崩了" asks nothing). A message
            # the story keeps from routing whole asks still where its other pieces ask a question of
            # their own ("whats xrp at today, my uncle wont shut up about it": the price).
            # a space after a trade given up cuts as a mark does ("本来想买eth 算了 取消订单": no buy)
            cut_at = [
                following.issuperset([c])
                or bool(_MARKS.intersection(text[c[0] : c[1]]))
                or (c in spaces and told_by(pieces[at]).has(_DROPPED))
                for at, c in enumerate(cuts)
            ]
            marked = (whole is not None and all(cut_at)) or (
                whole is None
                and all(at or c in spaces for at, c in zip(cut_at, cuts, strict=True))
                and _questions(pieces, told_by)
            )
            # A message routing nowhere whole, its first piece a question that changes nothing: the
            # pieces after it that route nowhere are remarks ("any open futures positions? pretty
            # sure i left a short running from last night"); never beside an order or a switch.
            trailing = (
                whole is None
                and all(
                    (_MARKS.intersection(text[c[0] : c[1]]) or c in spaces)
                    and c not in following
                    and c not in adding
                    for c in cuts
                )
                and (
                    _question(told_by(pieces[0]))
                    or bool(_ENDS_ASKING.intersection(text[cuts[0][0] : cuts[0][1]]))
                )
            )
            routes: list[Route | None] = []
            for at, piece in enumerate(pieces):
                before = routes[-1] if routes else None
                read = routed_after(piece, before)
                if before is not None and piece and (read is None or read.skill != before.skill):
                    read = _the_named_one(piece, before, routed) or read
                own = own_names(told_by(text))
                if read is not None and before is not None and only_named(read, before, own):
                    read = _inherits(piece, pieces[at - 1], before, routed) or read  # "和交易员阿强"
                if read is None and before is not None and piece:
                    read = (
                        _inherits(piece, pieces[at - 1], before, routed)
                        or _of_its_coin(piece, before, routed)
                        or _a_new_one(piece, before, routed)
                        or _the_kind_ones(piece, before, routed)
                    )
                elif read is not None and before is not None and not _coins(read) and not lent_no_coin(read):
                    # "btc 价格，然后跌到 80000 通知我"; "stop my eth bot and set a stop loss at 3000"
                    lent = _of_its_coin(piece, before, routed, told_by(pieces[at - 1]))
                    if lent is not None and (lent.skill, lent.action) == (read.skill, read.action):
                        read = lent
                if before is not None:  # "delete the btc alert and the eth one": no ETH alert made
                    read = shares_delete(piece, before, read, routed, _the_named_one)
                if read is None and at and cuts[at - 1] in adding:
                    read = looked_at(piece, route)  # "查余额顺便看看eth": a look at the coin's price
                routes.append(_as_whole(_its_profit(piece, read, before), before, whole))
                if routes[-1] is None and not _left_out(
                    piece, at, routes[0], told_by, marked, trailing, whole is None
                ):
                    break  # a piece that is neither an ask nor a story told: no cut here, and the
                    # pieces after it need not be routed (most of a long message's routing)
            if len(routes) < len(pieces):
                continue
            told = [
                r is None and _left_out(p, at, routes[0], told_by, marked, trailing, whole is None)
                for at, (p, r) in enumerate(zip(pieces, routes, strict=True))
            ]
            if any(r is None and not t for r, t in zip(routes, told, strict=True)) or all(told):
                continue
            found = [(p, r) for p, r in zip(pieces, routes, strict=True) if r is not None]
            if trailing and any(told) and not all(_looked_up(r) for _, r in found):
                continue
            asked = [_asks_for(r) for _, r in found]
            if any(_same(a, b, own_names(told_by(text))) for a, b in pairwise(asked)):
                continue  # one request reads its own "and" ("BTC and ETH prices", a pasted error)
            alike = whole is not None and all(
                (r.skill, r.action) == (whole.skill, whole.action) for _, r in found
            )
            # each cut puts a next ask, or adds one of another skill ("pause all traders, also
            # delete my sol alert"; "btc price, also the weekly chart" may be one request)
            apart = all(
                c in following or (c in more and _skills_apart(routes[at], routes[at + 1]))
                for at, c in enumerate(cuts)
            )
            if (
                whole is not None
                and not any(told)  # "我卖了eth，帮我买点btc": the story's coin is not the order's
                and not apart
                and not any(_covers(r, whole, alike) for _, r in found)
                and not _coin_borrowed(whole, found, told_by)
                and not said_apart(whole, pieces)
                and not numbers_across(whole, pieces)
                and not listed_as_one(whole, [r for _, r in found], told_by(text))
            ):
                continue  # the whole message is one request the pieces lose part of
            return [(p, r) for p, r in found if not _preface(told_by(p), r)] or found
    return None


def _preface(reading: Reading, route: Route) -> bool:
    """One telling they are new ("hi im new here", "我刚入门"), beside another ask ("..., what is one
    bitcoin worth right now"): a preface to it, no ask of the guide; where to begin asked stays."""
    return route.skill == "guidance" and reading.has(_NEWCOMER) and not reading.has(_GETTING_STARTED)
