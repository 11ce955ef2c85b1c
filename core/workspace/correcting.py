"""Following corrections and credentials typed while a workspace task collects its slots.

"等一下，名字改成 副账户" while the exchange account is being added changes its name; "算了，改成
OKX" its exchange; "rename it to okx-alt" names the account being created, not an account to
look up; "不对，key 是 …" replaces the key just given. The slot a correction names is changed,
else the slot its value fits (an exchange, a provider, an amount), else the one answered last;
when none fits, deskmate asks rather than guesses. A changed exchange or provider drops what no
longer applies (the other exchange's keys, the provider's defaults).

A part of the record skills' flow (core.workspace.records calls ``corrected`` before an answer
is read as one), not a layer of classes: it works through what ``Correctable`` names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from core.i18n import is_zh
from core.language.values import REFUSED_PREFIX
from core.reply import Block, NoticeBlock, Reply
from core.routing.router import Route
from core.secrets import SecretBox
from core.state import Task, TaskStatus
from core.tasks.actions import SlotSpec
from core.tasks.answers import secret_value
from core.tasks.choices import Parsed
from core.turn import Turn
from core.workspace.corrections import Correction, read_correction
from core.workspace.extraction import NAME_UNSURE, find_balance
from core.workspace.given_secrets import find_given
from core.workspace.text import inline

# Slots whose value says by itself which slot it is ("OKX" is an exchange, "5万U" an amount).
_SELF_EVIDENT = ("exchange", "provider")


class Correctable(Protocol):
    """What following corrections needs of a record skill's task flow (core.workspace.records)."""

    name: str
    secrets: SecretBox

    def slots_for(self, task: Task) -> list[SlotSpec]: ...

    def field_label(self, turn: Turn, slot: str) -> str | None: ...

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed: ...

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply: ...

    async def ask(
        self, turn: Turn, task: Task, spec: SlotSpec, notes: Sequence[Block], *, carried_secret: bool = False
    ) -> Reply: ...

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        """Drop what the change of ``slot`` (from ``old``) makes stale; notices to show."""
        ...

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        """``slot``'s new value as the confirmation of a correction shows it."""
        ...


def take_name_unsure(task: Task) -> bool:
    """Whether the request's name could not be read for sure (the flag is taken off the slots)."""
    return bool(task.slots.pop(NAME_UNSURE, False))


def name_unsure(turn: Turn, task: Task, reply: Reply, unsure: bool) -> Reply:
    """``reply`` saying why the name is asked, when the request's name was unsure."""
    if unsure and task.asking == "name":
        notice = NoticeBlock(turn.t("ws.name_unsure"), "warning", "name_unsure")
        return replace(reply, blocks=(notice, *reply.blocks))
    return reply


def shown_value(task: Task, slot: str) -> str:
    """A corrected slot's value as said back, by default."""
    value = str(task.slots.get(slot, ""))
    return f"{value} USDT" if slot == "paper_balance" else value


async def corrected(
    flow: Correctable, domain: str, turn: Turn, task: Task, route: Route | None
) -> Reply | None:
    """The reply to a correction or to labelled credentials, or None when ``turn.text`` is
    neither (an ordinary answer, or a request of another skill). ``domain``: "exchange" |
    "model", which label fills which secret (given_secrets.SLOTS)."""
    text = turn.text.strip()
    if task.status is not TaskStatus.COLLECTING or secret_value(text) is not None:
        return None  # a key typed on its own is an answer, never read for words
    if route is not None and not route.followup and route.skill != flow.name:
        # Another skill's request, unless it corrects a field of this task by name and its value
        # fits: "不对，初始资金是 5万U" is read by the balance rule too, but changes the balance.
        fix = read_correction(text)
        if fix is None or not await _names_a_fitting_field(flow, turn, task, fix):
            return None
        return await _apply(flow, turn, task, fix, carried_secret=False)
    given = find_given(text)
    if given.found:
        taken = await _take_secrets(flow, turn, task, given.slots(domain))
        if taken is not None:
            return taken
    fix = read_correction(given.text if given.found else text)
    if fix is None:
        return None
    return await _apply(flow, turn, task, fix, carried_secret=given.any)


async def _take_secrets(flow: Correctable, turn: Turn, task: Task, secrets: dict[str, str]) -> Reply | None:
    wanted = {s.name for s in flow.slots_for(task) if s.kind == "secret"}
    usable = {slot: value for slot, value in secrets.items() if slot in wanted}
    if not usable:
        return None
    notes: list[Block] = []
    for slot, value in usable.items():
        task.seal(slot, flow.secrets.encrypt(value))
    fields = ("、" if is_zh(turn.locale) else ", ").join(
        flow.field_label(turn, slot) or slot for slot in usable
    )
    notes.append(NoticeBlock(turn.t("flow.secrets_taken", fields=fields), "info", "secrets_taken"))
    return await flow.advance(turn, task, notes=notes, carried_secret=True)


async def _apply(
    flow: Correctable, turn: Turn, task: Task, fix: Correction, *, carried_secret: bool
) -> Reply:
    slot = await _slot_for(flow, turn, task, fix)
    asking = _spec(flow, task, task.asking) if task.asking else None
    if slot is None:
        notice = NoticeBlock(turn.t("ws.correct_unsure"), "warning", "correction_unsure")
        return await _again(flow, turn, task, asking, [notice], carried_secret)
    spec = _spec(flow, task, slot)
    assert spec is not None
    value = fix.value
    if slot == "paper_balance":
        read = find_balance(value)[0]
        if read is not None and read.startswith(REFUSED_PREFIX):
            read = value  # "-5万U" refused by the flow's parse, quoting what was typed
        value = read or value.replace("usdt", "").replace("USDT", "").strip()
    parsed = await flow.parse(turn, task, spec, value)
    if parsed.value is None:
        error = NoticeBlock(
            turn.t(parsed.error or "flow.invalid", **parsed.params), "warning", "invalid_answer"
        )
        return await _again(flow, turn, task, asking, [error], carried_secret)
    old = task.slots.get(slot)
    task.slots[slot] = parsed.value
    notes: list[Block] = []
    if old != parsed.value:
        notes += await flow.after_correction(turn, task, slot, old)
    notes.insert(0, NoticeBlock(_corrected_text(flow, turn, task, slot), "info", "corrected"))
    return await flow.advance(turn, task, notes=notes, carried_secret=carried_secret)


def _corrected_text(flow: Correctable, turn: Turn, task: Task, slot: str) -> str:
    if slot == "field":  # an update changes another field: "不对，改成 secret"
        what = _lower(turn, turn.t(f"ws.field.{task.slots['field']}"))
        return turn.t("ws.corrected_field", field=inline(turn.locale, what).rstrip())
    label = _lower(turn, flow.field_label(turn, slot) or turn.t("flow.field.name"))
    return turn.t("ws.corrected", field=label, value=flow.shown_value(turn, task, slot))


async def _again(
    flow: Correctable,
    turn: Turn,
    task: Task,
    asking: SlotSpec | None,
    notes: list[Block],
    carried_secret: bool,
) -> Reply:
    if asking is not None:
        return await flow.ask(turn, task, asking, notes, carried_secret=carried_secret)
    return await flow.advance(turn, task, notes=notes, carried_secret=carried_secret)


async def _slot_for(flow: Correctable, turn: Turn, task: Task, fix: Correction) -> str | None:
    """The slot a correction changes (see the module docstring), or None when unsure."""
    specs = {s.name: s for s in flow.slots_for(task) if s.kind != "secret"}
    if fix.field is not None:
        slot = "new_name" if fix.field == "name" and task.action == "update" else fix.field
        return slot if slot in specs else None
    for name in _SELF_EVIDENT:
        if name in specs and (await flow.parse(turn, task, specs[name], fix.value)).value is not None:
            return name
    if "paper_balance" in specs and find_balance(fix.value)[0] is not None:
        return "paper_balance"
    answered = [
        name
        for name in reversed(task.slots)
        if name in specs and name not in task.sealed and "catalog" not in specs[name].infer
    ]
    if answered:
        return answered[0]
    asking = specs.get(task.asking or "")
    return asking.name if asking is not None else None


async def _names_a_fitting_field(flow: Correctable, turn: Turn, task: Task, fix: Correction) -> bool:
    """Whether ``fix`` names a field of the task ("初始资金是 …") with a value that field takes
    (or refuses as one of its shape)."""
    if fix.field is None:
        return False
    slot = await _slot_for(flow, turn, task, fix)
    spec = _spec(flow, task, slot) if slot is not None else None
    if spec is None or spec.kind == "secret":
        return False
    # A value of the field's shape it refuses ("-5万U") is the correction's all the same: its
    # refusal is said, the task kept.
    return (await flow.parse(turn, task, spec, fix.value)).answers


def _spec(flow: Correctable, task: Task, name: str) -> SlotSpec | None:
    return next((s for s in flow.slots_for(task) if s.name == name), None)


def _lower(turn: Turn, label: str) -> str:
    """A field's label inside an English sentence: "the exchange", but "the API key"."""
    if turn.locale == "en" and label[1:2].islower():
        return label[0].lower() + label[1:]
    return label
