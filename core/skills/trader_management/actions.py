"""trader_management's actions: what each one asks, confirms and checks, and its handler
(core.skills.trader_management.handlers): small functions given the skill, named by ACTIONS."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.reply import NoticeBlock, Reply, Status
from core.skills.trader_management import handlers
from core.skills.trader_management.deps import ALL, REFS, STOPPED_STRATEGY, SWITCHES, stale_start, stopped_by
from core.skills.trader_management.handlers import check_reply, ensure_job, kept_said, prelaunch_check
from core.state import Task
from core.tasks.actions import ActionSpec, Confirm, SlotSpec
from core.tasks.flow import owner_of
from core.traders.model import Trader, TraderState
from core.trading.service import kind_of
from core.turn import Turn

if TYPE_CHECKING:
    from core.skills.trader_management.skill import TraderSkill

# -- what each action asks -------------------------------------------------------------------


def create_slots(skill: TraderSkill, task: Task) -> list[SlotSpec]:
    specs = [
        SlotSpec("symbol", "text", required=False, infer=("message",)),
        SlotSpec("account", "choice", infer=("message", "existing")),
        SlotSpec("strategy", "choice", infer=("message", "existing")),
    ]
    if task.slots.get("kind") in (None, "ai") or "model" in task.slots:
        # Whether it is needed is known once the strategy is: "none" is inferred for the others.
        specs.append(SlotSpec("model", "choice", infer=("message", "existing")))
    specs += [
        SlotSpec("name", "text", infer=("message", "existing")),
        SlotSpec("auto_start", "choice", required=False, infer=("message",)),
        SlotSpec("daily_summary", "choice", required=False, infer=("message",)),
        SlotSpec("kind", "text", required=False, infer=("existing",)),
        SlotSpec("paper_opened", "text", required=False, infer=("existing",)),
    ]
    return specs


# A strategy's parameter named of a trader ("set rex's interval to 4h": "interval:4h"): no field of
# the trader's is asked; check_update says whose setting it is (rules.PARAMETER).
PARAMETER_SAID = SlotSpec("parameter", "text", required=False, infer=("message",))


def update_slots(skill: TraderSkill, task: Task) -> list[SlotSpec]:
    if task.slots.get("parameter"):
        return [PARAMETER_SAID]
    specs = [SlotSpec("field", "choice", infer=("message",))]
    field = task.slots.get("field")
    if field == "name":
        specs.append(SlotSpec("new_name", "text", infer=("message",)))
    elif field in REFS or field in SWITCHES:
        specs.append(SlotSpec(str(field), "choice", infer=("message",)))
    return specs


def stop_slots(skill: TraderSkill, task: Task) -> list[SlotSpec]:
    """None, but while a stop naming several strategies asks which one (skill.py asks it)."""
    ref = task.target_ref or {}
    return [STOPPED_STRATEGY] if ref.get("strategy") and "id" not in ref else []


# How a start was asked, read from the message ("how do i start alpha": "how"), which confirms it.
ASKED_HOW = SlotSpec("asked", "text", required=False, infer=("message",))


# What a start was told to use ("start rex using main": "account:main"), said not changed (rules.KEPT).
KEPT_SAID = SlotSpec("kept", "text", required=False, infer=("message",))


def start_slots(skill: TraderSkill, task: Task) -> list[SlotSpec]:
    """How it was asked, what it was told to use; and while a start naming several strategies asks
    which one ("restart my btc dca" with two DCAs on BTC: skill.py asks it, then starts the trader
    running it)."""
    return [ASKED_HOW, KEPT_SAID, *stop_slots(skill, task)]


# -- when each action is confirmed, and what refuses it first ----------------------------------


async def starts_live(skill: TraderSkill, turn: Turn, task: Task) -> bool:
    """Create with auto start on a live account: confirmed like a start."""
    if task.slots.get("auto_start") != "on":
        return False
    account = await skill.deps.accounts.get(owner_of(turn), str(task.slots.get("account", "")))
    return account is not None and kind_of(account) == "live"


async def is_live(skill: TraderSkill, turn: Turn, task: Task) -> bool:
    """A live account's start, or one asked how it is done ("how do i start alpha"): confirmed."""
    return task.slots.get("live") == "1" or task.slots.get("asked") == "how"


async def check_start(skill: TraderSkill, turn: Turn, task: Task) -> Reply | None:
    trader = await skill.records.current(turn, task)
    if trader is None:
        return None
    if trader.state is TraderState.STOPPING:
        notice = NoticeBlock(turn.t("trader.still_stopping", name=trader.name), code="trader_stopping")
        return skill.private_reply(turn, task, Status.COMPLETED, (notice,))
    if trader.state.active and not stale_start(trader, turn.now):
        await ensure_job(skill, turn, trader)
        notice = NoticeBlock(turn.t("trader.already_running", name=trader.name), code="already_running")
        kept = await kept_said(skill, turn, task, trader)  # "start rex using main" while it runs
        return skill.private_reply(turn, task, Status.COMPLETED, (notice, *kept))
    if task.slots.get("live") == "1" and task.confirmations == 0:
        failure = await prelaunch_check(skill, turn, trader)  # a live start fails before it is confirmed
        if failure is not None:
            return check_reply(skill, turn, task, trader, failure)
    return None


async def check_stop(skill: TraderSkill, turn: Turn, task: Task) -> Reply | None:
    ref = task.target_ref or {}
    if ref.get("id") == ALL:
        if not [t for t in await skill.records.owned(owner_of(turn)) if stopped_by(t, ref)]:
            key = "trader.none_running_strategy" if ref.get("strategy") else "trader.none_running"
            notice = NoticeBlock(turn.t(key, name=ref.get("name", "")), code="none_running")
            return skill.private_reply(turn, task, Status.COMPLETED, (notice,))
        return None
    trader = await skill.records.current(turn, task)
    if trader is not None and not trader.state.active:
        state = turn.t(f"trader.state.{trader.state.value}")
        notice = NoticeBlock(turn.t("trader.not_running", name=trader.name, state=state), code="not_running")
        return skill.private_reply(turn, task, Status.COMPLETED, (notice,))
    return None


async def check_delete(skill: TraderSkill, turn: Turn, task: Task) -> Reply | None:
    trader = await skill.records.current(turn, task)
    if trader is not None and trader.state.active:
        return _running_refused(skill, turn, task, trader, "delete")
    return None


async def check_update(skill: TraderSkill, turn: Turn, task: Task) -> Reply | None:
    trader = await skill.records.current(turn, task)
    if trader is not None and task.slots.get("parameter"):
        return await handlers.strategy_parameter(skill, turn, task, trader)
    if trader is not None and trader.state.active and task.slots.get("field") in REFS:
        return _running_refused(skill, turn, task, trader, "update")
    return None


def _running_refused(skill: TraderSkill, turn: Turn, task: Task, trader: Trader, what: str) -> Reply:
    text = turn.t("trader.running_refused", name=trader.name, what=turn.t(f"trader.what.{what}"))
    return skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", "trader_running"),))


ACTIONS: dict[str, ActionSpec[TraderSkill]] = {
    "create": ActionSpec(
        run=handlers.create_trader,
        slots=create_slots,
        confirm=Confirm.when(starts_live, "it starts on a live account"),
    ),
    "update": ActionSpec(run=handlers.update_trader, slots=update_slots, target=True, check=check_update),
    "delete": ActionSpec(
        run=handlers.delete_trader, target=True, confirm=Confirm.ALWAYS, check=check_delete, destructive=True
    ),
    "start": ActionSpec(
        run=handlers.start_trader,
        slots=start_slots,
        target=True,
        confirm=Confirm.when(is_live, "a live account, or asked how to start it"),
        check=check_start,
    ),
    "stop": ActionSpec(
        run=handlers.stop_trader, slots=stop_slots, target=True, confirm=Confirm.ALWAYS, check=check_stop
    ),
    "query": ActionSpec(run=handlers.query_traders, writes=False),
}
