"""Reading a strategy request (zh + en) on the language layer's tags: the action, and what the
sentence already says.

    创建一个BTC定投策略，每天买50U          -> create  kind dca, symbol BTC, quote_amount 50, interval 1d
    make a grid strategy for ETH between 3000 and 4000 -> create kind grid, symbol ETH, lower 3000, upper 4000
    把BTC定投设为默认策略                   -> activate  target "BTC定投"
    复制 BTC定投 为 BTC定投2 / duplicate “eth grid” as “eth grid 2”
    把BTC定投的金额改成100 / change the grids of eth grid to 20
    删除策略 ETH网格 / 我的策略 / show my strategies

The words are the lexicon's (core/language/lexicon: the kinds and the fields in strategy.toml,
the verbs, "default"), the values the value grammar's (core.language.values), read where the
words put them ("最多投入5000U" is the total, "每格50U" a grid's amount); no pattern of its own.
A sentence about a trader ("用网格策略创建一个交易员") is the trader skill's: it is not read here.
Values are left as typed; the skill checks each like a typed answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from core.coin_index import CoinIndex
from core.language import fills
from core.language.negation import not_asked_clauses
from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.slots import SetTo, Take, When, first, take
from core.language.tagger import COIN, Reading, Tagger, words
from core.language.typed_names import set_to, untagged
from core.language.values import REFUSED_PREFIX, Value, find_values
from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.routing.router import NO_CONTEXT, Route, RouteContext
from core.skills.strategy_management.changed import (
    MADE_UNITS,
    grid_count,
    made_value,
    money_of_dca,
    raised_to,
    valued_field,
)
from core.strategies.intervals import Interval, interval_in, interval_of, interval_set, refused_of
from core.strategies.words import FIELDS, KIND_CONCEPTS, KINDS, grid_values, in_coins, joined, kind_of
from core.tasks.names import clean_name
from core.tasks.refs import record_ref
from core.workspace.extraction import name_given

SKILL = "strategy_management"
# What a strategy's name may hold: its kind's words ("删除策略 BTC定投").
NAME_WORDS = KIND_CONCEPTS
REPEAT = frozenset({"time.repeat", "time.daily", "time.weekday"})
# Not a strategy request: a trader's ("把机器人一号的策略换成ETH网格"), a problem report, a name
# several of their records have (asked about, not taken), what a word means ("what is a grid
# strategy": the glossary's), a past supposed ("what if i had run a btc dca last year"), or what a
# strategy would have made over a past window.
NOT_OURS = (
    When(any=["noun.trader", "own.trader", "verb.fail", "verb.diagnose", "verb.unfilled", "ask.why"]),
    When("own.several"),
    When("ask.meaning", none=["filler.mine", "own.strategy"]),  # "雪球是什么参数": theirs asked
    When("backtest.if", none="verb.create"),
    When("backtest.simulate"),  # "simulate an eth grid 3k-4k": replayed on history, nothing set up
    When("backtest.test"),  # "test a daily 10 dollar doge dca": tested on history, nothing set up
    # What one would have made over a past window ("would my grid on sol between 120 and 200 have made any
    # money over the last 30 days"): a backtest's question or the P&L's, never a strategy to make.
    When(
        "pnl.recent",
        any=["pnl.profit", "outside.hypothetical", "backtest.supposed", "backtest.would", "pnl.how_did"],
    ),
)
NUMBERS = frozenset(FIELDS[:5] + FIELDS[6:9])  # the fields whose new value is one number
FIELD_CONCEPTS: tuple[tuple[str, frozenset[str]], ...] = (
    ("name", frozenset({"verb.rename", "noun.name"})),
    *((f, frozenset({f"strategy.{f}"})) for f in FIELDS),
)
# Words an answer that is a sentence may have besides its values ("每次买 50U 的 BTC").
_ANSWER_GROUPS = ("filler.", "strategy.", "time.", "answer.yes")
_ANSWER_CONCEPTS = frozenset({"verb.buy", "noun.strategy", "trade.answer_word"})
# A buy said: its verb, or money put into a coin or spent on it ("every day put 10 usdt into eth").
_BUYS = frozenset({"verb.buy", "trade.put_in", "trade.spend"})
_TOLD_ACTS = frozenset({"verb.buy", "verb.sell", "amount.sell_all"})  # what a clause told not to do acts


class StrategyReader:
    """Reads the strategy requests of one catalog's coins; the skill's routing rule."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog

    @cached_property
    def tagger(self) -> Tagger:
        return Tagger(CoinIndex(self.catalog))

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        found = self.read_tags(reading)
        return None if found is None else Route(SKILL, found[0], found[1])

    def route(self, text: str) -> Route | None:
        return self.route_reading(self.tagger.read(text), NO_CONTEXT)

    def read(self, text: str) -> tuple[str, dict[str, Any]] | None:
        return self.read_tags(self.tagger.read(text))

    def read_tags(self, reading: Reading) -> tuple[str, dict[str, Any]] | None:
        """(action, slots) of a strategy request, or None when it is about something else."""
        concepts = reading.concepts
        if not reading.text or reading.text.startswith("/") or any(holds(concepts) for holds in NOT_OURS):
            return None
        noun = "strategy.noun" in concepts or "own.strategy" in concepts
        kind = kind_of(reading)
        action = first(ACTIONS, concepts)
        told_not = action == "deactivate" and first(ACTIONS[: ACTIONS.index(DONT_DEFAULT)], concepts) is None
        if told_not and _NO_LONGER.search(reading.text) is None and not _no_longer_end(reading.text):
            return None  # "don't set lazy stack as default": told not to, nothing unset
        if told_not and "verb.activate" not in concepts and "own.strategy" not in concepts:
            return "deactivate", {}  # "i don't want a default strategy anymore": the default, whichever
        if action is None and OUT_OF_DEFAULT(concepts) and not reading.text.rstrip().endswith(("?", "？")):
            action = "deactivate"  # "take eth grid out of the defaults": the removal said by itself
        if action == "query" and _asked_of_any(reading):
            return None  # "what's a good strategy for beginners": a question, none of theirs
        # "我有什么网格", "我而家有咩網格": a kind they have, asked, is theirs listed (no "策略" said)
        noun = noun or (action == "query" and kind in ("grid", "dca") and "trade.have" in concepts)
        if not noun and _default_of(reading, action):
            slots = _target_slots(reading, str(action))
            name = str((slots.get("target_ref") or {}).get("name", ""))
            # a name of symbols alone ("set_default") names nothing: no strategy's default asked
            return (str(action), slots) if any(c.isalnum() for c in name) else None
        if not noun and ((kind is None and not concepts & _BUYS) or kind == "ai" or action == "query"):
            return None  # no strategy, nor a kind or a buy to set up ("网格是什么" asks): no values read
        values = _values(reading)
        if not noun:
            # "帮我定投BTC，每天50U", "every monday buy 100 usdt of eth": a kind, or a buy that
            # repeats, and something to set up.
            repeat = bool(concepts & _BUYS) and bool(_interval(reading, values) or concepts & REPEAT)
            kind = kind or ("dca" if repeat else None)
            if kind is None or (action is None and not _has_params(reading, values)):
                return None
            action = action or "create"
        if action is None:
            if kind is not None and _has_params(reading, values):
                action = "create"
            elif valued_field(reading, values):
                action = "update"  # "cap lazy stack at 2000 total": a field's value, no verb
            elif not untagged(reading, 0, len(reading.text), keep=NAME_WORDS) and not fills.told_not(reading):
                # none said; a verb a don't took asks nothing ("i don't want to delete my strategy")
                action = "query"
            else:
                return None
        if action == "query" and kind is not None and _has_params(reading, values):
            action = "create"  # "我想要一个BTC定投，每天50U"
        if action == "create":
            ranged, every = _range(reading, values), _interval(reading, values)
            if kind is None and ranged and not every:
                kind = "grid"  # "make a strategy for ETH between 3000 and 4000": only a grid has a range
            elif kind is None and every and not ranged:
                # "new strategy: weekly btc buys of 100": a schedule and no range is a DCA's (an AI
                # strategy is named as one; its table reads no amount per buy).
                kind = "dca"
            return action, self._create_slots(reading, values, kind)
        if action in ("activate", "deactivate") and _whether(reading):
            action = "query"  # "is turtle no longer the default?": asked, nothing set or unset
        slots = _target_slots(reading, action)
        renamed = action != "update" or slots.get("field") != "name" or _renamed_said(reading)
        return (action, slots) if renamed else None

    def values(self, text: str, kind: str) -> dict[str, str]:
        """The parameters of a ``kind`` strategy a sentence gives, as typed ("每天买50U" ->
        quote_amount 50, interval 1d): an answer that says more than the one value asked. Only a
        sentence made of parameters and the words around them counts: "ETH price" or "余额50U够
        不够" says something else, and gives nothing."""
        reading = self.tagger.read(text)
        values = _values(reading)
        if _said_besides(reading, values):
            return {}
        slots = self._create_slots(reading, values, kind if kind in KINDS else None)
        return {k: str(v) for k, v in slots.items() if k not in ("kind", "name")}

    # -- create ------------------------------------------------------------------------------------

    def _create_slots(self, reading: Reading, values: list[Value], kind: str | None) -> dict[str, Any]:
        slots: dict[str, Any] = {} if kind is None else {"kind": kind}
        named = _name_span(reading)
        if named is not None:
            name, start, end = named
            if name:
                slots["name"] = name
            # The name is no parameter: "叫 BTC 每日" names no coin and no interval.
            values = [v for v in values if v.end <= start or v.start >= end]
        else:
            start = end = len(reading.text)
        outside = [t for t in reading.tags if t.end <= start or t.start >= end]
        # "别卖eth，每周买50u的btc": the coin of a clause told not to be done is none of the plan's
        told_not = not_asked_clauses(reading.scanned, reading.found, _TOLD_ACTS)
        outside = [t for t in outside if not any(a <= t.start and t.end <= b for a, b in told_not)]
        coins = list(dict.fromkeys(t.value for t in outside if COIN in t.concepts and t.value))
        if coins:
            slots["symbols" if kind == "ai" else "symbol"] = ",".join(coins) if kind == "ai" else coins[0]
        if len(coins) > 1 and kind != "ai":  # "每天买btc和eth 10u": one plan has one coin; refused quoting
            # the coins, never the first coin's plan alone ("btc和eth各买10u": one plan each, each_coin)
            tags = [t for t in outside if COIN in t.concepts and t.value]
            typed_coins = reading.norm.typed(tags[0].start, tags[-1].end)
            slots["symbol"] = f"{REFUSED_PREFIX}several_coins:{typed_coins}"
        interval = _interval(reading, values)
        refused = refused_of(values)  # "every -2 days": refused quoting it, not asked again as unsaid
        typed = next((v.typed for v in values if v.kind == "interval"), None)  # "every 1.5 days"
        said = interval.text if interval else refused.slot if refused else typed  # no whole one: quoted
        if said and kind != "grid":
            slots["interval"] = said
        left = take(reading, [v for v in values if v is not refused], TABLES[kind or "dca"], slots)
        notes = reading.first("strategy.notes") if kind == "ai" else None
        if notes is not None:
            rest = " ".join(reading.norm.typed(notes.end, len(reading.text)).lstrip(":： ").split())
            if rest:
                slots["notes"] = rest
        if kind == "grid":
            _two_after_bound(reading, values, left, slots)  # "from 100 to 200 20": no bound of 200
        if kind in ("grid", "ai"):
            return slots
        _two_before_money(reading, values, left, slots)  # "dca 100 20 usdt": neither, refused
        coins_bought = in_coins(reading, left)
        if coins_bought is not None and "quote_amount" not in slots:  # "每天买0.001个BTC": never dropped
            slots["quote_amount"] = f"{REFUSED_PREFIX}base_amount:{coins_bought.typed}"
        unplaced = next((v for v in left if v.unit == "quote" and not v.refused), None)
        if unplaced is not None and "max_total" not in slots:
            # Money said that no field's words took ("50U daily, stop at 1000U"): refused quoting
            # it, and the cap asked, never dropped without a word (a cap dropped buys on forever).
            slots["max_total"] = f"{REFUSED_PREFIX}unplaced:{unplaced.typed}"
        return slots


def _two_before_money(
    reading: Reading, values: list[Value], left: list[Value], slots: dict[str, Any]
) -> None:
    """A number no field took right before the DCA's money, a space between ("dca 100 20 usdt",
    "每天定投100 20u"): which one is the amount? Refused as two numbers quoting both, never 20 alone."""
    money = next((v for v in values if v.unit == "quote" and v.slot == slots.get("quote_amount")), None)
    bare = next((v for v in left if money and v.kind == "number" and v.end < money.start), None)
    if money is not None and bare is not None and not reading.text[bare.end : money.start].strip():
        slots["quote_amount"] = f"{REFUSED_PREFIX}two_numbers:{reading.norm.typed(bare.start, money.end)}"


def _two_after_bound(reading: Reading, values: list[Value], left: list[Value], slots: dict[str, Any]) -> None:
    """A number no field took right beside a grid's bound, a space between ("grid btc from 100 to 200
    20", "btc网格 100 5到200"): 20,020 grouped, or a bound and something else? The bound refused as
    two numbers quoting both, never kept as one of them."""
    taken = [v for v in values if not any(v is w for w in left)]
    for name, pick in (("lower", 0), ("upper", -1)):
        said = [v for v in taken if v.slot == slots.get(name)]
        if not said:
            continue
        bound = said[pick]
        for bare in (v for v in left if v.kind == "number"):
            first, second = sorted((bound, bare), key=lambda v: v.start)
            if first.end <= second.start and not reading.text[first.end : second.start].strip():
                typed = reading.norm.typed(first.start, second.end)
                slots[name] = f"{REFUSED_PREFIX}two_numbers:{typed}"


def _plain(value: Value) -> bool:
    """A value that may be a range's end (no amount of a coin)."""
    return value.kind in ("number", "price", "refused", "amount") and value.unit != "base"


def _field(name: str) -> Take:
    return Take(name, near=f"strategy.{name}", joining=joined("between"))


# The values of a new strategy of each kind, a value taken once, in this order: a field's word
# beside it first ("每格50U", "最多投入5000U", "20 USDT each"), then what its unit or place says.
TABLES: dict[str, tuple[Take, ...]] = {
    "grid": (
        _field("quote_per_grid"),
        Take("grids", lambda v: v.kind == "count" or v.unit == "grid"),  # "20格"
        _field("grids"),  # "格数 20"
        # An end said right after its word ("下限-3000" refused, "上限4000", "upper 4000").
        Take("lower", _plain, near="strategy.lower", after=True),
        Take("upper", _plain, near="strategy.upper", after=True),
        Take("lower", _plain, upper="upper", joining=joined("range_join")),
        Take("quote_per_grid", lambda v: v.unit == "quote", unless="lower"),
    ),
    "ai": (
        _field("max_order_notional"),
        Take("max_order_notional", lambda v: v.unit == "quote"),
        Take("max_position_pct", lambda v: v.kind == "percent" or v.unit == "%"),
    ),
    # A DCA's amount: an amount in USDT, else the number a buy names ("买50"), else the one
    # value left ("weekly btc dca 100").
    "dca": (
        _field("max_total"),
        Take("quote_amount", lambda v: v.unit == "quote"),
        Take("quote_amount", lambda v: v.kind == "number", near="verb.buy", after=True),
        Take("quote_amount", lambda v: v.kind == "number" or (v.refused and v.unit != "base"), sole=True),
    ),
}


def _renamed_said(reading: Reading) -> bool:
    """A rename's word ("rename", "改名"), or a strategy before the new name ("set my dca to moon"):
    one only after "to" ("set an order to auto buy when …") is no record's."""
    marker, strategy = set_to(reading), {"own.strategy", "noun.strategy", *KIND_CONCEPTS}
    return bool(reading.concepts & {"verb.rename", "noun.name"}) or any(
        t.concepts & strategy and (marker is None or t.end <= marker.start) for t in reading.tags
    )


def _whether(reading: Reading) -> bool:
    """A yes-no question ("is turtle not the default", "turtle is not the default?", "turtle还是默认
    吗"): a whether word opening or ending it, or a question mark; "stacker is no longer my default"
    tells."""
    text = reading.text.rstrip(" ?？!！。.")
    return reading.text.rstrip().endswith(("?", "？")) or any(
        "filler.whether" in t.concepts and (t.start == 0 or t.end == len(text)) for t in reading.tags
    )


_SETS = frozenset({"verb.make", "verb.update", "verb.set_to", "filler.using"})  # "默认策略换成X" / 用X
DONT_DEFAULT = ("deactivate", When(["verb.activate", "filler.dont"]))
_NO_LONGER = Words("dont.no_longer")
_NO_LONGER_END = Words("dont.no_longer_end")


def _no_longer_end(text: str) -> bool:
    """The message ends with 了 after its don't ("默认策略别用大饼网格了"): no longer, a change asked."""
    said = text.rstrip(" 。.!！~～")
    return any(said.endswith(word) for word in _NO_LONGER_END.words)


ASKED = frozenset({"ask.what_is", "ask.meaning", "ask.how_much"})  # what a field is set to: no update
_CHANGES = ("verb.update", "verb.rename", "verb.set_to")
# No name after "make": a question, a new one, a coin; earnings ("how much did eth ladder make daily",
# "did it make money every week"): nothing changed
_REPEATED, _NOT_MADE = REPEAT | {"verb.buy"}, ["ask.", "verb.create", "coin", "pnl.how_much", "pnl.profit"]
# Which action the verbs say, first found wins; a change asked about is a question ("what's my btc
# dca set to", "设成多少了"), as is any question ("我的定投策略怎么样", "which strategies do i have").
ACTIONS = (
    # "把大饼定投从默认策略里拿掉": out of the default, not deleted
    ("deactivate", When(["noun.from_default", "verb.delete"])),
    ("deactivate", When(["noun.in_default", "verb.delete"])),  # "喺預設策略度拎走": taken out of it
    ("deactivate", When(["verb.activate", "verb.delete"])),  # "remove stacker as my default": unset only
    ("deactivate", When(["verb.activate", "verb.stop"])),  # "stop using stacker as default": unset only
    ("delete", When("verb.delete")), ("duplicate", When("verb.copy")),
    ("deactivate", When("verb.deactivate")), ("deactivate", When(["noun.default", "verb.cancel"])),
    ("deactivate", When(["noun.default", "verb.switch_off"])),  # "默认策略先关了": the default off
    # "dont use moonshot as default anymore", "唔再用衝鋒做預設": unset, not made the default; with
    # no "anymore" / 再 ("don't set lazy stack as default") nothing is asked (read_tags)
    DONT_DEFAULT,
    ("deactivate", When(["noun.default", "filler.dont"])),  # "i don't want a default strategy anymore"
    ("activate", When("verb.activate")), ("activate", When("noun.default", any=_SETS)),
    ("activate", When(["noun.into_default", "verb.create"])),  # "add eth grid to default": made it
    ("delete", When("verb.cancel")),  # "ETH网格不要了", "cancel my btc dca": the plan dropped (confirmed)
    ("query", When(any=_CHANGES, also=ASKED)), ("update", When(any=_CHANGES)),
    # "make weekend dip run every 6h instead", "make the strategy (the copy) buy every 12h", "make eth
    # ladder run daily": repeats otherwise
    ("update", When(["verb.make"], any=["own.strategy", "noun.strategy"], also=REPEAT, none=_NOT_MADE)),
    # "make eth ladder 30 grids instead", "make my btc dca 50u": one of theirs made to have a field's value
    ("update", When(["verb.make", "own.strategy"], any=[f"strategy.{f}" for f in FIELDS], none=_NOT_MADE)),
    # "列出我所有嘅策略設定", "show me my strategy setup": a listing's verb before a set-up's word asks
    # for what is set up (设定 / setup said as a noun), no new strategy.
    # "how is lazy stack set up": one of theirs asked how it stands, none made.
    ("query", When(["verb.create", "own.strategy", "ask.how"])),
    ("create", When("verb.create", none=["verb.query"])), ("query", When(any=["verb.query", "ask."])),
)  # fmt: skip


# Out of the default with no other verb ("take eth grid out of the defaults"): the default unset,
# unless asked ("is eth grid out of the defaults?"). With a removal's verb ACTIONS says so.
OUT_OF_DEFAULT = When("noun.from_default", none=["ask."])


# Another record's word: "把binance设成默认账户", "make claude my default model" are not a strategy's.
_OTHER_RECORD = frozenset({"noun.model", "noun.account", "noun.trader", "noun.bot", "exchange"})
_DEFAULT_WORDS = Words("strategy_default.word")
_DEFAULT_VERBS = frozenset({"verb.activate", "verb.deactivate"})


def _default_of(reading: Reading, action: str | None) -> bool:
    """ "把囤币计划设成默认", "月月存先别当默认了", "make moon bag my default": a default made or
    unset with no kind said is a strategy's (only a strategy is anyone's default), unless another
    record's word is said. "启用claude" says no default: no strategy."""
    if action not in ("activate", "deactivate") or reading.concepts & _OTHER_RECORD:
        return False
    verbs = (reading.text[t.start : t.end] for t in reading.tags if t.concepts & _DEFAULT_VERBS)
    default = _DEFAULT_WORDS.words
    return "noun.default" in reading.concepts or any(w in verb for verb in verbs for w in default)


def _asked_of_any(reading: Reading) -> bool:
    """A question (no verb) not about theirs that names no strategy: words left besides the kind."""
    concepts = reading.concepts
    if "verb.query" in concepts or "filler.mine" in concepts or "own.strategy" in concepts:
        return False
    return bool(untagged(reading, 0, len(reading.text), keep=NAME_WORDS).replace(" ", "")) and not any(
        t.concepts & NAME_WORDS for t in reading.tags
    )


def _values(reading: Reading) -> list[Value]:
    """The values of the message (offsets into the normalized text), quoted as typed."""
    return grid_values(reading, fills.typed_values(reading))


def _interval(reading: Reading, values: Sequence[Value]) -> Interval | None:
    """The interval said ("每天", "every 2 days", "4h", "every monday"); a single day or week
    said before an amount ("一天50u") is one too."""
    if "time.weekday" in reading.concepts:
        return Interval(1, "w")
    said = interval_in(values)
    if said is not None or any(v.kind == "interval" for v in values):
        return said
    days = (v.unit for v in values if v.kind == "duration" and v.number == 1 and v.unit in ("d", "w"))
    return next((Interval(1, u) for u in days), None)


def _has_params(reading: Reading, values: Sequence[Value]) -> bool:
    return any(v.unit == "quote" or v.kind in ("count", "interval") for v in values) or bool(
        _range(reading, values) or _interval(reading, values)
    )


def _range(reading: Reading, values: Sequence[Value]) -> tuple[Value, Value] | None:
    """Two numbers joined as a range ("3000到4000", "between 100 and 200", "3k to 4k")."""
    return fills.ranged(reading, [v for v in values if _plain(v)], joined("range_join"))


def _said_besides(reading: Reading, values: Sequence[Value]) -> bool:
    """Words left once the coins, the values and the words that join them ("买", "每次", "buy",
    "of") are taken out; a range's joining word ("3000到4000") is part of it."""
    span = _range(reading, values)
    spans = [(v.start, v.end) for v in values] + ([(span[0].start, span[1].end)] if span else [])
    besides = {c for t in reading.tags for c in t.concepts if not _answering(c)}
    return any(ch.isalnum() for ch in reading.rest(ignore=besides, spans=spans))


def _answering(concept: str) -> bool:
    return concept == COIN or concept in _ANSWER_CONCEPTS or concept.startswith(_ANSWER_GROUPS)


def _name_span(reading: Reading) -> tuple[str, int, int] | None:
    """A name given whole ("called Alt Two", "叫 小号 二", "“eth grid 2”"): the name and where it
    sits in the normalized text (the marker included)."""
    typed = reading.norm.original
    named = name_given(typed)
    if named is None:
        return None
    offsets = reading.norm.offsets
    start = next((i for i, o in enumerate(offsets) if o >= named.start), len(reading.text))
    end = next((i for i, o in enumerate(offsets) if o >= named.end), len(reading.text))
    return named.value or "", start, end


# -- the others: a target, and for an update the field and its new value ------------------------


def _later_clause(reading: Reading, at: int) -> bool:
    """A mark between the copy's verb and ``at``: a later clause's change ("复制囤币计划，然后把副本改成
    每天一次" asks the copy changed), never the copy's name."""
    verb = reading.first("verb.copy")
    return verb is not None and bool(CLAUSE_MARKS.intersection(reading.text[verb.end : at]))


def _target_slots(reading: Reading, action: str) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    end = len(reading.text)
    if action == "duplicate":
        named = _name_span(reading)
        marker = set_to(reading)
        if named is not None and named[0] and untagged(reading, 0, named[1], keep=NAME_WORDS):
            slots["name"], end = named[0], named[1]
        elif (
            marker is not None
            and untagged(reading, 0, marker.start, keep=NAME_WORDS)
            and not _later_clause(reading, marker.start)
        ):
            # "复制 BTC定投 为 BTC定投2": the copy's name, when something is left to name the original.
            value = clean_name(reading.norm.typed(marker.end, len(reading.text))) or ""
            if value:
                slots["name"], end = value, marker.start
    if action == "update":
        marker = set_to(reading) or raised_to(reading)
        end = len(reading.text) if marker is None else marker.start
        slots.update(UPDATE.read(reading, marker) or {})
        if marker is not None and slots.get("field") == "interval":
            slots.update(_interval_said(reading, marker.end))
        if marker is not None and "field" not in slots:
            slots.update(money_of_dca(reading, _values(reading), marker.end))
        made = (
            (reading.first("verb.make") or reading.first("verb.update"))
            if marker is None and "field" not in slots
            else None
        )
        if made is not None and reading.concepts & REPEAT:
            # "make weekend dip run every 6h instead", "change weekend dca so it runs every 3 days":
            # the repeat said after "make" or the change's verb, no set-to word
            said = _interval_said(reading, made.end)
            slots.update({"field": "interval", **said} if said else {})
            later = [t.start for t in reading.tags if t.start > made.end and t.concepts & _REPEATED]
            end = min([end, *later])  # none when the repeat came before the verb
        if marker is None and (field := slots.get("field")) in MADE_UNITS and field not in slots:
            slots.update(made_value(_values(reading), str(field)))  # "make stacker 25 usdt every buy"
        counted = grid_count(_values(reading)) if marker is None and "grids" not in slots else None
        if counted is not None:  # "bump the btc grid up to 25 grids": the count, no total cap
            slots = {"field": "grids", "grids": counted.slot}
            end = _cue_start(reading, counted.start)
        field = slots.get("field")
        if marker is not None and field in ("interval", "quote_amount") and _two_changes(reading, marker.end):
            # "把定投改成每天50u": an interval and an amount in one new value. One field is changed at
            # a time; the other is never dropped unsaid: the value is refused, quoting it.
            typed = " ".join(reading.norm.typed(marker.end, len(reading.text)).split())
            slots[field] = f"{REFUSED_PREFIX}one_change:{typed}"
    ref = _target(reading, end)
    if ref:
        slots["target_ref"] = ref
    return slots


def _interval_said(reading: Reading, start: int) -> dict[str, str]:
    """The new interval in the grammar's canonical text, as a new strategy's is ("改成4小时",
    "改做每4個鐘一次": 4h; "每天买一次": 1d; "BTC定投 改成 4h 買一次": 4h): the one value said after
    ``start``, a day of every week weekly ("每周一买": 1w, as "every monday" creates). None read
    whole ("every 1.5 days"): nothing, the words typed are said back by the skill."""
    if any("time.weekday" in t.concepts and t.start >= start for t in reading.tags):
        return {"interval": Interval(1, "w").text}
    # A value inside the strategy's own name ("make weekly btc run every 3 days") is no new interval.
    named = [(t.start, t.end) for t in reading.tags if "own.strategy" in t.concepts]
    said = [v for v in _values(reading) if v.start >= start and not any(a <= v.start < b for a, b in named)]
    # "make lazy stack run daily instead of weekly": what it is instead of is the old one
    instead = [t.start for t in reading.tags if "filler.instead_of" in t.concepts and t.start >= start]
    said = [v for v in said if not instead or v.start < min(instead)] or said
    # "改成每週買一次就好，每天買太頻繁了": the new value's clause ends at a mark; the old one told after it
    text = reading.text
    ends = [at for at in range(said[0].end, len(text)) if text[at] in CLAUSE_MARKS] if said else []
    said = [v for v in said if not ends or v.start < ends[0]]
    refused = refused_of(said) if len(said) == 1 else None
    if refused is not None:  # "改成每-2天": refused quoting it, as a new strategy's is
        return {"interval": refused.slot}
    found = interval_set(said[0]) if len(said) == 1 else None
    return {"interval": found.text} if found is not None else {}


def _cue_start(reading: Reading, at: int) -> int:
    """Where the field words right before ``at`` begin ("up to" of "btc grid up to 25 grids"):
    the record is named before them."""
    for tag in reversed(reading.tags):
        if (
            tag.end <= at
            and not reading.text[tag.end : at].strip()
            and any(c.startswith("strategy.") and c not in NAME_WORDS for c in tag.concepts)
        ):
            at = tag.start
    return at


def _two_changes(reading: Reading, start: int) -> bool:
    """The new value says both an interval and an amount in USDT ("每天50u", "100 usdt per week")."""
    after = [v for v in _values(reading) if v.start >= start]
    others = [v for v in after if v.unit != "quote"]
    every = any(v.kind == "interval" or (v.kind == "duration" and interval_of(v)) for v in others)
    return every and len(others) < len(after)


def _field_by_value(value: str) -> str | None:
    """The field a new value alone says: an interval ("每周一次", "every 2 days"), a grid count
    ("30 格"), else a new name."""
    found = find_values(normalize(value))
    if any(v.kind == "count" for v in found):
        return "grids"
    if any(v.kind == "interval" or interval_of(v) for v in found) or refused_of(found):
        return "interval"  # "每-2天" too: an interval not read exactly, never a new name
    if any(v.unit == "quote" for v in found):
        return None  # a sum of money names no strategy: which field is the kind's (changed.money_of_dca)
    return "name"


# "把BTC定投的金额改成100": the field and its new value, a field of one number read as that number.
UPDATE = SetTo("field", FIELD_CONCEPTS, NUMBERS, _field_by_value, _values)


def _target(reading: Reading, end: int) -> dict[str, str] | None:
    ref = record_ref(reading, "strategy", end=end, keep=NAME_WORDS | {COIN})
    kinds = [k for k in KINDS if _only(reading, end, f"strategy.{k}")]
    return {"alias": kinds[0]} if ref and "name" in ref and kinds else ref


def _only(reading: Reading, end: int, concept: str) -> bool:
    """The name left is the kind's word alone ("删除定投策略": the DCA one, if there is only one)."""
    kept = [t for t in reading.tags if t.end <= end and concept in t.concepts]
    return len(kept) == 1 and untagged(reading, 0, end, keep=frozenset({concept})) == reading.norm.typed(
        kept[0].start, kept[0].end
    )


def field_named(text: str) -> str | None:
    """The field a typed answer names ("金额", "grids"), by the lexicon's words."""
    return UPDATE.named(words(text))
