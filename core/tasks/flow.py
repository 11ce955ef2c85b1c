"""The task flow: slot filling, references, confirmation and execution over declared actions.

A skill declares its actions as data (core.tasks.actions: slots, target, confirmation policy,
check, executor) and implements a few hooks (questions, choices, parsing, previews); this class
asks only for what is missing, one question at a time, confirms risky actions with a single-use
token pair (core.tasks.tokens), executes through the action's declared executor, audits and
reports. A task naming an action its skill does not declare is refused: never run as another.

Secrets: a secret answer is sealed with the SecretBox the moment it arrives, so task slots, the
conversation state, the trace and the audit log only ever hold ciphertext or slot names.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

from core.clock import Clock
from core.events import ChatKind
from core.i18n import is_zh
from core.language.refusals import ENDS_TASK, LATER
from core.language.values import refusal_in, refusal_message
from core.reply import Block, Button, DetailsBlock, NoticeBlock, Reply, RouteInfo, Status, TraceStep
from core.routing.router import Route
from core.secrets import SecretBox
from core.state import Task, TaskStatus
from core.tasks import tokens, transitions
from core.tasks.actions import ActionSpec, SlotSpec
from core.tasks.answers import (
    asked_alone,
    is_switch,
    looks_like_question,
    looks_secret,
    secret_problem,
    secret_value,
    unasked,
)
from core.tasks.audit import AuditEntry, AuditLog, Outcome
from core.tasks.choices import REFUSED_KEY, REFUSED_VALUE
from core.tasks.choices import Choice as Choice
from core.tasks.choices import Parsed as Parsed
from core.tasks.errors import NotFound
from core.tasks.execution import before_running, confirm, execute, gone
from core.tasks.given import GIVEN_SECRETS, STRAY_SECRET
from core.tasks.owner import owner_of as owner_of  # where skills have always imported it from
from core.tasks.refs import Target
from core.tasks.targeting import MAX_TARGET_BUTTONS as MAX_TARGET_BUTTONS
from core.tasks.targeting import TARGET, resolve_target, typed_target
from core.turn import Turn

log = logging.getLogger(__name__)

CHOICE_TTL = timedelta(minutes=30)
SECRET_MARK = "<secret>"  # noqa: S105 - what traces and route infos show for a secret slot


class TaskFlow:
    """Base of the skills whose tasks take several turns (the Skill protocol's entry points:
    start, continue_text, on_button, reprompt, describe, asks_secret)."""

    name: str = ""
    private: bool = True  # as its SkillSpec says (the registry checks): replies are private, no groups
    ref_kind: str = ""  # the ConversationState.recent_refs key of what this skill manages

    def __init__(
        self, actions: Mapping[str, ActionSpec[Any]], secrets: SecretBox, audit: AuditLog, clock: Clock
    ) -> None:
        self.actions = actions
        self.secrets = secrets
        self.audit = audit
        self.clock = clock

    # -- the declared actions -----------------------------------------------------------------

    def action(self, task: Task) -> ActionSpec[Any] | None:
        return self.actions.get(task.action)

    def slots_for(self, task: Task) -> list[SlotSpec]:
        """The slots of ``task``'s action, in asking order (may depend on slots already filled)."""
        spec = self.action(task)
        return list(spec.slot_specs(self, task)) if spec is not None else []

    # -- hooks a skill implements ------------------------------------------------------------

    async def targets(self, owner: str) -> list[Target]:
        raise NotImplementedError

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        raise NotImplementedError

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        return []

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        """Validate a typed (or pressed) answer for a non-secret slot."""
        raise NotImplementedError

    async def _parse_slot(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        """``parse``, except that a value the reader refused ("refused:sign:-100", put in the
        slots by a rule) is said as refused, whatever the skill: nothing stored, asked again."""
        refusal = refusal_in(text)
        if refusal is not None:
            return Parsed.refused(*refusal)
        return await self.parse(turn, task, spec, text)

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        """A value for a missing slot without asking (catalog defaults), or None."""
        return None

    async def on_target(self, turn: Turn, task: Task) -> None:
        """Called once the target is known, before slots are read (e.g. its exchange type)."""

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        """Exactly what a confirmed action will do: the question and the details."""
        raise NotImplementedError

    async def reconfirm(self, turn: Turn, task: Task) -> Block | None:
        """Called when a confirmation is pressed, just before executing: a notice to show a fresh
        confirmation with instead (what it was confirmed on changed, e.g. the price moved), or None."""
        return None

    def second_confirmation(self, turn: Turn, task: Task) -> Block:
        """The notice over an action's second confirmation (ActionSpec.confirm_twice)."""
        return NoticeBlock(turn.t("flow.confirm_twice"), "warning", "confirm_twice")

    async def version(self, turn: Turn, task: Task) -> str | None:
        """A snapshot of the task's target as it is now (identity and last change), or None.

        The confirm button carries the snapshot taken when it was issued; a press runs only
        while the target still matches it, so a stale button never acts on another record."""
        return None

    def field_label(self, turn: Turn, slot: str) -> str | None:
        """A slot's name for people ("名称", "base URL"), or None to call it a name."""
        return None

    def describe(self, turn: Turn, task: Task) -> str:
        raise NotImplementedError

    def kind_label(self, turn: Turn) -> str:
        """What the skill manages, in the user's language: for not-found and choice messages."""
        raise NotImplementedError

    # -- the engine's entry points -----------------------------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        action = self.action(task)
        if action is None:
            return self._undeclared(turn, task)
        notes: list[Block] = []
        carried_secret = self._seal_given(turn, task, notes)
        later = refusal_in(task.slots.pop(LATER, None))
        ends = [r for r in map(refusal_in, task.slots.values()) if r is not None and r[0] in ENDS_TASK]
        if ends:  # "if btc hits 100k sell my eth": refused whole, ended, nothing asked
            await self._audit(turn, task, "refused", None, {"reason": ends[0][0]})
            return self._carry(
                self._fail(turn, task, refusal_message(turn.locale, *ends[0]), ends[0][0], notes),
                carried_secret,
            )
        if later is not None and action.writes:  # "buy 0.1 btc tomorrow": kept for no later, never done now
            await self._audit(turn, task, "refused", None, {"reason": "later"})
            said = refusal_message(turn.locale, *later)
            return self._carry(self._fail(turn, task, said, "later", notes), carried_secret)
        # Slots the router (or the planner) read from the message are checked like typed answers;
        # a bad one is dropped (and asked for) rather than trusted, one the action lacks ignored
        # (a sealed key waits: which keys an account needs may depend on a slot still to come).
        declared = {spec.name for spec in self.slots_for(task)}
        for extra in [name for name in task.slots if name not in declared and name not in task.sealed]:
            task.slots.pop(extra)
        for spec in self.slots_for(task):
            if spec.name in task.slots and spec.kind != "secret" and spec.name not in task.sealed:
                if looks_secret(str(task.slots[spec.name])):
                    task.slots.pop(spec.name)
                    notes.append(self._secret_notice(turn, spec))
                    carried_secret = True
                    continue
                parsed = await self._parse_slot(turn, task, spec, str(task.slots[spec.name]))
                if parsed.value is None:
                    task.slots.pop(spec.name)
                    if parsed.error and parsed.error.startswith(REFUSED_KEY):
                        # asked for, never filled in its place by a default ("1e9 usdt" as a balance)
                        turn.trace.append(TraceStep("input", REFUSED_VALUE, {"slot": spec.name}))
                    if parsed.error:
                        notes.append(
                            NoticeBlock(turn.t(parsed.error, **parsed.params), "warning", "invalid_slot")
                        )
                else:
                    task.slots[spec.name] = parsed.value
        ref = task.target_ref or {}
        if any(looks_secret(str(v)) for v in ref.values()):
            task.target_ref = None  # never looked up, never echoed: asked as "which one?"
            notes.append(self._secret_notice(turn, None))
            carried_secret = True
        return await self.advance(turn, task, notes=notes, carried_secret=carried_secret)

    def _seal_given(self, turn: Turn, task: Task, notes: list[Block]) -> bool:
        """Seal the credentials the request itself carried ("key是 …"), before anything else
        sees the task; True when the message carried one (and must be deleted)."""
        given = task.slots.pop(GIVEN_SECRETS, None)
        stray = bool(task.slots.pop(STRAY_SECRET, False))
        taken: list[str] = []
        for slot, raw in (given or {}).items() if isinstance(given, dict) else ():
            value = secret_value(str(raw))
            if value is None:
                stray = True
                continue
            task.seal(str(slot), self.secrets.encrypt(value))
            taken.append(str(slot))
            turn.trace.append(TraceStep("input", "secret_received", {"slot": slot, "from": "request"}))
        if taken:
            labels = [self.field_label(turn, slot) or slot for slot in taken]
            fields = ("、" if is_zh(turn.locale) else ", ").join(labels)
            notes.append(NoticeBlock(turn.t("flow.secrets_taken", fields=fields), "info", "secrets_taken"))
        if stray:
            notes.append(NoticeBlock(turn.t("flow.secret_unplaced"), "warning", "secret_unplaced"))
        return bool(taken) or stray

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        if task.status is not TaskStatus.COLLECTING or task.asking is None:
            return None  # a pending confirmation: the engine handles yes / no; the rest is new
        text = turn.text.strip()
        new_intent = route is not None and not route.followup
        if task.asking == TARGET:
            if new_intent or looks_like_question(text):
                return None
            if looks_secret(text):
                return await self.advance(
                    turn, task, notes=[self._secret_notice(turn, None)], carried_secret=True
                )
            return await typed_target(self, turn, task, text)
        spec = self._spec(task, task.asking)
        if spec is None:
            return None
        if spec.kind == "secret":
            value = secret_value(text)
            if value is not None:
                return await self.fill_secret(turn, task, spec, value)
            if new_intent:
                return None
            # Whatever else was typed stays here: it may be a mangled key, so it is neither
            # kept nor handed to a model, and the platform is asked to delete the message.
            notice = NoticeBlock(turn.t(secret_problem(text)), "warning", "secret_invalid")
            return await self.ask(turn, task, spec, [notice], carried_secret=True)
        others = new_intent and route is not None and route.skill != self.name
        if new_intent and not others:
            alone = asked_alone(task, spec.name, route) if spec.kind == "value" else None
            if alone is None:
                return None  # this skill's own new request: it starts over
            text = alone  # "买50u" while a buy of ETH asks how much: the amount, the same buy
        if others or looks_like_question(text):
            # Another skill's request, or a side question, unless it is a value this slot takes;
            # never another skill's look ("btc 4h k线" is a chart, no interval).
            if others and route is not None and route.looks:
                return None
            value_answer = await self._value_answer(turn, task, spec, text, switch_checked=others)
            if value_answer is None:
                return None
            parsed = value_answer
        elif looks_secret(text):
            # A key typed where a name, model or URL was asked: neither kept nor echoed.
            return await self.ask(turn, task, spec, [self._secret_notice(turn, spec)], carried_secret=True)
        else:
            parsed = await self._parse_slot(turn, task, spec, text)
        if parsed.value is None and parsed.also and parsed.error is None:
            # It says the other parameters, not this one: those are kept, this one asked again.
            return await self.ask(turn, task, spec, await self._noted(turn, task, parsed))
        if parsed.value is None:
            notice = NoticeBlock(
                turn.t(parsed.error or "flow.invalid", **parsed.params), "warning", "invalid_answer"
            )
            return await self.ask(turn, task, spec, [notice])
        task.slots[spec.name] = parsed.value
        return await self.advance(turn, task, notes=await self._fill_also(turn, task, parsed))

    async def _value_answer(
        self, turn: Turn, task: Task, spec: SlotSpec, text: str, *, switch_checked: bool
    ) -> Parsed | None:
        """What a message that another skill's rule also reads, or that ends in a question mark,
        says as the answer to ``spec`` — None when it is not one. Only a "value" slot (a definite
        shape: an amount, an interval) is answered so, and only by a message its parser takes
        (or refuses as a value of its shape), that says no switch ("算了，先…", "actually") and
        that is no question once its trailing "?" is off ("1d?" is "1d, right?")."""
        if spec.kind != "value" or looks_secret(text) or (switch_checked and is_switch(text)):
            return None
        value = unasked(text)
        if value is None:
            return None
        parsed = await self.parse(turn, task, spec, value)
        if not parsed.answers:
            return None
        turn.trace.append(TraceStep("route", "answer_over_rules", {"slot": spec.name}))
        return parsed

    async def _fill_also(self, turn: Turn, task: Task, parsed: Parsed) -> list[Block]:
        """Fill the still-empty slots the answer also gave, each checked like a typed answer;
        the notices of the ones refused (they are asked in turn)."""
        notes: list[Block] = []
        for name, raw in parsed.also.items():
            spec = self._spec(task, name)
            if spec is None or spec.kind == "secret" or name in task.slots:
                continue
            more = await self._parse_slot(turn, task, spec, raw)
            if more.value is not None:
                task.slots[name] = more.value
            elif more.error:
                notes.append(NoticeBlock(turn.t(more.error, **more.params), "warning", "invalid_slot"))
        return notes

    async def _noted(self, turn: Turn, task: Task, parsed: Parsed) -> list[Block]:
        """Fill what an answer gave besides the value asked; a notice naming what was kept."""
        before = set(task.slots)
        notes = await self._fill_also(turn, task, parsed)
        kept = [name for name in parsed.also if name in task.slots and name not in before]
        if kept:
            labels = [self.field_label(turn, name) or name for name in kept]
            fields = ("、" if is_zh(turn.locale) else ", ").join(labels)
            notes.insert(0, NoticeBlock(turn.t("flow.noted", fields=fields), "info", "noted"))
        return notes

    async def fill_secret(self, turn: Turn, task: Task, spec: SlotSpec, value: str) -> Reply:
        """Seal a secret answer at once; only its ciphertext is kept."""
        task.seal(spec.name, self.secrets.encrypt(value))
        turn.trace.append(TraceStep("input", "secret_received", {"slot": spec.name}))
        return await self.advance(turn, task, carried_secret=True)

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        kind = str(payload.get("kind", "")).split(".", 1)[-1]
        if task is None or task.id != payload.get("task_id"):
            return self.stale(turn)
        if kind == "confirm":
            if task.status is not TaskStatus.AWAITING_CONFIRMATION:
                return self.stale(turn)
            if not tokens.pending(task):
                # Its buttons died when the task was paused: nothing runs on them; the
                # confirmation is shown again with fresh buttons.
                notice = NoticeBlock(
                    turn.t("flow.confirm_again", what=self.describe(turn, task)), "warning", "confirm_again"
                )
                return await self.advance(turn, task, notes=[notice])
            tokens.forget(task)  # spent
            try:
                before = await before_running(self, turn, task, payload)
            except NotFound:  # its record was deleted since the confirmation was asked
                return await gone(self, turn, task, [])
            return before if before is not None else await execute(self, turn, task, [])
        if kind == "slot":
            slot = str(payload.get("slot", ""))
            if task.status is not TaskStatus.COLLECTING or task.asking != slot:
                return self.stale(turn)
            value = str(payload.get("value", ""))
            if slot == TARGET:
                chosen = next((t for t in await self.targets(owner_of(turn)) if t.id == value), None)
                if chosen is None:  # deleted since the question was asked
                    return self._fail(
                        turn, task, turn.t("flow.gone", kind=self.kind_label(turn)), "not_found", []
                    )
                self._set_target(task, chosen)
                return await self.advance(turn, task)
            spec = self._spec(task, slot)
            if spec is None or spec.kind == "secret":
                return self.stale(turn)
            parsed = await self.parse(turn, task, spec, value)
            if parsed.value is None:
                notice = NoticeBlock(
                    turn.t(parsed.error or "flow.invalid", **parsed.params), "warning", "invalid_answer"
                )
                return await self.ask(turn, task, spec, [notice])
            task.slots[slot] = parsed.value
            return await self.advance(turn, task)
        return self.stale(turn)

    async def reprompt(self, turn: Turn, task: Task) -> Reply:
        """Ask the open question again (the same confirmation buttons while they are valid)."""
        return await self.advance(turn, task)

    # -- the flow ------------------------------------------------------------------------------

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply:
        """The next step: resolve the target, ask the first missing slot, confirm, or execute."""
        notes = list(notes)
        action = self.action(task)
        if action is None:
            return self._undeclared(turn, task)
        if self.private and turn.chat_kind is ChatKind.GROUP:  # the engine refuses first; a backstop
            transitions.move(task, TaskStatus.CANCELLED, turn.now, turn.trace)
            return self._private_only(turn, task)
        if action.target and not (task.target_ref or {}).get("id"):
            pending = await resolve_target(self, turn, task, notes)
            if pending is not None:
                return self._carry(pending, carried_secret)
        if (task.target_ref or {}).get("id"):
            await self.on_target(turn, task)
        refused = {str(step.args.get("slot")) for step in turn.trace if step.name == REFUSED_VALUE}
        for spec in self.slots_for(task):
            if spec.name in task.slots:
                continue
            if spec.name in refused:
                return await self.ask(turn, task, spec, notes, carried_secret=carried_secret)
            inferred = await self.infer(turn, task, spec)
            if inferred is not None:
                task.slots[spec.name] = inferred
                continue
            if spec.required:
                return await self.ask(turn, task, spec, notes, carried_secret=carried_secret)
        try:
            refusal = await action.check(self, turn, task) if action.check is not None else None
            if refusal is not None:
                self.transition(turn, task, TaskStatus.FAILED)
                await self._audit(turn, task, "refused", self._target_of(task), {})
                return self._carry(self._with_notes(refusal, notes), carried_secret)
            # Asked once already (or run again after an interruption): ask again.
            if task.needs_confirmation or await action.confirm.required(self, turn, task):
                return await confirm(self, turn, task, action, notes, carried_secret)
        except NotFound:
            # A record it reads was deleted since it was asked (another chat, another process:
            # "buy 100u" waiting while its account is deleted): said, nothing done.
            return self._carry(await gone(self, turn, task, notes), carried_secret)
        return await execute(self, turn, task, notes, carried_secret=carried_secret)

    async def ask(
        self, turn: Turn, task: Task, spec: SlotSpec, notes: Sequence[Block], *, carried_secret: bool = False
    ) -> Reply:
        """Ask for ``spec`` (after ``notes``), with its choices as buttons."""
        if spec.kind == "secret" and turn.chat_kind is not ChatKind.PRIVATE:
            return self._private_only(turn, task)
        self.transition(turn, task, TaskStatus.COLLECTING)
        task.asking = spec.name
        options = await self.choices(turn, task, spec)
        buttons = await self._choice_buttons(turn, task, spec.name, options)
        return self.private_reply(
            turn,
            task,
            Status.NEEDS_INPUT,
            (*notes, NoticeBlock(self.question(turn, task, spec), code=f"ask_{spec.name}")),
            buttons=buttons,
            delete_inbound=carried_secret,
            expects_secret=spec.name if spec.kind == "secret" else None,
        )

    async def _choice_buttons(
        self, turn: Turn, task: Task, slot: str, options: Sequence[Choice]
    ) -> tuple[Button, ...]:
        if not options:
            return ()
        payloads = [
            (c.label, {"kind": f"{self.name}.slot", "task_id": task.id, "slot": slot, "value": c.value})
            for c in options
        ]
        return await turn.buttons(payloads, ttl=CHOICE_TTL)

    # -- helpers -------------------------------------------------------------------------------

    def transition(self, turn: Turn, task: Task, status: TaskStatus) -> None:
        """Every status change is traced; the engine persists the state after the turn, and
        ``checkpoint`` persists it at once before anything irreversible happens."""
        transitions.move(task, status, turn.now, turn.trace)

    @staticmethod
    async def checkpoint(turn: Turn, task: Task) -> None:
        if task.is_open:
            turn.state.active = task
        await turn.store.save_state(turn.key, turn.state)

    def _spec(self, task: Task, name: str) -> SlotSpec | None:
        return next((s for s in self.slots_for(task) if s.name == name), None)

    @staticmethod
    def _set_target(task: Task, target: Target) -> None:
        task.target_ref = {"id": target.id, "name": target.name}

    @staticmethod
    def _target_of(task: Task) -> Target | None:
        ref = task.target_ref or {}
        if "id" not in ref:
            return None
        return Target(ref["id"], ref.get("name", ""))

    def route_info(self, task: Task) -> RouteInfo:
        """The route as callers see it: secret slots are named, never shown."""
        slots: dict[str, Any] = {}
        for key, value in task.slots.items():
            spec = self._spec(task, key)
            secret = key in task.sealed or (spec is not None and spec.kind == "secret")
            slots[key] = SECRET_MARK if secret else value
        if task.target_ref:
            slots["target_ref"] = dict(task.target_ref)
        return RouteInfo(self.name, task.action, slots, by=task.origin)

    def asks_secret(self, task: Task) -> bool:
        """``task``'s last question asked for a secret (kept while it is interrupted or expired)."""
        spec = self._spec(task, task.asking) if task.asking else None
        return spec is not None and spec.kind == "secret"

    def _secret_notice(self, turn: Turn, spec: SlotSpec | None) -> NoticeBlock:
        """A free-text answer that looks like a key: refused without repeating it."""
        label = self.field_label(turn, spec.name) if spec is not None and spec.name != "new_name" else None
        field = label or turn.t("flow.field.name")
        return NoticeBlock(turn.t("flow.looks_secret", field=field), "warning", "looks_secret")

    def stale(self, turn: Turn) -> Reply:
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("flow.button_stale"), "warning", "button_stale"),),
            turn.locale,
            audience="private",
        )

    def _fail(self, turn: Turn, task: Task, text: str, code: str, notes: Sequence[Block]) -> Reply:
        if task.is_open:
            self.transition(turn, task, TaskStatus.FAILED)
        return self.private_reply(turn, task, Status.FAILED, (*notes, NoticeBlock(text, "error", code)))

    def _undeclared(self, turn: Turn, task: Task) -> Reply:
        """A task whose action the skill does not declare: refused, nothing run in its place."""
        log.error("%s: undeclared action %r refused", self.name, task.action)
        return self._fail(turn, task, turn.t("action.undeclared"), "undeclared_action", ())

    def _private_only(self, turn: Turn, task: Task) -> Reply:
        notice = NoticeBlock(turn.t("private_only"), "warning", "private_only")
        return self.private_reply(turn, task, Status.FAILED, (notice,))

    def private_reply(
        self,
        turn: Turn,
        task: Task,
        status: Status,
        blocks: Sequence[Block],
        *,
        buttons: tuple[Button, ...] = (),
        delete_inbound: bool = False,
        expects_secret: str | None = None,
    ) -> Reply:
        """A reply of this task, carrying its route: private when the skill is (someone's workspace)."""
        return Reply(
            status,
            tuple(blocks),
            turn.locale,
            buttons=buttons,
            route=self.route_info(task),
            audience="private" if self.private else "public",
            delete_inbound=delete_inbound,
            expects_secret=expects_secret,
        )

    @staticmethod
    def _with_notes(reply: Reply, notes: Sequence[Block]) -> Reply:
        return replace(reply, blocks=(*notes, *reply.blocks)) if notes else reply

    @staticmethod
    def _carry(reply: Reply, carried_secret: bool) -> Reply:
        """The message that produced this reply carried a secret: ask the adapter to delete it."""
        if not carried_secret or reply.delete_inbound:
            return reply
        return replace(reply, delete_inbound=True)

    def audit_entry(
        self,
        turn: Turn,
        task: Task,
        outcome: Outcome = "ok",
        target: Target | None = None,
        detail: Mapping[str, str] | None = None,
    ) -> AuditEntry:
        """The audit row for ``task`` (a repository fills in the target of a record it creates)."""
        return AuditEntry(
            owner=owner_of(turn),
            actor=turn.key.as_str(),
            at=turn.now,
            skill=self.name,
            action=task.action,
            target_id=target.id if target else None,
            target_name=target.name if target else None,
            outcome=outcome,
            detail=dict(detail or {}),
        )

    async def _audit(
        self, turn: Turn, task: Task, outcome: Outcome, target: Target | None, detail: dict[str, str]
    ) -> None:
        """Record an outcome that changed nothing (a refusal, a failure, a read)."""
        try:
            await self.audit.record(self.audit_entry(turn, task, outcome, target, detail))
        except Exception:  # nothing changed: a lost row of a non-change must not turn into an error
            log.exception("audit write failed for %s.%s", self.name, task.action)
        turn.trace.append(TraceStep("store", "audit", {"action": task.action, "outcome": outcome}))
