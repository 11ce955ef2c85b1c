"""`deskmate ask` sets an alert and `deskmate tick --json --now …` checks it, on a fake market that
moves across the level at a set time: exactly one notification, the card as `ask --json` shows."""

from __future__ import annotations

import json
import os
import sys
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import bot.wiring
from bot.cli import main
from bot.settings import Settings
from bot.wiring import migrate
from core.clock import Clock
from core.market import DailyCloses, HistoryWindow, Quote

START = datetime.now(UTC)
CROSS = START + timedelta(minutes=2)  # BTC goes from 90,000 to 92,000 here


class MovingMarket:
    """BTC under 91,000 until CROSS, above it after, by the clock the process runs on."""

    source = "binance"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.quotes = 0

    async def get_quote(self, symbol: str) -> Quote:
        now = self.clock.now()
        price = Decimal("92000.00") if now >= CROSS else Decimal("90000.00")
        return Quote(symbol, price, "ask", self.source, now)

    async def get_book(self, symbol: str) -> Any:
        raise NotImplementedError

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        return DailyCloses(())


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(
        bot.wiring, "build_market", lambda settings, clock, engine: (MovingMarket(clock), None)
    )
    # The move is timed from the test's own start, not from the import: a long run reaches this
    # test minutes after collecting it, when a CROSS of import time has long passed.
    start = datetime.now(UTC)
    monkeypatch.setattr(sys.modules[__name__], "START", start)
    monkeypatch.setattr(sys.modules[__name__], "CROSS", start + timedelta(minutes=2))
    migrate(Settings())
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(list(args)) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def at(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def test_a_market_moving_across_the_level_gives_exactly_one_notification(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    created = run(capsys, "ask", "--json", "--user", "42", "alert me when BTC goes above 91000")
    assert created["status"] == "completed" and created["route"]["skill"] == "price_alert"
    [alert] = [b for b in created["blocks"] if b["type"] == "alert"]
    assert (alert["condition"], alert["level"], alert["status"]) == ("above", "91000", "active")

    notifications = []
    for minutes in (1, 3, 4, 6):  # before the move, after it, and twice more
        result = run(capsys, "tick", "--json", "--now", at(START + timedelta(minutes=minutes)))
        assert [j["kind"] for j in result["jobs"]] in ([], ["price_alert.check"])
        notifications += result["notifications"]

    [note] = notifications
    assert (note["platform"], note["user"], note["chat"], note["kind"]) == ("console", "42", None, "alert")
    assert "BTC went above 91,000.00: now 92,000.00" in note["text"]
    [quote] = [b for b in note["blocks"] if b["type"] == "quote"]
    assert (quote["price"], quote["source"]) == ("92000.00", "binance")
    [card] = [b for b in note["blocks"] if b["type"] == "alert"]
    assert (card["id"], card["status"]) == (alert["id"], "triggered")

    listed = run(capsys, "ask", "--json", "--user", "42", "list my alerts")
    assert [b["status"] for b in listed["blocks"] if b["type"] == "alert"] == ["triggered"]

    # The card's Re-arm, pressed from the console as the person who set the alert.
    rearm, delete = note["buttons"]
    assert (rearm["label"], delete["label"]) == ("Re-arm", "Delete alert")
    pressed = run(capsys, "ask", "--json", "--user", "42", "--press", rearm["token"])
    assert [b["status"] for b in pressed["blocks"] if b["type"] == "alert"] == ["active"]
