"""Cold start: `deskmate ask "BTC price"` on the demo market in a new process each time, side by
side with `python -c pass` (the interpreter's own start), runs interleaved in the same loop.

The processes run in a scratch directory (their own SQLite file, no .env) with bytecode caching
on, as on a user's machine: one warm-up run of each writes the caches and migrates the database.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _deskmate() -> list[str]:
    script = Path(sys.executable).with_name("deskmate")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from bot.cli import main; raise SystemExit(main())"]


def _env(workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # users' Pythons cache bytecode
    env["DESKMATE_MARKET"] = "demo"
    env["DESKMATE_DATABASE_URL"] = f"sqlite+aiosqlite:///{workdir / 'data' / 'deskmate.db'}"
    return env


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def bench_startup(runs: int = 9) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        env = _env(workdir)
        ask = [*_deskmate(), "ask", "BTC price"]
        bare = [sys.executable, "-c", "pass"]
        _timed(ask, workdir, env)  # warm-up: bytecode caches, migrations
        _timed(bare, workdir, env)
        asks, bares = [], []
        for _ in range(runs):
            asks.append(_timed(ask, workdir, env))
            bares.append(_timed(bare, workdir, env))
    ask_ms = statistics.median(asks) * 1000
    bare_ms = statistics.median(bares) * 1000
    return [
        (
            f'`deskmate ask "BTC price"`, new process, demo market (median of {runs})',
            f"{ask_ms:.0f} ms (aim <= 800), {ask_ms / bare_ms:.0f}x `python -c pass`",
        ),
        (f"`python -c pass` (median of {runs}, same loop)", f"{bare_ms:.0f} ms"),
    ]
