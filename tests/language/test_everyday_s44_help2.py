"""Everyday phrasings of problems and questions (session 44, helper 2): an order told left
waiting, a balance told wrong, an error that keeps coming, a word asked loosely, an opinion asked.
Each fix is a family, never one sentence; the guards are what it must not catch."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to as _is

# -- an order told stuck and still waiting rests: why it has not filled ---------------------------


@each(
    "text",
    [
        "點解我張買單掛咗咁耐都未食到",
        "我那个限价卖单挂一天了还没动静",
        "我的卖单挂了这么久还没动静",
        "我張賣單掛咗好耐都冇成交",
        "我的卖单一直挂着没反应",
        "我的限价单没反应",
        "为什么我的买单挂着不动",
        "我的限價買單掛咗成日仲未食到",
    ],
)
def test_an_order_told_stuck_and_waiting_rests(text: str) -> None:
    _is(text, "orders", "why_resting")


@each(
    ("text", "skill"),
    [
        ("我的买单报错了 一直挂着", "order_execution_diagnosis"),  # an error told: the order's problem
        ("我的买单失败了还挂着不动", "order_execution_diagnosis"),
        ("我的买单没反应", "order_execution_diagnosis"),  # no waiting told
        ("我的交易员一直没动静", "trader_diagnosis"),
        ("我的交易员还没反应", "trader_diagnosis"),
        ("deepseek 一直没反应", "model_diagnosis"),
    ],
)
def test_other_things_stuck_are_their_problems(text: str, skill: str) -> None:
    _is(text, skill, "diagnose")


# -- a word's meaning asked loosely -----------------------------------------------------------------


@each(
    ("text", "term"),
    [
        ("wat is testnet", "testnet"),
        ("eli5 slippage", "slippage"),
        ("eli5 leverage", "leverage"),
        ("wut is slippage", "slippage"),
        ("wat is a stop loss", "stop_loss"),
        ("wut's a grid strategy", "grid"),
        ("乜係滑點", "slippage"),
        ("滑點係乜", "slippage"),
    ],
)
def test_a_meaning_asked_loosely(text: str, term: str) -> None:
    _is(text, "glossary", "explain", {"term": term})


@each(
    ("text", "skill", "action"),
    [
        ("wat is my balance", "account_query", "balance"),  # one's own figure, not a word
        ("wat is btc price", "price", "current"),
        ("eli5", None, None),  # no term asked
    ],
)
def test_loose_words_ask_no_term_without_one(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action)


# -- an error said to keep coming from an exchange or a model provider -----------------------------


@each(
    ("text", "skill", "slots"),
    [
        ("幣安API一直話timestamp錯", "exchange_diagnosis", {"exchange": "binance"}),
        ("幣安 API 一直跳 -2008", "exchange_diagnosis", {"exchange": "binance"}),
        ("okx 老是报签名错误", "exchange_diagnosis", {"exchange": "okx"}),
        ("okx keeps saying invalid sign", "exchange_diagnosis", {"exchange": "okx"}),
        ("OpenAI 一直回 429", "model_diagnosis", {"provider": "openai"}),
        ("deepseek 老是回 402", "model_diagnosis", {"provider": "deepseek"}),
    ],
)
def test_an_error_that_keeps_coming(text: str, skill: str, slots: dict[str, str]) -> None:
    _is(text, skill, "diagnose", slots)


@each("text", ["币安一直回调", "btc一直跳水", "他一直回我消息", "大饼一直跳"])
def test_keeps_said_of_no_service_is_no_problem(text: str) -> None:
    _is(text, None)


# -- a balance told wrong, typed loosely ------------------------------------------------------------


@each(
    "text",
    [
        "my balance show 0 but i deposit already",
        "my eth balance is off, should be way more",
        "my balance should be higher",
        "my usdt balance show 0 but i already deposit",
    ],
)
def test_a_balance_told_wrong(text: str) -> None:
    _is(text, "balance_position_diagnosis", "diagnose")


@each(
    ("text", "skill", "action"),
    [("i deposit already", None, None), ("my balance", "account_query", "balance")],
)
def test_no_balance_told_wrong(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action)
