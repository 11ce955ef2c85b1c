"""`deskmate tick --json --now …` drives traders on the SQL store (SQLite file), each run a new
composition as after a restart: dca buys once per interval, grid buys the level the price fell
through, ai trades on a valid answer from a local OpenAI-compatible server and never on an
invalid or oversized one; fills and errors are the owner's private notifications."""

from __future__ import annotations

import asyncio
import json
import os
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet

from adapters.demo_market.market import demo_bid, demo_quote_price
from adapters.storage.usage_ledger import SqlUsageLedger
from bot.cli import main
from bot.settings import Settings
from bot.wiring import build_app, migrate
from core.clock import FixedClock
from core.secrets import SECRET_BOX
from core.strategies import STRATEGIES, NewStrategy, StrategyParams
from core.tasks.audit import AuditEntry
from core.traders.ports import TRADERS
from core.trading.ports import ORDERS
from core.workspace.accounts import EXCHANGE_ACCOUNTS, NewExchangeAccount
from core.workspace.model_configs import MODEL_CONFIGS, NewModelConfig
from tests.traders.conftest import ai_params, dca, grid
from tests.traders.openai_server import Script, openai_server
from tests.workspace.conftest import Chat

T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)  # in the future: the real clock never makes these due
OWNER = "console:user-1"
AUDIT = AuditEntry(OWNER, "test", T0, "test", "create", None, None, "ok")


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DESKMATE_SECRET_KEY", Fernet.generate_key().decode())
    migrate(Settings())
    return tmp_path


def start_trader(params: StrategyParams, base_url: str | None = None) -> str:
    """A paper account, the strategy, (a model config,) and "create ... and auto start it",
    in one composition at T0; the process then ends."""

    async def run() -> str:
        app = await build_app(Settings(), clock=FixedClock(T0))
        try:
            services = app.skills.services
            await services.get(EXCHANGE_ACCOUNTS).create(
                NewExchangeAccount(OWNER, "paper", "paper", {}, Decimal("10000"), T0), AUDIT
            )
            await services.get(STRATEGIES).create(NewStrategy(OWNER, "s", params, T0, True), AUDIT)
            if base_url is not None:
                sealed = services.get(SECRET_BOX).encrypt("sk-local-test-key")
                await services.get(MODEL_CONFIGS).create(
                    NewModelConfig(OWNER, "local", "custom", base_url, "m", sealed, True, T0), AUDIT
                )
            reply = await Chat(app.core).say("create a trader named alpha and auto start it")
            codes = [getattr(b, "code", None) for b in reply.blocks]
            assert "trader_started" in codes, reply
            [trader] = await services.get(TRADERS).owned(OWNER)
            return trader.id
        finally:
            await app.aclose()

    return asyncio.run(run())


def tick(capsys: pytest.CaptureFixture[str], at: datetime) -> dict[str, Any]:
    assert main(["tick", "--json", "--now", at.isoformat().replace("+00:00", "Z")]) == 0
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def tokens_used() -> int:
    async def run() -> int:
        app = await build_app(Settings())
        try:
            return await SqlUsageLedger(app.engine).tokens_used(f"user:{OWNER}", T0.date())
        finally:
            await app.aclose()

    return asyncio.run(run())


def stored(what: str) -> Any:
    async def run() -> Any:
        app = await build_app(Settings())
        try:
            services = app.skills.services
            if what == "trades":
                [account] = await services.get(EXCHANGE_ACCOUNTS).owned(OWNER)
                return await services.get(ORDERS).trades(account.id, 50)
            [trader] = await services.get(TRADERS).owned(OWNER)
            return await services.get(TRADERS).decisions(trader.id)
        finally:
            await app.aclose()

    return asyncio.run(run())


def test_dca_buys_once_per_interval_across_restarts(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start_trader(dca(amount="50", interval="1d"))
    first = tick(capsys, T0)
    assert [j["outcome"] for j in first["jobs"]] == ["rescheduled"]
    [note] = first["notifications"]
    assert note["kind"] == "fill" and note["platform"] == "console" and note["user"] == "user-1"
    assert "alpha" in note["text"] and "BTC" in note["text"]
    assert tick(capsys, T0)["jobs"] == []  # the same time again: nothing more
    assert tick(capsys, T0 + timedelta(hours=23))["jobs"] == []
    later = tick(capsys, T0 + timedelta(days=1))
    assert [j["outcome"] for j in later["jobs"]] == ["rescheduled"]
    trades = stored("trades")
    assert [t.side for t in trades] == ["buy", "buy"]


def _falling_day() -> tuple[Decimal, Decimal, timedelta]:
    """Mid prices at T0 and at a later day when BTC is clearly lower (demo prices are fixed)."""

    def mid(at: datetime) -> Decimal:
        ask = demo_quote_price("BTCUSDT", at)
        return (ask + demo_bid(ask)) / 2

    p0 = mid(T0)
    for days in range(1, 60):
        p1 = mid(T0 + timedelta(days=days))
        if p1 < p0 * Decimal("0.99"):
            return p0, p1, timedelta(days=days)
    raise AssertionError("no falling day in the demo market")


def test_grid_buys_the_level_the_price_fell_through(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p0, p1, later = _falling_day()
    spread = p0 - p1
    lower, upper = (p1 - spread).quantize(Decimal(1)), (p0 + spread).quantize(Decimal(1))
    start_trader(grid(str(lower), str(upper), grids=2, per="100"))  # the middle level lies between
    armed = tick(capsys, T0)
    assert armed["notifications"] == [] and armed["jobs"][0]["outcome"] == "rescheduled"
    fell = tick(capsys, T0 + later)
    assert [n["kind"] for n in fell["notifications"]] == ["fill"]
    [trade] = stored("trades")
    assert trade.side == "buy" and trade.quote_amount <= Decimal("100")


def test_ai_trades_only_on_a_valid_answer(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = Script(
        [
            '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "trend up"}',
            "buy now!",
            '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "9000", "reason": "all in"}',
            '{"action": "hold", "symbol": "BTCUSDT", "reason": "wait"}',
        ]
    )
    with openai_server(script) as base_url:
        start_trader(ai_params(max_order="500"), base_url)
        notes = [tick(capsys, T0 + timedelta(hours=h))["notifications"] for h in range(4)]
    assert [n["kind"] for n in notes[0]] == ["fill"] and "trend up" in notes[0][0]["text"]
    # Invalid answers are told (issue 24), at most once an hour per trader; a hold says nothing.
    kinds = [[n["kind"] for n in hour] for hour in notes[1:]]
    assert kinds[0] == ["trader_invalid"] and kinds[2] == [] and kinds[1] in ([], ["trader_invalid"])
    assert "not a JSON decision" in notes[1][0]["text"]
    assert len(stored("trades")) == 1
    actions = [d.action for d in reversed(stored("decisions"))]
    assert actions == ["buy", "invalid", "invalid", "hold"]
    assert len(script.requests) == 4 and script.requests[0]["model"] == "m"
    assert "sk-local-test-key" not in json.dumps(script.requests)
    assert tokens_used() == 4 * 120  # each decision's tokens, in the planner's daily ledger


def test_a_late_ai_answer_is_recorded_late_and_the_next_tick_trades(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The local model answers after the tick's deadline (shortened here from 30 s): the tick is
    recorded skipped as late, places nothing, tells nobody, charges no tokens, and the trader's
    next tick asks again and trades on a timely answer."""
    from core.traders import runtime

    monkeypatch.setattr(runtime, "AI_DEADLINE", 0.5)
    buy = '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "on time"}'
    # The answers go by phase, not by arrival: on a busy machine the first tick's half second may
    # run out before its request is even sent, and the next request must still be the timely one.
    script = Script([3.0])
    with openai_server(script) as base_url:
        start_trader(ai_params(max_order="500"), base_url)
        late = tick(capsys, T0)
        assert [j["outcome"] for j in late["jobs"]] == ["rescheduled"]
        assert late["notifications"] == [] and stored("trades") == []
        [skipped] = stored("decisions")
        assert (skipped.action, skipped.reason, skipped.status) == (
            "skipped",
            "the model answered too late",
            "done",
        )
        assert skipped.legs == () and skipped.tokens == 0
        late_requests = len(script.requests)
        script.answers[:] = [buy]
        monkeypatch.setattr(runtime, "AI_DEADLINE", 30.0)  # no busy machine makes this one late
        on_time = tick(capsys, T0 + timedelta(hours=1))
    assert [n["kind"] for n in on_time["notifications"]] == ["fill"] and "on time" in on_time[
        "notifications"
    ][0]["text"]
    assert len(stored("trades")) == 1
    assert [d.action for d in reversed(stored("decisions"))] == ["skipped", "buy"]
    assert late_requests <= 1 and len(script.requests) == late_requests + 1
    assert tokens_used() == 120  # only the answer that came in time
