"""Everyday chat (session 43, blind set X). Each case failed before its fix, which is a word in
the lexicon data, a condition of a reader or a rule of the layer, never a pattern for the one
phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to

TRADERS = {"trader": ["moonshot", "alpha", "小飛俠"]}


@each(
    "text",
    [
        # "aped" tells a buy done; last night is a time before; "rip", "right at the top" what came of it.
        "lol i aped into doge last night right at the top, rip",
        "i aped into doge yesterday",
        "aped into pepe, rip",
        "ape into doge last night",
        "昨晚梭哈了doge 买在山顶",
        "琴晚買咗啲 doge",
    ],
)
def test_an_ape_told_is_no_order(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "skill", "action", "slots", "names"),
    [
        ("ape into doge", "trade_execution", "buy", {"symbol": "DOGEUSDT"}, None),
        # 第N张单 / 第N笔单: the order counted so (取消咗: Cantonese perfective, asked).
        ("幫我取消咗第3張單", "orders", "cancel", {"order_no": "3"}, None),
        ("帮我取消第3张单", "orders", "cancel", {"order_no": "3"}, None),
        ("取消第2笔单", "orders", "cancel", {"order_no": "2"}, None),
        # 剷 (铲) deletes.
        ("剷咗 moonshot 佢", "trader_management", "delete", {"target_ref": {"name": "moonshot"}}, TRADERS),
        ("铲掉我的btc提醒", "price_alert", "delete", {"symbol": "BTCUSDT"}, None),
        # 绩效 / stats: how a trader does; 機械人 is a bot; 點呀 asks how.
        ("小飛俠最近績效如何", "trader_management", "query", {"target_ref": {"name": "小飛俠"}}, TRADERS),
        ("show me alpha's stats", "trader_management", "query", {"target_ref": {"name": "alpha"}}, TRADERS),
        ("我啲機械人而家點呀", "trader_management", "query", {}, None),
        ("我的机械人现在怎么样", "trader_management", "query", {}, None),
        # A move over the last day is the quote's 24-hour change.
        ("how much has btc moved in the last 24h", "price", "current", {"change": True}, None),
        # 推一次: push (send) the summary.
        ("每週幫我推一次損益總結", "pnl", "weekly", {"switch": "on"}, None),
    ],
)
def test_x_family_routes(
    text: str, skill: str, action: str, slots: dict[str, Any], names: dict[str, list[str]] | None
) -> None:
    _routes_to(text, skill, action, slots, names=names)


def test_a_space_after_chinese_cuts_two_asks() -> None:
    from core.conversation.reading import read_asks
    from tests.corpus.expect import context
    from tests.fakes import shared_router

    for text in ("ETH幾錢 升穿4000叫我", "ETH多少钱 涨到4000叫我"):
        asks = read_asks(text, shared_router(), context({}), locale="zh")  # type: ignore[arg-type]
        assert [(a.skill, a.action) for a in asks] == [("price", "current"), ("price_alert", "create")], asks
        assert asks[1].slots.get("symbol") == "ETHUSDT" and asks[1].slots.get("level") == "4000", asks
