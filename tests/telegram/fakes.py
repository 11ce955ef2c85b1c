"""Test doubles for the Telegram adapter: a recording Bot API, update builders, a scripted core."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from telegram.error import TelegramError
from telegram.request import BaseRequest, RequestData

from core.events import ButtonPress, ChatKind, Command, Inbound, TextMessage
from core.ports import ProgressSink
from core.reply import (
    Button,
    ChartBlock,
    HistoryBlock,
    HistoryPoint,
    NoticeBlock,
    QuoteBlock,
    Reply,
    Status,
    TextBlock,
)

TOKEN = "123456:TEST-not-a-real-token"
BOT_ID = 123456
BOT_USERNAME = "DeskmateTestBot"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NOW = datetime(2025, 7, 10, 12, 30, 5, tzinfo=UTC)


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A real (valid) RGB PNG, built with the standard library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes([200, 30, 30]) * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


# --- the recording Bot API --------------------------------------------------------------------


@dataclass
class Call:
    endpoint: str
    params: dict[str, Any]
    files: dict[str, Any]
    at: float


Scripted = tuple[int, dict[str, Any]] | TelegramError


class RecordingRequest(BaseRequest):
    """Answers every Bot API call like Telegram would, and records it. No network."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._scripted: dict[str, list[Scripted]] = {}
        self._ids = itertools.count(1000)
        self.admins: dict[int, list[int]] = {}  # group id -> its admins' user ids (the first: creator)

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    def fail_next(self, endpoint: str, *answers: Scripted) -> None:
        """The next calls of ``endpoint`` get these answers (HTTP status + body, or an exception)."""
        self._scripted.setdefault(endpoint, []).extend(answers)

    def of(self, endpoint: str) -> list[Call]:
        return [c for c in self.calls if c.endpoint == endpoint]

    @property
    def sent_texts(self) -> list[str]:
        return [c.params["text"] for c in self.calls if c.endpoint == "sendMessage"]

    @property
    def user_visible(self) -> list[Call]:
        """Calls that put something in front of a user."""
        hidden = ("getMe", "setMyCommands", "getUpdates", "getChatAdministrators")
        return [c for c in self.calls if c.endpoint not in hidden]

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        endpoint = url.rsplit("/", 1)[-1]
        params = dict(request_data.parameters) if request_data else {}
        files = dict(request_data.multipart_data) if request_data and request_data.contains_files else {}
        self.calls.append(Call(endpoint, params, files, asyncio.get_running_loop().time()))
        queue = self._scripted.get(endpoint)
        if queue:
            answer = queue.pop(0)
            if isinstance(answer, TelegramError):
                raise answer
            status, body = answer
            return status, json.dumps(body).encode()
        return 200, json.dumps({"ok": True, "result": self._result(endpoint, params)}).encode()

    def _result(self, endpoint: str, params: dict[str, Any]) -> Any:
        if endpoint == "getMe":
            return bot_user()
        if endpoint in ("sendMessage", "sendPhoto", "editMessageText", "editMessageReplyMarkup"):
            chat_id = int(params["chat_id"])
            msg: dict[str, Any] = {
                "message_id": int(params.get("message_id") or next(self._ids)),
                "date": int(NOW.timestamp()),
                "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
                "from": bot_user(),
            }
            if endpoint == "sendPhoto":
                msg["photo"] = [{"file_id": "p1", "file_unique_id": "u1", "width": 4, "height": 3}]
                msg["caption"] = params.get("caption", "")
            else:
                msg["text"] = params.get("text", "")
            if "reply_markup" in params:
                msg["reply_markup"] = params["reply_markup"]
            return msg
        if endpoint == "getUpdates":
            return []
        if endpoint == "getChatAdministrators":
            return [admin(uid) for uid in self.admins.get(int(params["chat_id"]), ())]
        return True


def admin(uid: int) -> dict[str, Any]:
    """A group's creator: a ChatMember as getChatAdministrators lists it."""
    return {"status": "creator", "user": user(uid), "is_anonymous": False}


def http_error(status: int, description: str, **parameters: Any) -> tuple[int, dict[str, Any]]:
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return status, body


# --- update builders ------------------------------------------------------------------------------


def bot_user() -> dict[str, Any]:
    return {"id": BOT_ID, "is_bot": True, "first_name": "Deskmate", "username": BOT_USERNAME}


def user(uid: int = 42, language_code: str = "en", name: str = "Alice") -> dict[str, Any]:
    return {"id": uid, "is_bot": False, "first_name": name, "language_code": language_code}


PRIVATE = {"id": 42, "type": "private", "first_name": "Alice"}
GROUP = {"id": -100777, "type": "supergroup", "title": "Traders"}
FORUM = {"id": -100888, "type": "supergroup", "title": "Desk", "is_forum": True}

_update_ids = itertools.count(1)
_message_ids = itertools.count(500)
_COMMAND = re.compile(r"^/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?")
_MENTION = re.compile(r"@[A-Za-z0-9_]{5,}")


def entities_for(text: str) -> list[dict[str, Any]]:
    """The entities Telegram would attach: a leading bot command and @mentions (ASCII only)."""
    found: list[dict[str, Any]] = []
    command_end = 0
    if m := _COMMAND.match(text):
        command_end = m.end()
        found.append({"type": "bot_command", "offset": 0, "length": command_end})
    for m in _MENTION.finditer(text, command_end):
        found.append({"type": "mention", "offset": m.start(), "length": m.end() - m.start()})
    return found


def message(
    text: str | None = None,
    *,
    chat: dict[str, Any] = PRIVATE,
    sender: dict[str, Any] | None = None,
    thread_id: int | None = None,
    reply_to: dict[str, Any] | None = None,
    message_id: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    msg: dict[str, Any] = {
        "message_id": message_id or next(_message_ids),
        "date": int(NOW.timestamp()),
        "chat": chat,
        "from": sender or user(),
        **extra,
    }
    if text is not None:
        msg["text"] = text
        if ents := entities_for(text):
            msg["entities"] = ents
    if thread_id is not None:
        msg["message_thread_id"] = thread_id
        msg["is_topic_message"] = True
    if reply_to is not None:
        msg["reply_to_message"] = reply_to
    return msg


def update(msg: dict[str, Any], *, kind: str = "message") -> dict[str, Any]:
    return {"update_id": next(_update_ids), kind: msg}


def callback(data: str, *, carrier: dict[str, Any], presser: dict[str, Any]) -> dict[str, Any]:
    return {
        "update_id": next(_update_ids),
        "callback_query": {
            "id": f"cq{next(_update_ids)}",
            "from": presser,
            "chat_instance": "ci",
            "data": data,
            "message": carrier,
        },
    }


# --- a scripted core ----------------------------------------------------------------------------


@dataclass
class IssuedToken:
    owner: str
    expires_at: datetime
    group: str
    outcome: str
    used: bool = False


def quote(base: str = "BTC", price: str = "67123.45", source: str = "demo") -> QuoteBlock:
    return QuoteBlock(f"{base}USDT", base, "USDT", Decimal(price), "ask", source, NOW)


def history(base: str = "BTC") -> HistoryBlock:
    closes = ["65000.5", "65500", "66010.25", None, "66800", "67001.1", "67123.45"]
    start = date(2025, 7, 3)
    points = tuple(
        HistoryPoint(start + timedelta(days=i), Decimal(c) if c else None) for i, c in enumerate(closes)
    )
    missing = tuple(p.date for p in points if p.close is None)
    return HistoryBlock(f"{base}USDT", base, "USDT", points, missing, "demo", NOW)


@dataclass
class ScriptedCore:
    """Plays the core's part with realistic replies; records every event and progress sink."""

    now: datetime = NOW
    events: list[Inbound] = field(default_factory=list)
    tokens: dict[str, IssuedToken] = field(default_factory=dict)
    delay: float = 0.0
    delayed_until: float | None = None  # the loop's time the last delay ended (a slow action's end)
    override: Callable[[Inbound], Reply] | None = None
    _n: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply:
        self.events.append(event)
        if self.delay:
            await asyncio.sleep(self.delay)
            self.delayed_until = asyncio.get_running_loop().time()
        if self.override is not None:
            return self.override(event)
        if isinstance(event, ButtonPress):
            return self._press(event)
        if isinstance(event, Command):
            return self._command(event)
        assert isinstance(event, TextMessage)
        return self._text(event)

    def _locale(self, event: Inbound) -> Any:
        return "zh" if (event.locale_hint or "").startswith("zh") else "en"

    def issue(self, event: Inbound, *outcomes: tuple[str, str]) -> tuple[Button, ...]:
        group = f"g{next(self._n)}"
        buttons = []
        for label, outcome in outcomes:
            token = f"t{next(self._n)}x{group}"
            self.tokens[token] = IssuedToken(
                event.key.user_id, self.now + timedelta(minutes=5), group, outcome
            )
            buttons.append(Button(label, token))
        return tuple(buttons)

    def _command(self, event: Command) -> Reply:
        loc = self._locale(event)
        if event.name == "start":
            text = "Welcome to deskmate! Try: “BTC price”, “/history eth”. Choose a language:"
            buttons = self.issue(event, ("中文", "lang:zh"), ("English", "lang:en"))
            return Reply(Status.NEEDS_INPUT, (TextBlock(text),), loc, buttons=buttons)
        if event.name == "price":
            return Reply(Status.COMPLETED, (quote(event.args.upper() or "BTC"),), loc)
        if event.name == "history":
            return Reply(
                Status.COMPLETED,
                (history(), ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC/USDT 7-day closes chart")),
                loc,
            )
        if event.name == "help":
            return Reply(Status.COMPLETED, (TextBlock("I answer /price and /history."),), loc)
        if event.name == "cancel":
            return Reply(Status.COMPLETED, (NoticeBlock("Cancelled.", code="cancelled"),), loc)
        return Reply(
            Status.FAILED,
            (NoticeBlock("Unknown command. Try /help.", code="unknown_command"),),
            loc,
            important=False,
        )

    def _text(self, event: TextMessage) -> Reply:
        loc = self._locale(event)
        text = event.text
        if text.startswith("echo "):
            return Reply(Status.COMPLETED, (TextBlock(text.removeprefix("echo ")),), loc)
        if text == "delete agent alpha":
            buttons = self.issue(event, ("Confirm", "deleted"), ("Cancel", "kept"))
            notice = NoticeBlock("Delete agent “alpha”? This cannot be undone.", "warning")
            return Reply(Status.AWAITING_CONFIRMATION, (notice,), loc, buttons=buttons)
        if text == "my balance":
            if event.chat_kind is ChatKind.GROUP:
                notice = NoticeBlock("Balances are personal; ask me in a private chat.", code="private_only")
                return Reply(Status.FAILED, (notice,), loc, audience="private")
            return Reply(Status.COMPLETED, (TextBlock("Balance: 12.5 USDT"),), loc, audience="private")
        if "btc" in text.lower() or "比特币" in text:
            return Reply(Status.COMPLETED, (quote(),), loc)
        return Reply(Status.COMPLETED, (TextBlock("I can look up BTC, ETH and SOL prices."),), loc)

    def _press(self, event: ButtonPress) -> Reply:
        loc = self._locale(event)
        tok = self.tokens.get(event.token)
        if tok is None or tok.expires_at <= self.now:
            return Reply(
                Status.FAILED, (NoticeBlock("This button has expired.", code="button_expired"),), loc
            )
        if tok.owner != event.key.user_id:
            return Reply(Status.FAILED, (NoticeBlock("This button is not for you.", code="not_yours"),), loc)
        if tok.used:
            return Reply(Status.FAILED, (NoticeBlock("Already done.", code="button_used"),), loc)
        for other in self.tokens.values():
            if other.group == tok.group:
                other.used = True
        if tok.outcome == "deleted":
            return Reply(Status.COMPLETED, (NoticeBlock("Agent “alpha” deleted."),), loc)
        if tok.outcome == "kept":
            return Reply(Status.COMPLETED, (NoticeBlock("Kept agent “alpha”."),), loc)
        return Reply(Status.COMPLETED, (NoticeBlock(f"OK: {tok.outcome}"),), loc)
