"""One deskmate "process" for the reliability suite: a Core on the SQL stores, driven over stdin.

Each stdin line is a JSON request; each answer is one JSON line on stdout:
    {"say": "BTC price"} | {"command": "lang", "args": "zh"} | {"press": "TOKEN"}
    optional "at": a time.time() to start at, so two workers begin a turn together;
    optional "shift": seconds added to the core's clock for this turn (minutes later, at once).
The answer is the `deskmate ask --json` object of the reply (plus "pid").

Environment (set by tests/reliability/harness.py):
    DESKMATE_TEST_DB            the database URL (already migrated)
    DESKMATE_TEST_FERNET_KEY    the Fernet key every worker shares
    DESKMATE_TEST_MARKET_MS     latency of the fake market in ms (so turns overlap as with Binance)
    DESKMATE_TEST_LEASE_TTL     seconds a conversation lease lives (short, so a killed holder's lapses fast)
    DESKMATE_TEST_CRASH_AT      kill -9 this process at one step of a confirmation (see CRASH_POINTS)
    DESKMATE_TEST_MODEL_DELAY   when set: a planner whose fake model takes this many seconds per request
                                (and prints {"thinking": pid} as each request starts)
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from adapters.console.render import render_json
from adapters.secrets import FernetSecretBox
from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.model_configs import SqlModelConfigs
from adapters.storage.price_alerts import SqlAlertStore
from adapters.storage.state_store import SqlStateStore
from adapters.storage.strategies import SqlStrategies
from adapters.storage.traders import SqlTraders
from adapters.storage.trading import SqlOrderStore
from bot.skills import build_registry
from core.clock import SystemClock
from core.conversation.leases import LeasePolicy
from core.engine import Core
from core.events import ButtonPress, ChatKind, Command, ConversationKey, Inbound, TextMessage
from core.market import Book, DailyClose, DailyCloses, HistoryWindow, Quote
from core.markets import MarketCatalog
from core.planner.ports import ModelResponse, ModelUsage
from core.ports import ClaimOutcome
from core.reply import Status
from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, MARKET, Services
from core.skills.price_alert.ports import PRICE_ALERTS
from core.strategies import STRATEGIES
from core.tasks.audit import AUDIT_LOG
from core.traders.ports import TRADERS
from core.trading.ports import ORDERS
from core.trading.service import TRADING, TradingService
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS

CRASH_POINTS = (
    "confirmation_shown",  # the confirmation reached the user; the process dies before anything else
    "token_claimed",  # the confirm token was spent; nothing else happened
    "mid_execute",  # "executing" is saved; the store write has not happened
    "after_write",  # the record is deleted with its audit row (one transaction); the state not saved
    # A paper order's rows (order, payment, fill, position, audit) are written inside its one
    # transaction and not committed: the process dies holding it open.
    "paper_order_uncommitted",
)


def kill_self() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


class ShiftedClock(SystemClock):
    """The system clock, moved ``shift`` seconds ahead: a turn "minutes later", without waiting."""

    def __init__(self) -> None:
        self.shift = timedelta()

    def now(self) -> datetime:
        return datetime.now(UTC) + self.shift


class SlowMarket:
    """A market answering after ``latency`` seconds, as a real exchange would."""

    source = "demo"

    def __init__(self, latency: float) -> None:
        self.latency = latency

    async def get_quote(self, symbol: str) -> Quote:
        await asyncio.sleep(self.latency)
        return Quote(symbol, Decimal("97250.50"), "ask", self.source, datetime.now(UTC))

    async def get_book(self, symbol: str) -> Book:
        await asyncio.sleep(self.latency)
        return Book(symbol, Decimal("97250.00"), Decimal("97250.50"), self.source, datetime.now(UTC))

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        await asyncio.sleep(self.latency)
        return DailyCloses(tuple(DailyClose(d, Decimal(90000 + i)) for i, d in enumerate(window.days)))


class SlowModel:
    """A chat model that thinks for ``delay`` seconds, then answers in words.

    As it starts thinking it prints {"thinking": pid}, so a test acts on a task known to be
    running rather than on a guess of how long the start takes on a busy machine."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.requests = 0

    async def complete(self, messages: Any, tools: Any, *, max_tokens: int, timeout: float) -> ModelResponse:  # noqa: ASYNC109
        self.requests += 1
        print(json.dumps({"thinking": os.getpid()}), flush=True)
        await asyncio.sleep(self.delay)
        return ModelResponse("Thinking done.", usage=ModelUsage(10, 5), finish_reason="stop")


def crash_hooks(
    point: str, states: SqlStateStore, accounts: SqlExchangeAccounts, orders: SqlOrderStore
) -> None:
    """Wrap the store calls so the process kills itself (SIGKILL) at ``point``."""
    if point == "paper_order_uncommitted":
        from adapters.storage import trading as order_tables

        settle_row = order_tables._settle_row

        def settle_row_then_die(*args: Any, **kwargs: Any) -> Any:
            settle_row(*args, **kwargs)  # in the store's worker thread, inside the transaction:
            kill_self()  # the order, its balances, fill, position and audit rows written

        order_tables._settle_row = settle_row_then_die
    if point == "token_claimed":
        claim = states.claim_token

        async def claim_then_die(*args: Any, **kwargs: Any) -> Any:
            result = await claim(*args, **kwargs)
            if result.outcome is ClaimOutcome.CLAIMED:
                kill_self()
            return result

        states.claim_token = claim_then_die  # type: ignore[method-assign]
    elif point in ("mid_execute", "after_write"):
        for name in ("delete", "update"):
            real = getattr(accounts, name)

            async def write(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
                if point == "mid_execute":
                    kill_self()
                result = await _real(*args, **kwargs)
                kill_self()
                return result

            setattr(accounts, name, write)


def to_event(request: dict[str, Any], key: ConversationKey) -> Inbound:
    event_id = uuid.uuid4().hex
    if "press" in request:
        return ButtonPress(event_id, key, ChatKind.PRIVATE, token=request["press"])
    if "command" in request:
        return Command(event_id, key, ChatKind.PRIVATE, name=request["command"], args=request.get("args", ""))
    return TextMessage(event_id, key, ChatKind.PRIVATE, text=request["say"])


async def main() -> None:
    env = os.environ
    clock = ShiftedClock()
    engine = create_engine(env["DESKMATE_TEST_DB"])
    states = SqlStateStore(engine)
    accounts = SqlExchangeAccounts(engine)
    secrets = FernetSecretBox(env["DESKMATE_TEST_FERNET_KEY"].encode())
    crash_at = env.get("DESKMATE_TEST_CRASH_AT", "")
    orders = SqlOrderStore(engine)
    if crash_at:
        crash_hooks(crash_at, states, accounts, orders)
    market = SlowMarket(float(env.get("DESKMATE_TEST_MARKET_MS", "0")) / 1000)
    services = (
        Services()
        .provide(CLOCK, clock)
        .provide(MARKET, market)  # type: ignore[arg-type]
        .provide(CATALOG, MarketCatalog())
        .provide(SECRET_BOX, secrets)
        .provide(EXCHANGE_ACCOUNTS, accounts)
        .provide(MODEL_CONFIGS, SqlModelConfigs(engine))
        .provide(AUDIT_LOG, SqlAuditLog(engine))
        .provide(STRATEGIES, SqlStrategies(engine))
        .provide(TRADERS, SqlTraders(engine))
        .provide(ORDERS, orders)
        .provide(TRADING, TradingService(orders, market, MarketCatalog(), clock))
        .provide(PRICE_ALERTS, SqlAlertStore(engine))
    )
    skills = build_registry().build(services)
    options: dict[str, Any] = {}
    if "DESKMATE_TEST_MODEL_DELAY" in env:
        from core.planner.planner import Planner

        options["planner"] = Planner(
            SlowModel(float(env["DESKMATE_TEST_MODEL_DELAY"])), skills.toolsets, clock=clock
        )
    options["leases"] = LeasePolicy(ttl=timedelta(seconds=float(env["DESKMATE_TEST_LEASE_TTL"])))
    core = Core(store=states, skills=skills, clock=clock, **options)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    print(json.dumps({"ready": os.getpid()}), flush=True)
    while line := await reader.readline():
        request = json.loads(line)
        key = ConversationKey("console", request.get("chat", "shared"), request.get("user", "u1"))
        clock.shift = timedelta(seconds=request.get("shift", 0))
        if "at" in request:
            await asyncio.sleep(max(0.0, request["at"] - time.time()))
        reply = await core.handle(to_event(request, key))
        out = render_json(reply)
        out["pid"] = os.getpid()
        print(json.dumps(out, ensure_ascii=False), flush=True)
        if crash_at == "confirmation_shown" and reply.status is Status.AWAITING_CONFIRMATION:
            kill_self()
    await states.close()
    await engine.dispose()


if __name__ == "__main__":
    asyncio.run(main())
