"""Everyday words for records, orders and accounts (session 44, records2): Taiwan's 串接, a copy
made with 抄一份, Hong Kong's 戶口 and 刪晒, one's own "pos", an order still hanging. Each is a word
of the lexicon (or a Cantonese reading), so every request built on it reads it; the guards are
what each must not catch."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import assert_routes_to as _is
from tests.fakes import shared_router

NAMES = {"strategy": ["大餅網格", "eth grid"], "account": ["主戶口", "main"], "trader": ["pos", "alpha"]}


@each(
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


@each(
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


@each("text", ["pos", "what is pos", "my posts", "帮我抄一份作业"])
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)


# -- P&L said plainly: "how much i made", a day's without its apostrophe, a summary sent ----------

TRADERS = {"trader": ["zeus", "hermes"]}


def routes_of(text: str, names: dict[str, list[str]]) -> list[Route]:
    return read_asks(text, shared_router(), context({"names": names}), locale="en")


@each(
    ("text", "action", "slots"),
    [
        ("how much i made today", "report", {"period": "today"}),
        ("how much i earned last month", "report", {"period": "last_month"}),
        ("what did i make this week", "report", {"period": "week"}),
        ("yesterdays pnl", "report", {"period": "yesterday"}),
        ("todays p&l pls", "report", {"period": "today"}),
        ("pnl summary sent to me weekly", "weekly", {"switch": "on"}),
        ("show me what hermes made", "report", {"trader": "hermes"}),
    ],
)
def test_pnl_said_plainly(text: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, "pnl", action, slots, TRADERS)


def test_a_trader_paused_then_anothers_pnl_is_two_asks() -> None:
    routes = routes_of("stop zeus and show me how much hermes made", TRADERS)
    assert [(r.skill, r.action) for r in routes] == [("trader_management", "stop"), ("pnl", "report")]
    assert routes[0].slots["target_ref"] == {"name": "zeus"}
    assert routes[1].slots["trader"] == "hermes"


@each(
    ("text", "skill", "action"),
    [
        ("what orders did hermes make", "orders", "open_orders"),  # its orders, not its P&L
        ("what trades hermes made", "account_query", "trades"),
        ("stop the weekly pnl report", "pnl", "weekly"),
        ("todays btc price", "price", "current"),
    ],
)
def test_pnl_guards(text: str, skill: str, action: str) -> None:
    _is(text, skill, action, None, TRADERS)


@each("text", ["the pnl summary you sent", "how much i make if btc hits 100k"])
def test_pnl_no_route(text: str) -> None:
    _is(text, None, None, None, TRADERS)
