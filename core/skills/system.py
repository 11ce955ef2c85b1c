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
            LocalText("开始", "start"),
            LocalText("欢迎与示例", "Welcome and examples"),
            kind="engine",
            platforms=frozenset({"telegram", "console"}),
            order=0,
        ),
        CommandSpec(
            "help",
            LocalText("帮助", "help"),
            LocalText("deskmate 能做什么、怎么问", "What deskmate can do and how to ask"),
            kind="engine",
            private=True,
            order=10,
        ),
        CommandSpec(
            "ask",
            LocalText("提问", "ask"),
            LocalText(
                "用自己的话问 deskmate（回答仅你可见）",
                "Ask deskmate in your own words (only you see the answer)",
            ),
            CommandArg(
                "text",
                LocalText("内容", "text"),
                LocalText("你想了解或要做的事", "What you want to know or do"),
                max_length=MAX_MESSAGE_CHARS,
            ),
            kind="text",
            private=True,  # like a private chat: the answer is for the asker only
            platforms=frozenset({"discord"}),  # elsewhere people just write
            order=15,
        ),
        CommandSpec(
            "lang",
            LocalText("语言", "lang"),
            LocalText("选择 deskmate 回复你时使用的语言", "Choose the language deskmate answers you in"),
            CommandArg(
                "choice",
                LocalText("语言", "language"),
                LocalText("回复语言", "Reply language"),
                choices=(
                    CommandChoice("zh", LocalText("中文", "Chinese (中文)")),
                    CommandChoice("en", LocalText("英文 (English)", "English")),
                    CommandChoice(
                        "auto", LocalText("自动（跟随消息语言）", "Automatic (follow each message)")
                    ),
                ),
            ),
            kind="engine",
            private=True,
            order=80,
        ),
        CommandSpec(
            "cancel",
            LocalText("取消", "cancel"),
            LocalText("取消当前任务", "Cancel the current task"),
            kind="engine",
            platforms=frozenset({"telegram", "console"}),
            order=90,
        ),
    ),
)
