"""`deskmate tick [--json] [--now ISO-8601]`: every job due at that time runs once, and what the
jobs said is printed instead of sent. Jobs come from test-only kinds (tests/bot/job_kinds.py)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import bot.wiring
from bot.cli import main
from bot.settings import Settings
from bot.wiring import build_app, migrate
from core.outbound import Destination
from tests.bot.job_kinds import KINDS

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)  # in the future: the real clock never makes these due
ALICE = Destination.direct("telegram", "42")


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(bot.wiring, "EXTRA_JOB_KINDS", KINDS)  # the test-only composition
    migrate(Settings())
    return tmp_path


def enqueue(kind: str, payload: dict[str, Any], due_at: datetime, **options: Any) -> str:
    async def run() -> str:
        app = await build_app(Settings())
        try:
            return (await app.jobs.enqueue(kind, payload, due_at=due_at, **options)).job_id
        finally:
            await app.aclose()

    return asyncio.run(run())


def tick(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["tick", "--json", *args]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # ONE JSON object
    result: dict[str, Any] = json.loads(out)
    return result


def at(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def test_a_due_job_runs_once_a_later_one_waits_and_notifications_are_printed(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    due = enqueue(
        "test.notify", {"to": ALICE.as_dict(), "text": "BTC crossed 70,000 USDT", "kind": "alert"}, T0
    )
    later = enqueue("test.notify", {"to": ALICE.as_dict(), "text": "later"}, T0 + timedelta(hours=1))

    first = tick(capsys, "--now", at(T0))

    assert first["jobs"] == [
        {"id": due, "kind": "test.notify", "outcome": "done", "error": None, "next_due": None}
    ]
    [note] = first["notifications"]
    assert note == {
        "platform": "telegram",
        "chat": None,
        "user": "42",
        "kind": "alert",
        "text": "BTC crossed 70,000 USDT",
        "blocks": [{"type": "notice", "level": "info", "code": "alert", "text": "BTC crossed 70,000 USDT"}],
        "buttons": [],
    }

    assert tick(capsys, "--now", at(T0 + timedelta(minutes=59))) == {"jobs": [], "notifications": []}
    second = tick(capsys, "--now", at(T0 + timedelta(hours=1)))
    assert [j["id"] for j in second["jobs"]] == [later]
    assert [n["text"] for n in second["notifications"]] == ["later"]


def test_now_moves_the_clock_for_that_run_only(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    job = enqueue("test.every_minute", {"to": ALICE.as_dict()}, T0, dedupe_key="every-minute")

    assert tick(capsys) == {"jobs": [], "notifications": []}  # today: not due until 2030
    first = tick(capsys, "--now", at(T0))
    assert first["jobs"] == [
        {
            "id": job,
            "kind": "test.every_minute",
            "outcome": "rescheduled",
            "error": None,
            "next_due": (T0 + timedelta(minutes=1)).isoformat(),
        }
    ]
    assert [n["text"] for n in first["notifications"]] == ["run 1"]
    assert tick(capsys) == {"jobs": [], "notifications": []}  # back to the real clock
    assert tick(capsys, "--now", at(T0 + timedelta(seconds=59)))["jobs"] == []
    again = tick(capsys, "--now", at(T0 + timedelta(minutes=1)))
    assert [(j["id"], j["outcome"]) for j in again["jobs"]] == [(job, "rescheduled")]
    assert [n["text"] for n in again["notifications"]] == ["run 2"]  # one row, its count carried on


def test_a_failing_job_backs_off_then_is_dead_with_its_error(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    job = enqueue("test.fails", {}, T0)
    seen = []
    now = T0
    for _ in range(3):
        [run] = tick(capsys, "--now", at(now))["jobs"]
        assert run["id"] == job and run["error"] == "RuntimeError: upstream said no"
        seen.append(run["outcome"])
        if run["next_due"]:
            next_due = datetime.fromisoformat(run["next_due"])
            assert tick(capsys, "--now", at(next_due - timedelta(seconds=1)))["jobs"] == []
            seen.append(int((next_due - now).total_seconds()))
            now = next_due
    assert seen == ["retry", 60, "retry", 120, "dead"]
    assert tick(capsys, "--now", at(now + timedelta(days=1)))["jobs"] == []


def test_a_chart_in_a_notification_is_saved_like_deskmate_ask_saves_it(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    group = Destination.chat("discord", "555")
    enqueue("test.notify", {"to": group.as_dict(), "text": "weekly chart", "chart": True}, T0)

    [note] = tick(capsys, "--now", at(T0), "--out", str(db / "charts"))["notifications"]

    assert (note["platform"], note["chat"], note["user"]) == ("discord", "555", None)
    [notice, image] = note["blocks"]
    assert notice["text"] == "weekly chart" and image["type"] == "image"
    assert Path(image["path"]).parent == (db / "charts").resolve()
    assert Path(image["path"]).read_bytes().startswith(b"\x89PNG")
    assert note["text"].startswith("weekly chart\nchart: ")


def test_without_json_a_short_summary(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    job = enqueue(
        "test.notify", {"to": ALICE.as_dict(), "text": "BTC crossed 70,000 USDT", "kind": "alert"}, T0
    )
    assert main(["tick", "--now", at(T0)]) == 0
    out = capsys.readouterr().out
    assert "1 job(s) ran at 2030-01-06 09:00:00 UTC" in out
    assert f"test.notify  {job}  done" in out
    assert "-> telegram user 42 [alert]" in out and "BTC crossed 70,000 USDT" in out


def test_a_time_without_offset_is_refused_and_runs_nothing(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    enqueue("test.notify", {"to": ALICE.as_dict(), "text": "x"}, T0)
    for bad in ("2030-01-06T09:00", "tomorrow"):
        with pytest.raises(SystemExit) as exit_info:
            main(["tick", "--json", "--now", bad])
        assert exit_info.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "--now" in captured.err
    assert len(tick(capsys, "--now", at(T0))["jobs"]) == 1  # still due: nothing ran before


@pytest.mark.process
def test_the_tick_contract_from_a_separate_process(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'd.db'}",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }

    def deskmate(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "tests.bot.job_kinds", *args]
        return subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True, timeout=120)

    seed = (
        "import asyncio, sys; from bot.settings import Settings; from bot.wiring import build_app, migrate;"
        "from tests.bot.job_kinds import KINDS;"
        "from datetime import datetime, UTC;\n"
        "async def go():\n"
        "    migrate(Settings())\n"
        "    app = await build_app(Settings(), job_kinds=KINDS)\n"
        "    e = await app.jobs.enqueue('test.notify', {'to': {'platform': 'console', 'user_id': 'local'},"
        " 'text': '你好 alert'}, due_at=datetime(2030, 1, 6, 9, tzinfo=UTC))\n"
        "    print(e.job_id); await app.aclose()\n"
        "asyncio.run(go())"
    )
    seeded = subprocess.run([sys.executable, "-c", seed], env=env, cwd=REPO, capture_output=True, text=True)
    assert seeded.returncode == 0, seeded.stderr
    job_id = seeded.stdout.strip()

    proc = deskmate("tick", "--json", "--now", "2030-01-06T17:00:00+08:00")  # 09:00 UTC

    assert proc.returncode == 0, proc.stderr
    body = json.loads(proc.stdout)
    assert set(body) == {"jobs", "notifications"}
    assert body["jobs"] == [
        {"id": job_id, "kind": "test.notify", "outcome": "done", "error": None, "next_due": None}
    ]
    [note] = body["notifications"]
    assert {k: note[k] for k in ("platform", "chat", "user", "text")} == {
        "platform": "console",
        "chat": None,
        "user": "local",
        "text": "你好 alert",
    }
