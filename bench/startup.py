"""Cold start: `deskmate ask "BTC price"` on the demo market in a new process each time, side by
side with `python -c pass` (the interpreter's own start) and with the same command preceded by
the imports start-up did eagerly before issue 11 (matplotlib, httpx, alembic, cryptography), runs
interleaved in the same loop.

The processes run in a scratch directory (their own SQLite file, no .env) with bytecode caching
on, as on a user's machine: one warm-up run of each writes the caches and migrates the database.

With DESKMATE_BENCH_BEFORE naming a checkout of older code (``git worktree add --detach /tmp/before
<commit>``), the same command run from that code (first on PYTHONPATH) joins the loop as a row
of its own: a before and after from one run.
"""

from __future__ import annotations

import os
import resource
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


# What `deskmate ask` imported at start before issue 11, whatever the question.
EAGER_BEFORE = (
    "import matplotlib.figure, matplotlib.backends.backend_agg, matplotlib.ticker, PIL.Image, httpx, "
    "alembic.command, alembic.config, alembic.script, alembic.runtime.migration, cryptography.fernet"
)


BEFORE_ENV = "DESKMATE_BENCH_BEFORE"
ASK_AS_THE_SCRIPT_DOES = "\n".join(
    (
        "import sys",
        "sys.argv = ['deskmate', 'ask', 'BTC price']",
        "from bot.cli import main",
        "raise SystemExit(main())",
    )
)


def _env(workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # users' Pythons cache bytecode
    env["DESKMATE_MARKET"] = "demo"
    env["DESKMATE_DATABASE_URL"] = f"sqlite+aiosqlite:///{workdir / 'data' / 'deskmate.db'}"
    return env


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run: on a busy machine the wall time waits
    for a core; the CPU time says what the process itself cost."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in samples) * 1000, statistics.median(c for _, c in samples) * 1000


def _commit(checkout: str) -> str:
    """The commit a checkout is at (its path when it is no git checkout)."""
    found = subprocess.run(
        ["git", "-C", checkout, "log", "-1", "--format=commit %h (%cs)"], capture_output=True, text=True
    )
    return found.stdout.strip() if found.returncode == 0 else checkout


def bench_startup(runs: int = 9) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        env = _env(workdir)
        ask = [*_deskmate(), "ask", "BTC price"]
        # The same entry as the console script's (argv from sys.argv: deskmate's own process).
        eager = [sys.executable, "-c", f"{EAGER_BEFORE}\n{ASK_AS_THE_SCRIPT_DOES}"]
        bare = [sys.executable, "-c", "pass"]
        before_code = os.environ.get(BEFORE_ENV)
        before = [sys.executable, "-c", ASK_AS_THE_SCRIPT_DOES]
        before_dir = workdir / "before"  # its own database: an older schema may differ
        before_dir.mkdir()
        before_env = {
            **env,
            "PYTHONPATH": before_code or "",
            "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{before_dir / 'deskmate.db'}",
        }
        for command in (ask, eager, bare):  # warm-up: bytecode caches, migrations
            _timed(command, workdir, env)
        if before_code:
            _timed(before, before_dir, before_env)
        asks, eagers, bares, befores = [], [], [], []
        for _ in range(runs):
            asks.append(_timed(ask, workdir, env))
            eagers.append(_timed(eager, workdir, env))
            bares.append(_timed(bare, workdir, env))
            if before_code:
                befores.append(_timed(before, before_dir, before_env))
    (ask_ms, ask_cpu), (eager_ms, eager_cpu), (bare_ms, bare_cpu) = map(_medians, (asks, eagers, bares))
    rows = []
    if before_code:
        before_ms, before_cpu = _medians(befores)
        name = _commit(before_code)
        rows.append(
            (
                f"... the same command, code of {name}, same loop",
                f"{before_ms:.0f} ms (CPU {before_cpu:.0f} ms)",
            )
        )
    return [
        (
            f'`deskmate ask "BTC price"`, new process, demo market (median of {runs})',
            f"{ask_ms:.0f} ms (aim <= 800; CPU {ask_cpu:.0f} ms), {ask_ms / bare_ms:.0f}x `python -c pass`",
        ),
        (
            "... with the eager imports of before issue 11, same loop",
            f"{eager_ms:.0f} ms (CPU {eager_cpu:.0f} ms)",
        ),
        *rows,
        (f"`python -c pass` (median of {runs}, same loop)", f"{bare_ms:.0f} ms (CPU {bare_cpu:.0f} ms)"),
    ]


if __name__ == "__main__":  # python -m bench.startup [runs]: this row alone
    for label, figure in bench_startup(int(sys.argv[1]) if len(sys.argv) > 1 else 9):
        print(f"{label}: {figure}")
