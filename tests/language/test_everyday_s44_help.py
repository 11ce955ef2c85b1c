"""Everyday chat (session 44, the help worktree's misses). Each case failed before its fix (a word
in the lexicon data, a row of an intent table or a condition of a reader), never a pattern for
one phrasing; the guards route as they did."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to
from tests.fakes import route_with_names

# -- an order told still waiting rests: why it has not filled; told still open, the open orders --


@each(
    ("text", "action"),
    [
        ("why hasnt my buy order filled yet", "why_resting"),
        ("why hasn't my sell order filled yet", "why_resting"),
        ("my sell order is still sitting there, why", "why_resting"),
        ("为什么我的买单还没成交", "why_resting"),
        ("为什么我的卖单一直挂着不成交", "why_resting"),
        ("我的挂单怎么还挂着没动", "why_resting"),
        ("我的限价单咋还没成交", "why_resting"),
        ("我嗰張買單喺度等咗成個鐘都未食到 點解", "why_resting"),
        ("我張賣單等咗好耐都未食到", "why_resting"),
        ("any orders still open?", "open_orders"),
        ("is my btc order still open", "open_orders"),
        ("are my orders still pending", "open_orders"),
    ],
)
def test_an_order_told_waiting_rests(text: str, action: str) -> None:
    _routes_to(text, "orders", action)


@each(
    ("text", "skill", "action"),
    [
        # Plain orders told unfilled or failed, no wait told: the order diagnosis's, as before.
        ("why hasn't my buy order filled", "order_execution_diagnosis", "diagnose"),
        ("为什么我的买单没成交", "order_execution_diagnosis", "diagnose"),
        ("订单一直没成交", "order_execution_diagnosis", "diagnose"),
        ("my sell order failed", "order_execution_diagnosis", "diagnose"),
        # A resting order asked after, no why: the open orders.
        ("我的挂单还挂着吗", "orders", "open_orders"),
    ],
)
def test_orders_told_otherwise_route_as_before(text: str, skill: str, action: str) -> None:
    _routes_to(text, skill, action)


# -- problems told in everyday words, an exchange's error code, API permissions, getting started --


@each(
    ("text", "skill", "action", "slots"),
    [
        # skipped, not showing, shown but contrary to a buy or a deposit
        ("dca strategy skipped today's buy, whats up", "strategy_diagnosis", "diagnose", {}),
        ("my grid strategy keeps skipping", "strategy_diagnosis", "diagnose", {}),
        ("我的定投策略今天跳过了", "strategy_diagnosis", "diagnose", {}),
        ("my eth balance isn't showing up", "balance_position_diagnosis", "diagnose", {}),
        ("my positions aren't showing up", "balance_position_diagnosis", "diagnose", {}),
        ("我的余额没显示", "balance_position_diagnosis", "diagnose", {}),
        ("我的持倉顯示不出來", "balance_position_diagnosis", "diagnose", {}),
        ("positions page says i have 0 sol but i bought some yesterday", "balance_position_diagnosis",
         "diagnose", {}),
        ("balance says 0 usdt but i deposited", "balance_position_diagnosis", "diagnose", {}),
        ("持仓显示0个sol 但我买了", "balance_position_diagnosis", "diagnose", {}),
        # an exchange's error code: the exchange's, a guide's words or a bot beside it
        ("binance API 一直回 -1022 是怎樣", "exchange_diagnosis", "diagnose", {"exchange": "binance"}),
        ("okx api 一直返回 50113 怎么回事", "exchange_diagnosis", "diagnose", {"exchange": "okx"}),
        ("getting -2015 from binance when the bot tries to read my account", "exchange_diagnosis",
         "diagnose", {"exchange": "binance"}),
        ("the bot gets -1021 from binance", "exchange_diagnosis", "diagnose", {"exchange": "binance"}),
        # an API key's permissions asked, no exchange named: each exchange's
        ("API要开哪些权限啊", "guidance", "explain", {"aspect": "permissions"}),
        ("API 要開哪些權限", "guidance", "explain", {"aspect": "permissions"}),
        ("which permissions does an api key need", "guidance", "explain", {"aspect": "permissions"}),
        ("api key 需要什么权限", "guidance", "explain", {"aspect": "permissions"}),
        # getting started, "bot" typed apart
        ("點樣開始用呢個 bot", "guidance", "explain", {"topic": "start"}),
        ("这个 bot 怎么用", "guidance", "explain", {"topic": "start"}),
    ],
)  # fmt: skip
def test_problems_and_guides(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "code"),
    [
        ("binance API 一直回 -1022 是怎樣", "-1022"),
        ("getting -2015 from binance when the bot tries to read my account", "-2015"),
    ],
)
def test_the_exchange_error_is_read(text: str, code: str) -> None:
    route = route_with_names(text)
    assert route is not None
    assert (route.slots["error"]["source"], route.slots["error"]["code"]) == ("binance", code)


@each(
    ("text", "skill", "action"),
    [
        ("my bot isn't trading", "trader_diagnosis", "diagnose"),  # a trader's, no exchange error
        ("what is dca", "glossary", "explain"),
        ("币安api要开哪些权限", "guidance", "explain"),  # the exchange named: its own guide
        ("停掉这个 bot", "trader_management", "stop"),
    ],
)
def test_problem_guards_route_as_before(text: str, skill: str, action: str) -> None:
    _routes_to(text, skill, action)


# -- set up with 设, one's trades as 的交易, a futures position, "buy" typed "by", an alert set --


@each(
    ("text", "skill", "action", "slots"),
    [
        ("我想設 deepseek 模型", "model_management", "create", {"provider": "deepseek"}),
        ("我想设 kimi", "model_management", "create", {"provider": "kimi"}),
        ("幫我設 okx 帳戶", "exchange_management", "create", {"exchange": "okx"}),
        ("睇下我尋日啲交易", "account_query", "trades", {"day": "yesterday"}),
        ("看看我今天的交易", "account_query", "trades", {"day": "today"}),
        ("我最近的交易呢", "account_query", "trades", {}),
        ("我的交易", "account_query", "trades", {}),
        ("我合約倉有咩", "account_query", "positions", {"wallet": "futures"}),
        ("我的合约仓位", "account_query", "positions", {"wallet": "futures"}),
        ("期货仓里有什么", "account_query", "positions", {"wallet": "futures"}),
        ("can u by 20 usdt of xrp", "trade_execution", "buy", {"symbol": "XRPUSDT", "amount": "quote:20"}),
        ("pls by 0.1 eth", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "base:0.1"}),
        ("could you by 100u of doge", "trade_execution", "buy", {"symbol": "DOGEUSDT"}),
        ("帮我设个体型 大饼跌破8万", "price_alert", "create",
         {"symbol": "BTCUSDT", "condition": "below", "level": "80000"}),
        ("设置 btc 跌破 80000", "price_alert", "create", {"symbol": "BTCUSDT", "condition": "below"}),
        ("set up eth above 5000", "price_alert", "create", {"symbol": "ETHUSDT", "condition": "above"}),
    ],
)  # fmt: skip
def test_set_up_and_said_as_theirs(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "skill", "action"),
    [
        # 交易's own words are theirs: a trader, an exchange, the trade history
        ("看看我的交易员", "trader_management", "query"),
        ("alpha的交易员", "trader_management", "query"),
        ("我的交易所", "exchange_management", "query"),
        ("查一下我的交易记录", "account_query", "trades"),
        ("昨天的交易记录", "account_query", "trades"),
        ("帮我设个止损 大饼跌破8万", "orders", "protect"),  # a stop-loss set is the order's
    ],
)
def test_set_up_guards_route_as_before(text: str, skill: str, action: str) -> None:
    _routes_to(text, skill, action)


@each(
    "text",
    [
        "btc的交易量",  # trading volume: no trades
        "帮我交易",
        "我的交易规则",
        "btc went up by 20 usdt",  # "by" is no buy
        "can you by any chance tell me a joke",
        "假设btc跌到8万",  # 设 of 假设 sets nothing up
        "创建一个BTC定投策略 跌破8万停止",  # a strategy, no alert
    ],
)
def test_what_is_no_such_request(text: str) -> None:
    route = route_with_names(text)
    said = None if route is None else (route.skill, route.action)
    assert said not in {
        ("account_query", "trades"),
        ("trade_execution", "buy"),
        ("price_alert", "create"),
        ("exchange_management", "create"),
        ("model_management", "create"),
    }, said


def test_a_name_with_trading_in_it_is_kept_whole() -> None:
    _routes_to("删除交易员 高频交易", "trader_management", "delete", {"target_ref": {"name": "高频交易"}})


# -- a coin's name typed one slip off is asked about, never read as a coin nor replaced ---------
# ("比特笔", "以台", "姨汰", "etherum": the close match is offered; a coin's look-alike or a copycat
# token one letter off is real money, so no slip of a coin's name is read as the coin.)


@each(
    ("text", "unknown"),
    [
        ("比特笔现在多少钱", "比特笔"),
        ("姨汰今天什么价", "姨汰"),
        ("以台多少钱", "以台"),
        ("hey can u check the price of etherum", "etherum"),
        ("check the price of etherum", "etherum"),
    ],
)
def test_a_coin_like_word_is_the_unknown_coin(text: str, unknown: str) -> None:
    _routes_to(text, "price", "current", {"symbols": [], "unknown": unknown})


@each(
    ("text", "symbols"),
    [("比特币现在多少钱", ["BTCUSDT"]), ("以太坊多少钱", ["ETHUSDT"]), ("现在多少钱", [])],
)
def test_coins_named_and_none_read_as_before(text: str, symbols: list[str]) -> None:
    _routes_to(text, "price", "current", {"symbols": symbols, "unknown": None})


async def test_a_slip_after_another_coin_is_asked_never_that_coin() -> None:
    from core.reply import NoticeBlock, Status
    from tests.fakes import Chat, FakeCharts, ScriptedMarket, make_core

    market = ScriptedMarket()
    chat = Chat(make_core(market, charts=FakeCharts()))
    await chat.say("eth price")
    market.calls.clear()
    reply = await chat.say("比特笔现在多少钱")
    assert reply.status is Status.NEEDS_INPUT
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["unknown_coin"]
    assert market.calls == []  # ETH, the coin before, is not answered in its place
    assert [b.label for b in reply.buttons][:1] == ["BTC"]
