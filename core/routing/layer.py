"""Routing through the language layer: tag the message once, score every skill's intents, and let
the best one that can read its slots decide.

The best intent's skill reads the slots with its own reader (its rule) where it has one that
agrees on the skill, else the intent fills them from the tags (a coin, the person's record,
what is left of the message as a name). A skill whose routing is wholly on intents
(``SkillSpec.intents_only``) has its rules consulted only here, as its readers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final, Protocol, cast, runtime_checkable

from core.language.clock import clock_span
from core.language.gazetteer import Gazetteer
from core.language.intents import Intent, IntentEngine, Ranking
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.refusals import LATER, REFUSED_PREFIX
from core.language.spans import clause_break
from core.language.tagger import RECORD_NOUNS, Reading, Tag, Tagger
from core.language.unwatched import HELD_IF
from core.routing.router import Route, RouteContext, Rule

# Verbs that act on a record, and the nouns naming a record's kind: a verb with no kind named is
# where the person's own names decide ("启动机器人一号").
RECORD_VERBS: Final = frozenset(
    {
        "verb.start",
        "verb.stop",
        "verb.delete",
        "verb.update",
        "verb.switch_on",
        "verb.switch_off",
        "verb.query",
    }
)
USING: Final = "filler.using"  # "用", "with", "using": what a request is done with
SET_TO: Final = frozenset({"filler.to", "verb.set_to"})  # the word before a value set ("为", "to")
# A one-off time ahead ("tomorrow", "下周一"), unless the ask repeats ("从明天开始每天买10u eth": a plan's).
AHEAD: Final = "time.later"
CLOCK: Final = "time.clock"  # a clock time of day said for an ask (not a tag the tagger gives)
REPEATS: Final = frozenset({"time.daily", "time.repeat", "time.weekday"})
_NUMERALS: Final = frozenset("0123456789零一二三四五六七八九十两半几")
# What an ask does; a time ahead told apart from it may be a remark of one's own (_for_now).
ACTS: Final = frozenset(
    {"verb.buy", "verb.sell", "verb.cancel", "verb.delete", "verb.stop", "verb.start", "verb.create"}
    | {"order.revoke", "backtest.run"}  # "i'll backtest later": one's plan, nothing asked now
)
SELF, NOW_FIRST, PLAN = Words("ahead.self"), Words("ahead.now_first"), Words("ahead.plan")
PUT_OFF, PUT_OFF_THEN = Words("ahead.put_off"), Words("ahead.put_off_then")
IN_BEFORE, FOR_BEFORE = Words("ahead.in_before"), Words("ahead.for_before")
STOP_PAST = Words("ahead.stop_past", whole=False)
# The acts a span of time ahead is read for ("in 2 hours"): elsewhere a duration is the ask's own
# (an alert's window "5% in 1 hour", a chart's "in the last 7 days", a backtest's "for 90 days").
_TIMED_ACTS: Final = frozenset(
    {("trade_execution", "buy"), ("trade_execution", "sell"), ("trader_management", "start"),
     ("trader_management", "stop"), ("trader_management", "delete")}
)  # fmt: skip
SUGGESTED, ASKED_OF = Words("ahead.suggested"), Words("ahead.asked_of")


@runtime_checkable
class ReadingRule(Protocol):
    """A skill's reader that reads the layer's tags (the message is tagged once, with the
    person's record names when the turn loaded them), not the text again."""

    def route(self, text: str) -> Route | None: ...

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None: ...


class Layer:
    def __init__(self, tagger: Tagger, engine: IntentEngine, readers: Mapping[str, Sequence[Rule]]) -> None:
        self.tagger = tagger
        self.engine = engine
        self.readers = readers  # may build a skill's readers at the first look (the registry's do)
        # How each reader reads, decided once per skill, when it first reads (an isinstance
        # check against a Protocol is slow).
        self._reading: dict[str, list[tuple[Rule, bool]]] = {}
        self._last: tuple[str, Gazetteer | None, Reading] | None = None
        # The intents that may read one of the person's records by its name alone ("own.account").
        self._own = frozenset(i.name for i in engine.intents if any(c.startswith("own.") for c in i.uses))

    def read(self, text: str, names: Gazetteer | None = None) -> Reading:
        """The message's reading (the last one is kept: a turn reads its message more than once)."""
        last = self._last
        if last is not None and last[0] == text and last[1] is names:
            return last[2]
        reading = self.tagger.read(text, names)
        self._last = (text, names, reading)
        return reading

    def rank(self, text: str, context: RouteContext) -> Ranking:
        return self.engine.rank(self.read(text, context.names))

    def route(self, text: str, context: RouteContext, *, late: bool = False) -> Route | None:
        """The best intent's route (``late``: of the intents tried after the rules)."""
        reading = self.read(text, context.names)
        ranking = self.engine.rank(reading, late=late)
        answers: dict[str, Route | None] = {}  # each skill's readers read the message once
        for scored in ranking.scored:
            found = self._through(scored.intent, reading, text, context, answers)
            if found is not None:
                # A tie is asked about only with another skill that reads the message too ("删除
                # 交易所 paper-1" names the paper exchange, but no guide is asked for).
                close = tuple(
                    s.intent.name
                    for s in ranking.close
                    if s.intent.skill != found.skill
                    and self._through(s.intent, reading, text, context, answers) is not None
                )
                return _ahead(replace(found, close=close) if close else found, reading)
        return None

    def ahead(self, found: Route, text: str) -> Route:
        """``found`` (a model's task, say) with the one-off time ahead ``text`` says, as routed."""
        return _ahead(found, self.read(text), planned=False) or found

    def route_as(self, name: str, text: str, context: RouteContext) -> Route | None:
        """The message read as intent ``name`` ("skill.action", e.g. one of a route's ``close``):
        the route a "did you mean" button for it starts. None when that intent cannot read it."""
        reading = self.read(text, context.names)
        concepts = reading.concepts
        answers: dict[str, Route | None] = {}
        for intent in self.engine.intents:
            if intent.name == name and intent.holds(concepts):
                found = self._through(intent, reading, text, context, answers)
                if found is not None:
                    return _ahead(found, reading)
        return None

    def read_as(self, name: str, text: str, context: RouteContext) -> Route | None:
        """The message read as intent ``name`` even where that intent's words are not all there
        (the known phrasings nearest to it named the intent, core.language.nearest): as the
        intent reads it where its conditions hold, else as its skill's own reader reads it when
        that reader gives this very intent ("whats the damage on my eth": its coin is there
        still). An intent's fill is never run where its conditions fail: a fill may take what
        they promise for granted. None when neither reads it."""
        found = self.route_as(name, text, context)
        if found is not None:
            return found
        skill, _, action = name.partition(".")
        reading = self.read(text, context.names)
        found = self._read_as(skill, reading, text, context)
        if found is None or found.action != action:
            return None
        return _ahead(found, reading)

    def _through(
        self,
        intent: Intent,
        reading: Reading,
        text: str,
        context: RouteContext,
        answers: dict[str, Route | None],
    ) -> Route | None:
        """The intent's route. The skill's reader (its rule) reads it when the intent reads no
        slots itself, or first when the intent says so; the reader may then refine the action
        among its skill's (a chart that also asks the price is "both"). Otherwise the intent's
        slots come from the tags. None when neither can read it. ``answers``: what each skill's
        readers made of this reading, kept for the skill's other intents."""
        if intent.fill is None or intent.reader_first:
            if intent.skill not in answers:
                answers[intent.skill] = self._read_as(intent.skill, reading, text, context)
            found = answers[intent.skill]
            if found is not None:
                return found
        if intent.fill is None:
            return None
        slots = intent.fill(reading)
        return None if slots is None else Route(intent.skill, intent.action, dict(slots))

    def _read_as(self, skill: str, reading: Reading, text: str, context: RouteContext) -> Route | None:
        """The first route of ``skill`` its readers read, whichever of its intents asks."""
        for reader, tags in self._readers(skill):
            found = cast(ReadingRule, reader).route_reading(reading, context) if tags else reader.route(text)
            if found is not None and found.skill == skill:
                return found
        return None

    def _readers(self, skill: str) -> list[tuple[Rule, bool]]:
        found = self._reading.get(skill)
        if found is None:
            rules = self.readers.get(skill, ())
            found = self._reading[skill] = [(r, isinstance(r, ReadingRule)) for r in rules]
        return found

    def wants_names(self, text: str, found: Route | None) -> bool:
        """Names are read for a message nothing understood ("alpha 今天赚了多少"), one whose route
        names a record by the words left over, one with a record verb and no kind of record named
        ("删除 alpha"), or one whose intent may read their records and whose words are not all
        explained ("测试的余额"); never for the others."""
        if found is None:
            return True
        ref = found.slots.get("target_ref")
        if isinstance(ref, Mapping) and ref.get("name"):
            return True  # the words read as a name may be part of theirs ("启动机器人一号": "一号")
        if isinstance(ref, Mapping) and ref.get("alias"):
            return True  # an exchange's name alone ("模拟盘不要了 删了") may be a record of theirs so called
        reading = self.read(text)
        if ref is None and found.slots.get("wallet"):
            return True  # "on my futures account": an account's wallet, unless one of theirs is so called
        if ref is None and USING in reading.concepts:
            return True  # "用测试买0.01 btc": what it is done with may be a record of theirs
        if ref is None and f"{found.skill}.{found.action}" in self._own and reading.rest():
            return True  # "测试的余额": the words no tag explains may name their account
        if found.action == "create" and reading.concepts & SET_TO and reading.rest():
            return True  # "设置 main 模型为 gpt-4o": a value set for a record of theirs, not a new one
        if found.skill == "price" and not found.slots.get("symbols") and reading.rest():
            return True  # "alpha这周赚了多少钱": a price of no coin, a word no tag explains
        return bool(reading.concepts & RECORD_VERBS) and not reading.concepts & RECORD_NOUNS


# A record's acts a condition nobody watches holds (core.language.unwatched), refused saying why; a trade
# so held is refused by its own intents (held_buy), and an alert is itself the condition watched.
_HELD_ACTS: Final = frozenset({"stop", "start", "delete", "cancel", "create", "update", "rename", "activate"})
_WATCHED: Final = frozenset({"trade_execution", "price_alert"})


def _ahead(found: Route, reading: Reading, *, planned: bool = True) -> Route | None:
    """``found`` with the one-off time ahead it was said for ("buy 0.1 btc tomorrow"), quoted as
    typed, in its slot ``later``: what changes something is refused with it (core.tasks.flow).
    None when an act is told as one's plan for that time ("打算下周再买点btc"): nothing asked."""
    if (
        found.action in _HELD_ACTS
        and found.skill not in _WATCHED
        and any(HELD_IF in t.concepts for t in reading.tags)
    ):
        # "如果阿强停了就删掉它": a condition nobody watches, never met now (core.language.unwatched)
        return replace(
            found, slots={**found.slots, LATER: f"{REFUSED_PREFIX}condition:{reading.norm.original}"}
        )
    tag = _time_ahead(reading)
    if tag is None and (found.skill, found.action) in _TIMED_ACTS and (span := _span_ahead(reading)):
        tag = Tag(span[0], span[1], frozenset({AHEAD}))  # "buy 0.1 btc in 2 hours", "pause rex for 2 hours"
    if tag is None or reading.concepts & REPEATS or _for_now(reading, tag):
        return found
    if planned and (_plan_told(reading) or _put_off(reading, tag)):
        return None
    if CLOCK in tag.concepts:  # "10点买0.1个btc", "buy 0.1 btc at 10pm": no order kept for a set time
        typed = reading.norm.typed(tag.start, tag.end)
        return replace(found, slots={**found.slots, LATER: f"{REFUSED_PREFIX}clock:{typed}"})
    start = tag.start
    while start > 0 and reading.text[start - 1] in _NUMERALS:  # "3天后", not "天后"
        start -= 1
    typed = reading.norm.typed(start, tag.end)
    return replace(found, slots={**found.slots, LATER: f"{REFUSED_PREFIX}later:{typed}"})


def planned(reading: Reading) -> bool:
    """An act told as one's plan for a one-off time ahead ("i'll delete it later", "打算下周再买点btc",
    "明天再撤单吧"): nothing asked now (the route _ahead gives none)."""
    tag = _time_ahead(reading)
    if tag is None or reading.concepts & REPEATS or _for_now(reading, tag):
        return False
    return _plan_told(reading) or _put_off(reading, tag)


def _time_ahead(reading: Reading) -> Tag | None:
    """The message's first one-off time ahead: a day's word ("tomorrow", "下周一"), else a clock time
    of day ("10点", "at 10pm", "9:30"; core.language.clock), as a tag of concept CLOCK."""
    tag = reading.first(AHEAD)
    if tag is not None:
        return tag
    span = clock_span(reading.text)
    return None if span is None else Tag(span[0], span[1], frozenset({CLOCK}))


def _span_ahead(reading: Reading) -> tuple[int, int] | None:
    """A span of time ahead said with its duration: "in 2 hours" (when it has passed), or a stop
    "for 2 hours" / "暂停rex两个小时" (started again then): (start, end) from the word before the
    duration (the duration's own start after a Chinese stop)."""
    text = reading.text
    stopped = "verb.stop" in reading.concepts
    if not IN_BEFORE.spans(text) and not FOR_BEFORE.spans(text) and not (stopped and has_cjk(text)):
        return None  # no word that says a span ahead (most messages): no values read for it
    for begin, end in ((v.start, v.end) for v in reading.spans() if v.kind == "duration"):
        start = IN_BEFORE.before(text, begin)
        if start is None and stopped:
            start = FOR_BEFORE.before(text, begin)
        if start is None and stopped:
            start = _stop_span_after(reading, begin, end)
        if start is not None:
            return start, end
    return None


def _stop_span_after(reading: Reading, start: int, end: int) -> int | None:
    """A Chinese stop's span said after it and its object ("暂停rex两个小时", "把rex停两个小时"): the
    duration's start, the stop before it in its clause with nothing past said between or after it
    ("rex停了两个小时了", "两个小时前停了": phrases ahead.stop_past); None otherwise."""
    text, scanned = reading.text, reading.scanned
    stop = next((t for t in reading.tags if "verb.stop" in t.concepts and t.end <= start), None)
    if stop is None or not has_cjk(text[stop.start : end]) or clause_break(scanned, stop.end, start):
        return None
    if STOP_PAST.spans(text[stop.start : start]) or STOP_PAST.after(text, end) is not None:
        return None  # "停了两个小时", "两个小时前": a time past, the stop's own
    return start


def _plan_told(reading: Reading) -> bool:
    """A plan's word ("打算", "plan to") said before the message's first act."""
    act = next((t.start for t in reading.tags if t.concepts & ACTS), None)
    return act is not None and any(start < act for start, _ in PLAN.spans(reading.text[:act]))


def _put_off(reading: Reading, ahead: Tag) -> bool:
    """The time ahead is put off to, by the word after it in its clause before the message's first
    act ("明天再撤单吧", "聽日先撤單啦"): one's plan for then; not with the act asked of deskmate
    after the word ("明天再帮我买eth")."""
    text, scanned = reading.text, reading.scanned
    act = next((t for t in reading.tags if t.concepts & ACTS), None)
    if act is None or act.start < ahead.end or clause_break(scanned, ahead.end, act.start):
        return False
    said = text[: act.start]
    asked = [start for start, _ in ASKED_OF.spans(said, every=True)]
    words = PUT_OFF.spans(said, every=True)
    after = SUGGESTED.spans(text[act.end :], every=True)
    if any(not clause_break(scanned, act.end, act.end + s) for s, _ in after):
        words += PUT_OFF_THEN.spans(said, every=True)
    return any(ahead.start < start and not any(start < a for a in asked) for start, _ in words)


def _for_now(reading: Reading, ahead: Tag) -> bool:
    """The time ahead is a remark of one's own in a clause with no act ("我明天要出差", "i'm
    travelling tomorrow"), and the act's clause says it is for now ("先帮我卖掉eth", "sell my eth
    first"): the ask is now. "明天，先帮我卖eth" (no remark) and "我明天要卖eth" (the act is the
    time's) stay later."""
    scanned, text = reading.scanned, reading.text

    def apart(a: int, b: int) -> bool:
        return clause_break(scanned, min(a, b), max(a, b))

    acts = [t for t in reading.tags if t.concepts & ACTS]
    if not acts or any(not apart(t.start, ahead.start) for t in acts):
        return False
    own = [s for s, _ in SELF.spans(text, every=True) if not apart(s, ahead.start)]
    if not own:
        return False
    said = NOW_FIRST.spans(text, every=True)
    return any(apart(s, ahead.start) and any(not apart(s, t.start) for t in acts) for s, _ in said)
