"""A scripted Binance on 127.0.0.1 for tests that run deskmate as separate processes.

Each GET takes the next scripted answer (status, JSON body, headers) and is recorded; with no
script left it answers a valid bookTicker for the requested symbol.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse


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
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                with server._lock:
                    server.requests.append(self.path)
                    answer = server.script.pop(0) if server.script else None
                if answer is None:
                    symbol = parse_qs(urlparse(self.path).query).get("symbol", ["BTCUSDT"])[0]
                    answer = Answer(body={"symbol": symbol, "askPrice": server.ask, "bidPrice": server.ask})
                payload = json.dumps(answer.body).encode()
                self.send_response(answer.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                for key, value in answer.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def add(self, *answers: Answer) -> None:
        with self._lock:
            self.script.extend(answers)

    def __enter__(self) -> BinanceServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
