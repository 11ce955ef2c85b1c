"""The console reads a key without echo: getpass at a terminal, and `deskmate chat` in a real
pseudo-terminal never shows a typed key (it echoed it before)."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adapters.console.secure_input import HIDDEN_PROMPT, PROMPT, read_line

REPO = Path(__file__).resolve().parents[2]
KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_secret_at_a_terminal_is_read_hidden() -> None:
    calls: list[tuple[str, str]] = []

    def hidden(prompt: str) -> str:
        calls.append(("hidden", prompt))
        return KEY

    def plain(prompt: str) -> str:
        calls.append(("plain", prompt))
        return "main"

    assert read_line(secret=True, stdin=_Tty(), hidden=hidden, plain=plain) == KEY
    assert read_line(secret=False, stdin=_Tty(), hidden=hidden, plain=plain) == "main"
    assert calls == [("hidden", HIDDEN_PROMPT), ("plain", PROMPT)]


def test_piped_input_is_read_as_it_comes() -> None:
    """A script feeding the console has no screen to hide from (and getpass would block on it)."""
    seen: list[str] = []

    def hidden(prompt: str) -> str:
        seen.append(prompt)
        return ""

    assert read_line(secret=True, stdin=io.StringIO(), hidden=hidden, plain=lambda p: "x") == "x"
    assert seen == []


def _read_until(fd: int, marker: str, timeout: float = 60.0) -> str:
    out = b""
    deadline = time.monotonic() + timeout
    while marker.encode() not in out:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {marker!r} in {out.decode(errors='replace')!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.process
def test_deskmate_chat_in_a_terminal_never_shows_a_typed_key(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
        "DESKMATE_LOCALE": "en",
    }
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "chat", "--out", str(tmp_path / "out")],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=REPO,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    try:
        seen = _read_until(master, PROMPT)
        os.write(master, b"add a binance account called main\n")
        seen += _read_until(master, HIDDEN_PROMPT)  # the key question: the next line is hidden
        os.write(master, KEY.encode() + b"\n")
        seen += _read_until(master, HIDDEN_PROMPT)  # then the secret, hidden too
        os.write(master, b"cancel\n")
        seen += _read_until(master, PROMPT)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        os.close(master)
    assert KEY not in seen
    assert "API key" in seen and "API secret" in seen
