"""What `deskmate` does when it cannot start: one clear line on stderr, no traceback, and an exit
code a supervisor can act on (2: configuration, 1: could not run). Settings values are never
echoed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.settings import load_settings
from tests.telegram.bot_api_server import serve_fake_bot_api

REJECTED_TELEGRAM = "999999:WRONG-token-abcdefghijklmnop"


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A clean deskmate environment in tmp_path (no .env, no DESKMATE_ variables from outside)."""
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'data' / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("DESKMATE_SECRET_KEY", "hunter2-not-a-fernet-key", "DESKMATE_SECRET_KEY is not a valid Fernet key"),
        ("DESKMATE_DATABASE_URL", "mysql://db.example/deskmate", "DATABASE_URL: names an unsupported"),
        ("DESKMATE_DATABASE_URL", "hunter2 is no url", "DESKMATE_DATABASE_URL: is not a database URL"),
        ("DESKMATE_DATABASE_URL", "postgresql+psycopg://h/db", "deskmate runs on postgresql+asyncpg"),
        ("DESKMATE_MARKET", "kraken", "DESKMATE_MARKET: Input should be 'binance' or 'demo'"),
        ("DESKMATE_LOCALE", "fr", "DESKMATE_LOCALE: Input should be 'zh', 'zh-Hant' or 'en'"),
        ("DESKMATE_TELEGRAM__WEBHOOK_PORT", "eighty", "DESKMATE_TELEGRAM__WEBHOOK_PORT: Input should be"),
        ("DESKMATE_LLM__EXTRA_BODY", "{not json", "DESKMATE_LLM__EXTRA_BODY: Input should be a valid dict"),
        ("DESKMATE_LLM", "{not json", 'error parsing value for field "llm"'),
    ],
)
def test_a_configuration_error_is_one_line_and_exit_code_2(
    env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    variable: str,
    value: str,
    says: str,
) -> None:
    monkeypatch.setenv(variable, value)

    assert main(["ask", "BTC price"]) == 2

    line = one_line(capsys.readouterr().err)
    assert line.startswith("deskmate: ") and says in line
    assert value not in line or value in ("kraken", "fr")  # a setting's value is never echoed


def test_an_empty_key_file_is_a_configuration_error(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (env / "data").mkdir()
    (env / "data" / "secret.key").write_text("\n")
    assert main(["ask", "BTC price"]) == 2
    line = one_line(capsys.readouterr().err)
    assert line == f"deskmate: the key file {env / 'data' / 'secret.key'} is empty"
    assert (env / "data" / "secret.key").read_text() == "\n"  # not replaced by a new key


@pytest.mark.parametrize("value", ["BINANCE", " Binance ", "DEMO"])
def test_the_market_setting_ignores_case(env: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("DESKMATE_MARKET", value)
    assert load_settings().market == value.strip().lower()


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("sqlite:///data/x.db", "sqlite+aiosqlite:///data/x.db"),
        ("postgresql://u:p%40ss@db.example/deskmate", "postgresql+asyncpg://u:p%40ss@db.example/deskmate"),
        (
            "postgres://db.example/deskmate?ssl=require",
            "postgresql+asyncpg://db.example/deskmate?ssl=require",
        ),
    ],
)
def test_a_database_url_without_the_async_driver_means_it(
    env: Path, monkeypatch: pytest.MonkeyPatch, given: str, used: str
) -> None:
    monkeypatch.setenv("DESKMATE_DATABASE_URL", given)
    assert load_settings().database_url == used


def test_an_unreachable_database_is_one_line_exit_1_and_hides_the_password(
    env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DESKMATE_DATABASE_URL", "postgresql+asyncpg://deskmate:hunter2@127.0.0.1:1/deskmate")
    assert main(["migrate"]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("deskmate: cannot use the database postgresql+asyncpg://deskmate:***@127.0.0.1:1/")
    assert "hunter2" not in line


# -- platforms that cannot start ----------------------------------------------------------------------


def _deskmate(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    clean |= {"DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'd.db'}", **env}
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        env=clean,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.process
def test_telegram_with_a_rejected_token_exits_non_zero_without_the_token(tmp_path: Path) -> None:
    with serve_fake_bot_api() as api:  # answers 404 for any other token, as Telegram does
        proc = _deskmate(
            tmp_path,
            "telegram",
            DESKMATE_TELEGRAM__TOKEN=REJECTED_TELEGRAM,
            DESKMATE_TELEGRAM__BASE_URL=api.base_url,
            DESKMATE_TELEGRAM__BASE_FILE_URL=api.base_url,
        )
    assert proc.returncode == 1  # before: 0, so a supervisor would not restart it
    assert "deskmate: telegram stopped: InvalidToken" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert REJECTED_TELEGRAM.partition(":")[2] not in proc.stderr + proc.stdout


@pytest.mark.process
def test_an_invalid_secret_key_setting_in_a_real_process(tmp_path: Path) -> None:
    proc = _deskmate(tmp_path, "ask", "BTC price", DESKMATE_SECRET_KEY="hunter2-not-a-fernet-key")
    assert proc.returncode == 2
    assert one_line(proc.stderr).startswith("deskmate: DESKMATE_SECRET_KEY is not a valid Fernet key")
    assert "hunter2" not in proc.stderr


@pytest.fixture
def discord_rejecting_tokens(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Discord's REST API on 127.0.0.1, answering 401 to the login's GET /users/@me."""
    import discord.http

    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    try:
        yield seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.process
def test_discord_with_a_rejected_token_exits_non_zero(
    env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    discord_rejecting_tokens: list[str],
) -> None:
    monkeypatch.setenv("DESKMATE_DISCORD__TOKEN", "discord-token-nobody-issued")

    assert main(["discord"]) == 1

    assert discord_rejecting_tokens == ["/api/v10/users/@me"]  # discord.py really tried to log in
    err = capsys.readouterr().err
    assert "deskmate: discord stopped: LoginFailure: Improper token has been passed." in err
    assert "discord-token-nobody-issued" not in err


@pytest.mark.process
def test_discord_sync_with_a_rejected_token_is_one_line_exit_1(
    env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    discord_rejecting_tokens: list[str],
) -> None:
    monkeypatch.setenv("DESKMATE_DISCORD__TOKEN", "discord-token-nobody-issued")

    assert main(["discord", "--sync"]) == 1

    assert discord_rejecting_tokens == ["/api/v10/users/@me"]
    line = one_line(capsys.readouterr().err)
    assert line == "deskmate: discord --sync failed: LoginFailure: Improper token has been passed."
