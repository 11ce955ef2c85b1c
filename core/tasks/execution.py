"""The task flow's last steps: the confirmation (a single-use token pair), and the declared
executor run with its outcome audited and reported (core.tasks.flow runs them)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core.reply import Block, NoticeBlock, Reply, Status, TraceStep
from core.secrets import SecretKeyChanged, SecretUnavailable
from core.state import Task, TaskStatus
from core.tasks import tokens
from core.tasks.actions import ActionSpec
from core.tasks.errors import InUse, NameTaken, NotFound
from core.turn import Turn

if TYPE_CHECKING:
    from core.tasks.flow import TaskFlow

log = logging.getLogger("core.tasks.flow")  # the flow's own log, as before the split


async def confirm(
    flow: TaskFlow,
    turn: Turn,
    task: Task,
    spec: ActionSpec[Any],
    notes: Sequence[Block],
    carried_secret: bool,
) -> Reply:
    flow.transition(turn, task, TaskStatus.AWAITING_CONFIRMATION)
    task.asking = None
    task.needs_confirmation = True
    danger = spec.destructive
    labels = (
        turn.t("flow.button.confirm_delete" if danger else "flow.button.confirm"),
        turn.t("flow.button.cancel"),
    )
    styles: tuple[tokens.ButtonStyle, tokens.ButtonStyle] = (
        "danger" if danger else "primary",
        "secondary",
    )
    payload = {
        "kind": f"{flow.name}.confirm",
        "task_id": task.id,
        "version": await flow.version(turn, task),
    }
    buttons = await tokens.confirmation(turn, task, labels, styles, payload)
    text, details = await flow.preview(turn, task)
    minutes = int(tokens.CONFIRM_TTL.total_seconds() // 60)
    blocks: list[Block] = [
        *notes,
        NoticeBlock(text, "warning" if danger else "info", f"confirm_{task.action}"),
        details,
        NoticeBlock(turn.t("flow.confirm_hint", minutes=minutes), code="confirm_hint"),
    ]
    return flow.private_reply(
        turn, task, Status.AWAITING_CONFIRMATION, blocks, buttons=buttons, delete_inbound=carried_secret
    )


async def execute(
    flow: TaskFlow, turn: Turn, task: Task, notes: Sequence[Block], *, carried_secret: bool = False
) -> Reply:
    spec = flow.action(task)
    if spec is None or spec.run is None:
        return flow._undeclared(turn, task)
    flow.transition(turn, task, TaskStatus.EXECUTING)
    task.asking = None
    if spec.writes:
        await flow.checkpoint(turn, task)  # a crash from here on leaves "executing" visible
    target = flow._target_of(task)
    try:
        done = await spec.run(flow, turn, task)
    except InUse as exc:
        await flow._audit(turn, task, "refused", target, {"reason": "in_use"})
        text = turn.t("flow.in_use", name=target.name if target else "", traders=", ".join(exc.traders))
        return flow._carry(flow._fail(turn, task, text, "in_use", notes), carried_secret)
    except NameTaken as exc:
        # Someone (another chat, another process) took the name meanwhile: ask again.
        task.slots.pop("name", None)
        task.slots.pop("new_name", None)
        notice = NoticeBlock(turn.t("flow.name_taken", name=exc.name), "warning", "name_taken")
        return await flow.advance(turn, task, notes=[*notes, notice], carried_secret=carried_secret)
    except NotFound:
        return flow._carry(await gone(flow, turn, task, notes), carried_secret)
    except SecretKeyChanged:
        # Sealed under a key the database has moved away from (a rotation ran while this process
        # kept the old key): the storage rolled it back; said plainly, with the way out.
        await flow._audit(turn, task, "refused", target, {"reason": "secret_key_changed"})
        text = turn.t("flow.secret_key_changed")
        return flow._carry(flow._fail(turn, task, text, "secret_key_changed", notes), carried_secret)
    except SecretUnavailable:
        await flow._audit(turn, task, "failed", target, {"reason": "secret_unavailable"})
        return flow._carry(
            flow._fail(turn, task, turn.t("flow.secret_unavailable"), "secret_unavailable", notes),
            carried_secret,
        )
    except Exception:  # a store fault: its transaction (change and audit row) was rolled back
        log.exception("%s.%s failed", flow.name, task.action)
        await flow._audit(turn, task, "failed", target, {"reason": "error"})
        return flow._carry(
            flow._fail(turn, task, turn.t("flow.failed"), "action_failed", notes), carried_secret
        )
    flow.transition(turn, task, TaskStatus.COMPLETED if done.ok else TaskStatus.FAILED)
    if done.gone:
        if target is not None and turn.state.recent_refs.get(flow.ref_kind) == target.id:
            turn.state.recent_refs.pop(flow.ref_kind, None)
    elif done.target is not None:
        turn.state.recent_refs[flow.ref_kind] = done.target.id
        flow._set_target(task, done.target)
    if spec.writes:  # the executor wrote the audit row in the change's own transaction
        turn.trace.append(TraceStep("store", "audit", {"action": task.action, "outcome": "ok"}))
    else:  # a read: its audit row goes on its own
        await flow._audit(turn, task, "ok" if done.ok else "failed", done.target or target, done.detail)
    return flow._carry(flow._with_notes(done.reply, notes), carried_secret)


async def changed(flow: TaskFlow, turn: Turn, task: Task) -> Reply:
    """The confirmed target was changed, deleted or replaced since the confirmation was asked."""
    target = flow._target_of(task)
    await flow._audit(turn, task, "refused", target, {"reason": "changed"})
    text = turn.t("flow.changed", kind=flow.kind_label(turn), name=target.name if target else "")
    return flow._fail(turn, task, text, "target_changed", [])


async def before_running(flow: TaskFlow, turn: Turn, task: Task, payload: dict[str, Any]) -> Reply | None:
    """What a pressed confirmation shows instead of running, or None to run: the record changed
    since it was shown, a second confirmation owed, or the plan changed (a price moved).
    NotFound when a record it reads is gone."""
    if "version" in payload:
        now_version = await flow.version(turn, task)
        # Gone altogether: NotFound (here or in execution). Replaced or changed: refuse here.
        if now_version is not None and now_version != payload["version"]:
            return await changed(flow, turn, task)
    action = flow.action(task)
    task.confirmations += 1
    if (
        action is not None
        and task.confirmations < 2
        and await action.confirm_twice.required(flow, turn, task)
    ):
        twice = flow.second_confirmation(turn, task)
        return await confirm(flow, turn, task, action, [twice], False)
    again = await flow.reconfirm(turn, task)
    if action is not None and again is not None:
        return await confirm(flow, turn, task, action, [again], False)
    return None


async def gone(flow: TaskFlow, turn: Turn, task: Task, notes: Sequence[Block]) -> Reply:
    """The task's record (or one it reads) no longer exists: failed, said, audited."""
    await flow._audit(turn, task, "failed", flow._target_of(task), {"reason": "not_found"})
    return flow._fail(turn, task, turn.t("flow.gone", kind=flow.kind_label(turn)), "not_found", notes)
