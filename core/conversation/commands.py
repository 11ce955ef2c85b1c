"""Slash commands: a skill's commands are routed like their typed text; the engine's own
(the system spec's /start, /help, /lang, /cancel) are answered here."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core.conversation.lifecycle import TaskLifecycle, nothing_to_cancel
from core.conversation.locale_policy import set_locale
from core.conversation.replies import notice_reply
from core.conversation.tasks import open_task
from core.events import Command
from core.i18n import HANT, parse_locale
from core.language.phrases import Words
from core.reply import NoticeBlock, Reply, Status
from core.routing.router import Route
from core.skills.registry import SkillSet
from core.turn import Turn

BUTTON_TTL = timedelta(minutes=15)


def _language_options() -> list[tuple[str, dict[str, Any]]]:
    return [
        ("中文", {"kind": "lang", "locale": "zh"}),
        ("繁體中文", {"kind": "lang", "locale": HANT}),
        ("English", {"kind": "lang", "locale": "en"}),
    ]


# /lang's words for traditional Chinese besides the codes parse_locale reads (zh-TW, zh-Hant, ...),
# and for following each message's language (phrases/lang_command.toml).
_HANT_WORDS = Words("lang_command.hant")
_AUTO_WORDS = Words("lang_command.auto")


ENGINE_COMMANDS = frozenset({"start", "help", "lang", "cancel"})


class Commands:
    """The engine's own commands (and a polite no for unknown ones); a skill's command only
    turns into a route here, and the engine starts its task like any routed text."""

    def __init__(self, skills: SkillSet, lifecycle: TaskLifecycle) -> None:
        declared = {c.name for c in skills.commands if c.kind == "engine"}
        if declared - ENGINE_COMMANDS:
            raise ValueError(f"engine commands without a handler: {sorted(declared - ENGINE_COMMANDS)}")
        self.skills = skills
        self.lifecycle = lifecycle

    def route(self, cmd: Command) -> Route | None:
        """A skill's command as the route its typed form takes ("/price btc"); None otherwise.
        Only the command's own skill may claim it."""
        name = cmd.name.lower()
        spec = self.skills.command(name)
        if spec is None or spec.kind != "route":
            return None
        route = self.skills.router.route(f"/{name} {cmd.args}".strip())
        return route if route is not None and route.skill == self.skills.command_owner(name) else None

    async def run(self, turn: Turn, cmd: Command) -> Reply:
        """Answer a command that starts no task."""
        name = cmd.name.lower()
        spec = self.skills.command(name)
        if spec is None or spec.kind != "engine":
            return self._unknown(turn, name)
        if name == "start":
            return await self._welcome(turn)
        if name == "help":
            return self._help(turn)
        if name == "lang":
            return await self._lang(turn, cmd.args.strip().lower())
        return await self._cancel_open(turn)

    @staticmethod
    def _unknown(turn: Turn, name: str) -> Reply:
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("cmd.unknown", name=name), "warning", "unknown_command"),),
            turn.locale,
            important=False,
        )

    async def _welcome(self, turn: Turn) -> Reply:
        buttons = await turn.buttons(_language_options(), ttl=timedelta(days=7))
        examples = "\n".join(f"· {e}" for e in self.skills.examples(turn.locale))
        commands = self.skills.command_line(turn.locale, turn.key.platform)
        text = f"{turn.t('welcome')}\n{examples}\n\n{commands}"
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="welcome"),), turn.locale, buttons=buttons)

    def _help(self, turn: Turn) -> Reply:
        text = self.skills.help_text(turn.locale, turn.key.platform)
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="help"),), turn.locale)

    async def _lang(self, turn: Turn, arg: str) -> Reply:
        if arg in _AUTO_WORDS.words:  # back to following each message's language
            turn.state.locale = None
            return notice_reply(turn, "lang.auto", "locale_auto")
        choice = (HANT if arg.lower() in _HANT_WORDS.words else parse_locale(arg)) if arg else None
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
