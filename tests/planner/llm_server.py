"""A scripted OpenAI-compatible chat completions server on 127.0.0.1, for real HTTP via the SDK.

Each POST to /v1/chat/completions takes the next scripted answer (a JSON body with a status, or
a delayed one) and records the request's JSON body and headers. No script left -> HTTP 500 with
"script exhausted", so a test that makes one request too many fails loudly.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Scripted:
    body: dict[str, Any]
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (released early when the server stops)
    raw: bytes | None = None  # sent as is instead of ``body`` (a provider answering garbage)
    content_type: str = "application/json"


def tool_call(call_id: str, name: str, arguments: dict[str, Any] | str) -> dict[str, Any]:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": args}}


def completion(
    content: str | None = None,
    tool_calls: list[dict[str, Any]] | None = None,
    *,
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
    finish_reason: str | None = None,
    reasoning_content: str | None = None,
) -> Scripted:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    if reasoning_content is not None:
        message["reasoning_content"] = reasoning_content
    return Scripted(
        {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 1_777_000_000,
            "model": "deepseek-chat",
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop"),
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def raw_body(raw: bytes, content_type: str = "application/json", status: int = 200) -> Scripted:
    """An answer whose body is exactly ``raw``: HTML, nothing, truncated JSON..."""
    return Scripted({}, status=status, raw=raw, content_type=content_type)


def error(status: int, message: str, *, code: str | None = None, **headers: str) -> Scripted:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": code}}
    return Scripted(body, status=status, headers=headers)


class ScriptedLLMServer:
    def __init__(self) -> None:
        self.script: list[Scripted] = []
        self.requests: list[dict[str, Any]] = []  # JSON bodies, in arrival order
        self.raw: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self.paths: list[str] = []
        self.received = threading.Event()  # set on every request (tests wait on it)
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                raw = self.rfile.read(length)
                with server._lock:
                    server.raw.append(raw)
                    server.requests.append(json.loads(raw))
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    server.paths.append(self.path)
                    answer = server.script.pop(0) if server.script else error(500, "script exhausted")
                server.received.set()
                if answer.delay:
                    server._stopping.wait(answer.delay)
                payload = answer.raw if answer.raw is not None else json.dumps(answer.body).encode()
                try:
                    self.send_response(answer.status)
                    self.send_header("content-type", answer.content_type)
                    self.send_header("content-length", str(len(payload)))
                    for key, value in answer.headers.items():
                        self.send_header(key.replace("_", "-"), value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout, cancellation): that is the point of the test

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def add(self, *answers: Scripted) -> None:
        with self._lock:
            self.script.extend(answers)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
