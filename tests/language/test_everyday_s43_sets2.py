"""Everyday chat (session 43, blind set V). Each case failed before its fix, which is a word in
the lexicon data, a condition of a reader or a rule of the layer, never a pattern for the one
phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to

GRIDS = {"trader": ["alpha"], "strategy": ["ETH網格", "eth grid", "BTC定投"]}


@each(
    "text",
    [
        # A regret is a remark: no trade history asked, no order.
        "man i shouldve bought the dip last week",
        "i should have sold my eth last week",
        "shoulda bought btc at 20k",
        "早知道上周就抄底了",
        "當初應該買 btc",
        # A fright at the market is a feeling, no price asked.
        "这行情看得我心惊肉跳",
        "這行情看得我心驚肉跳",
        "btc 这样跌 吓死我了",
        "this market is scary",
    ],
)
def test_a_regret_or_a_fright_is_no_request(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "skill", "action", "slots"),
    [
        # "try buying" asks the buy; "like" before an amount is filler.
        (
            "ok lets try buying like 20 bucks of doge",
            "trade_execution",
            "buy",
            {"symbol": "DOGEUSDT", "amount": "quote:20"},
        ),
        (
            "try selling half my eth",
            "trade_execution",
            "sell",
            {"symbol": "ETHUSDT", "amount": "fraction:0.5"},
        ),
        # 开多 / 开空: open a long (buy) or a short (sell); 合约 names the futures wallet.
        (
            "合约开多0.1个eth",
            "trade_execution",
            "buy",
            {"symbol": "ETHUSDT", "amount": "base:0.1", "wallet": "futures"},
        ),
        (
            "合約開空 0.1 個 eth",
            "trade_execution",
            "sell",
            {"symbol": "ETHUSDT", "amount": "base:0.1", "wallet": "futures"},
        ),
        # 挂卖 / 挂买 without 单: a limit order at the price said.
        (
            "在 92000 掛賣 0.01 顆 BTC",
            "trade_execution",
            "limit",
            {"side": "sell", "limit_price": "92000", "amount": "base:0.01"},
        ),
        (
            "在 3000 挂买 1 个 ETH",
            "trade_execution",
            "limit",
            {"side": "buy", "limit_price": "3000", "amount": "base:1"},
        ),
        # "call 我" / "call me": notify me.
        (
            "ETH 升到 4500 就 call 我",
            "price_alert",
            "create",
            {"symbol": "ETHUSDT", "condition": "above", "level": "4500"},
        ),
        (
            "eth hits 4500 call me",
            "price_alert",
            "create",
            {"symbol": "ETHUSDT", "condition": "above", "level": "4500"},
        ),
        # A bare status that keeps coming, of a model provider named: its error.
        ("OpenAI 個 key 成日 401", "model_diagnosis", "diagnose", {"provider": "openai"}),
        ("deepseek 老是 429", "model_diagnosis", "diagnose", {"provider": "deepseek"}),
        ("my openai key always 401", "model_diagnosis", "diagnose", {"provider": "openai"}),
        # 連結 links an account; 整個 (Hong Kong) makes one.
        ("我要連結幣安帳戶", "exchange_management", "create", {"exchange": "binance"}),
        ("连结我的 okx", "exchange_management", "create", {"exchange": "okx"}),
        (
            "整個模擬帳戶 俾 1 萬 U",
            "exchange_management",
            "create",
            {"exchange": "paper", "paper_balance": "10000"},
        ),
        ("幫我整個 deepseek", "model_management", "create", {"provider": "deepseek"}),
        ("整个币安账户的余额", "account_query", "balance", {}),
        # A window typed with a space before 日.
        ("BTC 現價同埋 30 日走勢", "price", "both", {"symbols": ["BTCUSDT"], "days": 30}),
        ("BTC 90 日走势", "price", "history", {"symbols": ["BTCUSDT"], "days": 90}),
        # The coins' amounts wrong: a balance's problem, not the exchange's.
        ("我账户里的币数量不对 跟交易所显示的不一样", "balance_position_diagnosis", "diagnose", {}),
        (
            "the coin amounts in my account don't match the exchange",
            "balance_position_diagnosis",
            "diagnose",
            {},
        ),
        # dupe: a copy.
        ("dupe my eth grid", "strategy_management", "duplicate", {"target_ref": {"name": "eth grid"}}),
    ],
)
def test_everyday_requests_route(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots, names=GRIDS)


@each(
    ("text", "slots"),
    [
        # 改明成: 改名成 typed with a same-sound 明, 改 a word of its own inside it.
        (
            "把 ETH網格 改明成 以太區間",
            {"field": "name", "target_ref": {"name": "ETH網格"}, "new_name": "以太區間"},
        ),
        (
            "把ETH网格改明为以太区间",
            {"field": "name", "target_ref": {"name": "ETH網格"}, "new_name": "以太区间"},
        ),
        # The interval is the value said, not the buying words after it, in the grammar's canonical
        # text as a new strategy's is; a day of every week is weekly ("every monday" creates so).
        ("BTC定投 改成 4h 買一次", {"field": "interval", "interval": "4h"}),
        ("BTC定投 改成 每天买一次", {"field": "interval", "interval": "1d"}),
        ("把BTC定投改成每周一买", {"field": "interval", "interval": "1w"}),
    ],
)
def test_a_strategy_changed(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "strategy_management", "update", slots, names=GRIDS)


@each(
    ("text", "locale", "first"),
    [
        ("start all my traders then show me how they're doing", "en", "start"),
        ("stop all my traders and then tell me how they are doing", "en", "stop"),
        ("启动所有交易员 然后看看它们怎么样", "zh", "start"),
    ],
)
def test_they_after_all_of_a_kind_are_all_of_them(text: str, locale: str, first: str) -> None:
    from core.conversation.reading import read_asks
    from tests.corpus.expect import context
    from tests.fakes import shared_router

    asks = read_asks(text, shared_router(), context({}), locale=locale)  # type: ignore[arg-type]
    assert [(a.skill, a.action) for a in asks] == [
        ("trader_management", first),
        ("trader_management", "query"),
    ], (text, asks)
    assert asks[0].slots.get("target_ref") == {"all": "1"}
    assert "target_ref" not in asks[1].slots, asks
