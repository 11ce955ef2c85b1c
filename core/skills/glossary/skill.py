"""Short answers to side questions asked in the middle of a task ("全仓和逐仓有什么区别?").

Deterministic and model-free: a handful of terms the workspace flows mention. Anything else goes
to the planner (when configured) like any unrecognised message.
"""

from __future__ import annotations

from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.skills.base import OneShotSkill
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.transitions import move
from core.turn import Turn

SKILL = "glossary"


class GlossarySkill(OneShotSkill):
    name = SKILL
    # Answers only what the message names (a term, a topic): never started without it (a "did
    # you mean" button of the nearest known phrasings is not offered bare, core.conversation.choices).
    NAMED_ONLY = frozenset({"explain"})

    async def explain(self, turn: Turn, task: Task) -> Done:
        term = str(task.slots.get("term", ""))
        move(task, TaskStatus.EXECUTING, turn.now)
        move(task, TaskStatus.COMPLETED, turn.now)
        reply = Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t(f"ws.glossary.{term}"), code="glossary"),),
            turn.locale,
            route=RouteInfo(SKILL, "explain", {"term": term}, by=task.origin),
        )
        return Done(reply)


ACTIONS: dict[str, ActionSpec[GlossarySkill]] = {
    "explain": ActionSpec(run=GlossarySkill.explain, writes=False)
}
