""" "我想用kimi" (I want to use Kimi) sets up a model config of that provider (routed nowhere:
'用' alone is a filler, 'use 100u to buy'); '想用' is a create's word (lexicon data), while a trade
said with it stays the trade."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import full_router

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any]) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect}


@each(("text", "provider"), [("我想用kimi", "kimi"), ("我想用deepseek", "deepseek")])
def test_a_provider_wanted_is_a_model_config_made(text: str, provider: str) -> None:
    expect = {"skill": "model_management", "action": "create", "slots": {"provider": provider}}
    assert problem(ROUTER, _row(text, "zh", expect)) is None


def test_a_trade_said_with_it_stays_the_trade() -> None:
    expect = {
        "skill": "trade_execution",
        "action": "buy",
        "slots": {"symbol": "BTCUSDT", "amount": "quote:100"},
    }
    assert problem(ROUTER, _row("我想用100u买btc", "zh", expect)) is None
    assert problem(ROUTER, _row("add kimi", "en", {"skill": "model_management", "action": "create"})) is None
