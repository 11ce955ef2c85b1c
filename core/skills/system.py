"""The built-in "system" spec: the commands the conversation engine answers itself.

/start, /help, /lang and /cancel (core.conversation.commands), and Discord's /ask, whose argument
is a message in the user's own words. Registered by every Registry, so each command list is
derived from one place.
"""

from __future__ import annotations

from core.events import MAX_MESSAGE_CHARS
from core.skills.spec import SYSTEM, CommandArg, CommandChoice, CommandSpec, LocalText, SkillSpec

SYSTEM_SPEC = SkillSpec(
    name=SYSTEM,
    build=None,
    commands=(
        CommandSpec(
            "start",
            LocalText.of("cmd.start.title"),
            LocalText.of("cmd.start.description"),
            kind="engine",
            platforms=frozenset({"telegram", "console"}),
            order=0,
        ),
        CommandSpec(
            "help",
            LocalText.of("cmd.help.title"),
            LocalText.of("cmd.help.description"),
            kind="engine",
            private=True,
            order=10,
        ),
        CommandSpec(
            "ask",
            LocalText.of("cmd.ask.title"),
            LocalText.of("cmd.ask.description"),
            CommandArg(
                "text",
                LocalText.of("cmd.ask.arg.title"),
                LocalText.of("cmd.ask.arg.description"),
                max_length=MAX_MESSAGE_CHARS,
            ),
            kind="text",
            private=True,  # like a private chat: the answer is for the asker only
            platforms=frozenset({"discord"}),  # elsewhere people just write
            order=15,
        ),
        CommandSpec(
            "lang",
            LocalText.of("cmd.lang.title"),
            LocalText.of("cmd.lang.description"),
            CommandArg(
                "choice",
                LocalText.of("cmd.lang.arg.title"),
                LocalText.of("cmd.lang.arg.description"),
                choices=(
                    CommandChoice("zh", LocalText.of("cmd.lang.choice.zh")),
                    CommandChoice("zh-Hant", LocalText.of("cmd.lang.choice.zh_hant")),
                    CommandChoice("en", LocalText.of("cmd.lang.choice.en")),
                    CommandChoice("auto", LocalText.of("cmd.lang.choice.auto")),
                ),
            ),
            kind="engine",
            private=True,
            order=80,
        ),
        CommandSpec(
            "cancel",
            LocalText.of("cmd.cancel.title"),
            LocalText.of("cmd.cancel.description"),
            kind="engine",
            platforms=frozenset({"telegram", "console"}),
            order=90,
        ),
    ),
)
