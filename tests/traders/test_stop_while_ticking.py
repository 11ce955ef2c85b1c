"""A stop while another process runs the trader's tick (SQLite file and PostgreSQL); the tick
never places an order after the stop, and the trader ends ``stopped``:
- a paper DCA tick records its decision, its order and the trader's counters in one
  transaction under the trader's row lock: a stop before it is ``stopped`` at once and the tick
  writes nothing (no order, no decision, its job ends); a stop after it is ``stopped`` at once
  too, the tick's order stands and is told, and its next tick ends the job;
- a tick that records a pending decision before it places (a live account's, several legs):
  the stop makes the trader ``stopping``; the tick places no new order (or finishes the one in
  flight), and its end makes the trader ``stopped`` and tells the owner; its job ends.
A stop while no tick runs is ``stopped`` at once."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.wiring import build_app
from core.clock import FixedClock
from core.reply import NoticeBlock, Reply
from core.traders.model import TraderState
from core.traders.ports import TRADERS
from tests.traders.conftest import dca
from tests.traders.test_kill_tick import REPO, env  # noqa: F401 - the fixture
from tests.traders.test_tick_cli import OWNER, T0, start_trader, stored

pytestmark = pytest.mark.process  # starts other Python processes


def _codes(reply: Reply) -> list[str]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock) and b.code]


def stop(at_offset: timedelta = timedelta(seconds=1)) -> tuple[list[str], TraderState]:
    """Say "stop the trader alpha" and confirm, in a composition of its own (another process's
    view of the database); the trader's state right after."""

    async def run() -> tuple[list[str], TraderState]:
        from tests.workspace.conftest import Chat

        app = await build_app(Settings(), clock=FixedClock(T0 + at_offset))
        try:
            chat = Chat(app.core)
            asked = await chat.say("stop the trader named alpha")
            done = await chat.press(asked.buttons[0].token)
            [trader] = await app.skills.services.get(TRADERS).owned(OWNER)
            return _codes(done), trader.state
        finally:
            await app.aclose()

    return asyncio.run(run())


def state() -> TraderState:
    async def run() -> TraderState:
        app = await build_app(Settings())
        try:
            [trader] = await app.skills.services.get(TRADERS).owned(OWNER)
            return trader.state
        finally:
            await app.aclose()

    return asyncio.run(run())


# Every wait here is for an event (the worker held, the worker done), with a ceiling only for a
# process that hangs: how long a process takes to start and reach its point depends on how busy
# the machine is (at load 15-25 a new interpreter with deskmate's imports takes tens of seconds),
# and the order of events the test checks is made by DIR/held and DIR/go alone.
CEILING_SECONDS = 600.0


def _held_tick(environ: dict[str, str], point: str, folder: Path) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "tests.traders.hold_worker", T0.isoformat(), point, str(folder)]
    pipe = subprocess.PIPE
    proc = subprocess.Popen(args, env=environ, cwd=REPO, stdout=pipe, stderr=pipe, text=True)
    deadline = time.monotonic() + CEILING_SECONDS
    while not (folder / "held").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not (folder / "held").exists():
        (folder / "go").touch()  # a worker that reaches its point after all goes on and ends
        pytest.fail(f"the tick never reached {point!r}: {proc.communicate(timeout=CEILING_SECONDS)}")
    return proc


def _finish(proc: subprocess.Popen[str], folder: Path) -> dict[str, object]:
    (folder / "go").touch()
    out, err = proc.communicate(timeout=CEILING_SECONDS)
    assert proc.returncode == 0, err
    result: dict[str, object] = json.loads(out)
    return result


def _stop_while_held(
    environ: dict[str, str], tmp_path: Path, point: str
) -> tuple[list[str], TraderState, dict[str, object]]:
    """A daily-DCA trader started, its tick held at ``point`` in another process, a stop asked
    meanwhile: the stop's notice codes and state, and what the tick process reported."""
    start_trader(dca(amount="50", interval="1h"))
    folder = tmp_path / "hold"
    folder.mkdir()
    proc = _held_tick(environ, point, folder)
    try:
        codes, now = stop()
    finally:
        out = _finish(proc, folder)
    return codes, now, out


@pytest.mark.parametrize("point", ["decided", "recorded"])
def test_a_stop_around_a_one_transaction_tick_never_follows_an_order(
    env: dict[str, str],  # noqa: F811
    tmp_path: Path,
    point: str,
) -> None:
    codes, now, out = _stop_while_held(env, tmp_path, point)
    assert "trader_stopped" in codes and now is TraderState.STOPPED
    jobs, notes = out["jobs"], out["notifications"]
    assert isinstance(jobs, list) and isinstance(notes, list)
    kinds = [n["kind"] for n in notes]
    if point == "decided":  # stopped before the tick's transaction: it wrote nothing
        assert [j["outcome"] for j in jobs] == ["done"]
        assert stored("trades") == [] and stored("decisions") == [] and kinds == []
    else:  # stopped after it: the order stands and is told; the next tick ends the job
        assert [j["outcome"] for j in jobs] == ["rescheduled"] and kinds == ["fill"]
        assert len(stored("trades")) == 1
        [decision] = stored("decisions")
        assert decision.status == "done" and [o.status for o in decision.outcomes] == ["filled"]
    assert state() is TraderState.STOPPED


@pytest.mark.parametrize("point", ["orders", "order"])
def test_a_stop_while_another_process_ticks_waits_for_that_tick(
    env: dict[str, str],  # noqa: F811
    tmp_path: Path,
    point: str,
) -> None:
    codes, now, out = _stop_while_held(env, tmp_path, point)
    assert "trader_stopping" in codes and now is TraderState.STOPPING
    jobs = out["jobs"]
    assert isinstance(jobs, list) and [j["outcome"] for j in jobs] == ["done"]  # no next tick
    notes = out["notifications"]
    assert isinstance(notes, list)
    kinds = [n["kind"] for n in notes]
    trades = stored("trades")
    if point == "orders":  # the stop came before its first order: none is placed
        assert trades == [] and kinds == ["trader_stopped"]
        [decision] = stored("decisions")
        assert decision.status == "done" and [o.status for o in decision.outcomes] == ["stopped"]
    else:  # the order in flight completes, and is told
        assert len(trades) == 1 and kinds == ["fill", "trader_stopped"]
    assert state() is TraderState.STOPPED


def test_a_stop_while_no_tick_runs_is_stopped_at_once(env: dict[str, str]) -> None:  # noqa: F811
    start_trader(dca(amount="50", interval="1h"))
    codes, now = stop()
    assert "trader_stopped" in codes and now is TraderState.STOPPED
