"""Small reply-building helpers shared by the conversation modules."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from core.reply import Block, NoticeBlock, Reply, Status
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
