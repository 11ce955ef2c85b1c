"""The rule router: the routing rules of every registered skill, tried by explicit priority."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, cast, runtime_checkable


@dataclass(frozen=True, slots=True)
class Route:
    skill: str
    action: str | None  # None only for a bare follow-up ("那 ETH 呢"): context decides
    slots: dict[str, Any] = field(default_factory=dict)
    followup: bool = False  # True: this message only fills or varies the current context
    by: Literal["rule", "model"] = "rule"  # a rule read it, or the planner's task tool proposed it


@dataclass(frozen=True, slots=True)
class RouteContext:
    """What a rule may know of the conversation besides the message itself."""

    awaiting: str | None = None  # the skill whose open task asked a question and waits for the answer


NO_CONTEXT = RouteContext()


class Rule(Protocol):
    def route(self, text: str) -> Route | None: ...


@runtime_checkable
class ContextRule(Protocol):
    """A rule whose reading depends on the conversation: "4h" or "7d" alone is a chart window,
    except while another task's question (an interval, a count) waits for its answer."""

    def route(self, text: str) -> Route | None: ...

    def route_in(self, text: str, context: RouteContext) -> Route | None: ...


class Router:
    """The first rule, in the given order, that recognises a message decides its route.
    The registry orders the rules by their declared priority."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)
        # Which rules read the context, decided once: an isinstance check against a runtime
        # Protocol walks the protocol's members, and per rule per message it was a fifth of a turn.
        self._reads_context = tuple(isinstance(rule, ContextRule) for rule in self.rules)

    def route(self, text: str, context: RouteContext = NO_CONTEXT) -> Route | None:
        for rule, reads_context in zip(self.rules, self._reads_context, strict=True):
            found = cast(ContextRule, rule).route_in(text, context) if reads_context else rule.route(text)
            if found is not None:
                return found
        return None
