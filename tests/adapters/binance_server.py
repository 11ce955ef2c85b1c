"""A scripted Binance on 127.0.0.1 for tests that run deskmate as separate processes.

Each GET takes the next scripted answer (status, JSON body, headers) and is recorded; with no
script left it answers a valid bookTicker for the requested symbol.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.local_server import LocalJsonServer, Reply


@dataclass
class Answer:
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


class BinanceServer:
    def __init__(self, ask: str = "67321.12000000") -> None:
        self.ask = ask
        self.script: list[Answer] = []
        self.requests: list[str] = []  # paths with queries, in arrival order
        self._lock = threading.Lock()
        self._server = LocalJsonServer(self._respond)

    def _respond(self, method: str, target: str, body: str, headers: dict[str, str]) -> Reply:
        with self._lock:
            self.requests.append(target)
            answer = self.script.pop(0) if self.script else None
        if answer is None:
            symbol = parse_qs(urlparse(target).query).get("symbol", ["BTCUSDT"])[0]
            answer = Answer(body={"symbol": symbol, "askPrice": self.ask, "bidPrice": self.ask})
        return Reply(answer.status, answer.body, answer.headers)

    @property
    def base_url(self) -> str:
        return self._server.base_url

    def add(self, *answers: Answer) -> None:
        with self._lock:
            self.script.extend(answers)

    def __enter__(self) -> BinanceServer:
        self._server.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.__exit__(*exc)
