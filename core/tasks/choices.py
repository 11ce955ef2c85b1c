"""What a task flow offers and reads back: a button's choice, and a typed answer as parsed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Parsed:
    value: str | None = None
    error: str | None = None  # message key explaining why the answer was not taken
    params: dict[str, object] = field(default_factory=dict)
    # Refused, but a value of the shape asked ("4h" below an AI strategy's shortest interval):
    # the question's answer all the same, so the refusal is said rather than another skill run.
    of_shape: bool = False
    # Other slots the same answer gives ("每天买50U" answers the amount and says the interval):
    # each checked like a typed answer and filled when still empty. Without a value, an answer
    # that gives only these ("每天买50U" asked for the coin): they are kept, the question asked again.
    also: dict[str, str] = field(default_factory=dict)

    @property
    def answers(self) -> bool:
        return self.value is not None or self.of_shape or bool(self.also)

    @classmethod
    def refused(cls, reason: str, typed: str) -> Parsed:
        """A value typed where one was asked but not read exactly ("-100", "1e9", "0,5"): the
        reason quoting it (core.language.values), and the same question again."""
        return cls(error=f"{REFUSED_KEY}{reason}", params={"typed": typed}, of_shape=True)


REFUSED_KEY = "value.refused."
REFUSED_VALUE = "value_refused"  # the trace step of a slot refused this turn: asked, not inferred
