"""Pieces of a message that ask nothing (core.conversation.clauses): a story told, small talk, a
remark after a look-up, a preface; and what a piece says it asks, that a space after Chinese may
stand between."""

from __future__ import annotations

from collections.abc import Callable

from core.conversation.across import kept
from core.conversation.one_request import has_coins
from core.language.fills import coins as fill_coins
from core.language.intents import OUTSIDE
from core.language.normalize import has_cjk, normalize
from core.language.phrases import Words
from core.language.tagger import Reading, words
from core.routing.layer import planned
from core.routing.router import Route

ReadFn = Callable[[str], Reading]

_ADVICE = f"{OUTSIDE}advice"  # "该买吗": a question, not a remark to leave out
# A strategy imagined ("如果过去三个月每天定投 BTC 20 块会怎样？回测看看"): a backtest asked, no remark.
_IMAGINED, _STRATEGY = f"{OUTSIDE}hypothetical", "noun.strategy"

_NEWCOMER, _GETTING_STARTED = "ask.newcomer", "ask.getting_started"  # "im new here"; "how do i start"


def tells(reading: Reading) -> bool:
    """A piece that tells and asks nothing: a story, a remark, a feeling ("我卖了eth", "i sold eth
    lol"); beside an ask it is left out, never read into it. A question for advice is none."""
    kept = {_ADVICE, _IMAGINED} if reading.has(_STRATEGY) else {_ADVICE}
    return any(c.startswith(OUTSIDE) and c not in kept for t in reading.tags for c in t.concepts)


def beside_space(before: str, after: str, told_by: ReadFn) -> bool:
    """Two pieces a space after Chinese may stand between: each asks, or one asks and the other
    tells ("大餅而家幾錢呀 頭先去咗飲茶冇睇": the price, then a remark)."""
    if asking(before) and asking(after):
        return True
    return (asking(before) and tells(told_by(after))) or (tells(told_by(before)) and asking(after))


def asks_questions(pieces: list[str], told_by: ReadFn) -> bool:
    """Every piece that tells no story asks a question by a question's words ("whats", "多少钱",
    "how much") of a coin or a record's kind, none an order's verb: beside them a story told is
    left out ("spent 60 bucks on pizza tonight, worth it" asks nothing)."""
    # Read piece by piece, stopping at the first piece that neither tells, idles nor asks a
    # question: the answer is then no, and the pieces after it need not be read (a long message's
    # ways of cutting were each read whole here, most of its tagging; issue 21: routing p99).
    asked = told = False
    for piece in pieces:
        reading = told_by(piece)
        if tells(reading):
            told = True
        elif not _idle(reading):
            if not a_question(reading):
                return False
            asked = True
    return asked and told


def _idle(reading: Reading) -> bool:
    """A piece of small talk no word of deskmate's explains beyond a filler or a time ("剛下課",
    "今天期中考寫到手快斷掉"): beside a story told and a question it asks nothing, so it is left out
    with the story ("剛下課，晚餐還沒吃 先幫我查一下 BNB 現價": the price)."""
    return bool(reading.rest().strip()) and all(c.startswith(_IDLE) for c in reading.concepts)


_IDLE = ("filler.", "time.")


def a_question(reading: Reading) -> bool:
    """A question by a question's word of a coin or a record's kind ("eth多少钱", "what are my
    alerts"), or by a word that says both what it asks and of what ("今年赚了多少钱": pnl.how_much);
    none ordering."""
    found = reading.concepts
    of = bool(fill_coins(reading)) or any(c.startswith("noun.") and c != "noun.price" for c in found)
    # the P&L named is what is asked of, as a record's noun is ("how my pnl looks for today"), by a
    # question's word other than its own (ask.pnl alone: "pnl is trash" asks nothing); a look at it
    # (睇下今日盈虧) is asked as an act is, no question beside which a story is left out
    pnl = _PNL_NAMED in found and any(c.startswith("ask.") and c != _PNL_NAMED for c in found)
    asked = (of and any(c.startswith(_QUESTION) for c in found)) or bool(found & _ASKED_OF) or pnl
    return asked and not found & _ORDERING


_QUESTION = ("ask.", "noun.price", "verb.query", "verb.look")
_PNL_NAMED = "ask.pnl"  # "pnl", "p&l", 盈亏, "pnl looks"
_ASKED_OF = frozenset({"pnl.how_much"})  # "赚了多少", "how much did": what is asked, and of what
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


def asking(piece: str, *, told: bool = True) -> bool:
    """A piece that says what it asks, by an ask's, a verb's or the price's word ("升穿4000叫我",
    "ETH幾錢"), not a kind's noun alone ("策略", "交易员"): what a space after Chinese may stand
    between. Not ``told``: a loss told is no ask ("it lost a lot")."""
    return any(
        c.startswith(_ASKING) and (told or c not in _TOLD) for t in words(piece).tags for c in t.concepts
    )


_ASKING = ("ask.", "verb.", "noun.price")
_TOLD = frozenset({"verb.lose", "verb.fail"})


def a_reason(piece: str, before: Route) -> bool:
    """A failure told after an act asked of a record ("停掉rex，它一直出错", "stop rex, its orders
    keep failing", "restart rex, it's stuck"): why the act is asked, no diagnosis asked, as the
    lexicon reads verb.fail in the whole message (unless_clause_before). A question of it asks
    ("停掉rex，看看它为什么出错", "stop rex and tell me why it fails")."""
    return before.action in _REASONED and words(piece).has(_FAILED) and not asking(piece, told=False)


_FAILED = "verb.fail"
_REASONED = frozenset({"stop", "start", "delete", "cancel"})  # the acts a failure told is why of


def of_each(reading: Reading) -> bool:
    """A piece asking only how much of each ("我有哪些币，各有多少", "分别有多少"): of what the ask
    before it lists, the same request, no ask of its own."""
    said = reading.concepts
    return _EACH in said and all(c.startswith(_OF_EACH) for c in said)


_EACH = "filler.each"
_OF_EACH = ("filler.", "ask.", "trade.have", "time.")


def price_remark(found: Route, told_by: ReadFn, piece: str) -> bool:
    """A piece read as a price of no coin, with words of its own no tag explains, is a remark
    beside the ask, no price asked ("cancel order 4, i fat fingered the price"; "把旺旺启动一下
    今天行情看着不错"; "i've been yoloing in there all week"); "and the chart too" asks."""
    if found.skill != "price" or set(found.slots) - {"symbols", "days", "range_note"} or has_coins(found):
        return False
    rest = told_by(piece).rest()
    said = sum(len(w) > 1 for w in rest.split() if w.isascii()) + sum(map(has_cjk, rest))
    return said >= 2


def looked_up(route: Route | None) -> bool:
    """An ask that only looks something up, of a coin when a price: nothing is changed, no money
    moved."""
    return route is not None and route.skill in _LOOKING and (route.skill != "price" or has_coins(route))


def left_out(
    piece: str, at: int, first: Route | None, told_by: ReadFn, marked: bool, trailing: bool, idle: bool
) -> bool:
    """A piece routing nowhere left out of the asks: a story told beside them (``marked`` cuts; with
    ``idle``, small talk too), a remark after a look-up (``trailing``), a record kept ("…, keep alice"),
    an act put off beside an ask (``put_off``)."""
    if (kept(piece) and (marked or at)) or put_off(told_by(piece)):
        return True
    if at and _its_fee(first, told_by(piece)):
        return True  # "buy 0.1 btc and tell me the fee": the order's confirmation shows its fee
    if marked and (tells(read := told_by(piece)) or (idle and _idle(read))):
        return True
    return trailing and at > 0 and _aside(piece, first, told_by)


# A trade's cost asked ("the fee", "手续费": outside.cost), beside a word asking or showing it ("tell
# me", "show me", "let me know", "多少") and filler only.
_COST = f"{OUTSIDE}cost"
_FEES = frozenset({_COST, "noun.fee"})  # the fee named as what is asked, or as a noun
_ORDERS = frozenset({"buy", "sell", "limit"})
_ASKING_IT = ("filler.", "ask.", "verb.query", "verb.notify")


def _its_fee(first: Route | None, reading: Reading) -> bool:
    """A piece after an order asks only that order's fee ("…and tell me the fee", "…顺便告诉我手续费多少",
    "…, what's the fee"): no ask of its own, the order's confirmation shows its fee. Asked first
    ("what's the fee to buy 0.1 btc", "买1000u的btc手续费多少") the cost of a trade supposed is no order."""
    if first is None or first.skill != "trade_execution" or first.action not in _ORDERS:
        return False
    said = reading.concepts
    return _COST in said and all(c in _FEES or c.startswith(_ASKING_IT) for c in said)


def put_off(reading: Reading) -> bool:
    """A piece telling an act of its own put off ("晚点再删rex", "遲啲先刪rex", "later i'll delete it",
    "i'll delete it later"): nothing asked now. Beside an ask ("stop rex, later i'll delete it", "晚点再删rex
    先把阿福停了") it is left out and the ask stands; the act is never done now (alone it asks nothing)."""
    later = reading.first(_LATER)
    if later is not None and any(t.start >= later.end and t.concepts & _ACTS for t in reading.tags):
        return True
    return planned(reading)


_LATER = f"{OUTSIDE}later"
_ACTS = _ORDERING | {"order.revoke"}


def _aside(piece: str, first: Route | None, told_by: ReadFn) -> bool:
    """A piece routing nowhere after a look-up, cut at a mark and no "then" or "also", with no
    buying or selling word ("btc price, then buy now", "eth price? buy now" are no look-up with a
    remark): left out, nothing is done for it."""
    return looked_up(first) and not told_by(piece).concepts & _TRADING


_TRADING = frozenset({"verb.buy", "verb.sell"})


_LOOKING = frozenset({"price", "account_query", "pnl", "glossary", "guidance"})


def preface(reading: Reading, route: Route) -> bool:
    """One telling they are new ("hi im new here", "我刚入门"), beside another ask ("..., what is one
    bitcoin worth right now"): a preface to it, no ask of the guide; where to begin asked stays."""
    return route.skill == "guidance" and reading.has(_NEWCOMER) and not reading.has(_GETTING_STARTED)


_HOLDING = frozenset({"balance", "positions"})
_TOLD_HAVE = "trade.have"


_NOT_ASKED = "filler.dont"
_INSTEAD = Words("beside.instead")


_NO_LONGER = Words("dont.no_longer")  # "anymore", "no more", 再: what is so, stopped
_TRADES = "trade_execution"


def declined_for(reading: Reading, route: Route, after: str, then: Route) -> bool:
    """A piece told not to be done, the next opening with what is done instead ("don't alert me,
    just sell 0.5 eth now", "别提醒我了，直接卖0.5个eth"): the road not taken, no ask of its own
    (no alert deleted for "don't alert me"), the ask after it stands. So is an alert declined with
    no alert named right before a trade ("don't alert me, sell 0.5 eth", "不要提醒我，卖0.5个eth"):
    the sale is done instead of being told; one said no longer wanted ("don't alert me anymore",
    "别再提醒我了") stops what is set, and one named ("don't remind me about btc") is deleted."""
    if not reading.has(_NOT_ASKED):
        return False
    if _INSTEAD.prefix(normalize(after).strip()) is not None:
        return True
    return (
        (route.skill, route.action) == ("price_alert", "delete")
        and not route.slots
        and then.skill == _TRADES
        and _NO_LONGER.search(reading.text) is None
    )


def holding_told(piece: str, reading: Reading, route: Route, before: Route | None) -> bool:
    """A holding told right after a problem reported ("buy eth failed insufficient balance?? i have
    money", "order rejected, i have funds"): what the person says contrary to the failure, part of
    the problem, no balance asked; asked ("how much usdt do i have?", "do i have money?") it is."""
    return (
        before is not None
        and before.skill.endswith("_diagnosis")
        and route.skill == "account_query"
        and route.action in _HOLDING
        and reading.has(_TOLD_HAVE)
        and not _ENDS_ASKING.intersection(piece)
        and not any(c.startswith("ask.") for c in reading.concepts)
    )


_ENDS_ASKING = frozenset("?？")
