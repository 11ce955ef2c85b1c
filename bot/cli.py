"""The `deskmate` command line."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from bot.errors import StartupError

if TYPE_CHECKING:  # imported by main(), with the collector paused (see _collector_paused)
    from bot.settings import Settings


def _conversation_id(value: str) -> str:
    """A chat or user id: some visible text (an empty one names no conversation to answer in)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty (不能为空), e.g. --chat cli --user alice")
    return value.strip()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="deskmate", description="A trading assistant that lives in chat.")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run every configured platform; with none configured, the console chat")
    chat = sub.add_parser("chat", help="an interactive console conversation")
    chat.add_argument("--chat", default="console", type=_conversation_id)
    chat.add_argument("--user", default="local", type=_conversation_id)
    chat.add_argument("--locale", choices=("zh", "zh-Hant", "en"))
    chat.add_argument("--out", default="out", help="where chart PNGs are written")
    ask = sub.add_parser("ask", help="one message (or one button press) through the core")
    ask.add_argument("text", nargs="*", help="the message")
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument("--chat", default="cli", type=_conversation_id)
    ask.add_argument("--user", default="local", type=_conversation_id)
    ask.add_argument("--locale", choices=("zh", "zh-Hant", "en"))
    ask.add_argument("--out", default="out", help="where chart PNGs are written")
    ask.add_argument("--press", metavar="TOKEN", help="press the button carrying TOKEN")
    sub.add_parser("migrate", help="apply the database migrations")
    sub.add_parser("telegram", help="run the Telegram bot")
    discord = sub.add_parser("discord", help="run the Discord bot")
    discord.add_argument("--sync", action="store_true", help="sync the slash commands and exit")
    secrets = sub.add_parser("secrets", help="manage the key stored credentials are encrypted with")
    secrets_sub = secrets.add_subparsers(dest="secrets_command", required=True)
    rotate = secrets_sub.add_parser(
        "rotate", help="re-encrypt every stored credential under a new key (stop deskmate first)"
    )
    rotate.add_argument(
        "--new-key",
        metavar="KEY",
        help="the new Fernet key ('-' reads it from stdin); default: a newly generated one",
    )
    from bot.jobs import add_tick_parser

    add_tick_parser(sub)
    return p


def _setup_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=getattr(logging, settings.log_level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # httpx logs full request URLs at INFO; a Telegram URL contains the bot token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("matplotlib").setLevel(logging.WARNING)
    logging.getLogger("alembic").setLevel(logging.WARNING)  # one line per migration is noise
    from adapters.secrets.log_mask import install

    install()  # no secret in any line, at any level, whatever library logs it


async def _with_app(
    settings: Settings, body: Callable[..., Awaitable[int | None]], *, one_shot: bool = True
) -> int:
    from bot.wiring import build_app

    app = await build_app(settings)
    try:
        if not one_shot:  # it runs until stopped: the collector runs from here on
            # Every skill built now, not at its first message: a skill that cannot be built
            # stops a long-running process at its start (a one-shot command builds what it uses).
            app.skills.build_all()
            _started()
        return await body(app) or 0
    finally:
        await app.aclose()


# Flags whose value is URL-safe base64 and so may start with "-": a button token, a Fernet key.
_BASE64_VALUED = ("--press", "--new-key")


def _glued_base64_values(argv: list[str]) -> list[str]:
    """A button token or a Fernet key may start with "-" (URL-safe base64): "--press -Bx…" or
    "--new-key -Qz…" would read as an option, so the value is glued to its flag ("--press=-Bx…").
    A lone "-" (read the key from stdin) is a value argparse takes as it is."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        value = argv[i + 1] if i + 1 < len(argv) else ""
        if argv[i] in _BASE64_VALUED and value.startswith("-") and value != "-":
            out.append(f"{argv[i]}={value}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The exit code: 0 done, 1 could not run (a platform refused to start, an unreachable
    database), 2 a configuration error. A start-up problem is one line on stderr, no traceback.

    ``argv`` None: the process is deskmate's own (the console script, ``python -m bot.cli``)."""
    with _collector_paused(own_process=argv is None):
        args = _parser().parse_args(_glued_base64_values(sys.argv[1:] if argv is None else list(argv)))
        try:
            return _main(args)
        except StartupError as exc:
            print(f"deskmate: {exc}", file=sys.stderr)
            return exc.exit_code


_STARTED: list[Callable[[], None]] = []  # set while main() runs: a long-running command has started


@contextmanager
def _collector_paused(*, own_process: bool) -> Iterator[None]:
    """No cyclic garbage collection while deskmate starts.

    Start-up creates some 100,000 objects that live as long as the process (modules, classes, the
    rules); the collector would walk them again and again as they pile up, and once more at exit:
    about a quarter of a `deskmate ask`'s CPU time. So it is paused from the first import on; a
    long-running command resumes it once its app is built (``_started``), a one-shot command
    when it is done.
    In deskmate's own process what exists then is frozen first (``gc.freeze``): the collector
    and the interpreter's exit skip it. Called in-process (tests), the collector's state is only
    restored."""
    was_enabled = gc.isenabled()
    gc.disable()
    if own_process:  # before anything defining dataclasses is imported (bot.dataclass_code)
        from bot import dataclass_code

        dataclass_code.install()

    def resume() -> None:
        if own_process:
            dataclass_code.save()  # what this start compiled: the next one finds it
            gc.freeze()
        if was_enabled:
            gc.enable()
        _STARTED.clear()

    _STARTED[:] = [resume]
    try:
        yield
    finally:
        if _STARTED:  # still paused: a one-shot command, or a start that failed
            resume()


def _started() -> None:
    """A long-running command's app is built: the collector runs from here on."""
    for resume in tuple(_STARTED):  # resume() empties the list
        resume()


def _main(args: argparse.Namespace) -> int:
    from bot.settings import load_settings

    settings = load_settings()
    if args.command in ("ask", "secrets", "tick") and not os.environ.get("DESKMATE_LOG_LEVEL"):
        settings.log_level = "WARNING"  # one-shot output stays clean
    _setup_logging(settings)

    from bot.wiring import migrate, secure_data_dir

    secure_data_dir(settings)
    migrate(settings)
    if args.command == "migrate":
        print("database is up to date")
        return 0
    if args.command == "secrets":
        return asyncio.run(_rotate(settings, args.new_key))
    if args.command == "ask":
        from bot.console import ask_once

        text = " ".join(args.text)
        if not text and not args.press:
            text = sys.stdin.read() if not sys.stdin.isatty() else ""
        return asyncio.run(
            _with_app(
                settings,
                lambda app: ask_once(
                    app,
                    text=text,
                    press=args.press,
                    chat=args.chat,
                    user=args.user,
                    locale=args.locale,
                    out_dir=Path(args.out),
                    as_json=args.json,
                ),
            )
        )
    if args.command == "tick":
        from bot.jobs import tick_command

        return tick_command(settings, args)
    if args.command == "chat":
        return asyncio.run(_with_app(settings, lambda app: _chat(app, args), one_shot=False))
    if args.command == "run":
        return asyncio.run(_with_app(settings, lambda app: _run(app, None, args), one_shot=False))
    if args.command in ("telegram", "discord"):
        return asyncio.run(_with_app(settings, lambda app: _run(app, args.command, args), one_shot=False))
    return 2


def _warm_misses(app: object) -> None:
    """Where no model reads what no rule does, the known phrasings that answer it (about 2 s of
    CPU to index, core.language.nearest) are indexed in the background, not at the first miss."""
    from bot.wiring import App

    assert isinstance(app, App)
    if not app.settings.llm.configured:
        from core.language.nearest import warm

        warm()


async def _chat(app: object, args: argparse.Namespace) -> int:
    from bot.console import chat_loop
    from bot.wiring import App

    assert isinstance(app, App)
    app.charts.warm_up()  # in the background, while the user types
    _warm_misses(app)
    await chat_loop(app, chat=args.chat, user=args.user, locale=args.locale, out_dir=Path(args.out))
    return 0


async def _run(app: object, only: str | None, args: argparse.Namespace) -> int:
    from bot.runtime import platform_coroutines, run_until_signalled
    from bot.wiring import App
    from core.outbound import PlatformRouter

    assert isinstance(app, App)
    outbound = PlatformRouter()  # each running platform attaches its sender; the job runner uses it
    jobs = platform_coroutines(app, only, outbound)
    if only is not None and not jobs:
        print(f"DESKMATE_{only.upper()}__TOKEN is not set", file=sys.stderr)
        return 2
    if only == "discord" and getattr(args, "sync", False):
        from bot.platforms import discord_sync

        for job in jobs.values():
            job.close()  # only syncing: the bot itself is not started
        try:
            await discord_sync(app)
        except Exception as exc:  # a rejected token, Discord unreachable: one line, exit 1
            raise StartupError(f"discord --sync failed: {type(exc).__name__}: {exc}") from None
        return 0
    if not jobs:  # no platform configured: the console chat
        return await _chat(app, argparse.Namespace(chat="console", user="local", locale=None, out="out"))
    from bot.jobs import JOB_RUNNER, add_job_runner

    add_job_runner(jobs, app, outbound)
    if app.catalog_store is not None:  # another process's daily refresh reaches this one too
        from bot.catalog import follow_cached

        jobs["market catalog"] = follow_cached(app.catalog, app.catalog_store)
    app.charts.warm_up()  # matplotlib loads in the background while the platforms connect
    _warm_misses(app)
    failed = await run_until_signalled(jobs, stop_first=(JOB_RUNNER,))
    if failed:  # a supervisor restarts on a non-zero exit; the log above has the details
        why = (f"{name} stopped: {type(error).__name__}: {error}" for name, error in failed.items())
        raise StartupError("; ".join(why))
    return 0


async def _rotate(settings: Settings, new_key: str | None) -> int:
    from adapters.storage.engine import create_engine
    from adapters.storage.runner import close_shared_runner
    from bot.secret_keys import rotate
    from core.clock import SystemClock

    if new_key == "-":
        new_key = sys.stdin.readline().strip()
    engine = create_engine(settings.database_url)
    try:
        done = await rotate(settings, engine, SystemClock(), new_key)
    finally:
        await close_shared_runner(engine)  # the key check's reads
        await engine.dispose()
    report = done.report
    rows = sum(report.rows.values())
    print(f"re-encrypted {report.values} stored secrets in {rows} records under the new key")
    if report.unopened:
        print(
            f"{report.unopened} stored values could not be opened with the old key and were left as they were"
        )
    if done.source.is_file:
        print(f"{done.source.path} now holds the new key only; back it up")
    elif new_key:
        print(
            "now set DESKMATE_SECRET_KEY to the key given with --new-key, in every process, before starting"
        )
    else:
        # Printed once, here, for the operator to store; never logged.
        print(
            "now set DESKMATE_SECRET_KEY to this key, in every process, before starting (it is shown once):"
        )
        print(done.new_key)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
