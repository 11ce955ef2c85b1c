"""Coming back to an interrupted or waiting task: after a side answer, by offer, or on request."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from core.conversation.replies import notice_reply
from core.conversation.tasks import TaskBook, open_task, stacked_task
from core.reply import NoticeBlock, Reply, Status
from core.state import Task, TaskStatus
from core.tasks import transitions
from core.turn import Turn

RESUME_BUTTON_TTL = timedelta(hours=1)


def _nothing_to_resume(turn: Turn) -> Reply:
    return notice_reply(turn, "task.nothing_to_resume", "nothing_to_resume")


class Resumption:
    """Asks an open task's question again, offers and resumes interrupted tasks, or drops them."""

    def __init__(self, book: TaskBook) -> None:
        self.book = book

    async def back_to(self, turn: Turn, task: Task, reply: Reply) -> Reply:
        """After a side answer: the open task's question again, below the answer."""
        skill = self.book.task_skill(task)
        if skill is None or not task.is_open:
            return reply
        again = await skill.reprompt(turn, task)
        self.book.settle(turn.state, task)
        header = NoticeBlock(turn.t("task.back_to", what=self.book.describe(turn, task)), code="back_to_task")
        return replace(
            reply,
            blocks=(*reply.blocks, header, *again.blocks),
            buttons=(*reply.buttons, *again.buttons),
            audience="private" if "private" in (reply.audience, again.audience) else "public",
            expects_secret=again.expects_secret,
        )

    async def offer(self, turn: Turn, reply: Reply) -> Reply:
        """Once nothing is open any more, offer (once) to continue the last interrupted task."""
        state = turn.state
        if open_task(state) is not None or not state.resume_stack:
            return reply
        task = state.resume_stack[-1]
        skill = self.book.task_skill(task)
        if task.resume_offered or skill is None:
            return reply
        task.resume_offered = True
        buttons = await turn.buttons(
            [
                (turn.t("task.button.resume"), {"kind": "task.resume", "task_id": task.id}),
                (turn.t("task.button.discard"), {"kind": "task.discard", "task_id": task.id}),
            ],
            ttl=RESUME_BUTTON_TTL,
            styles=("primary", "secondary"),
        )
        notice = NoticeBlock(
            turn.t("task.offer_resume", what=self.book.describe(turn, task)), code="offer_resume"
        )
        return replace(reply, blocks=(*reply.blocks, notice), buttons=(*reply.buttons, *buttons))

    async def parked(self, turn: Turn, task: Task, reply: Reply) -> Reply:
        """A new request paused ``task``: say so below the new answer, with a button back to it."""
        skill = self.book.task_skill(task)
        if skill is None or stacked_task(turn.state, task.id) is None:
            return reply
        what = self.book.describe(turn, task)
        back = await turn.buttons(
            [(turn.t("task.button.back_to", what=what), {"kind": "task.resume", "task_id": task.id})],
            ttl=RESUME_BUTTON_TTL,
            styles=("secondary",),
        )
        notice = NoticeBlock(turn.t("task.parked", what=what), code="task_parked")
        return replace(reply, blocks=(*reply.blocks, notice), buttons=(*reply.buttons, *back))

    async def expired_button(self, turn: Turn, task: Task) -> Reply:
        """A paused task's confirm button pressed after its time: said in that task's own words,
        with the way back to it (resuming shows a fresh confirmation)."""
        what = self.book.describe(turn, task)
        buttons = await turn.buttons(
            [
                (turn.t("task.button.back_to", what=what), {"kind": "task.resume", "task_id": task.id}),
                (turn.t("task.button.discard"), {"kind": "task.discard", "task_id": task.id}),
            ],
            ttl=RESUME_BUTTON_TTL,
            styles=("primary", "secondary"),
        )
        task.resume_offered = True
        notice = NoticeBlock(turn.t("task.paused_button_expired", what=what), "warning", "button_expired")
        return Reply(Status.FAILED, (notice,), turn.locale, buttons=buttons, audience="private")

    async def resume(self, turn: Turn, task_id: str) -> Reply:
        task = stacked_task(turn.state, task_id)
        skill = self.book.task_skill(task) if task is not None else None
        if task is None or skill is None:
            return _nothing_to_resume(turn)
        self.book.restore(turn, task)
        reply = await skill.reprompt(turn, task)
        self.book.settle(turn.state, task)
        return reply

    def discard(self, turn: Turn, task_id: str) -> Reply:
        state = turn.state
        task = stacked_task(state, task_id)
        if task is None:
            return _nothing_to_resume(turn)
        state.resume_stack = [t for t in state.resume_stack if t.id != task_id]
        transitions.move(task, TaskStatus.CANCELLED, turn.now, turn.trace)
        return notice_reply(turn, "task.discarded", "discarded", what=self.book.describe(turn, task))
