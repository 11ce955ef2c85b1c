"""Everyday requests missed before session 43 (zh, zh-Hant, en):

- "接" and "连" connect right before a model provider or an exchange ("我想接 Kimi", "帮我连
  deepseek", "幫我連 binance"), never inside other words ("连续", "接口", "接着"): verb.bind's
  before_object words, whose ``objects`` are a provider's and an exchange's names (the lexicon
  says which objects a before_object word takes; "出" still takes an amount or a coin).
- A name right before 这个/那个 and a kind's word names the record ("删掉小号这个账户": 小号), not
  the last one touched.
- "删掉刚配的那个", "delete the one i just made": a delete of the last record, of whichever kind
  the conversation last touched.
- "我有什么币", "我有哪些币": the coins held.
- "上礼拜的成交", "上周成交记录": last week's trades, not the 7-day chart.
"""

from __future__ import annotations

from datetime import date

import pytest

from core.language.lexicon import LexiconError, parse_group
from core.reply import Status
from tests.cases import each
from tests.fakes import assert_routes_to, route_with_names
from tests.strategies.desk import strategy_desk


@each(
    ("text", "skill", "slots"),
    [
        ("我想接 Kimi", "model_management", {"provider": "kimi"}),
        ("帮我连 deepseek", "model_management", {"provider": "deepseek"}),
        ("我想連 Kimi", "model_management", {"provider": "kimi"}),
        ("幫我連 binance", "exchange_management", {"exchange": "binance"}),
        ("我要连okx", "exchange_management", {"exchange": "okx"}),
        ("接 openai", "model_management", {"provider": "openai"}),
    ],
)
def test_jie_and_lian_connect_before_a_provider_or_an_exchange(
    text: str, skill: str, slots: dict[str, str]
) -> None:
    assert_routes_to(text, skill, "create", slots)


@each("text", ["连续跌了三天", "接口报错了", "我想接着跑", "连着三天都在跌"])
def test_jie_and_lian_inside_other_words_connect_nothing(text: str) -> None:
    assert_routes_to(text, None)


@each(
    "table",
    [
        {"zh": ["连"], "before_object": ["连"], "objects": ["a provider"]},
        {"zh": ["连"], "before_object": ["连"], "objects": []},
        {"zh": ["连"], "objects": ["provider"]},
    ],
)
def test_the_objects_a_word_takes_are_known_ones(table: dict[str, list[str]]) -> None:
    with pytest.raises(LexiconError, match="objects"):
        parse_group("verb", {"bind": table}, source="verb.toml")


def test_a_want_before_chu_sells_what_follows() -> None:
    """A word of wanting may stand right before a guarded word, as a word the tagger reads may."""
    assert_routes_to("我想出 0.1 eth", "trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "base:0.1"})


@each(
    ("text", "skill", "action", "name"),
    [
        ("删掉小号这个账户", "exchange_management", "delete", "小号"),
        ("刪掉小號這個賬戶", "exchange_management", "delete", "小號"),
        ("把测试那个账户删了", "exchange_management", "delete", "测试"),
        ("把测试那个策略删了", "strategy_management", "delete", "测试"),
        ("停掉alpha这个交易员", "trader_management", "stop", "alpha"),
    ],
)
def test_a_name_before_this_and_a_kind_names_the_record(
    text: str, skill: str, action: str, name: str
) -> None:
    assert_routes_to(text, skill, action, {"target_ref": {"name": name}})


@each(
    "text",
    [
        "删掉刚配的那个",
        "刚建的那个删掉",
        "刪掉剛配的那個",
        "delete the one i just made",
        "delete the one i just added",
    ],
)
def test_the_one_just_made_is_the_last_record(text: str) -> None:
    assert_routes_to(text, "exchange_management", "delete", {"target_ref": {"recent": "1"}, "any_kind": "1"})


@each("text", ["stop alpha then delete it", "那个主号我不想要了，帮我去掉", "rename it to spare"])
def test_more_said_than_the_last_one_is_not_the_last_one(text: str) -> None:
    """Only a delete saying nothing but its verb and the pointing words is the last record's."""
    route = route_with_names(text, None)
    assert route is None or (route.slots.get("target_ref") or {}).get("recent") is None, route


@pytest.mark.parametrize("text", ["删掉刚建的那个", "delete the one i just made", "刪掉剛建的"])
async def test_the_one_just_made_is_deleted_in_its_own_kind(text: str) -> None:
    """With no pronoun to read ("delete the one i just made"), the account skill hands the delete
    to the skill of the record the conversation last touched."""
    desk = strategy_desk()
    made = await desk.chat.say("创建一个BTC定投策略，每天买50U")
    assert made.status is Status.COMPLETED
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("strategy_management", "delete"), asked.route
    assert asked.status is Status.AWAITING_CONFIRMATION


@each(
    "text",
    ["我有什么币", "我有哪些币", "我都有哪些币", "我有甚麼幣", "我手上有啥币", "which coins do i have"],
)
def test_which_coins_i_have_are_the_positions(text: str) -> None:
    assert_routes_to(text, "account_query", "positions")


@each("text", ["我有哪些单", "我有什么单"])
def test_which_orders_i_have_stay_the_open_orders(text: str) -> None:
    assert_routes_to(text, "orders", "open_orders")


@each(
    "text",
    [
        "上礼拜的成交",
        "上周成交记录",
        "上禮拜的成交",
        "上個禮拜的成交紀錄",
        "上星期的成交",
        "my fills last week",
        "what did i buy last week",
    ],
)
def test_last_weeks_fills_are_the_trades_of_last_week(text: str) -> None:
    assert_routes_to(text, "account_query", "trades", {"day": "last_week"})


def test_last_week_is_monday_to_sunday_before_this_week() -> None:
    from core.skills.account_query.skill import _days

    assert _days("last_week", date(2026, 12, 5)) == (date(2026, 11, 23), date(2026, 11, 29))
    assert _days("yesterday", date(2026, 12, 5)) == (date(2026, 12, 4), date(2026, 12, 4))
    assert _days("None", date(2026, 12, 5)) is None
