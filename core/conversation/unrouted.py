"""What no rule recognises: the planner (cancellable while it runs), else a fallback answer.

A running planner task is cancellable from any process: the turn notes its id on the
conversation's lease, /cancel elsewhere flags it there, and the turn looks at the flag every
CANCEL_POLL seconds while the model thinks (a model request may take many seconds; the look is
one primary-key read). In the process running it, /cancel stops it at once.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import timedelta
from typing import Protocol

from core.conversation.leases import ConversationLeases
from core.conversation.locale_policy import set_locale
from core.conversation.suggestions import suggestion_block
from core.events import ChatKind, ConversationKey
from core.i18n import Locale
from core.planner.ports import UNSUPPORTED
from core.planner.redaction import redact
from core.planner.tooling import Handoff
from core.ports import ProgressSink
from core.reply import Block, NoticeBlock, Reply, RouteInfo, Status, TextBlock
from core.skills.registry import SkillSet
from core.tasks.answers import asks_capabilities, is_greeting, language_choice
from core.turn import Turn, new_id

log = logging.getLogger(__name__)

CANCEL_POLL = 0.5  # seconds between looks at the cancel flag while a model task runs


class Planner(Protocol):
    """The LLM fallback: answers what no rule recognises, or hands a task to the engine."""

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply | Handoff: ...


class UnroutedAnswers:
    """Answers unrouted text, and remembers each conversation's running planner turn so that
    /cancel or its Cancel button can stop it."""

    def __init__(self, planner: Planner | None, skills: SkillSet, leases: ConversationLeases) -> None:
        self.planner = planner
        self.skills = skills
        self.leases = leases
        self._running: dict[str, asyncio.Task[Reply | Handoff]] = {}

    async def answer(self, turn: Turn, text: str, progress: ProgressSink | None) -> Reply | Handoff:
        chosen = language_choice(text)
        if chosen is not None:  # "用繁體回答", "reply in english": as /lang does, no model asked
            return set_locale(turn, chosen)
        if self.planner is None:
            return self.fallback(turn)
        if progress is not None:
            buttons = await turn.buttons(
                [(turn.t("button.cancel"), {"kind": "cancel_running"})],
                ttl=timedelta(minutes=2),
                style="danger",
            )
            await progress(
                Reply(
                    Status.NEEDS_INPUT,
                    (NoticeBlock(turn.t("working"), code="working"),),
                    turn.locale,
                    buttons=buttons,
                )
            )
        key = turn.key.as_str()
        # Budgets are per person: "telegram:42" and "discord:42" are different people.
        person = f"{turn.key.platform}:{turn.key.user_id}"
        task_id = new_id()
        await turn.store.mark_running(task_id)  # before it starts: a /cancel from now on reaches it
        job = asyncio.create_task(self.planner.run(text=text, locale=turn.locale, user_id=person))
        self._running[key] = job
        watch = asyncio.create_task(self._watch(turn, task_id, job))
        try:
            return self._with_suggestions(await job, turn)
        except asyncio.CancelledError:
            # This turn itself is being cancelled (shutdown): stop the planner too and go on
            # cancelling. Otherwise only the planner job was (/cancel): answer "cancelled".
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                job.cancel()
                raise
            return Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("cancel.done"), "info", "cancelled"),),
                turn.locale,
                route=RouteInfo(None, by="model"),
            )
        finally:
            watch.cancel()
            self._running.pop(key, None)
            await turn.store.mark_running(None)

    @staticmethod
    async def _watch(turn: Turn, task_id: str, job: asyncio.Task[Reply | Handoff]) -> None:
        """Cancel ``job`` once another process flags it (see the module docstring)."""
        try:
            while not job.done():
                await asyncio.sleep(CANCEL_POLL)
                if await turn.store.cancel_requested(task_id):
                    job.cancel()
                    return
        except Exception:  # a failed look must not fail the answer; in-process /cancel still works
            log.exception("watching for a cancel request failed")

    async def stop(self, key: ConversationKey) -> bool:
        """Cancel the conversation's running planner turn, in this process or, through the
        database, in another; False if none was running."""
        job = self._running.get(key.as_str())
        if job is None or job.done():
            return await self.leases.request_cancel(key)
        job.cancel()
        await asyncio.wait({job}, timeout=1.0)
        return True

    @staticmethod
    def may_guess(text: str) -> bool:
        """Whether a message no rule read may be answered with a guess at what it asks (buttons,
        core.conversation.choices.nearest_choices): not a greeting, a question of what deskmate
        can do or a choice of language (each has its own answer here), nor one holding a secret
        (warned about and deleted, never carried on a button)."""
        return not (
            language_choice(text) is not None
            or is_greeting(text)
            or asks_capabilities(text)
            or redact(text).changed
        )

    def _with_suggestions(self, answer: Reply | Handoff, turn: Turn) -> Reply | Handoff:
        """A model answer in words only (no tool could serve it) ends with a few things to try,
        as the fallback does: the same request gets the same status with or without a model."""
        if isinstance(answer, Handoff) or not any(
            isinstance(b, NoticeBlock) and b.code == UNSUPPORTED for b in answer.blocks
        ):
            return answer
        return replace(answer, blocks=(*answer.blocks, self._suggest(turn)))

    def _suggest(self, turn: Turn) -> TextBlock:
        return suggestion_block(self.skills, turn.text, turn.locale, group=turn.chat_kind is ChatKind.GROUP)

    def fallback(self, turn: Turn) -> Reply:
        chosen = language_choice(turn.text)
        if chosen is not None:
            return set_locale(turn, chosen)
        status = Status.FAILED  # a request deskmate does not support (README: the status table)
        if is_greeting(turn.text):  # "hi", "你好", "thanks": be friendly
            opener = NoticeBlock(turn.t("greeting"), code="greeting")
            status = Status.COMPLETED
        elif asks_capabilities(turn.text):  # "what can you do": asked, so said, in one sentence
            opener = NoticeBlock(turn.t("capabilities"), code="capabilities")
            status = Status.COMPLETED
        else:
            opener = NoticeBlock(turn.t("fallback"), code=UNSUPPORTED)
        # A short sentence and a few things to try; the whole list is /help's answer only.
        blocks: tuple[Block, ...] = (opener, self._suggest(turn))
        # A key pasted out of the blue: warn, and have the platform delete the message, as the
        # planner path does; nothing is stored either way.
        leaked = redact(turn.text).changed
        if leaked:
            blocks = (NoticeBlock(turn.t("input.secret_ignored"), "warning", "secret_redacted"), *blocks)
        return Reply(status, blocks, turn.locale, route=RouteInfo(None), delete_inbound=leaked)
