"""Everyday Chinese phrasings from a blind set (session 42, set H: Mainland, Taiwan and Hong Kong
chat, slang, voice input), none shown to the router before. Each failed before its fix, which is a
word in the lexicon data, a condition in an intent table or a rule of a reader, never a pattern for
the one phrasing. English where the language matters, to show the same ask reads alike."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

_route = route_with_names


# --- Hong Kong's and Taiwan's written words OpenCC leaves as they are -------------------------


@each("text", ["甚麼是槓桿", "甚麼是網格交易", "what is leverage"])
def test_what_is_written_shenme(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("glossary", "explain"), route


@each("text", ["OpenAI 回傳 429", "openai 回传 429", "openai returned 429"])
def test_a_status_returned_said_in_taiwan(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("model_diagnosis", "diagnose"), route
    assert route.slots.get("provider") == "openai"


@each(
    ("text", "symbol"),
    [
        ("以太跌穿3000提我", "ETHUSDT"),
        ("大饼跌破8万提我一下", "BTCUSDT"),
        ("ping me when eth drops below 3000", "ETHUSDT"),
    ],
)
def test_remind_me_said_short(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", "create"), route
    assert route.slots.get("symbol") == symbol and route.slots.get("condition") == "below"


@each(
    "text", ["限價單掛了好久都沒成交", "我的限价单挂了半天没成交", "my limit order has been stuck for hours"]
)
def test_an_order_resting_long_is_why_resting(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "why_resting"), route


# --- Remarks and stories are no request -------------------------------------------------------


@each(
    "text",
    [
        "比特幣好似又要跌了",
        "比特币好像又要跌了",
        "我上年買咗啲以太 蝕咗好多",
        "这行情没法做",
        "上次买的sol已经翻倍了",
        "上次買的SOL已經翻倍了",
        "i think btc is going to dump again",
        "last time i bought sol it doubled",
    ],
)
def test_remarks_and_stories_are_no_request(text: str) -> None:
    assert _route(text) is None


# --- Orders numbered, the default off, a record named with its noun ---------------------------


@each(
    ("text", "number"),
    [("取消3号订单", "3"), ("撤銷第5張單", "5"), ("取消第2笔订单", "2"), ("cancel order 5", "5")],
)
def test_an_order_named_by_its_number(text: str, number: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert route.slots.get("order_no") == number


@each("text", ["默认策略先关了", "預設策略先關掉", "turn off the default strategy"])
def test_the_default_turned_off(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "deactivate"), route


@each(
    ("text", "field", "value"),
    [
        ("机器人一号换成kimi模型", "model", "kimi"),
        ("switch alpha to the kimi model", "model", "kimi"),
        ("alpha 换成 okx主号 账户", "account", "okx主号"),
    ],
)
def test_a_record_named_before_its_noun(text: str, field: str, value: str) -> None:
    names = {"trader": ["alpha", "机器人一号"], "model": ["kimi", "deepseek"], "account": ["okx主号"]}
    route = _route(text, names)
    assert route is not None and (route.skill, route.action) == ("trader_management", "update"), route
    assert route.slots.get("field") == field and route.slots.get(field) == value, route.slots


# --- Orders: the wallet said before the side, the one-character sides -------------------------


@each(
    ("text", "wallet"),
    [
        ("合约买10个sol", "futures"),
        ("现货买10个sol", "spot"),
        ("現貨買10顆SOL", "spot"),
        ("futures buy 10 sol", "futures"),
    ],
)
def test_the_wallet_said_before_the_side(text: str, wallet: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy"), route
    assert route.slots.get("wallet") == wallet and route.slots.get("amount") == "base:10"


@each(
    ("text", "action", "symbol", "amount"),
    [
        ("入200刀eth", "buy", "ETHUSDT", "quote:200"),
        ("帮我入 500u sol", "buy", "SOLUSDT", "quote:500"),
        ("出0.5个大饼", "sell", "BTCUSDT", "base:0.5"),
        ("再出一半sol", "sell", "SOLUSDT", "fraction:0.5"),
    ],
)
def test_a_side_in_one_character_before_its_amount(text: str, action: str, symbol: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", action), route
    assert route.slots.get("symbol") == symbol and route.slots.get("amount") == amount


@each("text", ["收入200u btc", "支出100u eth", "入金100u", "加入100u btc"])
def test_the_character_inside_a_word_is_no_side(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "trade_execution", route


# --- An error code glued to Chinese words -----------------------------------------------------


@each("text", ["币安报错-1021咋回事", "幣安顯示-1021", "binance error -1021"])
def test_an_error_code_glued_to_chinese(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_diagnosis", "diagnose"), route
    assert route.slots.get("error", {}).get("code") == "-1021", route.slots


# --- The weekly report asked on a weekday, a coin's name mistyped -----------------------------


@each(
    "text",
    [
        "以后每周一给我推个盈亏总结",
        "每週一給我推個盈虧總結",
        "每周五推一份收益总结给我",
        "send me a pnl summary every monday",
    ],
)
def test_the_weekly_report_on_a_weekday(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("pnl", "weekly"), route
    assert route.slots.get("switch") == "on"


def test_a_weekday_buy_stays_a_plan() -> None:
    route = _route("每周一买100u的btc")
    assert route is not None and (route.skill, route.action) == ("strategy_management", "create"), route


@each("text", ["比特比多少钱", "比特比现在多少"])
def test_bitcoin_mistyped(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots.get("symbols") == ["BTCUSDT"]
