"""`deskmate ask` as separate processes: the JSON contract, and a conversation that continues
across processes through the database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process  # starts other Python processes

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def ask(tmp_path: Path):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }

    def run(*args: str, chat: str = "t1") -> dict:
        cmd = [
            sys.executable,
            "-m",
            "bot.cli",
            "ask",
            "--json",
            "--chat",
            chat,
            "--out",
            str(tmp_path / "out"),
            *args,
        ]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    return run


def test_json_contract_for_a_combined_request(ask) -> None:
    out = ask("SOL price and its 7-day trend")
    assert set(out) >= {"status", "route", "text", "blocks", "buttons", "trace", "usage"}
    assert out["status"] == "completed"
    assert out["route"] == {
        "skill": "price",
        "action": "both",
        "slots": {"symbol": "SOLUSDT", "days": 7},
        "by": "rule",
    }
    assert out["usage"] == {"model_requests": 0, "prompt_tokens": 0, "completion_tokens": 0}
    by_type = {b["type"]: b for b in out["blocks"]}
    quote, history, image = by_type["quote"], by_type["history"], by_type["image"]
    assert quote["symbol"] == "SOLUSDT" and quote["price_type"] == "ask" and quote["source"] == "demo"
    assert float(quote["price"]) > 0 and isinstance(quote["price"], str)
    assert quote["fetched_at"].endswith("+00:00")
    assert len(history["points"]) == 7 and history["missing_dates"] == []
    assert all(set(p) == {"date", "close"} for p in history["points"])
    assert history["points"] == sorted(history["points"], key=lambda p: p["date"])
    assert Path(image["path"]).read_bytes().startswith(PNG)
    assert "SOL" in out["text"] and "DEMO" in out["text"]
    tools = [s for s in out["trace"] if s["kind"] == "tool"]
    assert {s["name"] for s in tools} >= {"get_current_price", "get_price_history"}
    assert all("latency_ms" in s and s["outcome"] == "ok" for s in tools)
    assert out["trace"][0]["kind"] == "route"


def test_slot_filling_and_follow_up_across_processes(ask) -> None:
    first = ask("当前价格是多少")
    assert first["status"] == "needs_input"
    assert [b["label"] for b in first["buttons"]] == ["BTC", "ETH", "SOL", "BNB", "XRP", "DOGE"]
    second = ask("ETH")
    assert second["status"] == "completed"
    assert second["route"]["slots"]["symbol"] == "ETHUSDT"
    third = ask("那 SOL 呢")
    assert third["route"]["action"] == "current" and third["route"]["slots"]["symbol"] == "SOLUSDT"
    other_chat = ask("ETH", chat="t2")  # another conversation has no open question
    assert other_chat["route"]["slots"]["symbol"] == "ETHUSDT"


def test_button_press_across_processes(ask) -> None:
    first = ask("compare btc, eth, sol and doge")
    token = first["buttons"][0]["token"]
    pressed = ask("--press", token)
    assert pressed["status"] == "completed" and pressed["route"]["slots"]["symbol"] == "BTCUSDT"
    again = ask("--press", token)
    assert again["status"] == "failed"
    assert [b["code"] for b in again["blocks"]] == ["button_used"]


def test_bad_input_is_a_clear_reply(ask) -> None:
    out = ask("x" * 600)
    assert out["status"] == "failed" and out["blocks"][0]["code"] == "message_too_long"


def test_an_overlong_slash_command_is_refused_without_echo(ask) -> None:
    out = ask("/" + "a" * 100_000)
    assert out["status"] == "failed" and [b["code"] for b in out["blocks"]] == ["message_too_long"]
    assert len(json.dumps(out)) < 5_000  # the 100k letters are not echoed back


def test_locale_flag_is_an_explicit_choice_for_that_message(ask) -> None:
    out = ask("--locale", "en", "获取当前 BTC 价格")
    assert out["locale"] == "en" and "best ask" in out["text"]
    out = ask("获取当前 BTC 价格")  # the flag was not remembered
    assert out["locale"] == "zh"


def test_plain_ask_offers_press_commands_not_numbers(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
    }
    cmd = [
        sys.executable,
        "-m",
        "bot.cli",
        "ask",
        "--chat",
        "p1",
        "--out",
        str(tmp_path / "out"),
        "what's the price?",
    ]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "type the number" not in proc.stdout
    assert "[ETH]  deskmate ask --chat p1 --press=" in proc.stdout  # glued: a token may start with "-"


def test_a_token_that_starts_with_a_dash_is_still_a_token(ask) -> None:
    pressed = ask("--press", "-BxLnkHPzAqZVb7v")  # URL-safe base64 may start with "-"
    assert pressed["status"] == "failed"  # an unknown button, not a usage error
