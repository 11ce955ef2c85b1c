"""The bench's local fakes of Binance's public market API and of the Telegram Bot API, each in a
process of its own (so serving them takes no time from the process measured), answering on
127.0.0.1 after a realistic latency: Binance 15 ms, the Bot API 5 ms.

Run as ``python -m bench.fakes binance|botapi LATENCY_MS``; the child prints its port on its first
line. The Bot API fake records every call (endpoint, chat id, arrival on the machine's monotonic
clock, shared by every process); ``GET /_calls`` returns them and ``POST /_reset`` forgets them.
The HTTP server is asyncio streams with keep-alive: one small loop serves hundreds of connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

TOKEN = "123456:BENCH-not-a-real-token"
BOT = {"id": 123456, "is_bot": True, "first_name": "Deskmate", "username": "DeskmateBenchBot"}
CONTENT = frozenset({"sendMessage", "sendPhoto"})
_CHAT_ID = re.compile(rb'name="chat_id"\r\n\r\n(-?\d+)')

# (method, path, query, headers (lower-case names), body) -> (status, JSON payload)
Answer = Callable[[str, str, str, dict[str, str], bytes], Awaitable[tuple[int, Any]]]


async def _serve_connection(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, answer: Answer
) -> None:
    with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            headers = {
                k.strip().lower(): v.strip()
                for k, _, v in (line.partition(":") for line in lines[1:] if line)
            }
            body = await reader.readexactly(int(headers.get("content-length") or 0))
            parts = urlsplit(target)
            status, payload = await answer(method, parts.path, parts.query, headers, body)
            data = json.dumps(payload).encode()
            writer.write(
                f"HTTP/1.1 {status} OK\r\ncontent-type: application/json\r\n"
                f"content-length: {len(data)}\r\n\r\n".encode()
                + data
            )
            await writer.drain()
    writer.close()


# -- Binance's public market data -----------------------------------------------------------------


def _exchange_info() -> dict[str, Any]:
    """Every market of the bundled catalog, trading, with the same plain filters."""
    from pathlib import Path

    import bot

    catalog = json.loads((Path(bot.__file__).parent / "data" / "market_catalog.json").read_text())
    filters = [
        {"filterType": "PRICE_FILTER", "tickSize": "0.01000000"},
        {"filterType": "LOT_SIZE", "stepSize": "0.00001000", "minQty": "0.00001000", "maxQty": "9000"},
        {"filterType": "NOTIONAL", "minNotional": "5.00000000"},
    ]
    return {
        "symbols": [
            {
                "symbol": row["symbol"],
                "status": "TRADING",
                "baseAsset": row["base"],
                "quoteAsset": row["quote"],
                "isSpotTradingAllowed": True,
                "filters": filters,
            }
            for row in catalog["symbols"]
        ]
    }


def binance(latency: float) -> Answer:
    """bookTicker, the 24-hour ticker, daily klines and exchangeInfo for the bundled catalog's
    USDT pairs, answered after ``latency`` seconds."""
    info = _exchange_info()
    moved = {"by": 0}  # whole USDT added to every price: ``POST /_move?by=N`` (an alert crosses)

    async def answer(
        method: str, path: str, query: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, Any]:
        params = {k: v[0] for k, v in parse_qs(query).items()}
        if path == "/_move":
            moved["by"] = int(params.get("by", "0"))
            return 200, {"ok": True}
        await asyncio.sleep(latency)
        symbol = params.get("symbol", "")
        if path == "/api/v3/ticker/bookTicker":
            return 200, {
                "symbol": symbol,
                "bidPrice": f"{97250 + moved['by']}.40000000",
                "bidQty": "1.50000000",
                "askPrice": f"{97250 + moved['by']}.50000000",
                "askQty": "2.00000000",
            }
        if path == "/api/v3/ticker/24hr":  # every quote card's 24-hour change (weight 2)
            return 200, {
                "symbol": symbol,
                "priceChange": "250.50000000",
                "priceChangePercent": "0.258",
                "openPrice": "97000.00000000",
                "lastPrice": "97250.50000000",
            }
        if path == "/api/v3/klines":
            start = int(params["startTime"])
            rows = []
            for i in range(int(params.get("limit", "7"))):
                opened = start + i * 86_400_000
                close = f"{97000 + 37 * i}.50000000"
                rows.append(
                    [opened, close, close, close, close, "1.0", opened + 86_399_999, "1.0", 1, "0", "0", "0"]
                )
            return 200, rows
        if path == "/api/v3/exchangeInfo":
            return 200, info
        return 404, {"code": -1, "msg": f"no route {path}"}

    return answer


# -- the Telegram Bot API -------------------------------------------------------------------------


def bot_api(latency: float) -> Answer:
    """Answers like Telegram after ``latency`` seconds; records what was sent to which chat."""
    calls: list[tuple[str, int | None, float]] = []
    ids = itertools.count(1)
    prefix = f"/bot{TOKEN}/"

    async def answer(
        method: str, path: str, query: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, Any]:
        if path == "/_calls":
            return 200, calls
        if path == "/_reset":
            calls.clear()
            return 200, True
        endpoint = path.removeprefix(prefix)
        chat_id = _chat_id(body, headers.get("content-type", ""))
        calls.append((endpoint, chat_id, time.monotonic()))
        await asyncio.sleep(latency)
        return 200, {"ok": True, "result": _result(endpoint, chat_id, next(ids))}

    return answer


def _result(endpoint: str, chat_id: int | None, message_id: int) -> Any:
    if endpoint == "getMe":
        return BOT
    if endpoint in CONTENT and chat_id is not None:
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private"},
            "from": BOT,
        }
        if endpoint == "sendPhoto":
            message["photo"] = [{"file_id": "p", "file_unique_id": "u", "width": 780, "height": 600}]
        else:
            message["text"] = "ok"
        return message
    return True


def _chat_id(raw: bytes, content_type: str) -> int | None:
    if content_type.startswith("multipart/"):
        found = _CHAT_ID.search(raw)
        return int(found.group(1)) if found else None
    if content_type.startswith("application/json"):
        value = json.loads(raw or b"{}").get("chat_id")
    else:
        found_ids = parse_qs(raw.decode()).get("chat_id")
        value = found_ids[0] if found_ids else None
    return int(value) if value is not None else None


# -- a round-robin HTTP proxy ---------------------------------------------------------------------


def proxy(backends: list[str]) -> Answer:
    """Each request to the next of ``backends`` (base URLs) in turn: the simplest load balancer."""
    import httpx

    turn = itertools.cycle(backends)
    client = httpx.AsyncClient(limits=httpx.Limits(max_connections=256), timeout=60)
    kept = ("content-type", "x-telegram-bot-api-secret-token")

    async def answer(
        method: str, path: str, query: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, Any]:
        sent = {k: v for k, v in headers.items() if k in kept}
        try:
            got = await client.request(method, next(turn) + path, content=body, headers=sent)
        except httpx.TransportError:  # a kept-alive connection the backend closed: the next one
            # (as a load balancer does; Telegram would redeliver it, and deskmate dedupes updates)
            got = await client.request(method, next(turn) + path, content=body, headers=sent)
        return got.status_code, None

    return answer


# -- running one ----------------------------------------------------------------------------------

FAKES: dict[str, Callable[[float], Answer]] = {"binance": binance, "botapi": bot_api}


async def _main(kind: str, arg: str) -> None:
    answer = proxy(arg.split(",")) if kind == "proxy" else FAKES[kind](float(arg) / 1000)
    server = await asyncio.start_server(
        lambda r, w: _serve_connection(r, w, answer), "127.0.0.1", 0, backlog=1024
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


@dataclass(frozen=True)
class Fake:
    base_url: str  # http://127.0.0.1:PORT
    process: subprocess.Popen[str]


@contextlib.contextmanager
def running(kind: str, arg: float | str) -> Iterator[Fake]:
    """The fake ``kind`` in a child process, stopped on exit: ``arg`` is its latency in ms (the
    proxy: its backends' base URLs, comma-separated)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.fakes", kind, str(arg)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        yield Fake(f"http://127.0.0.1:{port}", process)
    finally:
        process.terminate()
        process.wait(timeout=10)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_main(sys.argv[1], sys.argv[2]))
