"""Everyday phrasings of session 43 (worker en3): each failed before its fix, which is a word in the
lexicon, a condition in an intent table or a reader's rule covering the family, never a pattern for
the one phrasing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to, route_with_names


# An order cancelled, named by its side or kind: the orders skill's cancel (it asks which order when
# no number is said), never a buy or sell placed.
@each(
    "text",
    [
        "cancel my limit buy",
        "cancel my limit sell",
        "cancel the eth buy order",
        "delete my sell order",
        "kill my eth limit buy",
        "stop my limit sells",
        "cancel my buy and sell orders",
        "撤销我的限价买单",
        "撤掉我的限价卖单",
        "取消我的买入限价单",
        "撤銷我的限價買單",
    ],
)
def test_an_order_cancelled_by_its_side_is_no_order_placed(text: str) -> None:
    assert_routes_to(text, "orders", "cancel")


@each(
    ("text", "slots"),
    [
        ("buy 0.1 btc", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("limit buy 0.01 btc at 85000", {"symbol": "BTCUSDT", "limit_price": "85000"}),
    ],
)
def test_a_side_asked_for_still_places_an_order(text: str, slots: dict[str, str]) -> None:
    route = route_with_names(text)
    assert route is not None and route.skill == "trade_execution", route
    assert all(route.slots.get(k) == v for k, v in slots.items()), route


# A change said by raising a record's value ("raise", "increase", "加到", "加大到"), a new value
# after it: the record's field changed, never a new strategy; "加到默认" adds to the default.
@each(
    ("text", "slots"),
    [
        (
            "raise my eth grid to 30 levels",
            {"field": "grids", "grids": "30", "target_ref": {"name": "eth grid"}},
        ),
        ("把btc网格加到25格", {"field": "grids", "grids": "25", "target_ref": {"name": "btc网格"}}),
        ("把網格格數調大到40", {"field": "grids", "grids": "40"}),
        (
            "把定投金额加大到100u",
            {"field": "quote_amount", "quote_amount": "100u", "target_ref": {"alias": "dca"}},
        ),
        ("把定投金额改成100u", {"field": "quote_amount", "quote_amount": "100u"}),
        ("把btc定投加到每次100u", {"field": "quote_amount", "quote_amount": "100u"}),
        ("increase the sol dca to 50u a day", {"target_ref": {"name": "sol dca"}}),
    ],
)
def test_a_value_raised_is_the_records_field_changed(text: str, slots: dict[str, object]) -> None:
    assert_routes_to(text, "strategy_management", "update", slots)


def test_added_to_the_default_is_no_field_changed() -> None:
    assert_routes_to(
        "把btc定投加到默认", "strategy_management", "activate", {"target_ref": {"name": "btc定投"}}
    )


# A DCA's new value that is a sum of USDT, "to" or "up to" after the change: its amount per buy
# (as a new DCA's money is), never its name nor a cap with no value; a field's word still says
# which ("the cap ... up to"); a grid's money names no field (the skill asks which).
@each(
    ("text", "slots"),
    [
        ("bump my btc dca up to 500 usdt", {"field": "quote_amount", "quote_amount": "500 usdt"}),
        ("bump my btc dca to 500 usdt", {"field": "quote_amount", "quote_amount": "500 usdt"}),
        ("raise my btc dca to 100u", {"field": "quote_amount", "quote_amount": "100u"}),
        ("raise the cap of my btc dca up to 2000 usdt", {"field": "max_total", "max_total": "2000 usdt"}),
        ("raise my eth grid to 2000u", {"field": None, "target_ref": {"name": "eth grid"}}),
    ],
)
def test_money_raised_on_a_dca_is_its_amount(text: str, slots: dict[str, object]) -> None:
    assert_routes_to(text, "strategy_management", "update", slots)


# What deskmate shows of a holding ("it says i have", "it shows", "显示我没有", "说我没有") told as
# contrary to what one did: the balance / positions diagnosis, the words balance or positions unsaid.
@each(
    "text",
    [
        "it says i have no btc but i'm sure i bought some",
        "it shows 0 btc but i'm sure i bought some",
        "the app says i have no eth but i definitely bought some",
        "显示我没有btc 但我明明买了",
        "說我沒有btc，但我明明買過",
    ],
)
def test_a_holding_shown_contrary_to_what_was_done(text: str) -> None:
    assert_routes_to(text, "balance_position_diagnosis", "diagnose")


@each(("text", "skill"), [("我明明买了eth", None), ("i have btc", "account_query")])
def test_no_contrary_shown_is_no_diagnosis(text: str, skill: str | None) -> None:
    route = route_with_names(text)
    assert (route.skill if route else None) == skill, route


# A model id used (用 / 使用 / with, as "use") by a config of theirs: its model changed, no new config;
# a create's word before "my" still adds one.
@each("text", ["我的openai配置用gpt-4o", "我的openai配置使用gpt-4o", "my openai config with gpt-4o"])
def test_a_model_used_by_their_config_is_its_model_changed(text: str) -> None:
    assert_routes_to(
        text,
        "model_management",
        "update",
        {"field": "model", "model": "gpt-4o", "target_ref": {"name": "openai"}},
    )


@each("text", ["add my openai config with gpt-4o", "配置一个openai模型 用gpt-4o"])
def test_a_config_added_with_a_model_is_still_added(text: str) -> None:
    assert_routes_to(text, "model_management", "create", {"model": "gpt-4o", "provider": "openai"})
