"""Several asks in one message, answered in one reply, in the order asked.

Each clause starts as if it had been sent alone. A clause that opens a task (a confirmation, a
question) keeps it open while the later clauses are answered: its buttons stay valid and it is
the conversation's open task afterwards. Only one task can be open. A later clause that may
need a confirmation is not started yet: it is queued behind the open one (core.conversation.
queued), and started, checked and confirmed on its own once that one has completed ("停掉alpha
然后删除它"). Any other later clause that opens one too waits on the resume stack (offered again
once the first is done), or, if its kind does not wait, is asked to be sent again.
"""

from __future__ import annotations

from dataclasses import replace

from core.conversation.queued import AskQueue, Start
from core.conversation.replies import joined
from core.conversation.tasks import TaskBook, open_task
from core.reply import NoticeBlock, Reply, Status, TraceStep
from core.routing.router import Route
from core.state import Task, TaskStatus
from core.turn import Turn


async def answer_each(
    turn: Turn, asks: list[tuple[str, Route]], start: Start, book: TaskBook, queue: AskQueue
) -> Reply:
    """Start every clause's route in order (queueing the risky ones behind an open task) and
    answer them in one reply."""
    state = turn.state
    whole = turn.text
    replies: list[Reply] = []
    held: Task | None = None  # the first task a clause left open: it stays the open one
    try:
        for text, route in asks:
            if held is not None and queue.waits(route):
                replies.append(queue.put(turn, text, route, held))
                continue
            turn.text = text  # a skill reading the message reads its own clause
            reply = await start(turn, route)
            task = open_task(state)
            if task is not None:
                state.active = None  # out of the next clauses' way, untouched (tokens and all)
                if held is None:
                    held = task
                else:
                    reply = _set_aside(turn, book, task, text)
            replies.append(reply)
    finally:
        turn.text = whole
        if held is not None:
            state.active = held
    return _merged(turn, replies, asks, held)


def _set_aside(turn: Turn, book: TaskBook, task: Task, text: str) -> Reply:
    """A second open task: on the resume stack if its kind waits, else dropped; its own
    buttons are not shown (a shelved task's buttons die with the pause)."""
    what = book.describe(turn, task)
    book.interrupt(turn.state, task)
    waits = task.status is TaskStatus.INTERRUPTED
    notice = (
        NoticeBlock(turn.t("asks.later_waits", what=what), "info", "ask_waits")
        if waits
        else NoticeBlock(turn.t("asks.later_again", text=text), "info", "ask_again_later")
    )
    return Reply(Status.PARTIAL, (notice,), turn.locale)


def _merged(turn: Turn, replies: list[Reply], asks: list[tuple[str, Route]], held: Task | None) -> Reply:
    step = TraceStep(
        "route",
        "several_asks",
        {"clauses": [{"text": text, "skill": route.skill, "action": route.action} for text, route in asks]},
    )
    reply = joined(turn, replies, held)
    return replace(reply, trace=(step, *reply.trace))
