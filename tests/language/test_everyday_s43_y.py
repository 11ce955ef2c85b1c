"""Everyday chat (session 43, blind set Y). Each case failed before its fix, which is a word in
the lexicon data, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to


@each(
    "text",
    [
        # 頭先 / 啱啱 / 刚才 + 买了 (咗 is 了; 咗啲 is 了些): a trade told; 希望会涨 a hope.
        "頭先買咗啲ETH，希望會升啦",
        "啱啱買咗ETH",
        "刚刚买了eth",
        "刚才卖了一些btc",
        "i just bought some eth, hope it goes up",
        "just sold my sol, hope it dumps",
        # Holding, not selling; a prediction with "trust me": remarks.
        "holding sol since 20 bucks, not selling lol",
        "been holding eth since 2019, never selling",
        "ETH今年實升到一萬啦信我",
        "btc今年肯定涨到20万 信我",
        "trust me btc hits 200k this year",
    ],
)
def test_a_trade_told_or_a_hope_is_no_order(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "skill", "action", "slots"),
    [
        # A request said with a hope is still the request; a question about it still asked.
        ("幫我買啲ETH，希望會升", "trade_execution", "buy", {"symbol": "ETHUSDT"}),
        ("我刚才买了什么", "account_query", "trades", {}),
        ("頭先買咗咩", "account_query", "trades", {}),
        # 晒 after a verb: all of them.
        ("啟動晒所有交易員", "trader_management", "start", {"target_ref": {"all": "1"}}),
        ("停晒啲交易員", "trader_management", "stop", {"target_ref": {"all": "1"}}),
    ],
)
def test_y_family_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)
