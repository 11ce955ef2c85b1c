"""Two asks in one message (session 44): the joining words that add another ask ("also", "另外",
"顺便", "同埋", "跟住"), the second ask read as what it asks of the first one's kind or record
("which ones are left", "还剩哪些", "how much it made"), and a question likening a term to another
is no second ask. Each case failed before its fix: a word in the data (phrases/conversation.toml,
the lexicon) or a condition of the reader that owns it (core/conversation/clauses.py,
references.py), never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

import pytest

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.corpus.expect import context
from tests.fakes import shared_router

TRADERS = {"trader": ["alpha"]}
Asked = tuple[str, str | None, dict[str, Any]]


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


STOP_ALL = ("trader_management", "stop", {"target_ref": {"all": "1"}})


def _alert_deleted(coin: str) -> Asked:
    return ("price_alert", "delete", {"symbol": coin})


# -- "also", "另外", "顺便", "同埋", "plus": another ask, of another skill ---------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("stop all my traders and also delete my eth alert", [STOP_ALL, _alert_deleted("ETHUSDT")]),
        ("turn off every trader plus remove the btc alert", [STOP_ALL, _alert_deleted("BTCUSDT")]),
        ("把所有交易员都停了，另外删掉sol的提醒", [STOP_ALL, _alert_deleted("SOLUSDT")]),
        ("停掉全部交易员 顺便把eth提醒删了", [STOP_ALL, _alert_deleted("ETHUSDT")]),
        ("暫停晒所有交易員，同埋刪咗 sol 嘅提醒", [STOP_ALL, _alert_deleted("SOLUSDT")]),
        # The plan made, then its backtest: the backtest of that plan, as the whole message reads it.
        (
            "建个每周50u的eth定投，顺便回测一下",
            [
                ("strategy_management", "create", {"kind": "dca", "symbol": "ETHUSDT", "interval": "1w"}),
                ("backtest", "run", {"kind": "dca", "symbol": "ETHUSDT", "interval": "1w", "amount": "50"}),
            ],
        ),
    ],
)  # fmt: skip
def test_also_adds_an_ask_of_another_skill(text: str, want: list[Asked]) -> None:
    _check(text, want)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # 跟住 (Cantonese "then") puts the next ask; 佢 is the trader named before.
        ("停咗alpha 跟住刪咗佢", [
            ("trader_management", "stop", {"target_ref": {"name": "alpha"}}),
            ("trader_management", "delete", {"target_ref": {"name": "alpha"}}),
        ]),
        ("暫停所有交易員 跟住睇下我嘅餘額", [STOP_ALL, ("account_query", "balance", {})]),
    ],
)  # fmt: skip
def test_gan_zyu_is_then(text: str, want: list[Asked]) -> None:
    _check(text, want, TRADERS)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # One skill's request answers both: the price with its chart.
        ("btc price, also the weekly chart", [("price", "both", {"symbols": ["BTCUSDT"], "days": 7})]),
        ("BTC價格多少？順便給我看一週走勢圖", [("price", "both", {"symbols": ["BTCUSDT"], "days": 7})]),
        ("buy 100u of btc plus fees", [("trade_execution", "buy", {"amount": "quote:100"})]),
        # A first ask is never read as the whole: all alerts deleted, not BTC's.
        ("删掉所有提醒，再给 btc 设个 90000 的提醒", [
            ("price_alert", "delete", {"symbol": None}),
            ("price_alert", "create", {"symbol": "BTCUSDT", "level": "90000"}),
        ]),
        # "create X then start it" stays one create that starts it (auto start): the start waits for
        # the trader to exist, inside the create's task (the README's "and auto start it").
        ("開個新交易員叫 delta，跟住啟動佢", [
            ("trader_management", "create", {"name": "delta", "auto_start": "on"}),
        ]),
        ("create a trader called omega and then start it", [
            ("trader_management", "create", {"name": "omega", "auto_start": "on"}),
        ]),
    ],
)  # fmt: skip
def test_one_request_stays_one(text: str, want: list[Asked]) -> None:
    _check(text, want)
