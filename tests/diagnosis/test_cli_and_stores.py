"""Diagnoses and guides through `deskmate ask --json` in a new process; the SQL order store's
recent orders; a problem report is never read as an order or a balance question."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.migrate import upgrade_async
from adapters.storage.trading import SqlOrderStore
from core.tasks.audit import AuditEntry
from core.trading.model import NewOrder, OrderStatus, Rejection
from core.trading.ports import Settlement
from tests.fakes import NOW, full_router

AUDIT = AuditEntry("console:u", "console:c:u:", NOW, "trade_execution", "buy", None, None, "ok")


def ask(tmp_path: Path, text: str) -> dict:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
    }
    cmd = [sys.executable, "-m", "bot.cli", "ask", "--json", "--chat", "d1", text]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.process
def test_ask_json_carries_a_diagnosis_and_a_guide(tmp_path: Path) -> None:
    found = ask(
        tmp_path,
        'binance 报错 {"code":-1021,"msg":"Timestamp for this request is outside of the recvWindow."}',
    )
    assert found["route"]["skill"] == "exchange_diagnosis" and found["status"] == "completed"
    (block,) = found["blocks"]
    assert block["type"] == "diagnosis" and block["cause_code"] == "clock_skew"
    assert block["checks"][0] == {
        "name": "pasted_error", "label": "你贴出的错误", "outcome": "failed",
        "detail": "-1021 Timestamp for this request is outside of the recvWindow.", "code": "-1021",
    }  # fmt: skip
    assert "发生了什么:" in found["text"] and "现在该怎么做:" in found["text"]
    guide = ask(tmp_path, "deepseek的api key去哪里申请")
    assert guide["route"]["skill"] == "guidance" and guide["route"]["by"] == "rule"
    assert guide["route"]["slots"] == {"topic": "deepseek", "aspect": "setup"}
    assert "https://api.deepseek.com" in guide["text"] and guide["usage"]["model_requests"] == 0


async def test_recent_orders_newest_first_per_account(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'orders.db'}"
    await upgrade_async(url)
    engine = create_engine(url)
    try:
        store = SqlOrderStore(engine)
        for i, account in enumerate(("1", "1", "2", "1")):
            new = NewOrder(f"dm{i:028d}", "console:u", account, "a", "paper", "paper", "BTCUSDT", "buy",
                           Decimal("0.001"), NOW.replace(minute=i))  # fmt: skip
            await store.claim(new, AUDIT)
        rejection = Rejection("-2010", "Account has insufficient balance for requested action.")
        await store.settle(f"dm{3:028d}", Settlement(OrderStatus.REJECTED, rejection=rejection), "BTC", AUDIT)
        recent = await store.recent_orders("1", 2)
        assert [o.client_order_id for o in recent] == [f"dm{3:028d}", f"dm{1:028d}"]
        assert recent[0].status is OrderStatus.REJECTED and recent[0].error_code == "-2010"
    finally:
        await engine.dispose()


@pytest.mark.parametrize(
    "text",
    ["为什么余额和持仓对不上", "why can't I buy BTC", "my BTC order was rejected", "为什么卖不了ETH"],
)
def test_a_problem_report_is_no_trade_and_no_account_question(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.skill not in ("trade_execution", "account_query"), route
