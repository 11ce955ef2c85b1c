"""`deskmate chat` and `deskmate ask`: the console as a private chat with the same core."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from collections.abc import Collection, Iterable
from dataclasses import replace
from pathlib import Path

from adapters.console import render_json, render_text, save_images
from adapters.console.secure_input import read_line
from bot.wiring import App
from core.events import ButtonPress, ChatKind, Command, ConversationKey, Inbound, TextMessage
from core.i18n import Locale
from core.reply import Reply
from core.skills.registry import CommandSpec, SkillSet


def command_names(commands: Iterable[CommandSpec]) -> frozenset[str]:
    """The commands the console offers: the registry's, as derived for the console."""
    return frozenset(c.name for c in commands if c.on("console"))


def banner(skills: SkillSet, market: str, locale: Locale) -> str:
    """What `deskmate chat` says first: the market it runs on and the commands it takes."""
    source = "demo market (offline, simulated prices)" if market == "demo" else "Binance"
    return f"deskmate console · {source} · Ctrl-D to quit\n{skills.command_line(locale, 'console')}"


def console_key(chat: str, user: str) -> ConversationKey:
    return ConversationKey(platform="console", chat_id=chat, user_id=user)


def to_event(key: ConversationKey, text: str, locale: Locale | None, commands: Collection[str]) -> Inbound:
    """ "/price btc" -> Command (a registered command, or any other word: the core says it does
    not know it); anything else -> TextMessage. Event ids are unique per call."""
    event_id = uuid.uuid4().hex
    stripped = text.strip()
    if stripped.startswith("/"):
        name, _, args = stripped[1:].partition(" ")
        name = name.split("@", 1)[0].lower()
        if name in commands or name.isalpha():
            return Command(
                event_id, key, ChatKind.PRIVATE, locale_choice=locale, name=name, args=args.strip()
            )
    return TextMessage(event_id, key, ChatKind.PRIVATE, locale_choice=locale, text=text)


async def ask_once(
    app: App,
    *,
    text: str | None,
    press: str | None,
    chat: str,
    user: str,
    locale: Locale | None,
    out_dir: Path,
    as_json: bool,
) -> int:
    key = console_key(chat, user)
    event: Inbound
    if press:
        event = ButtonPress(uuid.uuid4().hex, key, ChatKind.PRIVATE, locale_choice=locale, token=press)
    else:
        event = to_event(key, text or "", locale, command_names(app.skills.commands))
    reply = await app.core.handle(event)
    images = save_images(reply, out_dir)
    if as_json:
        print(json.dumps(render_json(reply, images), ensure_ascii=False))
    else:
        print(render_text(reply, images, numbered_buttons=False))
        for button in reply.buttons:
            print(f"  [{button.label}]  deskmate ask --chat {chat} --press={button.token}")
    return 0


async def chat_loop(app: App, *, chat: str, user: str, locale: Locale | None, out_dir: Path) -> None:
    """An interactive conversation; type a button's number to press it, Ctrl-D to leave."""
    key = console_key(chat, user)
    print(banner(app.skills, app.settings.market, locale or app.settings.locale))
    commands = command_names(app.skills.commands)
    last: Reply | None = None
    while True:
        secret = last.expects_secret if last is not None else None
        try:
            line = await asyncio.to_thread(read_line, secret=secret is not None)
        except (EOFError, KeyboardInterrupt):
            print()
            return
        if not line.strip():
            continue
        event: Inbound
        if last and last.buttons and line.strip().isdigit() and 1 <= int(line.strip()) <= len(last.buttons):
            token = last.buttons[int(line.strip()) - 1].token
            event = ButtonPress(uuid.uuid4().hex, key, ChatKind.PRIVATE, locale_choice=locale, token=token)
        else:
            event = to_event(key, line, locale, commands)
            if secret is not None and isinstance(event, TextMessage):
                # The answer to a key question, typed hidden: a secure input for that slot.
                event = replace(event, secret_slot=secret)
        reply = await app.core.handle(event)
        images = save_images(reply, out_dir)
        text = render_text(reply, images)
        if text:
            print("deskmate> " + text.replace("\n", "\n          "))
        last = reply
        sys.stdout.flush()
