"""Following corrections and credentials typed while a workspace task collects its slots.

"等一下，名字改成 副账户" while the exchange account is being added changes its name; "算了，改成
OKX" its exchange; "rename it to okx-alt" names the account being created, not an account to
look up; "不对，key 是 …" replaces the key just given. The slot a correction names is changed,
else the slot its value fits (an exchange, a provider, an amount), else the one answered last;
when none fits, deskmate asks rather than guesses. A changed exchange or provider drops what no
longer applies (the other exchange's keys, the provider's defaults).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.reply import Block, NoticeBlock, Reply
from core.routing.router import Route
from core.state import Task, TaskStatus
from core.tasks.actions import SlotSpec
from core.tasks.answers import secret_value
from core.tasks.flow import TaskFlow
from core.turn import Turn
from core.workspace.corrections import Correction, read_correction
from core.workspace.extraction import NAME_UNSURE, find_balance
from core.workspace.given_secrets import find_given
from core.workspace.text import inline

# Slots whose value says by itself which slot it is ("OKX" is an exchange, "5万U" an amount).
_SELF_EVIDENT = ("exchange", "provider")


class CorrectingFlow(TaskFlow):
    """A task flow that follows corrections and credentials typed mid-task."""

    record_domain = ""  # "exchange" | "model": which label fills which secret (given_secrets.SLOTS)

    async def start(self, turn: Turn, task: Task) -> Reply:
        unsure = bool(task.slots.pop(NAME_UNSURE, False))
        reply = await super().start(turn, task)
        if unsure and task.asking == "name":
            notice = NoticeBlock(turn.t("ws.name_unsure"), "warning", "name_unsure")
            reply = replace(reply, blocks=(notice, *reply.blocks))
        return reply

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        fixed = await self.corrected(turn, task, route)
        return fixed if fixed is not None else await super().continue_text(turn, task, route)

    async def corrected(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        """The reply to a correction or to labelled credentials, or None when ``turn.text`` is
        neither (an ordinary answer, or a request of another skill)."""
        text = turn.text.strip()
        if task.status is not TaskStatus.COLLECTING or secret_value(text) is not None:
            return None  # a key typed on its own is an answer, never read for words
        if route is not None and not route.followup and route.skill != self.name:
            return None  # another skill's request
        given = find_given(text)
        if given.found:
            taken = await self._take_secrets(turn, task, given.slots(self.record_domain))
            if taken is not None:
                return taken
        fix = read_correction(given.text if given.found else text)
        if fix is None:
            return None
        return await self._apply(turn, task, fix, carried_secret=given.any)

    # -- hooks -----------------------------------------------------------------------------------

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        """Drop what the change of ``slot`` (from ``old``) makes stale; notices to show."""
        return []

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        """``slot``'s new value as the confirmation of a correction shows it."""
        value = str(task.slots.get(slot, ""))
        return f"{value} USDT" if slot == "paper_balance" else value

    # -- steps -------------------------------------------------------------------------------------

    async def _take_secrets(self, turn: Turn, task: Task, secrets: dict[str, str]) -> Reply | None:
        wanted = {s.name for s in self.slots_for(task) if s.kind == "secret"}
        usable = {slot: value for slot, value in secrets.items() if slot in wanted}
        if not usable:
            return None
        notes: list[Block] = []
        for slot, value in usable.items():
            task.seal(slot, self.secrets.encrypt(value))
        fields = ("、" if turn.locale == "zh" else ", ").join(
            self.field_label(turn, slot) or slot for slot in usable
        )
        notes.append(NoticeBlock(turn.t("flow.secrets_taken", fields=fields), "info", "secrets_taken"))
        return await self.advance(turn, task, notes=notes, carried_secret=True)

    async def _apply(self, turn: Turn, task: Task, fix: Correction, *, carried_secret: bool) -> Reply:
        slot = await self._slot_for(turn, task, fix)
        asking = self._spec(task, task.asking) if task.asking else None
        if slot is None:
            notice = NoticeBlock(turn.t("ws.correct_unsure"), "warning", "correction_unsure")
            return await self._again(turn, task, asking, [notice], carried_secret)
        spec = self._spec(task, slot)
        assert spec is not None
        value = fix.value
        if slot == "paper_balance":
            value = find_balance(value)[0] or value.replace("usdt", "").replace("USDT", "").strip()
        parsed = await self.parse(turn, task, spec, value)
        if parsed.value is None:
            error = NoticeBlock(
                turn.t(parsed.error or "flow.invalid", **parsed.params), "warning", "invalid_answer"
            )
            return await self._again(turn, task, asking, [error], carried_secret)
        old = task.slots.get(slot)
        task.slots[slot] = parsed.value
        notes: list[Block] = []
        if old != parsed.value:
            notes += await self.after_correction(turn, task, slot, old)
        notes.insert(0, NoticeBlock(self._corrected_text(turn, task, slot), "info", "corrected"))
        return await self.advance(turn, task, notes=notes, carried_secret=carried_secret)

    def _corrected_text(self, turn: Turn, task: Task, slot: str) -> str:
        if slot == "field":  # an update changes another field: "不对，改成 secret"
            what = _lower(turn, turn.t(f"ws.field.{task.slots['field']}"))
            return turn.t("ws.corrected_field", field=inline(turn.locale, what).rstrip())
        label = _lower(turn, self.field_label(turn, slot) or turn.t("flow.field.name"))
        return turn.t("ws.corrected", field=label, value=self.shown_value(turn, task, slot))

    async def _again(
        self, turn: Turn, task: Task, asking: SlotSpec | None, notes: list[Block], carried_secret: bool
    ) -> Reply:
        if asking is not None:
            return await self._ask(turn, task, asking, notes, carried_secret=carried_secret)
        return await self.advance(turn, task, notes=notes, carried_secret=carried_secret)

    async def _slot_for(self, turn: Turn, task: Task, fix: Correction) -> str | None:
        """The slot a correction changes (see the module docstring), or None when unsure."""
        specs = {s.name: s for s in self.slots_for(task) if s.kind != "secret"}
        if fix.field is not None:
            slot = "new_name" if fix.field == "name" and task.action == "update" else fix.field
            return slot if slot in specs else None
        for name in _SELF_EVIDENT:
            if name in specs and (await self.parse(turn, task, specs[name], fix.value)).value is not None:
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


def _lower(turn: Turn, label: str) -> str:
    """A field's label inside an English sentence: "the exchange", but "the API key"."""
    if turn.locale == "en" and label[1:2].islower():
        return label[0].lower() + label[1:]
    return label
