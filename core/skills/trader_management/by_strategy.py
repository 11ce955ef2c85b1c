"""A start naming a strategy ("重启BTC定投", "restart my eth grid"): a strategy has no start of its
own, it runs in its traders (as a stop of it stops them). The one of them not running is the
start's target, started as any start is (checked first, confirmed on a live account); several not
running are asked about, one of them chosen; none having the strategy, or all of them running
already, is said, with how to run it (a trader made with it). Nothing is started unasked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.i18n import is_zh
from core.reply import Block, NoticeBlock, Reply, Status
from core.state import Task, TaskStatus
from core.strategies import Strategy
from core.tasks.flow import owner_of
from core.tasks.targeting import ask_target
from core.turn import Turn

if TYPE_CHECKING:
    from core.skills.trader_management.skill import TraderSkill


async def start_of_strategy(
    skill: TraderSkill, turn: Turn, task: Task, strategy: Strategy, notes: Sequence[Block]
) -> Reply | None:
    """None when the start now has its trader (``task.target_ref`` names it); else the question
    of which trader, or what is said instead of a start (none has it, all run it already)."""
    runners = [t for t in await skill.records.owned(owner_of(turn)) if t.strategy_id == strategy.id]
    idle = sorted((t for t in runners if not t.state.active), key=lambda t: t.name)
    if len(idle) == 1:
        task.target_ref = {"id": idle[0].id, "name": idle[0].name}
        return None
    if len(idle) > 1:
        text = turn.t("trader.which_on_strategy", name=strategy.name, count=len(idle))
        options = [skill.as_target(t) for t in idle]
        return await ask_target(skill, turn, task, options, text, notes, code="ask_target")
    if runners:
        names = ("、" if is_zh(turn.locale) else ", ").join(t.name for t in runners)
        text = turn.t("trader.strategy_running", name=strategy.name, names=names)
        code = "already_running"
    else:
        text, code = turn.t("trader.none_on_strategy_start", name=strategy.name), "none_on_strategy"
    skill.transition(turn, task, TaskStatus.FAILED)  # nothing to start: the task ends, said why
    return skill.private_reply(turn, task, Status.COMPLETED, (*notes, NoticeBlock(text, code=code)))
