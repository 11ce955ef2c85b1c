"""Everyday words read as their concepts (session 44, z5): Taiwan's 滑價 is slippage, Cantonese 掛緊
(resting now) and 加返 (add back), and asking why what is shown says what one has with a buy told
beside it. Each case failed before its fix: a word in the lexicon data (term.toml, phrases/
cantonese.toml, verb.toml, diagnosis.toml) or the condition that owns it (core.language.conditions),
never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to

Case = tuple[str, str | None, str | None, dict[str, Any]]

SLIPPAGE = ("glossary", "explain", {"term": "slippage"})
OPEN = ("orders", "open_orders", {})
BINANCE = ("exchange_management", "create", {"exchange": "binance"})
BALANCE = ("balance_position_diagnosis", "diagnose", {})

CASES: list[Case] = [
    ("請問什麼是滑價", *SLIPPAGE),
    ("什麼是滑價", *SLIPPAGE),
    ("滑價係咩", *SLIPPAGE),
    ("滑价是什么意思", *SLIPPAGE),
    ("我有冇掛緊嘅單", *OPEN),
    ("有冇掛緊嘅單", *OPEN),
    ("我掛緊嘅單", *OPEN),
    ("我掛緊咩單", *OPEN),
    ("我想加返個幣安戶口", *BINANCE),
    ("加返個幣安帳戶", *BINANCE),
    ("我想加回币安账户", *BINANCE),
    ("加回 deepseek 模型", "model_management", "create", {"provider": "deepseek"}),
    ("why does it say i have 0 sol, i bought some yesterday", *BALANCE),
    ("why does it show i have 0 btc, i bought some yesterday", *BALANCE),
    ("why does the app show i have no btc? i just bought some", *BALANCE),
    ("why does it say i have 0 eth i deposited some", *BALANCE),
]

# What the same words must not catch.
GUARDS: list[Case] = [
    ("btc 滑價好大", None, None, {}),  # a remark on slippage, no question
    ("加返啲BTC", None, None, {}),  # adding back to a coin is no record made
    ("does it show the btc price", "price", "current", {"symbols": ["BTCUSDT"]}),
    ("what does it say about btc price", "price", "current", {"symbols": ["BTCUSDT"]}),
    ("i bought some sol yesterday", None, None, {}),  # a buy told alone
    ("why does it say i have an open order, i cancelled it", "orders", "why_resting", {}),
]


@each(("text", "skill", "action", "slots"), CASES + GUARDS)
def test_routes(text: str, skill: str | None, action: str | None, slots: dict[str, Any]) -> None:
    assert_routes_to(text, skill, action, slots)


# A model told not answering (没回应 / 没回复 as 没反应, "doesn't respond") is a problem.
MODEL_CASES: list[Case] = [
    ("我的 AI 模型一直沒回應", "model_diagnosis", "diagnose", {}),
    ("我的 deepseek 模型一直沒回應", "model_diagnosis", "diagnose", {"provider": "deepseek"}),
    ("我的模型一直没有回应", "model_diagnosis", "diagnose", {}),
    ("my deepseek model doesn't respond", "model_diagnosis", "diagnose", {"provider": "deepseek"}),
    ("他没回复我", None, None, {}),  # a remark on someone
    ("what's the btc price, no response?", "price", "current", {"symbols": ["BTCUSDT"]}),  # a nudge
]


@each(("text", "skill", "action", "slots"), MODEL_CASES)
def test_model_not_answering(text: str, skill: str | None, action: str | None, slots: dict[str, Any]) -> None:
    assert_routes_to(text, skill, action, slots)
