"""The job runner in the composition root: beside the platforms (`deskmate run|telegram|discord`)
and once, on demand, with a clock of your choice (`deskmate tick`)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from collections.abc import Coroutine
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.clock import Clock, FixedClock, SystemClock
from core.formatting import format_utc
from core.jobs import JobRun, JobRunner, RunnerConfig
from core.outbound import PlatformOutbound, RecordedOutbound

if TYPE_CHECKING:  # the parser (every command's) imports this module: no composition root here
    from bot.settings import Settings
    from bot.wiring import App

log = logging.getLogger(__name__)

JOB_RUNNER = "job runner"  # its name among the coroutines run_until_signalled runs


def build_runner(app: App, platforms: PlatformOutbound) -> JobRunner:
    """A runner over the app's job store and kinds, speaking through ``platforms``."""
    s = app.settings.jobs
    config = RunnerConfig(
        lease_seconds=s.lease_seconds,
        poll_seconds=s.poll_seconds,
        concurrency=s.concurrency,
        shutdown_grace=s.shutdown_grace_seconds,
    )
    outbound = RecordedOutbound(platforms, app.deliveries, app.clock)
    return JobRunner(app.jobs.store, app.jobs.kinds, outbound, app.clock, config)


def add_job_runner(
    coroutines: dict[str, Coroutine[Any, Any, None]], app: App, platforms: PlatformOutbound
) -> None:
    """Run the job runner beside the platforms, unless DESKMATE_JOBS__ENABLED is false."""
    if app.settings.jobs.enabled:
        coroutines[JOB_RUNNER] = _run_jobs(app, build_runner(app, platforms))


async def _run_jobs(app: App, runner: JobRunner) -> None:
    """The runner, after queueing the scheduled clean-up and the daily equity snapshot (one row
    each however many processes run)."""
    from bot.retention import ensure_retention
    from core.pnl.snapshots import ensure_snapshots

    try:
        await ensure_retention(app.jobs, app.clock.now())
    except Exception:  # a database hiccup must not stop the runner; the next start queues it
        log.exception("could not queue the retention clean-up")
    try:
        await ensure_snapshots(app.jobs, app.clock.now())
    except Exception:  # as above: the next start queues it
        log.exception("could not queue the daily equity snapshot")
    await runner.run_forever()


# --- deskmate tick ----------------------------------------------------------------------------


def add_tick_parser(sub: Any) -> None:
    tick = sub.add_parser("tick", help="run every job due now (or at --now) once, and print what happened")
    tick.add_argument("--json", action="store_true", help="print one JSON object")
    tick.add_argument(
        "--now",
        type=parse_now,
        metavar="ISO-8601",
        help="the time to run at, e.g. 2026-07-13T12:00:00Z (this run only)",
    )
    tick.add_argument("--out", default="out", help="where chart PNGs of notifications are written")


def parse_now(text: str) -> datetime:
    """An aware ISO-8601 time; a time without a UTC offset is refused (it would be ambiguous)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO-8601 time: {text!r}") from None
    if moment.tzinfo is None:
        raise argparse.ArgumentTypeError(f"give the time with its UTC offset, e.g. {text}Z or {text}+08:00")
    return moment


def tick_command(settings: Settings, args: argparse.Namespace) -> int:
    from bot.wiring import build_app

    clock: Clock = FixedClock(args.now) if args.now is not None else SystemClock()

    async def main() -> int:
        app = await build_app(settings, clock=clock)
        try:
            return await tick(app, as_json=args.json, out_dir=Path(args.out))
        finally:
            await app.aclose()

    return asyncio.run(main())


async def tick(app: App, *, as_json: bool, out_dir: Path) -> int:
    """Run every job due at the app clock's now once; print the runs and what they would have sent.
    Nothing reaches a chat platform: every message is collected and printed instead."""
    from adapters.console import CollectingOutbound

    collected = CollectingOutbound()
    runs = await build_runner(app, collected).run_due()
    notifications = [n.as_json(out_dir) for n in collected.notifications]
    if as_json:
        body = {"jobs": [_run_json(r) for r in runs], "notifications": notifications}
        print(json.dumps(body, ensure_ascii=False))
        return 0
    print(f"{len(runs)} job(s) ran at {format_utc(app.clock.now())}")
    for run in runs:
        detail = f" ({run.error})" if run.error else ""
        due = f", next at {format_utc(run.next_due)}" if run.next_due else ""
        print(f"  {run.kind}  {run.job_id}  {run.outcome}{detail}{due}")
    for note in notifications:
        where = " ".join(f"{k} {note[k]}" for k in ("chat", "user") if note[k] is not None)
        print(f"-> {note['platform']} {where} [{note['kind']}]")
        print("   " + note["text"].replace("\n", "\n   "))
    return 0


def _run_json(run: JobRun) -> dict[str, Any]:
    return {
        "id": run.job_id,
        "kind": run.kind,
        "outcome": run.outcome.value,
        "error": run.error,
        "next_due": run.next_due.isoformat() if run.next_due else None,
    }
