"""How an open task ends or is held off: expiry, typed confirmation, cancel, the busy guard.

Confirmations are single-use tokens (core.tasks.tokens): a typed "确认" and a typed "取消" spend
the same tokens as the buttons, so whichever way an answer arrives first wins and the other
learns it was already handled.
"""

from __future__ import annotations

from datetime import timedelta

from core.conversation.replies import notice_reply, prepend
from core.conversation.stalled import not_run, stalled
from core.conversation.tasks import TaskBook, open_task
from core.events import Inbound, TextMessage
from core.i18n import Locale, is_zh, t
from core.ports import ClaimOutcome
from core.reply import Block, NoticeBlock, Reply, Status, TraceStep
from core.state import Task, TaskStatus
from core.tasks import tokens, transitions
from core.tasks.answers import is_confirm
from core.turn import Turn

TASK_IDLE_TTL = timedelta(minutes=30)  # an open task nobody answered for this long expires
RESUME_TTL = timedelta(hours=24)  # interrupted tasks are offered again for this long
EXECUTING_GRACE = timedelta(minutes=2)  # "executing" older than this: its process died mid-way


def is_busy(turn: Turn) -> bool:
    """Another process is executing this conversation's task right now (the state says
    "executing", recently). This turn must neither act on nor overwrite that state."""
    task = turn.state.active
    return (
        task is not None
        and task.status is TaskStatus.EXECUTING
        and turn.now - task.updated_at <= EXECUTING_GRACE
    )


def busy_reply(locale: Locale, event: Inbound) -> Reply:
    """The conversation's task is running elsewhere (or its conversation stayed held too long)."""
    if isinstance(event, TextMessage) and is_confirm(event.text):
        notice = NoticeBlock(t(locale, "task.already_handled"), "warning", "already_handled")
    else:
        notice = NoticeBlock(t(locale, "task.busy"), "warning", "busy")
    return Reply(Status.FAILED, (notice,), locale)


def nothing_to_confirm(turn: Turn) -> Reply:
    return notice_reply(turn, "task.nothing_to_confirm", "nothing_to_confirm")


def nothing_to_cancel(turn: Turn) -> Reply:
    return notice_reply(turn, "cancel.nothing", "nothing_to_cancel")


class TaskLifecycle:
    """Ends open tasks: by time, by a typed confirmation, by a cancel."""

    def __init__(self, book: TaskBook) -> None:
        self.book = book

    def expire_stale(self, turn: Turn) -> list[Block]:
        """Close an open task nobody continued in time (and old interrupted ones)."""
        state, now = turn.state, turn.now
        notices: list[Block] = []
        task = open_task(state)
        if task is not None:
            closed: tuple[str, TaskStatus] | None = None
            if task.status is TaskStatus.AWAITING_CONFIRMATION and tokens.expired(task, now):
                closed = "task.confirm_expired", TaskStatus.EXPIRED
            elif task.status is TaskStatus.EXECUTING and now - task.updated_at > EXECUTING_GRACE:
                closed = "task.crashed", TaskStatus.FAILED
            elif now - task.updated_at > TASK_IDLE_TTL:
                closed = "task.expired", TaskStatus.EXPIRED
            if closed is not None:
                key, status = closed
                state.active = None
                transitions.move(task, status, now, turn.trace)
                if self.book.resumable(task):
                    code = key.split(".", 1)[1]
                    what = self.book.describe(turn, task)
                    notices.append(NoticeBlock(turn.t(key, what=what), "warning", code))
        kept: list[Task] = []
        for stacked in state.resume_stack:
            if now - stacked.updated_at > RESUME_TTL:
                transitions.move(stacked, TaskStatus.EXPIRED, now)
            else:
                kept.append(stacked)
        state.resume_stack = kept
        return notices

    async def typed_confirm(self, turn: Turn, task: Task) -> Reply:
        """ "确认" / "yes" spends the confirm button's token: one compare-and-set, whichever way
        (button, text, another process) the confirmation arrives first. A token a dead process
        spent long ago (core.conversation.stalled) counts as this confirmation's."""
        claim = await tokens.claim_confirm(turn, task)
        turn.trace.append(
            TraceStep("input", "claim_confirmation", {"task": task.id}, detail={"outcome": claim.outcome})
        )
        skill = self.book.skill_of(task)
        late = stalled(claim, turn.now)
        if (claim.outcome is ClaimOutcome.CLAIMED or late) and claim.token is not None and skill is not None:
            notices: list[Block] = [not_run(turn, self.book.describe(turn, task))] if late else []
            reply = await skill.on_button(turn, task, claim.token.payload)
            self.book.settle(turn.state, task)
            return prepend(reply, notices)
        return await self._unclaimable(turn, task, claim.outcome)

    async def _unclaimable(self, turn: Turn, task: Task, outcome: ClaimOutcome) -> Reply:
        state = turn.state
        if outcome is ClaimOutcome.USED:
            # Spent elsewhere (a button, another process): that turn owns the outcome and saves
            # it; this turn's copy of the state is stale and must not overwrite it.
            turn.read_only = True
            return notice_reply(turn, "task.already_handled", "already_handled", level="warning")
        transitions.move(task, TaskStatus.EXPIRED, turn.now, turn.trace)
        if state.active is not None and state.active.id == task.id:
            state.active = None
        return notice_reply(
            turn,
            "task.confirm_expired",
            "confirm_expired",
            status=Status.FAILED,
            level="warning",
            what=self.book.describe(turn, task),
        )

    async def cancel(self, turn: Turn, task: Task, *, spent: bool = False) -> Reply:
        """Cancel ``task``. A pending confirmation's tokens are spent first, so a confirm racing
        in from another process either wins (and we say so) or can no longer run."""
        notices: list[Block] = []
        if not spent and task.status is TaskStatus.AWAITING_CONFIRMATION and tokens.pending(task):
            claim = await tokens.claim_cancel(turn, task)
            if claim.outcome is ClaimOutcome.USED:
                if not stalled(claim, turn.now):
                    return await self._unclaimable(turn, task, ClaimOutcome.USED)
                notices.append(not_run(turn, self.book.describe(turn, task)))
        state = turn.state
        what = self.book.describe(turn, task)
        tokens.remember_cancelled(state, task)
        transitions.move(task, TaskStatus.CANCELLED, turn.now, turn.trace)
        tokens.forget(task)
        if state.active is not None and state.active.id == task.id:
            state.active = None
        state.resume_stack = [t for t in state.resume_stack if t.id != task.id]
        text = turn.t("task.cancelled", what=what) if self.book.resumable(task) else turn.t("cancel.done")
        return prepend(Reply(Status.COMPLETED, (NoticeBlock(text, code="cancelled"),), turn.locale), notices)

    def cancel_shelved(self, turn: Turn) -> Reply | None:
        """/cancel with nothing open: drop the interrupted tasks too (their buttons die with them)."""
        state = turn.state
        if not state.resume_stack:
            return None
        names = [self.book.describe(turn, t) for t in state.resume_stack]
        for task in state.resume_stack:
            transitions.move(task, TaskStatus.CANCELLED, turn.now, turn.trace)
            tokens.forget(task)
        state.resume_stack = []
        what = "、".join(names) if is_zh(turn.locale) else "; ".join(names)
        return notice_reply(turn, "task.shelved_cancelled", "cancelled", what=what)
