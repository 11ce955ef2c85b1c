"""Button presses: what a claimed token does, and what a refused claim says."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from core.conversation.lifecycle import TaskLifecycle, nothing_to_cancel
from core.conversation.locale_policy import set_locale
from core.conversation.replies import notice_reply
from core.conversation.resume import Resumption
from core.conversation.tasks import TaskBook, find_task, open_task, stacked_task
from core.i18n import Locale, stored_locale, t
from core.ports import ClaimOutcome
from core.reply import NoticeBlock, Reply, Status, TraceStep
from core.routing.router import Route
from core.state import TaskStatus
from core.tasks import ended
from core.turn import Turn


def refused(
    locale: Locale, outcome: ClaimOutcome, *, cancelled: bool = False, elsewhere: bool = False
) -> Reply:
    """Why a press did nothing: someone else's button (``elsewhere``: the presser's own, from
    another conversation), expired, already used (``cancelled``: spent by cancelling its
    request), or unknown. Codes stay the adapters' ("button_used" drops the keyboard); only the
    words are more precise."""
    key, code = {
        ClaimOutcome.NOT_YOURS: ("button.other_chat" if elsewhere else "button.not_yours", "not_yours"),
        ClaimOutcome.EXPIRED: ("button.expired", "button_expired"),
        ClaimOutcome.USED: ("button.cancelled" if cancelled else "button.used", "button_used"),
    }.get(outcome, ("button.unknown", "button_unknown"))
    return Reply(
        Status.FAILED,
        (NoticeBlock(t(locale, key), "warning", code),),
        locale,
        trace=(TraceStep("input", "claim_button", outcome="error", error_code=code),),
    )


def stopped(locale: Locale, cancelled: bool) -> Reply:
    """The answer to a running turn's Cancel button."""
    key = "cancel.done" if cancelled else "cancel.nothing"
    return Reply(
        Status.COMPLETED,
        (NoticeBlock(t(locale, key), code="cancelled" if cancelled else "nothing_to_cancel"),),
        locale,
    )


class ButtonActions:
    """Applies a claimed button's payload to the conversation it belongs to."""

    def __init__(
        self,
        book: TaskBook,
        lifecycle: TaskLifecycle,
        resumption: Resumption,
        start: Callable[[Turn, Route], Awaitable[Reply]] | None = None,
    ) -> None:
        self.book = book
        self.lifecycle = lifecycle
        self.resumption = resumption
        self.start = start  # how a routed request starts (the engine's): for "task.route" buttons

    async def apply(self, turn: Turn, kind: str, payload: dict[str, Any]) -> Reply:
        if kind == "lang":
            return set_locale(turn, stored_locale(payload.get("locale")))
        state = turn.state
        task_id = str(payload.get("task_id", ""))
        if kind == "task.resume":
            return await self.resumption.resume(turn, task_id)
        if kind == "task.discard":
            return self.resumption.discard(turn, task_id)
        if kind == "task.route" and self.start is not None:
            # A choice between requests ("main" is both your account and your strategy: which
            # one to delete?): the one pressed starts as if it had been routed. The payload was
            # written by a skill when the button was issued; the engine checks the route again.
            slots = payload.get("slots")
            action = payload.get("action")
            route = Route(
                str(payload.get("skill", "")),
                str(action) if action is not None else None,
                dict(slots) if isinstance(slots, dict) else {},
            )
            return await self.start(turn, route)
        if kind == "task.cancel":
            target = find_task(state, task_id)
            if target is None or not (target.is_open or target.status is TaskStatus.INTERRUPTED):
                return nothing_to_cancel(turn)
            return await self.lifecycle.cancel(turn, target, spent=True)  # pressing spent the group
        skill_name = kind.split(".", 1)[0]
        skill = self.book.skills.skill(skill_name)
        if skill is None:
            return notice_reply(
                turn, "button.unknown", "button_unknown", status=Status.FAILED, level="warning"
            )
        task = open_task(state)
        if task_id and (task is None or task.id != task_id):
            # A button of an interrupted task (e.g. its confirmation): pressing it resumes it.
            stacked = stacked_task(state, task_id)
            if stacked is not None:
                self.book.restore(turn, stacked)
                task = stacked
        reply = await skill.on_button(turn, task, payload)
        if task is not None:
            self.book.settle(state, task)
        if task_id and reply.status is Status.FAILED and (task is None or task.id != task_id):
            # A finished request's button (its token was still valid): named, as over.
            reply = ended.reworded(reply, state, task_id, key=ended.OVER)
        return reply
