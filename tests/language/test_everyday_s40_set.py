"""Everyday phrasings from a fresh set written as people type them (session 40, 156 messages over
prices, alerts, strategies, backtests, traders, diagnosis, guides and the glossary), none shown to
the router before. Each failed before its fix, which is a word in the lexicon or a condition in an
intent table, never a pattern for the one phrasing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

_route = route_with_names


@each(
    ("text", "symbol"),
    [
        ("瞅瞅btc", "BTCUSDT"),  # "瞅" (look), everyday northern wording
        ("瞅一眼姨太", "ETHUSDT"),
        ("check the price of dogecoin", "DOGEUSDT"),  # "check the" also asks to look into a connection
        ("check the btc price", "BTCUSDT"),
    ],
)
def test_a_price_asked_with_a_look_word(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots["symbols"] == [symbol]


def test_check_the_connection_is_still_a_diagnosis() -> None:
    route = _route("check the binance connection")
    assert route is not None and route.skill == "exchange_diagnosis", route


@each("text", ["show me my strats", "list my strats"])
def test_strats_is_strategies(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "query"), route


def test_kick_off_starts_a_trader_by_its_name() -> None:
    route = _route("kick off moonbot", {"trader": ["moonbot"]})
    assert route is not None and (route.skill, route.action) == ("trader_management", "start"), route
    assert route.slots["target_ref"] == {"name": "moonbot"}


@each(("text", "term"), [("啥是定投", "dca"), ("啥是网格", "grid")])
def test_sha_shi_asks_what_a_term_means(text: str, term: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("glossary", "explain"), route
    assert route.slots["term"] == term


@each(
    ("text", "kind", "symbol"),
    [
        ("run a dca backtest on sol", "dca", "SOLUSDT"),  # "backtest" after the kind is no name word
        ("run a backtest on sol dca", "dca", "SOLUSDT"),  # nor the kind after "backtest"
        ("启动btc网格回测", "grid", "BTCUSDT"),
        ("运行一个sol定投回测", "dca", "SOLUSDT"),
    ],
)
def test_a_backtest_run_with_its_kind_beside_it(text: str, kind: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("backtest", "run"), route
    assert (route.slots.get("kind"), route.slots.get("symbol")) == (kind, symbol), route


@each(
    ("text", "skill"),
    [
        ("my dca strategy didnt run today", "strategy_diagnosis"),  # typed without the apostrophe
        ("why isnt my trader buying", "trader_diagnosis"),
        ("my buy didnt go through", "order_execution_diagnosis"),
    ],
)
def test_a_problem_said_without_apostrophes(text: str, skill: str) -> None:
    route = _route(text)
    assert route is not None and route.skill == skill, route


@each("text", ["how do i start", "how do i get started", "怎么开始用", "新手怎么上手", "如何開始使用"])
def test_where_to_begin_is_the_getting_started_guide(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("guidance", "explain"), route
    assert route.slots["topic"] == "start"


@each(
    ("text", "skill"),
    [
        ("how do i start alpha", "trader_management"),
        ("怎么开始alpha", "trader_management"),
        ("新手怎么买btc", "guidance"),  # how to buy, no amount of their own: the orders guide
    ],
)
def test_where_to_begin_with_something_named_is_that_request(text: str, skill: str) -> None:
    route = _route(text, {"trader": ["alpha"]})
    assert route is not None and route.skill == skill, route


def test_the_getting_started_guide_answers_in_both_languages() -> None:
    from core.skills.guidance.catalog import topics
    from core.skills.guidance.skill import answer

    topic = topics()["start"]
    assert "模拟账户" in answer(topic, "zh") and "paper account" in answer(topic, "en")


@each(
    "text",
    [
        "要是大饼跌到5万我该买吗",  # advice asked: 5万 is a price, never 50,000 BTC to buy
        "btc跌到5万我该卖吗",
        "大饼该抄底吗",
        "我朋友说他买了一个比特币",  # someone else's trade, told
        "he bought 2 btc yesterday",
    ],
)
def test_a_question_or_a_story_is_no_order(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill not in ("trade_execution", "price_alert"), route


@each(
    ("text", "days", "interval"),
    [
        ("如果过去90天每天定投100u比特币收益怎么样", "90d", "1d"),  # routed nowhere
        ("假如去年开始每周定投100u以太坊，收益多少", "365d", "1w"),  # was a weekly P&L report switched on
        (
            "suppose a weekly eth dca of 50 usdt over the past 90 days, what profit",
            "90d",
            "1w",
        ),  # was a create
        ("what if i ran a weekly btc dca of 100 usdt over the past year, profit?", "365d", "1w"),
    ],
)
def test_a_strategys_profit_supposed_over_a_past_is_a_backtest(text: str, days: str, interval: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("backtest", "run"), route
    assert (route.slots.get("days"), route.slots.get("interval"), route.slots.get("kind")) == (
        days,
        interval,
        "dca",
    )


@each("text", ["what if i had run a btc dca of 100 usdt weekly last year, how much profit"])
def test_a_supposed_past_sets_nothing_up(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "create", route
