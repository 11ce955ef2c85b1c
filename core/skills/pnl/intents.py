"""The P&L questions as intents (core.language): "我的盈亏是多少", "this month's P&L", "每个币赚了多少",
"胜率多少", "最大回撤", "trader alpha 赚了多少", "show my daily profit for the last 7 days", and
the weekly report switched on or off ("每周给我发收益报告"). The words are the lexicon's
(core/language/lexicon/pnl.toml), the intents a table (lexicon/intents/pnl.toml); the slots are
read here from the tags and the value grammar.

A message that leaves a word unexplained and names no kind of record ("alpha 今天赚了多少") is
not read here: the person's own names decide it (their trader alpha's P&L). What a trader named
made ("how much has alpha earned", "小牛这周盈亏如何", "trader alpha pnl") is its P&L; how it is
doing ("how is alpha doing", "我的交易员赚钱了吗") its status (the trader skill).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from core.language import fills, typed_names
from core.language.intents import table
from core.language.phrases import Words
from core.language.slots import SWITCH, Choose, Number, Slots, When, first
from core.language.tagger import Reading

SKILL = "pnl"
# Days in a duration's unit ("the last 7 days", "最近两周", "30d").
_DAYS = {"d": 1, "w": 7, "mo": 30, "y": 365}
MAX_DAYS = 366


def _leftover(reading: Reading) -> str:
    """What no tag and no value explains: a name the person typed, or ""."""
    # A clause of words beside the question, no request word or figure in it, is a remark ("how
    # much have i made this week? be honest, i can take it"), no name.
    text = reading.text
    told = [
        (a, b)
        for a, b in typed_names.remarks(reading, asking=("pnl.",))
        if not any(map(str.isdigit, text[a:b]))
    ]
    # After the question, a space apart, Chinese words beside it ("这个月亏了多少啊 心累", "今天赚了多少
    # 唉"): a remark too; before it, or in Latin letters, they may be a name ("alpha 今天赚了多少",
    # "今天赚了多少 alpha": theirs decide).
    asked = min((t.start for t in reading.tags if typed_names.says(t, ("pnl.",))), default=None)
    if asked is not None:
        told += [
            (a, b)
            for a, b in typed_names.remarks(reading, asked, asking=("pnl.",), spaced=True)
            if not any(ch.isdigit() or (ch.isascii() and ch.isalpha()) for ch in text[a:b])
        ]
    rest = reading.rest(
        spans=[*fills.value_spans(reading), *told, *_listed(reading), *_you(text), *_look(text)]
    )
    return " ".join(w for w in rest.split() if len(w) > 1 or not w.isascii())  # "month's" leaves "s"


_YOU, _ADDRESSED = Words("beside.you"), Words("beside.addressed")
_LOOK, _NOT_LOOK = Words("beside.look"), Words("beside.look_not")  # 看 of "看今天赚了多少", not 看到


def _look(text: str) -> list[tuple[int, int]]:
    """A look opening the ask ("看今天赚了多少", "睇今個禮拜賺幾多"): no name."""
    return [
        (a, b) for a, b in _LOOK.spans(text) if not text[:a].strip() and _NOT_LOOK.prefix(text[a:]) is None
    ]


def _you(text: str) -> list[tuple[int, int]]:
    """Deskmate addressed right before a request's word ("你帮我看看今天亏了多少"): no name."""
    asks = {a for a, _ in _ADDRESSED.spans(text)}
    return [(a, b) for a, b in _YOU.spans(text) if b in asks]


# The whole days a duration says ("the last 7 days", "最近两周"); refused when it is not read
# exactly, is zero, is no whole number of days or more than MAX_DAYS ("-7 days", "0 days", "7.5天",
# "1.5 weeks", "5000天"), never another period ("7 days" and "30天" are also the lexicon's week
# and month).
DAYS = Number(
    "days", ("duration",), positive=True, first=True, units=_DAYS, whole="whole_days", most=MAX_DAYS
)
# The period asked for, the first said deciding: a named one, the days said, then these.
NAMED = (
    ("last_week", When("pnl.last_week")), ("last_month", When("pnl.last_month")),
    ("year", When("pnl.this_year")), ("last_year", When("pnl.last_year")),
)  # fmt: skip
NEAR = (
    # "pnl for today": an order's day ("for today", order.today_only) is the day asked here.
    ("today", When(any=["time.today", "time.now", "order.today_only"])),
    ("yesterday", When("time.yesterday")),
    ("week", When("time.week", none="pnl.weekly")), ("month", When("time.month", none="pnl.monthly")),
)  # fmt: skip
GRAIN = Choose(
    "grain", (("day", When("time.daily")), ("week", When("pnl.weekly")), ("month", When("pnl.monthly")))
)


def _period(reading: Reading, slots: dict[str, Any], *, table: bool = False) -> None:
    """The period asked for and the grain of a table ("daily profit" alone: the last 7 days; a
    table asked with no grain is by day)."""
    days, grain = DAYS.read(reading), GRAIN.read(reading)
    if table and grain is None:
        grain = "day"
    period = first(NAMED, reading.concepts) or ("days" if days is not None else first(NEAR, reading.concepts))
    if grain == "day" and period is None:
        period, days = "days", "7"
    slots.update({"period": period, "days": days if period == "days" else None, "grain": grain})
    for key in [k for k in ("period", "days", "grain") if slots[k] is None]:
        del slots[key]


def _account(reading: Reading, name: str, slots: dict[str, Any]) -> None:
    own = reading.first("own.account")
    if own is not None:
        slots["account"] = own.value
    elif name and reading.has("noun.account") and not reading.has("noun.trader"):
        slots["account"] = name
    exchange = next((v for v in reading.values("exchange") if v), "")
    if exchange == "paper":
        slots["kind"] = "paper"
    elif exchange:
        slots["exchange"] = exchange
    if reading.has("pnl.live"):
        slots["kind"] = "live"


_JOIN = Words("conversation.join")  # "和", "同", "and", ","


def _listed(reading: Reading) -> list[tuple[int, int]]:
    """The joins between two of their records named in a list ("老王和夜猫子各自的盈亏"), and 各 after
    a name: no name; each record's P&L is its own ask (core.conversation.listed)."""
    own = sorted(
        (t for t in reading.tags if any(c.startswith("own.") for c in t.concepts)), key=lambda t: t.start
    )
    spans = []
    # Two of the P&L's own words joined ("已实现和未实现盈亏分别多少"): both asked, 和 no name.
    said = sorted((t for t in reading.tags if typed_names.says(t, ("pnl.",))), key=lambda t: t.start)
    for a, b in (*pairwise(own), *pairwise(said)):
        between = reading.text[a.end : b.start].strip()
        if between and (0, len(between)) in _JOIN.spans(between):
            spans.append((a.end, b.start))
    # "旺财和阿明各赚了多少": each one's, said right after the names (and after each, once cut apart)
    spans += [(t.end, t.end + len(_EACH)) for t in own if reading.text.startswith(_EACH, t.end)]
    return spans


_EACH = "各"


def _apart(reading: Reading, concept: str) -> bool:
    """The kind's word stands apart from what follows or precedes it ("trader alpha", "交易员 alpha"),
    so the word left over is a name of its own, not the rest of a name that contains the kind's word
    ("机器人一号": a trader of theirs the names read, not the trader "一号")."""
    tag = reading.first(concept)
    if tag is None:
        return False
    text = reading.text
    return (tag.end < len(text) and text[tag.end].isspace()) or (
        tag.start > 0 and text[tag.start - 1].isspace()
    )


def _reader(view: str) -> Any:
    def fill(reading: Reading) -> Mapping[str, Any] | None:
        name = _leftover(reading)
        trader = reading.has("noun.trader")
        own = reading.first("own.trader")
        if name and not (trader or reading.has("noun.account")):
            return None  # a name: the person's own records decide (core.routing.layer)
        if name and trader and own is None and not _apart(reading, "noun.trader"):
            return None
        slots: dict[str, Any] = {"view": view}
        if own is not None:
            slots["trader"] = own.value
        elif trader and name:
            slots["trader"] = name
        elif trader or reading.has("pnl.per_trader"):
            slots["view"] = "by_trader"
        if slots["view"] == "summary" and reading.has("pnl.table"):
            slots["view"] = "table"  # "daily p&l table", "把最近7天的盈亏列个表"
        _period(reading, slots, table=slots["view"] == "table")
        if slots["view"] == "summary" and "grain" in slots:
            slots["view"] = "table"
        _account(reading, name, slots)
        return slots

    return fill


def _of_trader(reading: Reading) -> Mapping[str, Any] | None:
    """A trader's P&L asked by its word ("小牛这周盈亏如何", "trader alpha pnl"): only with the
    trader named; the traders' in general are how they are doing (the trader skill's)."""
    slots = (_BY_SYMBOL if reading.has(_BY_COIN) else _SUMMARY)(reading)  # "gary pnl by coin": its coins'
    return slots if slots is not None and "trader" in slots else None


_BY_COIN = "pnl.by_coin"


# "每周给我发收益报告" on, "关闭收益周报" off; not wanted any more ("i dont need the sunday pnl recap
# anymore", "不要每周盈亏总结了") off.
# ("don't forget to send me the weekly report" still asks it sent: on).
_SENT = ["pnl.send", "verb.switch_on", "answer.on", "verb.start"]
_WEEKLY = Slots(Choose("switch", (("off", When(any=["filler.dont"], none=_SENT)), *SWITCH), default="on"))
_VIEWS = ("summary", "by_symbol", "win_rate", "drawdown", "by_trader", "equity")
_DAILY = _reader("table")  # one's best or worst day: the table by day
_SUMMARY, _BY_SYMBOL = _reader("summary"), _reader("by_symbol")
_FILLS = {"weekly": _WEEKLY, "of_trader": _of_trader, "daily": _DAILY, **{v: _reader(v) for v in _VIEWS}}
INTENTS = table(SKILL, "pnl", _FILLS).intents
