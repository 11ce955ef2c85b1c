"""strategy_management's actions: what each one asks, confirms and checks, and the small
functions that run them (given the skill), named by ACTIONS; the update, delete and query of
every record skill are core.workspace.record_actions'."""

from __future__ import annotations

from core.reply import Block, DetailsBlock, NoticeBlock, Reply, Status
from core.skills.strategy_management.skill import StrategySkill, slot_kind
from core.state import Task
from core.strategies import forms
from core.strategies.model import NewStrategy, Strategy
from core.strategies.params import InvalidParams
from core.tasks.actions import ActionSpec, Confirm, Done, SlotSpec
from core.tasks.errors import NotFound
from core.tasks.flow import owner_of
from core.turn import Turn
from core.workspace import record_actions


def create_slots(skill: StrategySkill, task: Task) -> list[SlotSpec]:
    """The kind, then its parameters in order (optional ones only from the request), then a name."""
    specs = [SlotSpec("kind", "choice", infer=("message",))]
    kind = str(task.slots.get("kind", ""))
    for field in forms.fields_of(kind):
        specs.append(SlotSpec(field, slot_kind(field), field not in forms.OPTIONAL, ("message",)))
    if kind:
        specs.append(SlotSpec("name", "text", infer=("message", "existing")))
    return specs


def update_slots(skill: StrategySkill, task: Task) -> list[SlotSpec]:
    """Which setting, then its new value."""
    specs = [SlotSpec("field", "choice", infer=("message",))]
    field = task.slots.get("field")
    if field == "name":
        specs.append(SlotSpec("new_name", "text", infer=("message",)))
    elif isinstance(field, str) and field:
        specs.append(SlotSpec(field, slot_kind(field), infer=("message",)))
    return specs


def duplicate_slots(skill: StrategySkill, task: Task) -> list[SlotSpec]:
    return [SlotSpec("name", "text", infer=("message",))]


async def used_by_traders(skill: StrategySkill, turn: Turn, task: Task) -> bool:
    """The confirmation rule of an update: a trader runs this strategy."""
    rec = await skill.records.current(turn, task)
    return rec is not None and bool(await skill.store.traders_using(owner_of(turn), rec.id))


async def check_params(skill: StrategySkill, turn: Turn, task: Task) -> Reply | None:
    """The whole set, once more, before anything is written: what the request said may have
    been checked before the strategy it changes was known."""
    try:
        skill.params(task, await skill.records.current(turn, task))
    except InvalidParams as exc:
        notice = NoticeBlock(exc.message(turn.locale), "error", "invalid_params")
        return skill.private_reply(turn, task, Status.FAILED, (notice,))
    return None


async def create_strategy(skill: StrategySkill, turn: Turn, task: Task) -> Done:
    created = await skill.create(turn, task, skill.audit_entry(turn, task))
    blocks: list[Block] = [
        NoticeBlock(turn.t("strategy.sm.created", name=created.name), code="strategy_created")
    ]
    if created.is_default:
        blocks.append(NoticeBlock(turn.t("strategy.sm.created_default"), code="strategy_default"))
    blocks.append(DetailsBlock(turn.t("strategy.sm.title", name=created.name), skill.rows(turn, created)))
    return Done(skill.private_reply(turn, task, Status.COMPLETED, blocks), skill.as_target(created))


async def activate(skill: StrategySkill, turn: Turn, task: Task) -> Done:
    rec = await _target_record(skill, turn, task)
    if rec.is_default:
        return _told(skill, turn, task, rec, "strategy.sm.already_default", "strategy_already_default")
    audit = skill.audit_entry(turn, task, target=skill.as_target(rec))
    marked = await skill.store.set_default(owner_of(turn), rec.id, turn.now, audit)
    return _told(skill, turn, task, marked or rec, "strategy.sm.activated", "strategy_activated")


async def deactivate(skill: StrategySkill, turn: Turn, task: Task) -> Done:
    rec = await _target_record(skill, turn, task)
    if not rec.is_default:
        return _told(skill, turn, task, rec, "strategy.sm.not_default", "strategy_not_default")
    audit = skill.audit_entry(turn, task, target=skill.as_target(rec))
    await skill.store.set_default(owner_of(turn), None, turn.now, audit)
    cleared = await skill.store.get(owner_of(turn), rec.id) or rec
    return _told(skill, turn, task, cleared, "strategy.sm.deactivated", "strategy_deactivated")


async def duplicate(skill: StrategySkill, turn: Turn, task: Task) -> Done:
    rec = await _target_record(skill, turn, task)
    new = NewStrategy(owner_of(turn), str(task.slots["name"]), rec.params, turn.now)
    copy = await skill.store.create(new, skill.audit_entry(turn, task, detail={"source": rec.id}))
    notice = NoticeBlock(
        turn.t("strategy.sm.duplicated", source=rec.name, name=copy.name), code="strategy_duplicated"
    )
    details = DetailsBlock(turn.t("strategy.sm.title", name=copy.name), skill.rows(turn, copy))
    reply = skill.private_reply(turn, task, Status.COMPLETED, (notice, details))
    return Done(reply, skill.as_target(copy), {"source": rec.id})


async def _target_record(skill: StrategySkill, turn: Turn, task: Task) -> Strategy:
    rec = await skill.records.current(turn, task)
    if rec is None:
        raise NotFound((task.target_ref or {}).get("id", ""))
    return rec


def _told(skill: StrategySkill, turn: Turn, task: Task, rec: Strategy, key: str, code: str) -> Done:
    notice = NoticeBlock(turn.t(key, name=rec.name), code=code)
    details = DetailsBlock(turn.t("strategy.sm.title", name=rec.name), skill.rows(turn, rec))
    return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice, details)), skill.as_target(rec))


ACTIONS: dict[str, ActionSpec[StrategySkill]] = {
    "create": ActionSpec(run=create_strategy, slots=create_slots, check=check_params),
    "update": ActionSpec(
        run=record_actions.update_record,
        slots=update_slots,
        target=True,
        confirm=Confirm.when(used_by_traders, "a trader runs this strategy"),
        check=check_params,
    ),
    "delete": record_actions.DELETE,
    "activate": ActionSpec(run=activate, target=True),
    "deactivate": ActionSpec(run=deactivate, target=True),
    "duplicate": ActionSpec(run=duplicate, slots=duplicate_slots, target=True),
    "query": ActionSpec(run=record_actions.query_records, writes=False),
}
