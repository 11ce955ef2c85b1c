"""The rule router: the routing rules of every registered skill, tried by explicit priority."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from core.language.gazetteer import Gazetteer
    from core.language.phrases import Words
    from core.routing.layer import Layer


@dataclass(frozen=True, slots=True)
class Route:
    skill: str
    action: str | None  # None only for a bare follow-up ("那 ETH 呢"): context decides
    slots: dict[str, Any] = field(default_factory=dict)
    followup: bool = False  # True: this message only fills or varies the current context
    by: Literal["rule", "model"] = "rule"  # a rule read it, or the planner's task tool proposed it
    # Other skills' intents that scored as well as this one ("skill.action"): a "did you mean".
    close: tuple[str, ...] = field(default=(), compare=False)
    # The action changes nothing (a price, a chart, a backtest, a list), as its skill declares it:
    # set by the engine for a task waiting for an answer, which such a request never is.
    looks: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class RouteContext:
    """What a rule may know of the conversation besides the message itself."""

    awaiting: str | None = None  # the skill whose open task asked a question and waits for the answer
    names: Gazetteer | None = None  # the person's own record names, when the turn loaded them


NO_CONTEXT = RouteContext()


class Rule(Protocol):
    """A skill's routing rule over the text alone; one that reads the conversation's context too
    is a reader of the layer's tags (core.routing.layer.ReadingRule)."""

    def route(self, text: str) -> Route | None: ...


# What may stand between a leading "算了" / "never mind" and the request after it.
_LEAD_GAP = " ,，、:：;；.。!！~～-—"


@cache
def _switch() -> Words:
    """The words that turn away from what came before (phrases/reply.toml's switch): the layer's
    matcher, loaded with the first message, made once (each message routing nowhere asks)."""
    from core.language.phrases import Words

    return Words("reply.switch")


def after_lead(text: str) -> str | None:
    """The request after a leading word that turns away from what came before, set apart from it
    ("算了，查一下BTC价格" -> "查一下BTC价格"; the words: phrases/reply.toml's switch), or None."""
    stripped = text.strip()
    end = _switch().prefix(stripped)
    if end is None or stripped[end : end + 1] not in _LEAD_GAP or end == len(stripped):
        return None
    from core.language.given_up import opens_given_up

    if opens_given_up(stripped):  # "never mind the new bot thing": what it names is given up
        return None
    rest = stripped[end:].lstrip(_LEAD_GAP)
    return rest or None


# The marks after which a lead-in ends and its ask begins ("stuck on the bus, quick one: where is
# bitcoin trading right now").
_LEAD_MARKS = ":：,，;；"
# The question words a plain ask opens with: a question reads, it orders nothing.
_QUESTION_WORDS = frozenset({"ask.which", "ask.why", "ask.what_is", "ask.how_much", "ask.how", "ask.when"})


def asks_after(text: str) -> list[str]:
    """The questions after a lead-in set apart by a mark, longest first ("stuck on the bus, quick
    one: where is bitcoin trading right now" -> "where is bitcoin trading right now"): each opens
    with a question word, so what came before (a story of where one is, a "quick one") only leads
    it. Only for a message read whole as nothing."""
    if not any(mark in text for mark in _LEAD_MARKS):
        return []  # most messages: no mark to lead in before
    from core.language.tagger import may_tag, words  # the layer's matcher, loaded with the first message

    out: list[str] = []
    for at, ch in enumerate(text):
        if ch not in _LEAD_MARKS:
            continue
        rest = text[at + 1 :].strip()
        if not rest or not may_tag(rest, _QUESTION_WORDS):
            continue  # no question word in it: no need to tag it
        first = words(rest).tags[:1]
        if first and first[0].start == 0 and first[0].concepts & _QUESTION_WORDS:
            out.append(rest)
    return out


class Router:
    """The language layer's intents decide first (core.routing.layer); a message none of them
    covers goes to the rules of the skills not yet on it, the first rule in the given order that
    recognises it deciding. The registry orders the rules by their declared priority."""

    def __init__(self, rules: Sequence[Rule], layer: Layer | None = None) -> None:
        self.rules = tuple(rules)
        self.layer = layer

    def route(self, text: str, context: RouteContext = NO_CONTEXT) -> Route | None:
        found = self._route(text, context)
        if found is None:
            # "算了，查一下BTC价格", "never mind, what's the btc price": a word that turns away from
            # what came before leads a request it is no part of; read without it, the request is
            # what it asks (its "算了" alone read as a cancel kept every skill's intents away).
            rest = after_lead(text)
            if rest:
                return self._route(rest, context)
            # "stuck on the bus, quick one: where is bitcoin trading right now": a lead-in told
            # before a plain question, set apart by a mark, is no story of the question's.
            for ask in asks_after(text):
                found = self._route(ask, context)
                if found is not None:
                    return found
        return found

    def _route(self, text: str, context: RouteContext) -> Route | None:
        if self.layer is not None:
            found = self.layer.route(text, context)
            if found is not None:
                return found
        for rule in self.rules:
            found = rule.route(text)
            if found is not None:
                return found
        return None if self.layer is None else self.layer.route(text, context, late=True)

    def wants_names(self, text: str, found: Route | None) -> bool:
        """Whether the person's record names could change this message's route."""
        return self.layer is not None and self.layer.wants_names(text, found)
