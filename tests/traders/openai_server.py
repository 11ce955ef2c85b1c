"""A local OpenAI-compatible chat completions endpoint on 127.0.0.1 that answers from a script:
what an ai trader's model config points at in tests (no internet, no key)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Script:
    answers: list[str | float] = field(default_factory=list)  # a float: that many seconds late
    requests: list[dict[str, Any]] = field(default_factory=list)


@contextmanager
def openai_server(script: Script) -> Iterator[str]:
    """Serve ``script``; yields the base URL ("http://127.0.0.1:<port>/v1")."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
            if body.get("max_tokens", 0) <= 5:
                content = "OK"  # the pre-launch check
            else:
                script.requests.append(body)
                step = script.answers.pop(0) if script.answers else '{"action": "hold", "symbol": "BTCUSDT"}'
                if isinstance(step, float):
                    time.sleep(step)
                    step = '{"action": "hold", "symbol": "BTCUSDT", "reason": "late"}'
                content = step
            reply = {
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "m"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
            }
            data = json.dumps(reply).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # a late answer: the client stopped waiting

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
