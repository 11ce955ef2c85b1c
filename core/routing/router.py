"""The rule router: the routing rules of every registered skill, tried by explicit priority."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol


@dataclass(frozen=True, slots=True)
class Route:
    skill: str
    action: str | None  # None only for a bare follow-up ("那 ETH 呢"): context decides
    slots: dict[str, Any] = field(default_factory=dict)
    followup: bool = False  # True: this message only fills or varies the current context
    by: Literal["rule", "model"] = "rule"  # a rule read it, or the planner's task tool proposed it


class Rule(Protocol):
    def route(self, text: str) -> Route | None: ...


class Router:
    """The first rule, in the given order, that recognises a message decides its route.
    The registry orders the rules by their declared priority."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)

    def route(self, text: str) -> Route | None:
        for rule in self.rules:
            found = rule.route(text)
            if found is not None:
                return found
        return None
