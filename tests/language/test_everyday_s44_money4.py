"""Money, round 4 (session 44): a value said of another ask (an alert's level, a stop) is never the
order's limit price or amount. Each case failed before its fix: a word in the lexicon data or a
condition of the reader that owns it, never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of, assert_asks

Asked = tuple[str | None, str | None, dict[str, Any]]


def _sell_all(coin: str) -> Asked:
    return ("trade_execution", "sell", {"symbol": coin, "amount": "all", "limit_price": None})


# -- a value of a later ask (an alert, a stop) is never the first order's price -------------------


@each(
    ("text", "want"),
    [
        (
            "sell all my pepe and set an alert at 85k",
            [_sell_all("PEPEUSDT"), ("price_alert", "create", {"symbol": "PEPEUSDT", "level": "85000"})],
        ),
        (
            "sell all my pepe, set an alert at 85k",
            [_sell_all("PEPEUSDT"), ("price_alert", "create", {"symbol": "PEPEUSDT", "level": "85000"})],
        ),
        (
            "sell half my btc and put a stop at 80k",
            [
                ("trade_execution", "sell", {"amount": "fraction:0.5", "limit_price": None}),
                ("orders", "protect", {"symbol": "BTCUSDT", "stop_loss": "80000"}),
            ],
        ),
        (
            "buy 1 eth and set a stop loss at 3000",
            [
                ("trade_execution", "buy", {"amount": "base:1", "limit_price": None}),
                ("orders", "protect", {"symbol": "ETHUSDT", "stop_loss": "3000"}),
            ],
        ),
        (
            "buy 1 eth at 3500, stop loss 3000",
            [
                ("trade_execution", "limit", {"amount": "base:1", "limit_price": "3500"}),
                ("orders", "protect", {"symbol": "ETHUSDT", "stop_loss": "3000"}),
            ],
        ),
        (
            "买1个eth，止损3000",
            [
                ("trade_execution", "buy", {"amount": "base:1"}),
                ("orders", "protect", {"symbol": "ETHUSDT", "stop_loss": "3000"}),
            ],
        ),
        # The stop said in the order's own clause: refused, never dropped nor the limit price.
        (
            "buy 1 eth with a stop loss at 3000",
            [("trade_execution", "buy", {"amount": "refused:stop_trigger:3000", "limit_price": None})],
        ),
        # Guards: the order's own price stays; a share of a take-profit is the sale.
        (
            "sell all my pepe at 85k",
            [("trade_execution", "limit", {"limit_price": "85000", "amount": "all"})],
        ),
        ("止盈一半ETH", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "fraction:0.5"})]),
        (
            "buy 3000u of eth and alert me at 3000",
            [
                ("trade_execution", "buy", {"amount": "quote:3000"}),
                ("price_alert", "create", {"symbol": "ETHUSDT", "level": "3000"}),
            ],
        ),
    ],
)
def test_a_later_asks_value_is_not_the_orders(text: str, want: list[Asked]) -> None:
    assert_asks(text, want)


# -- 上 right after a buy / sell verb is its complement, no rise to a level ----------------------


@each(
    ("text", "want"),
    [
        ("买上100u的eth", [("trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "quote:100"})]),
        ("帮我买上0.1个btc", [("trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"})]),
        ("卖上一半eth", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "fraction:0.5"})]),
        # Guards: 上 before a level, not after the verb, still rises to it.
        ("btc上10万提醒我", [("price_alert", "create", {"condition": "above", "level": "100000"})]),
        ("eth上4000卖", [("trade_execution", "limit", {"side": "sell", "limit_price": "4000"})]),
    ],
)
def test_shang_after_the_verb_is_no_crossing(text: str, want: list[Asked]) -> None:
    assert_asks(text, want)


# -- a move told big ("涨了很多了") is a remark, its 多了 no failure ----------------------------------


@each(
    ("text", "coin", "side"),
    [
        ("eth已经涨了很多了，把eth卖了吧", "ETHUSDT", "sell"),
        ("btc跌了很多了，帮我买点", "BTCUSDT", "buy"),
        ("sol涨太多了，卖掉吧", "SOLUSDT", "sell"),
    ],
)
def test_a_big_move_told_is_no_failure(text: str, coin: str, side: str) -> None:
    asks = asks_of(text)
    assert all(a.skill != "order_execution_diagnosis" for a in asks), (text, asks)
    assert (asks[-1].skill, asks[-1].action, asks[-1].slots.get("symbol")) == ("trade_execution", side, coin)
