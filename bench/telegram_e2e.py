"""Telegram end to end, emulator style: chart answers through the real adapter and HTTP stack
against a local fake Bot API server, under the platform limits, before and after issue 11.

A burst of users (one private chat each) ask for a chart at the same moment. Every request goes
over HTTP (python-telegram-bot's HTTPX client) to a Bot API server on 127.0.0.1, which records
when each message arrives. "before": two messages per chart answer (photo, then text) paced by
AIORateLimiter (the frozen copy in legacy_telegram.py); "after": one message per answer, paced
per chat and bot-wide (adapters/telegram/flood.py). Both run on the same core and chart cache.

A second burst asks about three coins at once. Before issue 11 that answer was four messages
(a photo per coin, then the text); "one by one" is today's pacing with the charts still sent
separately (the adapter with stacking turned off); "after" is one photo of the three charts
stacked, with the text as its caption.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal
from unittest import mock
from urllib.parse import parse_qs

from telegram import Update
from telegram.ext import BaseRateLimiter

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.telegram import TelegramConfig, build_application
from adapters.telegram.flood import FloodControl
from bench.legacy_telegram import LegacyFloodControl, two_message_render
from bot.catalog import bundled_catalog
from core.clock import SystemClock
from core.engine import Core
from core.market_cache import CachedMarket
from core.memory_store import MemoryStateStore
from core.services import CATALOG, CHARTS, CLOCK, MARKET, Services
from core.skills import price
from core.skills.registry import Registry, SkillSet

TOKEN = "123456:BENCH-not-a-real-token"
BOT = {"id": 123456, "is_bot": True, "first_name": "Deskmate", "username": "DeskmateBenchBot"}
QUESTION = "BTC price and its 7-day trend"
MULTI_QUESTION = "btc, eth and doge price last 7 days"  # three charts, text short enough for a caption
CONTENT = frozenset({"sendMessage", "sendPhoto"})
_CHAT_ID = re.compile(rb'name="chat_id"\r\n\r\n(-?\d+)')


@dataclass
class FakeBotApi:
    """Records (endpoint, chat, arrival time) of every call; answers like Telegram would."""

    calls: list[tuple[str, int | None, float]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    port: int = 0
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def answer(self, endpoint: str, chat_id: int | None) -> Any:
        with self.lock:
            self.calls.append((endpoint, chat_id, time.monotonic()))
            message_id = next(self._ids)
        if endpoint == "getMe":
            return BOT
        if endpoint in CONTENT and chat_id is not None:
            message: dict[str, Any] = {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private"},
                "from": BOT,
            }
            if endpoint == "sendPhoto":
                message["photo"] = [{"file_id": "p", "file_unique_id": "u", "width": 780, "height": 600}]
            else:
                message["text"] = "ok"
            return message
        return True

    def content_by_chat(self) -> dict[int, list[float]]:
        by_chat: dict[int, list[float]] = defaultdict(list)
        with self.lock:
            for endpoint, chat_id, at in self.calls:
                if endpoint in CONTENT and chat_id is not None:
                    by_chat[chat_id].append(at)
        return by_chat


def _chat_id(raw: bytes, content_type: str) -> int | None:
    if content_type.startswith("multipart/"):
        found = _CHAT_ID.search(raw)
        return int(found.group(1)) if found else None
    if content_type.startswith("application/json"):
        value = json.loads(raw or b"{}").get("chat_id")
    else:
        found_ids = parse_qs(raw.decode()).get("chat_id")
        value = found_ids[0] if found_ids else None
    return int(value) if value is not None else None


@contextmanager
def serve_fake_bot_api() -> Iterator[FakeBotApi]:
    api = FakeBotApi()
    prefix = f"/bot{TOKEN}/"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            endpoint = self.path.removeprefix(prefix)
            chat_id = _chat_id(raw, self.headers.get("Content-Type", ""))
            body = json.dumps({"ok": True, "result": api.answer(endpoint, chat_id)}).encode()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    api.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield api
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@dataclass(frozen=True, slots=True)
class Outcome:
    answers: int
    messages: int
    answers_per_second: float
    p50_ms: float
    p95_ms: float
    most_in_one_chat_per_second: int


Delivery = Literal["before", "one by one", "after"]


def _no_stacking(charts: object) -> None:
    """stack_charts as if no chart could be stacked: each goes as a photo of its own."""
    return None


def _delivery(delivery: Delivery) -> contextlib.AbstractContextManager[object]:
    if delivery == "before":
        return mock.patch("adapters.telegram.handlers.render_reply", two_message_render)
    if delivery == "one by one":
        return mock.patch("adapters.telegram.render.stack_charts", _no_stacking)
    return contextlib.nullcontext()


def _update(i: int, question: str) -> dict[str, Any]:
    chat = 10_000 + i
    sender = {"id": chat, "is_bot": False, "first_name": f"U{i}", "language_code": "en"}
    message = {
        "message_id": i + 1,
        "date": int(time.time()),
        "chat": {"id": chat, "type": "private", "first_name": f"U{i}"},
        "from": sender,
        "text": question,
    }
    return {"update_id": i + 1, "message": message}


@contextlib.asynccontextmanager
async def _running(api: FakeBotApi, core: Core, flood: BaseRateLimiter[Any]) -> AsyncIterator[Any]:
    config = TelegramConfig(token=TOKEN, base_url=f"http://127.0.0.1:{api.port}/bot")
    app = build_application(config, core, commands=core.skills.commands, flood=flood)
    async with app:  # initialize() ... shutdown()
        await app.start()
        try:
            yield app
        finally:
            await app.stop()


def _price_skills(clock: SystemClock, charts: MatplotlibChartRenderer) -> SkillSet:
    services = (
        Services()
        .provide(CLOCK, clock)
        .provide(MARKET, CachedMarket(DemoMarket(clock), clock))
        .provide(CATALOG, bundled_catalog())
        .provide(CHARTS, charts)
    )
    return Registry().register(price.SPEC).build(services)


async def run_burst(
    *,
    users: int,
    delivery: Delivery,
    charts: MatplotlibChartRenderer,
    question: str = QUESTION,
    per_answer: int,
) -> Outcome:
    """``per_answer``: the messages one answer is under ``delivery`` (the run waits for them)."""
    clock = SystemClock()
    core = Core(store=MemoryStateStore(), skills=_price_skills(clock, charts), clock=clock)
    flood: BaseRateLimiter[Any] = LegacyFloodControl() if delivery == "before" else FloodControl()
    with serve_fake_bot_api() as api, _delivery(delivery):
        async with _running(api, core, flood) as app:
            updates = [Update.de_json(_update(i, question), app.bot) for i in range(users)]
            asked_at: dict[int, float] = {}
            for i, update in enumerate(updates):
                asked_at[10_000 + i] = time.monotonic()
                await app.update_queue.put(update)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                received = api.content_by_chat()
                if sum(len(v) >= per_answer for v in received.values()) >= users:
                    break
                await asyncio.sleep(0.05)
            else:
                raise RuntimeError("the emulator run did not finish in 120 s")
    done = {chat: max(times) for chat, times in received.items()}
    latencies = sorted((done[chat] - asked) * 1000 for chat, asked in asked_at.items())
    span = max(done.values()) - min(asked_at.values())
    return Outcome(
        answers=users,
        messages=sum(len(v) for v in received.values()),
        answers_per_second=users / span,
        p50_ms=statistics.median(latencies),
        p95_ms=latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))],
        most_in_one_chat_per_second=max(_most_within(times, 1.0) for times in received.values()),
    )


def _most_within(times: list[float], seconds: float) -> int:
    ordered = sorted(times)
    return max(sum(1 for t in ordered[i:] if t - start < seconds) for i, start in enumerate(ordered))


async def bench_telegram(users: int = 120) -> list[tuple[str, str]]:
    charts = MatplotlibChartRenderer()
    charts.warm_up().result(timeout=60)

    async def burst(delivery: Delivery, per_answer: int, question: str = QUESTION) -> Outcome:
        return await run_burst(
            users=users, delivery=delivery, charts=charts, question=question, per_answer=per_answer
        )

    try:
        runs = [
            ("ask a chart at once: before (photo + text, AIORateLimiter)", await burst("before", 2)),
            ("ask a chart at once: after (one message, paced)", await burst("after", 1)),
            (
                "ask a 3-coin chart at once: before issue 11 (3 photos + text, AIORateLimiter)",
                await burst("before", 4, MULTI_QUESTION),
            ),
            (
                "ask a 3-coin chart at once: charts one by one (3 photos + text, paced)",
                await burst("one by one", 4, MULTI_QUESTION),
            ),
            (
                "ask a 3-coin chart at once: after (one stacked photo with caption, paced)",
                await burst("after", 1, MULTI_QUESTION),
            ),
        ]
    finally:
        await charts.aclose()
    return [
        (
            f"telegram e2e, {users} users {name}",
            f"{o.answers_per_second:.1f} answers/s, p50 {o.p50_ms / 1000:.2f} s, "
            f"p95 {o.p95_ms / 1000:.2f} s, {o.messages} messages, "
            f"max {o.most_in_one_chat_per_second}/s in one chat",
        )
        for name, o in runs
    ]
