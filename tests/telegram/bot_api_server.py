"""A tiny fake Bot API HTTP server on 127.0.0.1 (stdlib, in a thread) for the real polling loop."""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from tests.telegram.fakes import BOT_ID, BOT_USERNAME, TOKEN, bot_user


@dataclass
class FakeBotApi:
    """Queued updates go out through getUpdates; every call is recorded."""

    updates: list[dict[str, Any]] = field(default_factory=list)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    unknown_paths: list[str] = field(default_factory=list)
    port: int = 0
    # endpoint -> (HTTP status, description): that endpoint fails so (a 502 gateway, a 409 conflict)
    failing: dict[str, tuple[int, str]] = field(default_factory=dict)
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(2000))

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def of(self, endpoint: str) -> list[dict[str, Any]]:
        with self.lock:
            return [params for name, params in self.calls if name == endpoint]

    def answer(self, endpoint: str, params: dict[str, Any]) -> Any:
        with self.lock:
            self.calls.append((endpoint, params))
        if endpoint == "getMe":
            return bot_user()
        if endpoint == "getUpdates":
            offset = int(params.get("offset") or 0)
            with self.lock:
                ready = [u for u in self.updates if u["update_id"] >= offset]
            if not ready:
                time.sleep(0.05)  # a (very) short long poll
            return ready
        if endpoint == "sendMessage":
            return {
                "message_id": next(self._ids),
                "date": 0,
                "chat": {"id": int(params["chat_id"]), "type": "private"},
                "from": bot_user(),
                "text": params["text"],
            }
        return True


def _decode(raw: bytes, content_type: str) -> dict[str, Any]:
    """python-telegram-bot posts form fields; non-string values are JSON-encoded."""
    if not raw:
        return {}
    if content_type.startswith("application/json"):
        decoded: dict[str, Any] = json.loads(raw)
        return decoded
    params: dict[str, Any] = {}
    for key, values in parse_qs(raw.decode(), keep_blank_values=True).items():
        value = values[0]
        try:
            params[key] = json.loads(value)
        except ValueError:
            params[key] = value
    return params


@contextmanager
def serve_fake_bot_api() -> Iterator[FakeBotApi]:
    api = FakeBotApi()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            prefix = f"/bot{TOKEN}/"
            if not self.path.startswith(prefix):
                api.unknown_paths.append(self.path)
                self._send(404, {"ok": False, "error_code": 404, "description": "Not Found"})
                return
            endpoint = self.path[len(prefix) :]
            params = _decode(raw, self.headers.get("Content-Type", ""))
            failure = api.failing.get(endpoint)
            if failure is not None:
                with api.lock:
                    api.calls.append((endpoint, params))
                status, description = failure
                self._send(status, {"ok": False, "error_code": status, "description": description})
                return
            self._send(200, {"ok": True, "result": api.answer(endpoint, params)})

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            # The client may hang up first (a long poll cancelled at shutdown).
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    api.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield api
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


__all__ = ["BOT_ID", "BOT_USERNAME", "FakeBotApi", "serve_fake_bot_api"]
