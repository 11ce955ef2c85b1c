"""Small reply-building helpers shared by the conversation modules."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from core.reply import Block, NoticeBlock, Reply, Status, Usage
from core.state import Task, TaskStatus
from core.turn import Turn

NoticeLevel = Literal["info", "warning", "error"]


def notice_reply(
    turn: Turn,
    message_key: str,
    code: str,
    *,
    status: Status = Status.COMPLETED,
    level: NoticeLevel = "info",
    **params: object,
) -> Reply:
    """A reply of one localized notice, in the turn's language."""
    return Reply(status, (NoticeBlock(turn.t(message_key, **params), level, code),), turn.locale)


def prepend(reply: Reply, notices: list[Block]) -> Reply:
    """``reply`` with ``notices`` (e.g. "your earlier task expired") above its own blocks."""
    return replace(reply, blocks=(*notices, *reply.blocks)) if notices else reply


def joined_status(replies: list[Reply], held: Task | None) -> Status:
    """The status of several answers in one reply: the open task's (it is what the person
    answers next), else completed or failed when all were, else partial."""
    if held is not None:
        return (
            Status.AWAITING_CONFIRMATION
            if held.status is TaskStatus.AWAITING_CONFIRMATION
            else Status.NEEDS_INPUT
        )
    statuses = {r.status for r in replies}
    if statuses == {Status.COMPLETED}:
        return Status.COMPLETED
    if statuses == {Status.FAILED}:
        return Status.FAILED
    return Status.PARTIAL


def joined(turn: Turn, replies: list[Reply], held: Task | None) -> Reply:
    """``replies`` as one, in order (the first one's route): every block and button, private
    if any part is. ``held``: the task left open, whose question the reply ends on."""
    usage = Usage()
    for reply in replies:
        usage += reply.usage
    return replace(
        replies[0],
        status=joined_status(replies, held),
        blocks=tuple(b for r in replies for b in r.blocks),
        locale=turn.locale,
        buttons=tuple(b for r in replies for b in r.buttons),
        trace=tuple(s for r in replies for s in r.trace),
        usage=usage,
        audience="private" if any(r.audience == "private" for r in replies) else "public",
        delete_inbound=any(r.delete_inbound for r in replies),
        important=any(r.important for r in replies),
        expects_secret=next((r.expects_secret for r in replies if r.expects_secret), None),
    )
