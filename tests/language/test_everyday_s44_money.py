"""Everyday chat (session 44, money): a trade told is no order, alerts' cooldowns, slang buys.
Each case failed before its fix, which is a word in the lexicon data or a rule in the reader that
owns it, never a pattern for the one phrasing; the guards passed before and still pass."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to
from tests.fakes import full_router, route_with_names


@each(
    "text",
    [
        # A time ago (前年, 前天, 三个月前, two years ago): what was done then, no order now.
        "我前年在六万块卖的大饼 现在想想真后悔",
        "我前年在6万卖的大饼，现在后悔死了",
        "我前天卖了0.1个eth",
        "两年前在6万卖了大饼",
        "三个月前买的sol",
        "前年卖了大饼",
        # A trade said of what it bought or sold (买的 / 卖的 / 賣咗嘅), a relative: no order.
        "6万卖的大饼",
        "我在6万卖的大饼",
        "在6万卖的大饼现在涨到10万了",
        "賣咗嘅大餅",
        "我买的btc在哪里看",
        "查一下我买的eth",
        "昨天追高买的pepe，哭了",
        # A regret said bare is of the trade told before it; with its own trade, a feeling of it.
        "后悔卖了大饼",
        "卖了大饼 好后悔",
        "在6万卖大饼，后悔死了",
        # Told in slang.
        "lol i panic sold my eth at the bottom last week",
        "panic sold my sol yesterday",
    ],
)
def test_a_trade_told_is_no_order(text: str) -> None:
    _routes_to(text, None)


@each(
    "text",
    [
        # A question about a trade done is never the order it names.
        "我买的btc赚了多少",
        "我卖的eth成交了吗",
        "我买的eth的持仓",
        "买的btc亏了多少",
    ],
)
def test_a_question_about_a_trade_done_orders_nothing(text: str) -> None:
    route = route_with_names(text, None)
    assert route is None or route.skill != "trade_execution", (text, route)


@each(
    ("text", "skill", "action", "slots"),
    [
        # 在 / 以 before a number: a price ("at"), never that many coins.
        ("在6万卖大饼", "trade_execution", "limit", {"side": "sell", "limit_price": "60000"}),
        ("以6万卖出大饼", "trade_execution", "limit", {"side": "sell", "limit_price": "60000"}),
        (
            "在6万卖0.1个大饼",
            "trade_execution",
            "limit",
            {"side": "sell", "limit_price": "60000", "amount": "base:0.1"},
        ),
        # An order said beside a trade done, a regret with its own trade, a time ahead: the order.
        ("把买的sol全卖了", "trade_execution", "sell", {"symbol": "SOLUSDT", "amount": "all"}),
        ("把买的eth卖一半", "trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "fraction:0.5"}),
        ("sell my btc, i regret buying it", "trade_execution", "sell", {"symbol": "BTCUSDT"}),
        ("sell all my eth, no regrets", "trade_execution", "sell", {"amount": "all"}),
        ("后悔了，帮我把eth全卖了", "trade_execution", "sell", {"amount": "all"}),
        ("明天前帮我卖掉0.1个eth", "trade_execution", "sell", {"amount": "base:0.1"}),
        # 啲 after a verb is some of it, not a trade done.
        ("幫我買啲ETH", "trade_execution", "buy", {"symbol": "ETHUSDT"}),
        ("沽啲BTC", "trade_execution", "sell", {"symbol": "BTCUSDT"}),
        ("沽晒啲狗狗币", "trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
        # 买的起 is 买得起 typed with 的.
        ("我的余额买的起多少btc", "account_query", "max_buy", {"symbol": "BTCUSDT"}),
        # A trades question stays one.
        ("show my eth trades last week", "account_query", "trades", {"day": "last_week"}),
        # A number's scale after its digits is the number's (9万, never a slip of 没买).
        (
            "挂单 9万买0.01个btc",
            "trade_execution",
            "limit",
            {"side": "buy", "limit_price": "90000", "amount": "base:0.01", "symbol": "BTCUSDT"},
        ),
        ("限价 9万买0.01个btc", "trade_execution", "limit", {"side": "buy", "limit_price": "90000"}),
    ],
)
def test_orders_and_questions_route(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "slots"),
    [
        # A cooldown said as "not more than once an hour", after its length, or with a colon.
        (
            "Notify me every time Solana drops under 150, but not more than once an hour",
            {"symbol": "SOLUSDT", "condition": "below", "level": "150", "repeat": True, "cooldown": "60"},
        ),
        ("alert me when btc drops under 80k, with a 30 minute cooldown", {"cooldown": "30"}),
        ("alert me every time eth crosses 4000, cooldown: 30m", {"level": "4000", "cooldown": "30"}),
        ("alert me every time eth crosses 4000, max once every 2 hours", {"cooldown": "120"}),
        ("SOL跌破150就通知我，每小時最多一次", {"condition": "below", "level": "150", "cooldown": "60"}),
        ("btc跌破8万提醒我，30分钟冷却", {"level": "80000", "cooldown": "30"}),
        ("eth破4000提醒我 30分钟内只提醒一次", {"level": "4000", "cooldown": "30"}),
        ("eth涨破4000每次都提醒我，最多每小时一次", {"condition": "above", "cooldown": "60"}),
        # A cooldown not read exactly is said back, never another number (as before).
        ("alert me if btc goes above 100k, cooldown 7.5 min", {"cooldown": "refused:cooldown:7.5 min"}),
        # 升過 / 涨过 / 跌過: rises / falls past.
        ("ETH升過4500就通知我，每次都要", {"condition": "above", "level": "4500", "repeat": True}),
        ("btc跌過8萬通知我", {"condition": "below", "level": "80000"}),
        # To be notified, asked for.
        ("i would like to be notified if bitcoin falls below 90000", {"symbol": "BTCUSDT", "level": "90000"}),
        ("i want to get notified when eth goes above 5000", {"condition": "above", "level": "5000"}),
    ],
)
def test_alerts_read(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "price_alert", "create", slots)


@each(
    ("text", "slots"),
    [
        # 冲 before what is bought; 入货 / 进货 / 扫货 / 补仓: buys said in slang.
        ("冲100u狗狗", {"symbol": "DOGEUSDT", "amount": "quote:100"}),
        ("衝 50u pepe", {"symbol": "PEPEUSDT", "amount": "quote:50"}),
        ("我想冲100u大饼", {"symbol": "BTCUSDT", "amount": "quote:100"}),
        ("入貨 SOL 100U", {"symbol": "SOLUSDT", "amount": "quote:100"}),
        ("進貨 SOL 100U", {"symbol": "SOLUSDT", "amount": "quote:100"}),
        ("补仓100u eth", {"symbol": "ETHUSDT", "amount": "quote:100"}),
        ("扫货 100u sol", {"symbol": "SOLUSDT", "amount": "quote:100"}),
        ("冲冲冲 帮我买100u大饼", {"symbol": "BTCUSDT", "amount": "quote:100"}),
    ],
)
def test_slang_buys(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "trade_execution", "buy", slots)


@each(
    "text",
    [
        # 冲 not before what is bought, 冲 told or cheered, advice asked: no order.
        "冲突",
        "冲高回落",
        "eth冲到4000了",
        "btc要冲10万了",
        "冲了100u狗狗",
        "冲冲冲 大饼",
        "要不要补仓eth",
        "eth该加仓吗",
        "能冲吗",
    ],
)
def test_slang_that_buys_nothing(text: str) -> None:
    _routes_to(text, None)


@each(
    "text",
    [
        # 了 right after the verb, before what it traded: a trade done, told.
        "卖了0.1个eth",
        "买了100u狗狗",
        "今天买了0.1个btc",
        "買咗0.1個BTC",
        "清仓了eth",
        "买了eth然后卖了sol",
        # 高位买 (bought at the top) is what came of a trade; 高位 / 低位 no slip of 高于 / 低于.
        "我上個月喺高位買咗ETH，蝕到喊",
        "我上週喺高位賣咗啲ETH",
        "高位提醒我",
    ],
)
def test_a_trade_done_with_its_le_is_told(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "skill", "action", "slots"),
    [
        # 了 after the thing, 帮我 before the verb, 了吧: orders.
        ("把eth卖了", "trade_execution", "sell", {"symbol": "ETHUSDT"}),
        ("eth卖了吧", "trade_execution", "sell", {"symbol": "ETHUSDT"}),
        ("帮我卖了0.1个eth", "trade_execution", "sell", {"amount": "base:0.1"}),
        ("幫我賣咗0.1個ETH", "trade_execution", "sell", {"amount": "base:0.1"}),
        ("清仓eth", "trade_execution", "sell", {"amount": "all"}),
        # Questions about what was bought stay questions.
        ("我买了多少eth", "account_query", "trades", {"symbol": "ETHUSDT"}),
        ("卖了eth 查一下余额", "account_query", "balance", {}),
    ],
)
def test_an_order_with_its_le_orders(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    "text",
    ["今天卖了eth，帮我买点btc", "卖了eth，帮我买点btc", "賣咗ETH，幫我買啲BTC"],
)
def test_a_sale_told_before_a_buy_asks_the_buy_alone(text: str) -> None:
    asks = read_asks(text, full_router(), locale="zh")
    assert [(a.skill, a.action, a.slots.get("symbol")) for a in asks] == [
        ("trade_execution", "buy", "BTCUSDT")
    ], (text, asks)
