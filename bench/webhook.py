"""`deskmate telegram` as it ships, in webhook mode: N processes (the console script, every skill,
the job runner beside the bot) on one database, behind a round-robin HTTP proxy when N > 1,
against the fake Bot API (5 ms) and the fake Binance (15 ms) of bench/fakes.py.

The bench posts updates to the webhook URL as Telegram would (a private chat per user, at once);
an update's time is from its post to the arrival of its answer at the fake Bot API. A run that
has not been answered within its deadline is a stall (``Stalled``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from bench.fakes import CONTENT, TOKEN, Fake, running
from bench.shipped import SECRET_KEY

SECRET_TOKEN = "bench-webhook-secret"
CHAT_BASE = 10_000


class Stalled(RuntimeError):
    """Updates posted to the bot were not all answered before the deadline."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PRICE_ONLY = [sys.executable, "-m", "bench.price_only_bot"]  # the burst's baseline process


def _deskmate() -> list[str]:
    script = Path(sys.executable).with_name("deskmate")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot.cli"]


def bot_env(database_url: str, bot_api: Fake, binance: Fake, data_dir: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env.update(
        {
            "DESKMATE_DATABASE_URL": database_url,
            "DESKMATE_DATA_DIR": str(data_dir),
            "DESKMATE_SECRET_KEY": SECRET_KEY,
            "DESKMATE_MARKET": "binance",
            "DESKMATE_BINANCE__BASE_URL": binance.base_url,
            "DESKMATE_TELEGRAM__TOKEN": TOKEN,
            "DESKMATE_TELEGRAM__BASE_URL": f"{bot_api.base_url}/bot",
            "DESKMATE_TELEGRAM__WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram",
            "DESKMATE_TELEGRAM__WEBHOOK_PORT": str(port),
            "DESKMATE_TELEGRAM__WEBHOOK_SECRET_TOKEN": SECRET_TOKEN,
            "DESKMATE_LOG_LEVEL": "WARNING",
        }
    )
    return env


@dataclass(frozen=True)
class Bot:
    url: str  # its webhook server's base URL
    process: subprocess.Popen[bytes]

    def cpu_seconds(self) -> float:
        """The process's CPU time so far (user + system): what a burst cost it, whatever the load."""
        return cpu_seconds(self.process.pid)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def bots(
    count: int,
    database_url: str,
    bot_api: Fake,
    binance: Fake,
    data_dir: Path,
    *,
    command: list[str] | None = None,
    **extra_env: str,
) -> Iterator[list[Bot]]:
    """``count`` `deskmate telegram` processes in webhook mode (or ``command``: the baseline's);
    their webhook base URLs. Each process is sent SIGTERM (and waited for) on exit."""
    processes: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for _ in range(count):
            port = free_port()
            env = {**bot_env(database_url, bot_api, binance, data_dir, port), **extra_env}
            log = (data_dir / f"bot-{port}.log").open("wb")
            processes.append(
                subprocess.Popen(
                    command or [*_deskmate(), "telegram"], env=env, stdout=log, stderr=subprocess.STDOUT
                )
            )
            urls.append(f"http://127.0.0.1:{port}")
        for url, process in zip(urls, processes, strict=True):
            _wait_listening(url, process)
        yield [Bot(url, process) for url, process in zip(urls, processes, strict=True)]
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_listening(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    port = int(url.rsplit(":", 1)[1])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"deskmate telegram exited with {process.returncode} before listening")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.05)
    raise RuntimeError("deskmate telegram did not start listening within 60 s")


@contextlib.contextmanager
def entry(processes: list[Bot]) -> Iterator[tuple[str, int | None]]:
    """The one URL updates are posted to: the process itself, or a round-robin proxy; and the
    proxy's pid (None without one)."""
    if len(processes) == 1:
        yield processes[0].url, None
        return
    with running("proxy", ",".join(p.url for p in processes)) as proxy:
        yield proxy.base_url, proxy.process.pid


_UPDATE_IDS = itertools.count(1)


def update(i: int, text: str, *, message_id: int = 1) -> dict[str, Any]:
    """A private message of user i; each has an update id of its own (a repeated id is a
    redelivery, which deskmate answers once)."""
    chat = CHAT_BASE + i
    sender = {"id": chat, "is_bot": False, "first_name": f"U{i}", "language_code": "en"}
    message = {
        "message_id": message_id,
        "date": int(time.time()),
        "chat": {"id": chat, "type": "private", "first_name": f"U{i}"},
        "from": sender,
        "text": text,
    }
    return {"update_id": next(_UPDATE_IDS), "message": message}


@dataclass(frozen=True, slots=True)
class Outcome:
    answers: int
    per_second: float
    p50: float  # seconds, from a post to its answer
    p95: float
    p99: float
    most_in_one_chat_per_second: int
    first: float  # seconds from the first post to the first answer: what a start still costs shows here


async def _calls(client: httpx.AsyncClient, bot_api: Fake) -> list[tuple[str, int | None, float]]:
    got = await client.get(f"{bot_api.base_url}/_calls")
    return [(e, c, t) for e, c, t in got.json()]


async def burst(entry_url: str, bot_api: Fake, texts: list[list[str]], *, deadline: float = 120.0) -> Outcome:
    """Chat i sends texts[i] one after the other (each after the previous answer, as a person
    does), every chat at once. Raises Stalled when not all are answered within ``deadline``."""
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=40), timeout=30) as client:
        await client.post(f"{bot_api.base_url}/_reset")
        posted: dict[tuple[int, int], float] = {}
        answered: dict[int, list[float]] = defaultdict(list)
        arrived = [asyncio.Event() for _ in texts]  # chat i's answers grew since it last looked
        stop = asyncio.Event()

        async def watch() -> None:  # the fake Bot API's record, read every 50 ms
            while not stop.is_set():
                calls = await _calls(client, bot_api)
                before = {i: len(times) for i, times in answered.items()}
                answered.clear()
                for endpoint, chat, at in calls:
                    if endpoint in CONTENT and chat is not None:
                        answered[chat - CHAT_BASE].append(at)
                for i, times in answered.items():
                    if len(times) != before.get(i, 0) and 0 <= i < len(arrived):
                        arrived[i].set()
                await asyncio.sleep(0.05)

        async def converse(i: int) -> None:
            for n, text in enumerate(texts[i]):
                posted[(i, n)] = time.monotonic()
                sent = await client.post(
                    f"{entry_url}/telegram",
                    json=update(i, text, message_id=n + 1),
                    headers={"X-Telegram-Bot-Api-Secret-Token": SECRET_TOKEN},
                )
                sent.raise_for_status()
                # Woken by the watcher, not polling: 256 chats each looking every 10 ms were some
                # 25,000 wake-ups a second in this process, CPU the machine's bots did not get.
                while True:
                    arrived[i].clear()
                    if len(answered.get(i, ())) > n:
                        break
                    await arrived[i].wait()

        watcher = asyncio.create_task(watch())
        try:
            await asyncio.wait_for(asyncio.gather(*(converse(i) for i in range(len(texts)))), deadline)
        except TimeoutError:
            done = sum(len(answered.get(i, ())) for i in range(len(texts)))
            raise Stalled(f"{done} of {len(posted)} answered within {deadline:.0f} s") from None
        finally:
            stop.set()
            await watcher
    latencies = sorted(sorted(answered[i])[n] - at for (i, n), at in posted.items())
    first, last = min(posted.values()), max(max(times) for times in answered.values())
    return Outcome(
        answers=len(latencies),
        per_second=len(latencies) / (last - first),
        p50=statistics.median(latencies),
        p95=latencies[round(0.95 * (len(latencies) - 1))],
        p99=latencies[round(0.99 * (len(latencies) - 1))],
        most_in_one_chat_per_second=max(_most_within(times, 1.0) for times in answered.values()),
        first=min(min(times) for times in answered.values()) - first,
    )


def _most_within(times: list[float], seconds: float) -> int:
    ordered = sorted(times)
    return max(sum(1 for t in ordered[i:] if t - start < seconds) for i, start in enumerate(ordered))


@contextlib.asynccontextmanager
async def fakes() -> AsyncIterator[tuple[Fake, Fake]]:
    """The fake Bot API (5 ms) and the fake Binance (15 ms)."""
    with running("botapi", 5) as bot_api, running("binance", 15) as binance:
        yield bot_api, binance


CHART = "BTC price and its 7-day trend"


async def bench_burst(data_dir: Path, users: int = 120, rounds: int = 2) -> list[tuple[str, str]]:
    """120 users ask for a chart at once: `deskmate telegram` on a SQLite file, beside the
    price-only baseline process; the two alternate, ``rounds`` bursts each (a new process for
    each burst: charts are drawn anew)."""
    from bench.shipped import database

    runs: dict[str, list[Outcome]] = {"shipped": [], "price only": []}
    cpu: dict[str, list[float]] = {"shipped": [], "price only": []}
    stalls: dict[str, list[str]] = {"shipped": [], "price only": []}
    async with fakes() as (bot_api, binance), database("SQLite", data_dir) as url:
        for _ in range(rounds):
            for name, command in (("price only", PRICE_ONLY), ("shipped", None)):
                with bots(1, url, bot_api, binance, data_dir, command=command) as (bot,):
                    await burst(bot.url, bot_api, [["BTC price"]])  # started: it answers
                    spent = bot.cpu_seconds()
                    try:
                        runs[name].append(await burst(bot.url, bot_api, [[CHART]] * users))
                    except Stalled as exc:
                        stalls[name].append(str(exc))
                        continue
                    cpu[name].append(bot.cpu_seconds() - spent)
    labels = {
        "shipped": "`deskmate telegram` as shipped (every skill, SQLite file, Binance fake at 15 ms)",
        "price only": "baseline: the same adapter on the price skill alone, memory store, demo market",
    }
    return [
        (
            f"Telegram burst, {users} users ask a chart at once (webhook, Bot API fake at 5 ms): "
            + labels[name],
            "; ".join(
                f"{o.per_second:.1f} answers/s, p50 {o.p50:.2f} s, p95 {o.p95:.2f} s, "
                f"first answer {o.first:.2f} s, CPU {c:.1f} s"
                for o, c in zip(runs[name], cpu[name], strict=True)
            )
            + "".join(f"; STALLED: {s}" for s in stalls[name]),
        )
        for name in ("shipped", "price only")
    ]


async def _pg_backends(url: str) -> list[int]:
    """The pids of the PostgreSQL server's processes serving ``url``'s database (this machine)."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    name = make_url(url).database
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            found = await conn.execute(
                text("SELECT pid FROM pg_stat_activity WHERE datname = :d AND pid <> pg_backend_pid()"),
                {"d": name},
            )
            return [int(pid) for (pid,) in found]
    finally:
        await engine.dispose()


class CpuShares:
    """CPU seconds spent during a burst by each party on the machine: the deskmate processes, the
    round-robin proxy, the fakes, this process (the load generator) and the PostgreSQL server's
    processes for the database (those alive at the end: a connection closed mid-burst is missed)."""

    def __init__(self, parties: dict[str, list[int]], url: str) -> None:
        self.parties = parties
        self.url = url
        self.before: dict[str, float] = {}

    async def _now(self) -> dict[str, float]:
        pg = await _pg_backends(self.url)
        spent = {name: sum(cpu_seconds(pid) for pid in pids) for name, pids in self.parties.items()}
        spent["load generator (this process)"] = time.process_time()
        spent["PostgreSQL server"] = sum(cpu_seconds(pid) for pid in pg)
        self._pg = pg
        return spent

    async def start(self) -> None:
        self.before = await self._now()
        self._pg_before = {pid: cpu_seconds(pid) for pid in self._pg}

    async def stop(self) -> dict[str, float]:
        after = await self._now()
        out = {name: after[name] - self.before.get(name, 0.0) for name in after}
        # a PostgreSQL backend that started during the burst counts from 0
        out["PostgreSQL server"] = sum(cpu_seconds(pid) - self._pg_before.get(pid, 0.0) for pid in self._pg)
        return out


async def bench_scale_out(
    data_dir: Path, counts: tuple[int, ...] = (1, 2, 4), users: int = 256
) -> list[tuple[str, str]]:
    """1, 2 and 4 `deskmate telegram` processes on one PostgreSQL database behind a round-robin
    proxy; ``users`` people each ask "BTC price" at once. The bot-wide pace is lifted
    (DESKMATE_TELEGRAM__MESSAGES_PER_SECOND) so what is measured is what the processes carry,
    not Telegram's 30 a second. Each row says where the machine's CPU went during the burst
    (CpuShares): on a 2-core machine the proxy, the fakes, the load generator and PostgreSQL
    share the cores with the bots, so turns/s is capped by the sum, not by deskmate alone."""
    from bench.shipped import Unavailable, database

    rows = []
    cores = os.cpu_count() or 1
    try:
        async with fakes() as (bot_api, binance), database("PostgreSQL", data_dir) as url:
            for count in counts:
                with (
                    bots(
                        count,
                        url,
                        bot_api,
                        binance,
                        data_dir,
                        DESKMATE_TELEGRAM__MESSAGES_PER_SECOND="100000",
                    ) as processes,
                    entry(processes) as (entry_url, proxy_pid),
                ):
                    await burst(entry_url, bot_api, [["BTC price"]] * (8 * count))  # every process warm
                    parties = {
                        "deskmate": [p.process.pid for p in processes],
                        "proxy": [proxy_pid] if proxy_pid is not None else [],
                        "Bot API fake": [bot_api.process.pid],
                        "Binance fake": [binance.process.pid],
                    }
                    shares = CpuShares(parties, url)
                    await shares.start()
                    load_before = os.getloadavg()[0]
                    try:
                        o = await burst(entry_url, bot_api, [["BTC price"]] * users)
                    except Stalled as exc:
                        rows.append(
                            (f"scale-out: {count} process(es), {users} users at once", f"STALLED: {exc}")
                        )
                        continue
                    spent = await shares.stop()
                per_turn = {name: seconds / o.answers * 1000 for name, seconds in spent.items()}
                total = sum(per_turn.values())
                where = ", ".join(f"{name} {ms:.1f}" for name, ms in per_turn.items() if ms >= 0.05)
                rows.append(
                    (
                        f"scale-out: {count} `deskmate telegram` process(es), one PostgreSQL, "
                        f"{users} users at once through a round-robin proxy",
                        f"{o.per_second:,.0f} turns/s, p50 {o.p50 * 1000:,.0f} ms, "
                        f"p99 {o.p99 * 1000:,.0f} ms; CPU {per_turn['deskmate']:.1f} ms a turn in deskmate; "
                        f"every party's CPU a turn (ms): {where}; total {total:.1f} ms, "
                        f"so {cores} cores carry at most {cores * 1000 / total:,.0f} turns/s "
                        f"[load at start {load_before:.1f}]",
                    )
                )
    except Unavailable as exc:
        rows.append(("scale-out on PostgreSQL", f"skipped: {exc}"))
    return rows


async def _main(rounds: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, value in await bench_burst(Path(tmp), rounds=rounds):
            print(f"{name} | {value} [load {os.getloadavg()[0]:.1f}]", flush=True)


if __name__ == "__main__":
    # The burst rows alone (make bench runs every row): python -m bench.webhook [ROUNDS]
    asyncio.run(_main(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
