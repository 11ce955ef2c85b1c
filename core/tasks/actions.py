"""Actions as data: what each action of a skill needs, when it asks for a confirmation, and who runs it.

A skill declares its actions once, in its SkillSpec::

    ACTIONS = {
        "create": ActionSpec(run=create, slots=create_slots),
        "delete": ActionSpec(run=delete, target=True, confirm=Confirm.ALWAYS, check=refuse_in_use),
        "start":  ActionSpec(run=start, target=True, confirm=Confirm.when(is_live, "a live account")),
    }

The registry refuses an action without an executor, and a rule, command or planner tool that can
produce an action the skill does not declare; the engine refuses a route to an undeclared action
at run time too. Nothing ever falls through to another action.

Executors, slot lists, predicates and checks are plain functions taking the built skill first,
so a method reference (``ExchangeSkill.create``) is one.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from core.reply import Reply
from core.state import Task
from core.tasks.refs import Target
from core.turn import Turn

S = TypeVar("S")

SlotKind = Literal["text", "secret", "choice", "value"]
Inference = Literal["message", "catalog", "existing"]


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """One slot of an action: what it holds and how it may be filled.

    ``infer`` says where a value may come from without a question: "message" (the request
    itself), "catalog" (a default from a catalog, e.g. a provider's base URL), "existing" (derived
    from what the user already has). Anything else is asked, one question at a time. A secret
    slot is only ever asked, in a private chat, and sealed the moment it arrives.

    ``kind`` "value": a value of a definite shape (an amount, a price, an interval, a listed
    coin) that the skill's parser takes only when the message is one. Such an answer is the
    question's answer even when another skill's rule also reads the message ("每天买50U" asked
    as a DCA amount is no buy order) or it ends in a question mark ("1d?"); free text (a name)
    fits nearly any message, so it never outranks a request.
    """

    name: str
    kind: SlotKind
    required: bool = True
    infer: tuple[Inference, ...] = ()


@dataclass(frozen=True, slots=True)
class Done:
    """What an executor produced: the reply, the record acted on, and what the audit log records.

    ``ok`` False: it ran but did not succeed (a query that found nothing); the task fails.
    ``gone``: the action removed its target, so "the one I just added" no longer means it."""

    reply: Reply
    target: Target | None = None
    detail: dict[str, str] = field(default_factory=dict)
    ok: bool = True
    gone: bool = False  # the target no longer exists (it was deleted)


Executor = Callable[[S, Turn, Task], Awaitable[Done]]
SlotList = Callable[[S, Task], Sequence[SlotSpec]]  # slots may depend on slots already filled
Predicate = Callable[[S, Turn, Task], bool | Awaitable[bool]]
Check = Callable[[S, Turn, Task], Awaitable[Reply | None]]  # a refusal before confirming, or None


@dataclass(frozen=True, slots=True)
class ConfirmPolicy(Generic[S]):
    """When an action waits for the user's confirm button: never, always, or when ``rule`` says so."""

    mode: Literal["never", "always", "when"]
    rule: Predicate[S] | None = None
    label: str = ""  # what the rule means, for people ("overwrites a credential")

    async def required(self, skill: S, turn: Turn, task: Task) -> bool:
        if self.mode != "when":
            return self.mode == "always"
        assert self.rule is not None
        verdict = self.rule(skill, turn, task)
        return bool(await verdict) if inspect.isawaitable(verdict) else bool(verdict)


class Confirm:
    NEVER: ConfirmPolicy[Any] = ConfirmPolicy("never")
    ALWAYS: ConfirmPolicy[Any] = ConfirmPolicy("always")

    @staticmethod
    def when(rule: Predicate[S], label: str) -> ConfirmPolicy[S]:
        """Confirm when ``rule(skill, turn, task)`` holds (e.g. "live account", "over 25% of equity")."""
        return ConfirmPolicy("when", rule, label)


@dataclass(frozen=True, slots=True)
class ActionSpec(Generic[S]):
    """One action of a skill.

    - ``run``: the executor (required: the registry refuses an action without one);
    - ``slots``: the slots it needs, in asking order: fixed, or computed from the task so far
      (an exchange account's credentials depend on its exchange);
    - ``target``: it acts on an existing record, resolved (id, name, alias, recent) before slots;
    - ``confirm``: its confirmation policy;
    - ``confirm_twice``: when a second, explicit confirmation follows the first (e.g. an order
      of 25 % or more of the account's equity);
    - ``check``: a refusal before confirming or executing (e.g. "a trader uses it");
    - ``writes``: it changes something; the task is persisted as "executing" before it runs, and
      its executor writes the audit entry with the change. A read (``writes=False``) is audited
      by the flow after it ran;
    - ``destructive``: it cannot be undone: its target is always named explicitly (never picked
      as "the only one") and its confirm button is red.
    """

    run: Executor[S] | None
    slots: SlotList[S] | tuple[SlotSpec, ...] = ()
    target: bool = False
    confirm: ConfirmPolicy[S] = Confirm.NEVER
    confirm_twice: ConfirmPolicy[S] = Confirm.NEVER
    check: Check[S] | None = None
    writes: bool = True
    destructive: bool = False

    def slot_specs(self, skill: S, task: Task) -> Sequence[SlotSpec]:
        return self.slots if isinstance(self.slots, tuple) else self.slots(skill, task)
