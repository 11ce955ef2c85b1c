"""The rule router: the routing rules of every registered skill, tried by explicit priority."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from core.language.gazetteer import Gazetteer
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


@dataclass(frozen=True, slots=True)
class RouteContext:
    """What a rule may know of the conversation besides the message itself."""

    awaiting: str | None = None  # the skill whose open task asked a question and waits for the answer
    names: Gazetteer | None = None  # the person's own record names, when the turn loaded them


NO_CONTEXT = RouteContext()


class Rule(Protocol):
    def route(self, text: str) -> Route | None: ...


@runtime_checkable
class ContextRule(Protocol):
    """A rule whose reading depends on the conversation: "4h" or "7d" alone is a chart window,
    except while another task's question (an interval, a count) waits for its answer."""

    def route(self, text: str) -> Route | None: ...

    def route_in(self, text: str, context: RouteContext) -> Route | None: ...


# What may stand between a leading "算了" / "never mind" and the request after it.
_LEAD_GAP = " ,，、:：;；.。!！~～-—"


def after_lead(text: str) -> str | None:
    """The request after a leading word that turns away from what came before, set apart from it
    ("算了，查一下BTC价格" -> "查一下BTC价格"; the words: phrases/reply.toml's switch), or None."""
    from core.language.phrases import Words  # the layer's matcher, loaded with the first message

    stripped = text.strip()
    end = Words("reply.switch").prefix(stripped)
    if end is None or stripped[end : end + 1] not in _LEAD_GAP or end == len(stripped):
        return None
    rest = stripped[end:].lstrip(_LEAD_GAP)
    return rest or None


def reads_context(rule: Rule) -> bool:
    return isinstance(rule, ContextRule)


def run_rule(rule: Rule, text: str, context: RouteContext, context_rule: bool) -> Route | None:
    """``context_rule``: ``reads_context(rule)``, decided once by whoever holds the rule."""
    return cast(ContextRule, rule).route_in(text, context) if context_rule else rule.route(text)


class Router:
    """The language layer's intents decide first (core.routing.layer); a message none of them
    covers goes to the rules of the skills not yet on it, the first rule in the given order that
    recognises it deciding. The registry orders the rules by their declared priority."""

    def __init__(self, rules: Sequence[Rule], layer: Layer | None = None) -> None:
        self.rules = tuple(rules)
        self.layer = layer
        # Which rules read the context, decided once: an isinstance check against a runtime
        # Protocol walks the protocol's members, and per rule per message it was a fifth of a turn.
        self._reads_context = tuple(reads_context(rule) for rule in self.rules)

    def route(self, text: str, context: RouteContext = NO_CONTEXT) -> Route | None:
        found = self._route(text, context)
        if found is None:
            # "算了，查一下BTC价格", "never mind, what's the btc price": a word that turns away from
            # what came before leads a request it is no part of; read without it, the request is
            # what it asks (its "算了" alone read as a cancel kept every skill's intents away).
            rest = after_lead(text)
            if rest:
                return self._route(rest, context)
        return found

    def _route(self, text: str, context: RouteContext) -> Route | None:
        if self.layer is not None:
            found = self.layer.route(text, context)
            if found is not None:
                return found
        for rule, context_rule in zip(self.rules, self._reads_context, strict=True):
            found = run_rule(rule, text, context, context_rule)
            if found is not None:
                return found
        return None if self.layer is None else self.layer.route(text, context, late=True)

    def wants_names(self, text: str, found: Route | None) -> bool:
        """Whether the person's record names could change this message's route."""
        return self.layer is not None and self.layer.wants_names(text, found)
