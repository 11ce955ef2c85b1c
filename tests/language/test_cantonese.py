"""Hong Kong's Cantonese words are read as the Mandarin ones the lexicon knows, one character for
one character (lexicon/phrases/cantonese.toml): "点解我卖唔到以太" is "为啥我卖不到以太", and a
name is still read back as it was typed."""

from __future__ import annotations

from core.language.normalize import normalize, normalize_text
from tests.cases import each
from tests.fakes import route_with_names, shared_router


@each(
    ("typed", "read"),
    [
        ("點解我賣唔到以太", "为啥我卖不到以太"),
        ("今個月賺咗幾多", "这个月赚了多少"),
        ("我設咗邊啲提醒", "我设了哪些提醒"),
        ("唔該幫我沽晒啲狗狗幣", "谢谢帮我卖光的狗狗币"),  # the longest word first: 唔该, not 不该
        ("把 moonboy 改名做 sunboy", "把 moonboy 改名为 sunboy"),
        ("我个户口仲有几多钱", "我个账户还有多少钱"),  # written in simplified characters too
    ],
)
def test_cantonese_words_read_as_mandarin(typed: str, read: str) -> None:
    assert normalize(typed) == read


def test_the_offsets_stay_the_typed_ones() -> None:
    norm = normalize_text("停咗 小飛俠")
    assert norm.text == "停了 小飞侠"
    assert norm.typed(3, 6) == "小飛俠"


def test_mandarin_is_unchanged() -> None:
    for text in ("为什么我卖不了以太", "这个月赚了多少", "嗯 那就买吧", "btc price"):
        assert normalize(text) == text


@each(
    ("text", "skill", "action", "slots"),
    [
        ("我個戶口仲有幾多錢", "account_query", "balance", {}),
        ("唔該幫我沽晒啲狗狗幣", "trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
        ("沽 0.3 個以太", "trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "base:0.3"}),
        ("我設咗邊啲提醒", "price_alert", "query", {}),
        ("今個月賺咗幾多", "pnl", "report", {"period": "month"}),
        ("點解我啲餘額唔啱", "balance_position_diagnosis", "diagnose", {}),
        ("點解我賣唔到以太", "order_execution_diagnosis", "diagnose", {"symbol": "ETHUSDT"}),
        ("我的網格策略點解唔郁", "strategy_diagnosis", "diagnose", {}),
        ("我的交易員點解唔落單", "trader_diagnosis", "diagnose", {}),
        ("我的限價單點解一直未成交", "orders", "why_resting", {}),
        # the Mandarin said the same way routes the same
        ("为啥我卖不到以太", "order_execution_diagnosis", "diagnose", {"symbol": "ETHUSDT"}),
        ("这个月赚了多少", "pnl", "report", {"period": "month"}),
    ],
)
def test_cantonese_asks_route_as_the_mandarin_ones(
    text: str, skill: str, action: str, slots: dict[str, str]
) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, action)
    assert {k: route.slots.get(k) for k in slots} == slots


def test_a_follow_up_in_cantonese_is_one() -> None:
    route = shared_router().route("咁以太呢")
    assert route is not None and route.skill == "price"
    assert route.slots.get("symbols") == ["ETHUSDT"]


@each(
    "text",
    [
        "波仔仲有冇喺度跑",  # 仲有冇 is 还有没有, 喺度 before a verb 正在: was "start 波仔"
        "波仔有冇喺度跑",
        "波仔還有沒有在跑",  # the Mandarin said the same way
        "is 波仔 still running",
    ],
)
def test_is_it_still_running_asks_the_traders_status(text: str) -> None:
    route = route_with_names(text, {"trader": ["波仔"]})
    assert route is not None and (route.skill, route.action) == ("trader_management", "query"), route
    assert route.slots.get("target_ref") == {"name": "波仔"}


def test_you_ah_mou_is_you_mou_you() -> None:
    assert normalize("波仔仲有冇喺度跑") == "波仔还有无正在跑"
    assert normalize("有冇单未成交") == "有无单未成交"
