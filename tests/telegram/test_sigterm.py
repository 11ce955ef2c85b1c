"""`deskmate telegram` stops within 5 s of SIGTERM whatever the Bot API answers (issue 22): a
gateway answering 502, another poller's 409 Conflict, or a healthy long poll. The process runs
for real (python -m bot.cli telegram) against a local fake Bot API on 127.0.0.1."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.telegram.bot_api_server import serve_fake_bot_api
from tests.telegram.fakes import TOKEN

pytestmark = pytest.mark.process  # starts other Python processes

STOP_WITHIN = 5.0
START_WITHIN = 90.0  # a cold start on a busy shared machine
FAILED_POLLS = 6

CASES = {
    "502": {"getUpdates": (502, "Bad Gateway")},
    "409": {"getUpdates": (409, "Conflict: terminated by other getUpdates request")},
    "healthy": {},
}


@pytest.mark.parametrize("answers", list(CASES))
def test_deskmate_telegram_stops_within_5_s_of_sigterm(tmp_path: Path, answers: str) -> None:
    with serve_fake_bot_api() as api:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
        env |= {
            "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'd.db'}",
            "DESKMATE_DATA_DIR": str(tmp_path / "data"),
            "DESKMATE_TELEGRAM__TOKEN": TOKEN,
            "DESKMATE_TELEGRAM__BASE_URL": api.base_url,
            "DESKMATE_TELEGRAM__BASE_FILE_URL": api.base_url,
            "DESKMATE_MARKET": "demo",
        }
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "telegram"],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + START_WITHIN
            while len(api.of("getUpdates")) < 2 and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert proc.poll() is None, proc.communicate()
            assert len(api.of("getUpdates")) >= 2, "the bot never polled"
            # Running, the Bot API starts failing; the poller retries with a growing back-off
            # (1, 1.5, 2.25, 3.4, 5.1, 7.6 s ... up to 30 s): SIGTERM comes in a long one.
            api.failing.update(CASES[answers])
            polled = len(api.of("getUpdates"))
            failing_for = polled + (FAILED_POLLS if CASES[answers] else 3)
            while len(api.of("getUpdates")) < failing_for and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.2)
            sent = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=STOP_WITHIN + 5)
            took = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                proc.kill()
            _, err = proc.communicate()
    assert took <= STOP_WITHIN, f"stopped {took:.1f} s after SIGTERM; {err[-2000:]}"
    assert proc.returncode == 0, err[-2000:]
