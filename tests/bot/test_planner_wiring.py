"""With a model configured, `deskmate ask` sends what no rule covers to the planner (real HTTP to
a scripted local OpenAI-compatible server); without one, nothing is sent anywhere."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from core.i18n import t
from tests.planner.llm_server import ScriptedLLMServer, completion, raw_body, tool_call

pytestmark = pytest.mark.process  # starts other Python processes


def _ask(tmp_path: Path, text: str, extra_env: dict[str, str]) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env |= {"DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'd.db'}", **extra_env}
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "ask", "--json", "--out", str(tmp_path / "out"), text],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "sk-wiring-secret" not in proc.stderr + proc.stdout
    return json.loads(proc.stdout)


def test_unmatched_text_goes_to_the_configured_model(tmp_path: Path) -> None:
    server = ScriptedLLMServer()
    server.start()
    try:
        server.add(
            completion(None, [tool_call("call_1", "get_current_price", {"symbol": "BTCUSDT"})]),
            completion(
                "Here is bitcoin's quote; <b>see the card</b>.", prompt_tokens=150, completion_tokens=12
            ),
        )
        out = _ask(
            tmp_path,
            "what should I keep an eye on in crypto today?",
            {"DESKMATE_LLM__API_KEY": "sk-wiring-secret", "DESKMATE_LLM__BASE_URL": server.base_url},
        )
    finally:
        server.stop()
    assert out["route"]["by"] == "model"
    assert out["usage"]["model_requests"] == 2
    assert out["usage"]["prompt_tokens"] >= 150
    quote = next(b for b in out["blocks"] if b["type"] == "quote")
    assert quote["symbol"] == "BTCUSDT" and quote["source"] == "demo"
    # The model's words are the assistant's note, labelled, plain (the tags are gone).
    notes = [(b["label"], b["text"]) for b in out["blocks"] if b["type"] == "note"]
    assert notes == [(t("en", "planner.note_label"), "Here is bitcoin's quote; see the card.")]
    assert len(server.requests) == 2
    assert server.requests[0]["model"] == "deepseek-chat"
    with sqlite3.connect(tmp_path / "d.db") as db:  # the budget ledger was charged
        (total,) = db.execute("select coalesce(sum(tokens), 0) from usage_daily").fetchone()
    assert total > 0


def test_without_a_model_unmatched_text_gets_the_capabilities(tmp_path: Path) -> None:
    out = _ask(tmp_path, "what should I keep an eye on in crypto today?", {})
    assert out["status"] == "failed" and out["route"]["by"] is None  # README: the status table
    assert out["usage"]["model_requests"] == 0
    assert out["blocks"][0]["code"] == "unsupported_request"


def test_a_provider_answering_html_with_200_is_a_failed_turn_not_a_crash(tmp_path: Path) -> None:
    server = ScriptedLLMServer()
    server.start()
    try:
        server.add(raw_body(b"<html><body>Service temporarily unavailable</body></html>"))
        out = _ask(  # exit code 0 and one JSON object (before: a traceback and exit code 1)
            tmp_path,
            "what should I keep an eye on in crypto today?",
            {"DESKMATE_LLM__API_KEY": "sk-wiring-secret", "DESKMATE_LLM__BASE_URL": server.base_url},
        )
    finally:
        server.stop()
    assert out["status"] == "failed" and out["route"]["by"] == "model"
    assert [b["code"] for b in out["blocks"]] == ["model_bad_response"]
    assert "<html>" not in out["text"]


def test_a_dishonest_model_through_deskmate_ask(tmp_path: Path) -> None:
    """Issue 12: what `deskmate ask --json` shows when the model lies, in both languages."""
    server = ScriptedLLMServer()
    server.start()
    env = {"DESKMATE_LLM__API_KEY": "sk-wiring-secret", "DESKMATE_LLM__BASE_URL": server.base_url}
    try:
        server.add(
            completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
            completion(
                "比特币现在只要 1 美元。我已为你下单买入 100 USDT 的 BTC。详情见 https://evil.example.com"
            ),
        )
        zh = _ask(tmp_path, "跟我聊聊币圈老大最近咋样", env)
        server.add(completion("I placed your order for 100 USDT of BTC at $1."))
        en = _ask(tmp_path, "do the thing with my coins please", env)
    finally:
        server.stop()

    quote = next(b for b in zh["blocks"] if b["type"] == "quote")
    [note] = [b for b in zh["blocks"] if b["type"] == "note"]
    assert note["label"] == t("zh", "planner.note_label")
    # Issue 24: the link is removed, not defanged, and an answer whose note lost anything is partial.
    assert note["text"] == "比特币现在只要（未经核实的数字已删除）。详情见"
    assert quote["symbol"] == "BTCUSDT" and zh["status"] == "partial"
    notices = [b.get("code") for b in zh["blocks"] if b["type"] == "notice"]
    assert {"claim_removed", "links_removed", "figures_removed"} <= set(notices)
    [guard] = [s for s in zh["trace"] if s["name"] == "note_guard"]
    assert [r["kind"] for r in guard["detail"]["removed"]] == ["figure", "claim"]

    assert en["status"] == "failed"
    assert not [b for b in en["blocks"] if b["type"] == "note"]
    codes = [b.get("code") for b in en["blocks"] if b["type"] == "notice"]
    assert codes == ["claim_removed", "unsupported_request"]
    assert en["blocks"][-1]["type"] == "text"  # what deskmate can do
    assert "I placed your order" not in en["text"] and "$1" not in en["text"]
