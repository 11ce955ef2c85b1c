"""Money and stories, round 3 (session 44): a trade said after a done word (已经 / 刚 / 昨天 / already /
just) is told, never an order. Each case failed before its fix: a word in the lexicon data or a
condition of the reader that owns it, never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router

Asked = tuple[str | None, str | None, dict[str, Any]]
NONE: list[Asked] = []


def _asks(text: str, names: dict[str, list[str]] | None = None) -> list[Route]:
    row: dict[str, Any] = {"names": names} if names else {}
    locale = "zh" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    return read_asks(text, shared_router(), context(row), locale=locale)  # type: ignore[arg-type]


def _check(text: str, want: list[Asked], names: dict[str, list[str]] | None = None) -> None:
    asks = _asks(text, names)
    assert [(a.skill, a.action) for a in asks] == [(s, a) for s, a, _ in want], (text, asks)
    for ask, (_, _, slots) in zip(asks, want, strict=True):
        for name, value in slots.items():
            assert ask.slots.get(name) == value, (text, name, ask.slots)


# -- a trade done, told: no order ------------------------------------------------------------------


@each(
    "text",
    [
        "我已经把eth卖了",
        "我刚把btc卖了",
        "我刚刚把btc全卖了",
        "我之前把eth卖了",
        "我早就把eth卖了",
        "我已经将eth卖了",
        "我已经把eth清仓了",
        "我已经把btc买了",
        "我已經把ETH賣咗",
        "我已經將ETH沽晒",
        "eth已经卖了",
        "已经卖了eth",
        "我刚卖掉eth",
        "i have already sold my eth",
        "i've already sold my eth",
        "i have just bought some btc",
    ],
)
def test_a_trade_done_is_told(text: str) -> None:
    _check(text, NONE)


@each(
    ("text", "want"),
    [
        ("把eth卖了", [("trade_execution", "sell", {"symbol": "ETHUSDT"})]),
        ("帮我把eth卖了", [("trade_execution", "sell", {"symbol": "ETHUSDT"})]),
        ("eth卖了吧", [("trade_execution", "sell", {"symbol": "ETHUSDT"})]),
        ("现在把eth卖了", [("trade_execution", "sell", {"symbol": "ETHUSDT"})]),
        # a time after the 把 is what is sold's; a done word in a clause before is the market's
        ("把之前买的eth全卖了", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "all"})]),
        ("已经跌了 把eth卖了吧", [("trade_execution", "sell", {"symbol": "ETHUSDT"})]),
        # the story beside an ask is left out
        (
            "我已经把eth卖了，帮我买0.1个btc",
            [("trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"})],
        ),
        ("i have sold eth, now buy btc", [("trade_execution", "buy", {"symbol": "BTCUSDT"})]),
    ],
)
def test_an_order_beside_no_done_word_stands(text: str, want: list[Asked]) -> None:
    _check(text, want)


# -- a later ask naming its own coin keeps it ------------------------------------------------------


@each(
    ("text", "want"),
    [
        (
            "sell all my pepe and set an alert for btc under 85k",
            [
                ("trade_execution", "sell", {"symbol": "PEPEUSDT", "amount": "all"}),
                ("price_alert", "create", {"symbol": "BTCUSDT", "condition": "below", "level": "85000"}),
            ],
        ),
        (
            "buy 0.1 eth and set an alert for btc under 85k",
            [
                ("trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "base:0.1"}),
                ("price_alert", "create", {"symbol": "BTCUSDT", "condition": "below", "level": "85000"}),
            ],
        ),
        (
            "卖掉所有pepe并且设个btc跌破85000的提醒",
            [
                ("trade_execution", "sell", {"symbol": "PEPEUSDT", "amount": "all"}),
                ("price_alert", "create", {"symbol": "BTCUSDT", "condition": "below", "level": "85000"}),
            ],
        ),
    ],
)
def test_a_later_ask_keeps_its_own_coin(text: str, want: list[Asked]) -> None:
    _check(text, want)


# -- 上 right before a level rises to it -----------------------------------------------------------


@each(
    ("text", "want"),
    [
        (
            "姨太上4000叫我",
            [("price_alert", "create", {"symbol": "ETHUSDT", "condition": "above", "level": "4000"})],
        ),
        (
            "btc上10万提醒我",
            [("price_alert", "create", {"symbol": "BTCUSDT", "condition": "above", "level": "100000"})],
        ),
        # guards: 上 before no level
        ("上周买的eth", NONE),
        ("btc上车", [("trade_execution", "buy", {"symbol": "BTCUSDT"})]),
        ("上个月的盈亏", [("pnl", "report", {"period": "last_month"})]),
    ],
)
def test_shang_before_a_level_rises_to_it(text: str, want: list[Asked]) -> None:
    _check(text, want)
