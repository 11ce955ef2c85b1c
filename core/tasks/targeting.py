"""The task flow's "which one?": a task's target found from what was said, asked with buttons,
or refused naming what there is (core.tasks.flow runs it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.i18n import is_zh
from core.reply import Block, NoticeBlock, Reply, Status, TraceStep
from core.state import Task, TaskStatus
from core.tasks.choices import Choice
from core.tasks.owner import owner_of, ref_text
from core.tasks.refs import Target, excepted, resolve
from core.turn import Turn

if TYPE_CHECKING:
    from core.tasks.flow import TaskFlow

MAX_TARGET_BUTTONS = 8
TARGET = "target"  # the pseudo-slot "which one?"


async def resolve_target(flow: TaskFlow, turn: Turn, task: Task, notes: list[Block]) -> Reply | None:
    """Fill target_ref["id"], or return the question / refusal that stops the flow."""
    owner = owner_of(turn)
    targets = await flow.targets(owner)
    ref = dict(task.target_ref or {})
    if not targets:
        return flow._fail(turn, task, turn.t("flow.none_yet", kind=flow.kind_label(turn)), "none_yet", notes)
    if not ref:
        spec = flow.action(task)
        if len(targets) == 1 and spec is not None and not spec.destructive:
            # "换一下 API key" with one account: there is nothing to choose between. A delete
            # still names its target explicitly (and is confirmed showing it).
            flow._set_target(task, targets[0])
            return None
        return await ask_target(
            flow, turn, task, targets, turn.t("flow.which", kind=flow.kind_label(turn)), notes
        )
    matches = resolve(ref, targets, turn.state.recent_refs.get(flow.ref_kind))
    if len(matches) == 1:
        flow._set_target(task, matches[0])
        turn.trace.append(TraceStep("tool", "resolve_reference", {"ref": ref, "id": matches[0].id}))
        return None
    said_not = excepted(ref)
    if said_not is not None:  # "not on paper": every other one, asked which; none: said so
        if matches:
            return await ask_target(
                flow, turn, task, matches, turn.t("flow.which", kind=flow.kind_label(turn)), notes
            )
        names = _names(targets, turn)
        text = turn.t("flow.none_other", ref=_said(said_not, turn), kind=flow.kind_label(turn), names=names)
        return flow._fail(turn, task, text, "none_other", notes)
    if len(matches) > 1:
        turn.trace.append(
            TraceStep(
                "tool", "resolve_reference", {"ref": ref, "matches": len(matches)}, error_code="ambiguous"
            )
        )
        text = turn.t("flow.ambiguous", ref=_said(ref, turn), kind=flow.kind_label(turn))
        return await ask_target(flow, turn, task, matches, text, notes, code="ambiguous_reference")
    turn.trace.append(
        TraceStep("tool", "resolve_reference", {"ref": ref}, outcome="error", error_code="not_found")
    )
    names = _names(targets, turn)
    text = turn.t("flow.not_found", ref=_said(ref, turn), kind=flow.kind_label(turn), names=names)
    return flow._fail(turn, task, text, "not_found", notes)


def _names(targets: Sequence[Target], turn: Turn) -> str:
    return "、".join(t.name for t in targets) if is_zh(turn.locale) else ", ".join(t.name for t in targets)


def _said(ref: dict[str, str], turn: Turn) -> str:
    """The reference said back: an exchange's or a provider's records by its name as shown
    ("模拟盘不要了 删了" with two paper accounts: 「模拟账户」, not its key 「paper」)."""
    from core.workspace.exchanges import EXCHANGES
    from core.workspace.providers import PROVIDERS

    alias = "" if ref.get("name") else ref.get("alias", "")
    if alias in EXCHANGES:
        return EXCHANGES[alias].display(turn.locale)
    return PROVIDERS[alias].display if alias in PROVIDERS else ref_text(ref)


async def ask_target(
    flow: TaskFlow,
    turn: Turn,
    task: Task,
    options: Sequence[Target],
    text: str,
    notes: Sequence[Block],
    code: str = "ask_target",
) -> Reply:
    flow.transition(turn, task, TaskStatus.COLLECTING)
    task.asking = TARGET
    shown = options[:MAX_TARGET_BUTTONS]
    buttons = await flow._choice_buttons(turn, task, TARGET, [Choice(t.id, t.name) for t in shown])
    return flow.private_reply(
        turn, task, Status.NEEDS_INPUT, (*notes, NoticeBlock(text, code=code)), buttons=buttons
    )


async def typed_target(flow: TaskFlow, turn: Turn, task: Task, text: str) -> Reply:
    targets = await flow.targets(owner_of(turn))
    matches = resolve({"name": text}, targets, turn.state.recent_refs.get(flow.ref_kind))
    if len(matches) == 1:
        flow._set_target(task, matches[0])
        return await flow.advance(turn, task)
    if not matches:
        taken = await other_slot(flow, turn, task, text)
        if taken is not None:
            return taken
    options = matches or targets
    key = "flow.ambiguous" if matches else "flow.not_found_choose"
    return await ask_target(
        flow,
        turn,
        task,
        options,
        turn.t(key, ref=text, kind=flow.kind_label(turn)),
        [],
        code="ambiguous_reference" if matches else "not_found",
    )


async def other_slot(flow: TaskFlow, turn: Turn, task: Task, text: str) -> Reply | None:
    """The record question answered with a choice the task still needs ("ETH" when asked which
    account for "最多能买多少"): taken for that slot, said, and the record asked again."""
    for spec in flow.slots_for(task):
        if spec.name in task.slots or spec.kind != "choice":
            continue
        parsed = await flow.parse(turn, task, spec, text)
        if parsed.value is not None:
            task.slots[spec.name] = parsed.value
            note = NoticeBlock(turn.t("flow.taken_as", value=text.strip()[:40]), code="noted")
            return await flow.advance(turn, task, notes=[note])
    return None
