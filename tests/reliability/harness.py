"""Drives tests/reliability/worker.py processes: spawn, send a request, read the reply, kill."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet

REPO = Path(__file__).resolve().parents[2]
FERNET_KEY = Fernet.generate_key().decode()
LEASE_TTL_S = 1.0  # a killed holder's lease lapses after a second (the default is longer)


class Worker:
    """One worker process: ``ask`` sends one request and waits for its reply.

    The process starts in the background (imports take most of a second): create workers early,
    and the first request waits until the worker is ready."""

    def __init__(
        self, db_url: str, *, user: str = "u1", crash_at: str = "", market_ms: int = 0, **extra_env: str
    ) -> None:
        self.user = user  # whose conversation (console, chat "shared") each request belongs to
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
            "DESKMATE_TEST_DB": db_url,
            "DESKMATE_TEST_FERNET_KEY": FERNET_KEY,
            "DESKMATE_TEST_MARKET_MS": str(market_ms),
            "DESKMATE_TEST_LEASE_TTL": str(LEASE_TTL_S),
            "DESKMATE_TEST_CRASH_AT": crash_at,
            "PYTHONPATH": str(REPO),
            **extra_env,
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.worker"],
            cwd=REPO,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self._ready = False

    def wait_ready(self) -> None:
        if not self._ready:
            ready = self._read()
            assert ready is not None and "ready" in ready, self._stderr()
            self._ready = True

    def send(self, request: dict[str, Any]) -> None:
        self.wait_ready()
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"user": self.user, **request}, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()

    def receive(self) -> dict[str, Any] | None:
        """The next reply, or None when the process died first (a planned kill -9)."""
        return self._read()

    def ask(self, **request: Any) -> dict[str, Any]:
        self.send(request)
        reply = self._read()
        assert reply is not None, f"worker died: {self._stderr()}"
        return reply

    def _read(self) -> dict[str, Any] | None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def _stderr(self) -> str:
        self.proc.kill()
        assert self.proc.stderr is not None
        return self.proc.stderr.read()[-4000:]

    def died_by_kill(self) -> bool:
        return self.proc.wait(timeout=30) == -9

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


def together(*pairs: tuple[Worker, dict[str, Any]]) -> list[dict[str, Any]]:
    """Send each worker its request, all to start at the same instant; the replies in order."""
    for worker, _ in pairs:
        worker.wait_ready()
    at = time.time() + 0.02
    for worker, request in pairs:
        worker.send({**request, "at": at})
    replies = []
    for worker, _ in pairs:
        reply = worker.receive()
        assert reply is not None, worker._stderr()
        replies.append(reply)
    return replies


def notice_codes(reply: dict[str, Any]) -> list[str]:
    return [b["code"] for b in reply["blocks"] if b["type"] == "notice"]


def waited(reply: dict[str, Any]) -> bool:
    """The turn had to wait for the conversation: another process held it."""
    return any(step["name"] == "wait_for_conversation" for step in reply["trace"])
