"""Everyday phrasings about the workspace's records (session 44): strategies, traders, exchange
accounts, model configs and their fields. Each fix is a family (a field's word with the value
grammar, a name's bounds, a default), never one sentence; the guards are what it must not catch."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is

STRATEGIES = {"strategy": ["BTC定投", "每週定投", "SOL定投", "大饼定投", "eth grid", "btc dca"]}

# -- strategies: an update's interval is the value grammar's, as a new strategy's ----------------


@each(
    ("text", "interval"),
    [
        ("把 BTC定投 的周期改成4小时", "4h"),
        ("把每週定投改成每天買", "1d"),
        ("將策略 BTC定投 改做每4個鐘一次", "4h"),
        ("change btc dca to every 2 days", "2d"),
        ("switch my btc dca to daily", "1d"),
        ("把BTC定投改成每周一次", "1w"),
        ("把BTC定投改成每周一买", "1w"),  # Mondays: weekly, as "every monday" creates
        ("把BTC定投改用每周", "1w"),
        ("把BTC定投改成每-2天", "refused:sign:-2天"),  # refused quoting it, never a new name
    ],
)
def test_an_updated_interval_is_canonical(text: str, interval: str) -> None:
    _is(text, "strategy_management", "update", {"field": "interval", "interval": interval}, STRATEGIES)


def test_an_interval_not_whole_is_said_back_as_typed() -> None:
    _is("change btc dca to every 1.5 days", "strategy_management", "update", {"interval": "every 1.5 days"})


@each(
    ("text", "new"), [("把BTC定投改名为每周定投", "每周定投"), ("rename btc dca to daily dca", "daily dca")]
)
def test_a_rename_is_a_new_name_whatever_it_says(text: str, new: str) -> None:
    _is(text, "strategy_management", "update", {"field": "name", "new_name": new}, STRATEGIES)


@each(
    ("text", "slots"),
    [
        (
            "new strategy: weekly btc buys of 100",
            {"kind": "dca", "symbol": "BTCUSDT", "interval": "1w", "quote_amount": "100"},
        ),
        ("create a strategy for eth, every day 20u", {"kind": "dca", "interval": "1d", "quote_amount": "20"}),
        ("新建一个策略 每天买100u的btc", {"kind": "dca", "symbol": "BTCUSDT", "interval": "1d"}),
        # a range and no schedule is a grid's, as before
        ("make a strategy for ETH between 3000 and 4000", {"kind": "grid", "lower": "3000", "upper": "4000"}),
    ],
)
def test_a_new_strategy_on_a_schedule_is_a_dca(text: str, slots: dict[str, Any]) -> None:
    _is(text, "strategy_management", "create", slots)


@each(
    ("text", "action", "name"),
    [
        ("take eth grid out of the defaults", "deactivate", "eth grid"),
        ("remove btc dca from my defaults", "deactivate", "btc dca"),
        ("將 SOL定投 由預設移走", "deactivate", "SOL定投"),
        ("用大饼定投当默认策略", "activate", "大饼定投"),
        ("將BTC定投設做預設", "activate", "BTC定投"),
        ("make eth grid one of my defaults", "activate", "eth grid"),
    ],
)
def test_a_strategy_into_or_out_of_the_defaults(text: str, action: str, name: str) -> None:
    _is(text, "strategy_management", action, {"target_ref": {"name": name}}, STRATEGIES)


def test_out_of_the_defaults_asked_changes_nothing() -> None:
    _is("is eth grid out of the defaults?", None, names=STRATEGIES)


def test_moved_away_alone_deletes_the_strategy() -> None:
    _is("把eth grid移走", "strategy_management", "delete", {"target_ref": {"name": "eth grid"}}, STRATEGIES)


# -- records: a field's word and its value, a name's bounds ---------------------------------------

TRADERS = {"trader": ["alpha", "beta", "moonshot", "阿強", "小牛"], "model": ["kimi"]}
TEST, MAIN = {"account": ["test"]}, {"account": ["main"]}


@each(
    ("text", "slots", "names"),
    [
        (
            "账户test改个名叫测试号",
            {"field": "name", "new_name": "测试号", "target_ref": {"name": "test"}},
            TEST,
        ),
        ("把main改个名叫主号", {"field": "name", "new_name": "主号", "target_ref": {"name": "main"}}, MAIN),
        ("账户test改个名", {"field": "name", "target_ref": {"name": "test"}}, TEST),
    ],
)
def test_an_account_renamed(text: str, slots: dict[str, Any], names: dict[str, list[str]]) -> None:
    _is(text, "exchange_management", "update", slots, names)


@each(
    "text",
    [
        "kimi 的 API 位址改成 https://api.moonshot.cn/v1",
        "kimi 的網址改成 https://api.moonshot.cn/v1",
        "kimi 的api地址改成 https://api.moonshot.cn/v1",
        "change the api address of kimi to https://api.moonshot.cn/v1",
    ],
)
def test_a_model_configs_address_changed(text: str) -> None:
    url = "https://api.moonshot.cn/v1"
    slots = {"field": "base_url", "base_url": url, "target_ref": {"name": "kimi"}}
    _is(text, "model_management", "update", slots)


@each("text", ["把 deepseek 这个配置先停用", "把 deepseek 这个配置暂时停用"])
def test_a_model_config_named_before_this_one_is_that_one(text: str) -> None:
    _is(text, "model_management", "update", {"enabled": "false", "target_ref": {"name": "deepseek"}})


@each(("text", "name"), [("删掉先锋账户", "先锋账户"), ("先删掉主账户", "主账户")])
def test_for_now_is_never_cut_out_of_a_name(text: str, name: str) -> None:
    _is(text, "exchange_management", "delete", {"target_ref": {"name": name}})


@each(
    ("text", "action"),
    [
        ("delete trader moonboy, its been bleeding money", "delete"),
        ("delete trader moonboy, it lost a lot", "delete"),
        ("stop trader moonboy, losing too much money", "stop"),
    ],
)
def test_a_name_ends_at_its_clause(text: str, action: str) -> None:
    from core.conversation.reading import read_asks
    from tests.fakes import shared_router

    asks = read_asks(text, shared_router())
    assert [(r.skill, r.action, r.slots.get("target_ref")) for r in asks] == [
        ("trader_management", action, {"name": "moonboy"})
    ], asks


def test_a_pronoun_asking_something_is_still_read_back() -> None:
    from core.conversation.reading import read_asks
    from tests.fakes import shared_router

    asks = read_asks("stop trader alpha, then delete it", shared_router())
    assert [(r.action, r.slots.get("target_ref")) for r in asks] == [
        ("stop", {"name": "alpha"}),
        ("delete", {"name": "alpha"}),
    ], asks


@each(
    ("text", "model"),
    [
        ("switch moonshot to use kimi", "kimi"),
        ("把moonshot改成用kimi", "kimi"),
        ("幫阿強轉用 kimi 模型", "kimi"),
        ("阿强改用deepseek", "deepseek"),
        ("幫我改交易員阿強嘅模型做kimi", "kimi"),
        ("阿强的模型改下 deepseek", "deepseek"),
    ],
)
def test_a_traders_model_switched(text: str, model: str) -> None:
    _is(text, "trader_management", "update", {"field": "model", "model": model}, TRADERS)


def test_a_new_name_keeps_every_word() -> None:
    _is("rename moonshot to use less", "trader_management", "update", {"new_name": "use less"}, TRADERS)


def test_two_models_named_ask_which() -> None:
    from tests.fakes import route_with_names

    route = route_with_names("把阿强的模型 kimi deepseek 换一下", TRADERS)
    assert route is not None and "model" not in route.slots, route


@each(
    ("text", "action"),
    [("turn all my bots back on", "start"), ("stop all my traders", "stop"), ("启动全部交易员", "start")],
)
def test_all_of_them(text: str, action: str) -> None:
    _is(text, "trader_management", action, {"target_ref": {"all": "1"}})


@each("text", ["Answers every Bot API call like Telegram would, and records it.", "你還沒有任何交易員"])
def test_every_bot_said_in_passing_asks_nothing(text: str) -> None:
    _is(text, None)


@each("text", ["看下小牛的详情", "show me alpha", "看看alpha"])
def test_one_of_theirs_shown(text: str) -> None:
    _is(text, "trader_management", "query", names=TRADERS)


@each(
    ("text", "slots", "names"),
    [
        ("幫 alpha 開埋每日總結", {"daily_summary": "on", "target_ref": {"name": "alpha"}}, TRADERS),
        ("turn on the daily recap for beta", {"daily_summary": "on"}, TRADERS),
        ("關掉小綠的自動啟動", {"auto_start": "off", "target_ref": {"name": "小綠"}}, None),
        ("閂埋 beta 嘅自動啟動", {"auto_start": "off", "target_ref": {"name": "beta"}}, TRADERS),
        ("turn off auto start for gamma", {"auto_start": "off", "target_ref": {"name": "gamma"}}, None),
    ],
)
def test_a_traders_switch(text: str, slots: dict[str, Any], names: dict[str, list[str]] | None) -> None:
    _is(text, "trader_management", "update", slots, names)


def test_open_one_more_account_in_cantonese_creates_it() -> None:
    _is("幫我開埋個模擬帳戶", "exchange_management", "create", {"exchange": "paper"})


# -- what a trader made is its P&L; how it is doing its status ------------------------------------


@each(
    ("text", "slots"),
    [
        ("how much has alpha earned", {"trader": "alpha"}),
        ("小牛这周盈亏如何", {"trader": "小牛", "period": "week"}),
        ("alpha 今天赚了多少", {"trader": "alpha", "period": "today"}),
        ("trader alpha pnl", {"trader": "alpha"}),
        ("交易员 alpha 的收益", {"trader": "alpha"}),
    ],
)
def test_what_a_trader_made_is_its_pnl(text: str, slots: dict[str, Any]) -> None:
    _is(text, "pnl", "report", slots, TRADERS)


@each("text", ["how is alpha doing", "alpha 还在跑吗", "我的交易员赚钱了吗", "我的交易员收益怎么样"])
def test_how_a_trader_is_doing_is_its_status(text: str) -> None:
    _is(text, "trader_management", "query", {"status": "1"}, TRADERS)


# -- orders, trades and accounts said with a record's words ---------------------------------------


@each(("text", "level"), [("SOL 止賺設 260", "260"), ("SOL 止赚 260", "260")])
def test_take_profit_said_as_a_stopped_gain(text: str, level: str) -> None:
    _is(text, "orders", "protect", {"symbol": "SOLUSDT", "take_profit": level})


@each(
    ("text", "action", "amount"),
    [
        ("开多0.05个大饼 合约", "buy", "base:0.05"),
        ("幫我 long 0.2 ETH 合約", "buy", "base:0.2"),
        ("幫我喺合約度買100U ETH", "buy", "quote:100"),
        ("short 1 eth on futures", "sell", "base:1"),
    ],
)
def test_an_order_in_the_futures_wallet(text: str, action: str, amount: str) -> None:
    _is(text, "trade_execution", action, {"amount": amount, "wallet": "futures"})


@each("text", ["买0.1个btc 现货", "buy 0.1 btc spot", "放100u买btc"])
def test_a_spot_order_names_no_other_wallet(text: str) -> None:
    from tests.fakes import route_with_names

    route = route_with_names(text)
    assert route is not None and route.action == "buy" and "wallet" not in route.slots, route


def test_a_futures_position_said_in_cantonese() -> None:
    _is("我合約嗰度嘅倉位", "account_query", "positions", {"wallet": "futures"})


@each(
    ("text", "balance"),
    [
        ("I would like to open a practice account with 10,000 dollars, please.", "10000"),
        ("给我开个模拟账户，放十万", "100000"),
        ("set me up with a paper account, 50k", "50000"),
        ("set me up with a paper account, 50k please", "50000"),
        ("开个模拟账户，5万", "50000"),
        ("开个模拟账户 存5万U", "50000"),
        ("open me a paper account with 5k usdt", "5000"),
        ("add a paper account, -5000", "refused:sign:-5000"),  # never 5000
    ],
)
def test_a_paper_account_with_its_starting_money(text: str, balance: str) -> None:
    _is(text, "exchange_management", "create", {"exchange": "paper", "paper_balance": balance})


@each("text", ["add a binance account, 2", "set me up with a paper account, 50k eth"])
def test_a_number_alone_is_only_a_paper_accounts_money(text: str) -> None:
    from tests.fakes import route_with_names

    route = route_with_names(text)
    assert route is not None and route.action == "create" and "paper_balance" not in route.slots, route


@each(("text", "skill"), [("show open orders", "orders"), ("open a long on btc", "trade_execution")])
def test_open_creates_only_an_account(text: str, skill: str) -> None:
    from tests.fakes import route_with_names

    route = route_with_names(text)
    assert route is not None and route.skill == skill, route


def test_best_practice_is_no_account() -> None:
    _is("best practice for dca", None)
