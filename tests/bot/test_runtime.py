"""The process runtime: every platform on one loop, stopped cleanly by a signal; and `deskmate run`
with no token configured is the console chat on the demo market."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.runtime import run_until_signalled


async def test_sigterm_stops_every_platform_cleanly() -> None:
    stopped: list[str] = []

    async def platform(name: str) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            stopped.append(name)

    loop = asyncio.get_running_loop()
    loop.call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(
        run_until_signalled({"telegram": platform("telegram"), "discord": platform("discord")}), 5
    )
    assert sorted(stopped) == ["discord", "telegram"]


async def test_one_platform_failing_stops_the_others() -> None:
    stopped: list[str] = []

    async def broken() -> None:
        raise RuntimeError("boom")

    async def healthy() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            stopped.append("healthy")

    await asyncio.wait_for(run_until_signalled({"a": broken(), "b": healthy()}), 5)
    assert stopped == ["healthy"]


@pytest.mark.process
def test_run_without_tokens_is_the_console_chat_on_the_demo_market(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env["DESKMATE_DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'd.db'}"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        input="当前价格是多少\n2\nBTC price\n",
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "demo market" in out
    assert "[DEMO DATA] BTC/USDT" in out
    assert "要查哪个币" in out and "[2] ETH" in out
    assert "【演示数据】 ETH/USDT" in out  # "2" pressed the ETH button


@pytest.mark.process
def test_a_platform_command_without_its_token_says_so(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env["DESKMATE_DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'd.db'}"
    for args in (["discord", "--sync"], ["telegram"]):
        proc = subprocess.run(
            [sys.executable, "-m", "bot.cli", *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 2
        assert f"DESKMATE_{args[0].upper()}__TOKEN is not set" in proc.stderr
        assert "Traceback" not in proc.stderr
