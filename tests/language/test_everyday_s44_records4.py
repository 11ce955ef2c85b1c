"""Everyday requests (session 44, records4): a strategy taken out of the defaults where it sits
("喺預設策略度拎走": 在…里 with a removal); an order told resting or placed and not filled
("挂的买单怎么一直不成交", "我掛咗張買單喺度…冇食到": 挂了张 is placed, not crashed); which trades a day
had ("我昨天做了什么交易"); 仓 said as one's own ("睇下我啲倉"); money looked at ("查一下我账户里的
钱"); the calendar told first, "broken down by coin", "亏了也告诉我" (the P&L); 他 said again of the
trader the ask before named. Each is a word of the data or a reader's rule, so every request built
on it reads it; the guards are what each must not catch."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is

NAMES = {"strategy": ["ETH網格"], "trader": ["小明", "beta"]}


@each(
    ("text", "skill", "action", "slots"),
    [
        # taken out of the defaults where it sits: the default unset, the strategy kept
        (
            "將 ETH網格 喺預設策略度拎走",
            "strategy_management",
            "deactivate",
            {"target_ref": {"name": "ETH網格"}},
        ),
        ("將ETH網格喺預設度剷走", "strategy_management", "deactivate", {"target_ref": {"name": "ETH網格"}}),
        ("把eth网格在默认里删掉", "strategy_management", "deactivate", {"target_ref": {"name": "ETH網格"}}),
        ("把eth网格从默认里拿走", "strategy_management", "deactivate", {"target_ref": {"name": "ETH網格"}}),
        # guards: a removal with no default is a delete; made the default is an activate
        ("删掉ETH網格", "strategy_management", "delete", {"target_ref": {"name": "ETH網格"}}),
        ("把eth网格设为默认策略", "strategy_management", "activate", {"target_ref": {"name": "ETH網格"}}),
        # an order told resting or placed, still not filled: why it rests
        ("挂的买单怎么一直不成交啊", "orders", "why_resting", {}),
        ("挂的卖单为什么还没成交", "orders", "why_resting", {}),
        ("我掛咗張買單喺度，等咗成個鐘都冇食到，咩事", "orders", "why_resting", {}),
        ("點解我個掛單仲未食到", "orders", "why_resting", {}),
        # guards: a placed order with a failure is the order diagnosis's; an order cancelled stays so
        ("我挂了个买单 但是报错了", "order_execution_diagnosis", "diagnose", {}),
        ("我挂了张买单 帮我撤了", "orders", "cancel", {}),
        ("取消第3个挂单", "orders", "cancel", {"order_no": "3"}),
        # which trades a day had, asked: the trades of that day
        ("我昨天做了什么交易", "account_query", "trades", {"day": "yesterday"}),
        ("我尋日做咗啲咩交易", "account_query", "trades", {"day": "yesterday"}),
        ("我尋日做咗邊啲交易", "account_query", "trades", {"day": "yesterday"}),
        ("我尋日做過啲咩交易", "account_query", "trades", {"day": "yesterday"}),
        # 仓 as one's own is the positions
        ("睇下我啲倉", "account_query", "positions", {}),
        ("看下我的仓", "account_query", "positions", {}),
        ("我的仓位", "account_query", "positions", {}),
        # money looked at is the balance
        ("查一下我账户里的钱", "account_query", "balance", {}),
        ("看看账户里的钱", "account_query", "balance", {}),
        ("查一下我的钱", "account_query", "balance", {}),
        # guards: a coin's price, a loss, a problem told
        ("查一下btc多少钱", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("查一下我亏了多少钱", "pnl", "report", {}),
        ("查一下我账户里的钱为什么少了", "balance_position_diagnosis", "diagnose", {}),
        # the calendar told first, broken down by coin, a loss asked too: the P&L
        ("month end review time. pnl broken down by coin pls", "pnl", "report", {"view": "by_symbol"}),
        ("pnl broken down by asset", "pnl", "report", {"view": "by_symbol"}),
        ("月底了 帮我看下这个月总共赚了多少 亏了也告诉我", "pnl", "report", {"period": "month"}),
        ("年底了 今年赚了多少", "pnl", "report", {"period": "year"}),
        # guards: a failure told stays one; an alert asked with 也告诉我 stays an alert
        ("my bot is broken down", "trader_diagnosis", "diagnose", {}),
        ("大饼跌到6万也告诉我", "price_alert", "create", {"symbol": "BTCUSDT"}),
        # a holding not shown, told as surely bought: the holdings shown wrong
        (
            "my sol isn't showing in positions but i def bought it",
            "balance_position_diagnosis",
            "diagnose",
            {},
        ),
        ("my balance shows 0 but i really deposited", "balance_position_diagnosis", "diagnose", {}),
        # guard: a buy told alone is the trades
        ("i def bought sol yesterday", "account_query", "trades", {"day": "yesterday"}),
        # all of the kind said, a "this" in a remark after: all of them
        ("stop all bots, this dump is insane", "trader_management", "stop", {"target_ref": {"all": "1"}}),
        ("停掉所有机器人，这个行情太疯了", "trader_management", "stop", {"target_ref": {"all": "1"}}),
        # guard: the exchanges asked, not trades
        ("昨天有哪些交易所", "exchange_management", "query", {}),
        ("今天有哪些交易", "account_query", "trades", {"day": "today"}),
        ("昨天有什么交易呢", "account_query", "trades", {"day": "yesterday"}),
    ],
)
def test_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


@each(
    "text",
    [
        # in the defaults with no removal: no deactivate
        "ETH網格在默认策略里吗",
        "把 ETH網格 加在默认策略里",
        "ETH網格在默认策略里",
        # an order told placed, nothing asked: no failure read out of 挂了
        "我挂了个买单",
        # 交易 starting another word, or no day said: no trades asked
        "今天有什么交易机会",
        "昨天有什么交易建议",
        "今天有什么交易所维护",
        "你支持什么交易",
        # the calendar alone asks nothing
        "月底了",
    ],
)
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)


def _asks(text: str) -> list[tuple[str, str, dict[str, Any]]]:
    from core.conversation.reading import read_asks
    from core.language.gazetteer import Gazetteer
    from core.language.own_names import plain_words
    from core.routing.router import RouteContext
    from tests.fakes import full_router

    context = RouteContext(awaiting=None, names=Gazetteer.of(NAMES, plain=plain_words()))
    return [(a.skill, a.action, dict(a.slots)) for a in read_asks(text, full_router(), context, locale="zh")]


@each(
    ("text", "second"),
    [
        # 他 in the ask after one naming a trader is that trader: its P&L
        ("先把小明停了 然后看看他亏了多少", ("pnl", "report", "小明")),
        ("启动小明 然后看看他这周赚了多少", ("pnl", "report", "小明")),
        # guard: a remark on the trader asks nothing more
        ("停掉小明 他最近表现太差了", None),
    ],
)
def test_person_said_again(text: str, second: tuple[str, str, str] | None) -> None:
    asks = _asks(text)
    assert asks[0][0] == "trader_management" and asks[0][2]["target_ref"] == {"name": "小明"}
    if second is None:
        assert len(asks) == 1, asks
    else:
        assert len(asks) == 2 and (asks[1][0], asks[1][1], asks[1][2].get("trader")) == second, asks
