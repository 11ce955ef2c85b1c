"""Everyday words for records, orders and accounts (session 44, records2): Taiwan's 串接, a copy
made with 抄一份, Hong Kong's 戶口 and 刪晒, one's own "pos", an order still hanging. Each is a word
of the lexicon (or a Cantonese reading), so every request built on it reads it; the guards are
what each must not catch."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import assert_routes_to as _is

NAMES = {"strategy": ["大餅網格", "eth grid"], "account": ["主戶口", "main"], "trader": ["pos", "alpha"]}


@pytest.mark.parametrize(
    ("text", "skill", "action", "slots"),
    [
        # Taiwan's 串接 connects, as 连接 does
        ("我想串接幣安", "exchange_management", "create", {"exchange": "binance"}),
        ("幫我串接 okx", "exchange_management", "create", {"exchange": "okx"}),
        ("我要串接 deepseek", "model_management", "create", {"provider": "deepseek"}),
        # 抄一份 is a copy
        ("幫我抄一份大餅網格", "strategy_management", "duplicate", {"target_ref": {"name": "大餅網格"}}),
        ("eth grid 抄一份", "strategy_management", "duplicate", {"target_ref": {"name": "eth grid"}}),
        # 戶口 is an account: its wallet, its balance, a name with it
        ("睇下我現貨戶口餘額", "account_query", "balance", {"wallet": "spot"}),
        ("我合約戶口有幾多錢", "account_query", "balance", {"wallet": "futures"}),
        ("刪除主戶口", "exchange_management", "delete", {"target_ref": {"name": "主戶口"}}),
        # 刪晒 deletes them all, as 删光 / 全删 do
        ("刪晒啲提醒", "price_alert", "delete", {}),
        ("把价格提醒全删了", "price_alert", "delete", {}),
        ("刪晒啲 eth 提醒", "price_alert", "delete", {"symbol": "ETHUSDT"}),
        ("删光我的交易所", "exchange_management", "delete", {}),
        # one's own "pos" are the positions
        ("my pos pls", "account_query", "positions", {}),
        ("show me my pos on main", "account_query", "positions", {"target_ref": {"name": "main"}}),
        ("我的pos呢", "account_query", "positions", {}),
        # an order still hanging is an open one
        ("我挂着的单有哪些", "orders", "open_orders", {}),
        ("看看挂着的卖单", "orders", "open_orders", {}),
        ("撤掉挂着的单", "orders", "cancel", {"order_no": "all"}),
    ],
)
def test_everyday_words_route(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


def test_a_deleted_name_keeps_no_delete_word() -> None:
    """删光 is the request's word, never the account's name."""
    _is("删光我的交易所", "exchange_management", "delete", {"target_ref": None}, NAMES)


@pytest.mark.parametrize(
    ("text", "skill", "action", "slots"),
    [
        # "pos" alone stays what it was: an unknown coin, a trader's name
        ("pos price", "price", "current", {"unknown": "pos"}),
        ("start pos", "trader_management", "start", {"target_ref": {"name": "pos"}}),
        ("delete trader pos", "trader_management", "delete", {"target_ref": {"name": "pos"}}),
        # 抄底 buys the dip, 抄 alone copies nothing
        ("抄底大饼", "trade_execution", "buy", {"symbol": "BTCUSDT"}),
    ],
)
def test_guards_stay(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


@pytest.mark.parametrize("text", ["pos", "what is pos", "my posts", "帮我抄一份作业"])
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)
