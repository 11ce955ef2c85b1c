"""Slash commands: /price and /history are routed like typed text; the rest are answered here."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import core.messages  # noqa: F401  (registers the "welcome", "help.*", "lang.*", "cancel.*" texts)
from core.conversation.lifecycle import TaskLifecycle, nothing_to_cancel
from core.conversation.locale_policy import set_locale
from core.conversation.replies import capabilities, notice_reply
from core.conversation.tasks import open_task
from core.events import Command
from core.i18n import parse_locale
from core.markets import MarketCatalog
from core.reply import NoticeBlock, Reply, Status
from core.routing.router import Route, Router
from core.turn import Turn

BUTTON_TTL = timedelta(minutes=15)


def _language_options() -> list[tuple[str, dict[str, Any]]]:
    return [("中文", {"kind": "lang", "locale": "zh"}), ("English", {"kind": "lang", "locale": "en"})]


class Commands:
    """/start, /help, /lang and /cancel (and a polite no for unknown ones); /price and /history
    only turn into a route here, the engine starts their task like any routed text."""

    def __init__(self, router: Router, catalog: MarketCatalog, lifecycle: TaskLifecycle) -> None:
        self.router = router
        self.catalog = catalog
        self.lifecycle = lifecycle

    def route(self, cmd: Command) -> Route | None:
        """/price and /history as the route their typed form takes; None for other commands."""
        name = cmd.name.lower()
        if name not in ("price", "history"):
            return None
        route = self.router.route(f"/{name} {cmd.args}".strip())
        assert route is not None
        return route

    async def run(self, turn: Turn, cmd: Command) -> Reply:
        """Answer a command that starts no task."""
        name = cmd.name.lower()
        if name == "start":
            return await self._welcome(turn)
        if name == "help":
            return self._help(turn)
        if name == "lang":
            return await self._lang(turn, cmd.args.strip().lower())
        if name == "cancel":
            return await self._cancel_open(turn)
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("cmd.unknown", name=name), "warning", "unknown_command"),),
            turn.locale,
            important=False,
        )

    async def _welcome(self, turn: Turn) -> Reply:
        buttons = await turn.buttons(_language_options(), ttl=timedelta(days=7))
        text = f"{turn.t('welcome')}\n{turn.t('examples')}\n\n{turn.t('help.commands')}"
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="welcome"),), turn.locale, buttons=buttons)

    def _help(self, turn: Turn) -> Reply:
        text = f"{capabilities(turn, self.catalog)}\n\n{turn.t('help.commands')}"
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="help"),), turn.locale)

    async def _lang(self, turn: Turn, arg: str) -> Reply:
        if arg in ("auto", "自动"):  # back to following each message's language
            turn.state.locale = None
            return notice_reply(turn, "lang.auto", "locale_auto")
        choice = parse_locale(arg) if arg else None
        if choice is None:
            if arg:
                return notice_reply(
                    turn, "lang.invalid", "invalid_locale", status=Status.FAILED, level="warning"
                )
            buttons = await turn.buttons(_language_options(), ttl=BUTTON_TTL)
            return Reply(
                Status.NEEDS_INPUT,
                (NoticeBlock(turn.t("lang.ask"), code="ask_locale"),),
                turn.locale,
                buttons=buttons,
            )
        return set_locale(turn, choice)

    async def _cancel_open(self, turn: Turn) -> Reply:
        task = open_task(turn.state)
        if task is None and not turn.stopped_running:
            return self.lifecycle.cancel_shelved(turn) or nothing_to_cancel(turn)
        if task is not None:
            return await self.lifecycle.cancel(turn, task)
        # Nothing was open, but /cancel stopped a running planner turn.
        return notice_reply(turn, "cancel.done", "cancelled")
