"""The actions every record skill shares (exchange accounts, model configs, strategies,
traders): create, update, delete and query, and the refusal to delete a record a trader uses.
Small functions given the built skill, named by each skill's action table; what differs per
skill is its hooks (core.workspace.records.RecordFlow: create, update, rows, line, ...) and
its ``Records`` (the repository and the message keys)."""

from __future__ import annotations

from typing import Any

from core.reply import DetailsBlock, NoticeBlock, Reply, Status
from core.state import Task
from core.tasks.actions import ActionSpec, Confirm, Done
from core.tasks.errors import NotFound
from core.tasks.flow import owner_of
from core.tasks.refs import resolve
from core.turn import Turn
from core.workspace.records import RecordFlow, WritesRecords


async def refuse_in_use(skill: RecordFlow, turn: Turn, task: Task) -> Reply | None:
    """Deleting a record a trader uses is refused before any confirmation is asked."""
    rec = await skill.records.current(turn, task)
    if rec is None:
        return None  # execution reports it gone
    traders = await skill.records.store.traders_using(owner_of(turn), rec.id)
    if not traders:
        return None
    text = turn.t("flow.in_use", name=rec.name, traders=", ".join(traders))
    return skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", "in_use"),))


async def create_record(skill: WritesRecords, turn: Turn, task: Task) -> Done:
    created = await skill.create(turn, task, skill.audit_entry(turn, task))
    records = skill.records
    reply = summary(skill, turn, task, created, f"{records.texts}.created", f"{records.code}_created")
    return Done(reply, skill.as_target(created))


async def update_record(skill: WritesRecords, turn: Turn, task: Task) -> Done:
    records = skill.records
    rec = await records.current(turn, task)
    if rec is None:
        raise NotFound((task.target_ref or {}).get("id", ""))
    updated, fields = await skill.update(turn, task, rec)
    reply = summary(skill, turn, task, updated, f"{records.texts}.updated", f"{records.code}_updated")
    return Done(reply, skill.as_target(updated), {"fields": fields})


async def delete_record(skill: RecordFlow, turn: Turn, task: Task) -> Done:
    records = skill.records
    rec = await records.current(turn, task)
    if rec is None:
        raise NotFound((task.target_ref or {}).get("id", ""))
    target = skill.as_target(rec)
    await records.store.delete(owner_of(turn), rec.id, skill.audit_entry(turn, task, target=target))
    notice = NoticeBlock(turn.t(f"{records.texts}.deleted", name=rec.name), code=f"{records.code}_deleted")
    return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice,)), target, gone=True)


async def query_records(skill: RecordFlow, turn: Turn, task: Task) -> Done:
    """One record (when the request names one) or the list: a read, audited by the flow."""
    texts, code = skill.records.texts, skill.records.code
    records = await skill.records.owned(owner_of(turn))
    ref = task.target_ref or {}
    if ref:
        targets = [skill.as_target(r) for r in records]
        matches = resolve(ref, targets, turn.state.recent_refs.get(skill.ref_kind))
        if len(matches) == 1:
            rec = next(r for r in records if r.id == matches[0].id)
            return Done(summary(skill, turn, task, rec, None, f"{code}_details"))
        if not matches:
            names = ", ".join(r.name for r in records) or "—"
            # "#42" as typed: an account looked up by id has no name to quote
            shown = ref.get("name") or ref.get("alias") or (f"#{ref['id']}" if "id" in ref else "")
            text = turn.t("flow.not_found", ref=shown, kind=skill.kind_label(turn), names=names)
            notice = NoticeBlock(text, "error", "not_found")
            return Done(skill.private_reply(turn, task, Status.FAILED, (notice,)), ok=False)
        records = [r for r in records if r.id in {m.id for m in matches}]
    if not records:
        notice = NoticeBlock(turn.t(f"{texts}.none"), code=skill.records.none_code)
        return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice,)))
    rows = tuple((r.name, skill.line(turn, r)) for r in records)
    details = DetailsBlock(turn.t(f"{texts}.list_title", count=len(records)), rows)
    return Done(skill.private_reply(turn, task, Status.COMPLETED, (details,)))


def summary(skill: RecordFlow, turn: Turn, task: Task, record: Any, notice: str | None, code: str) -> Reply:
    blocks: list[NoticeBlock | DetailsBlock] = []
    if notice:
        blocks.append(NoticeBlock(turn.t(notice, name=record.name), code=code))
    title = turn.t(f"{skill.records.texts}.title", name=record.name)
    blocks.append(DetailsBlock(title, skill.rows(turn, record)))
    return skill.private_reply(turn, task, Status.COMPLETED, blocks)


# The delete every record skill's table names: always confirmed, refused while a trader uses the
# record, marked destructive (its confirm button says so).
DELETE: ActionSpec[Any] = ActionSpec(
    run=delete_record, target=True, confirm=Confirm.ALWAYS, check=refuse_in_use, destructive=True
)
