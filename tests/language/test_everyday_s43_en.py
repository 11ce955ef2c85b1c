"""Everyday English (session 43, a blind set written by someone who never saw the rules), with the
Chinese of the same families. Each case failed before its fix, which is a word in the lexicon data,
a condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to


@each(
    "text",
    [
        # One's own trade told, no question asked: a story (outside.told), never a query or an order
        "i sold eth yesterday lol",
        "i bought some btc back in 2017 and im still holding lol",
        "i just bought eth today haha",
        "i've sold all my sol",
    ],
)
def test_own_trade_told(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "slots"),
    [
        # The same words asked about, or with a request's verb: the trades
        ("what did i sell yesterday", {"day": "yesterday"}),
        ("show what i sold yesterday", {"day": "yesterday"}),
        ("did i sell eth yesterday?", {"symbol": "ETHUSDT", "day": "yesterday"}),
        ("show me what i bought today", {"day": "today"}),
    ],
)
def test_own_trade_asked(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "account_query", "trades", slots)


@each(
    ("text", "days"),
    [
        # "+" joins the price now and a chart, as "and" / "plus" do: both
        ("eth price right now + the 30 day chart", 30),
        ("btc price now + 7 day chart", 7),
        ("btc现价+30天走势", 30),
    ],
)
def test_price_plus_chart(text: str, days: int) -> None:
    _routes_to(text, "price", "both", {"days": days})


@each(
    ("text", "slots"),
    [
        # How much one has, no coin or money named: the balance, on the exchange named
        ("yo how much do i have on binance", {"target_ref": {"alias": "binance"}}),
        ("how much do i have on okx", {"target_ref": {"alias": "okx"}}),
        ("how much do i have", {}),
        ("我在币安有多少", {"target_ref": {"alias": "binance"}}),
        ("我在幣安有多少", {"target_ref": {"alias": "binance"}}),
    ],
)
def test_how_much_do_i_have(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "account_query", "balance", slots)


def test_accounts_counted_not_balance() -> None:
    _routes_to("how many exchange accounts do i have", "exchange_management", "query")


@each(
    "text",
    [
        # "so far", "to date", "到目前为止": the whole P&L, no period and no name
        "how much have i made so far",
        "how much have i lost so far",
        "how much have i made to date",
        "到目前为止我赚了多少",
        "我至今赚了多少",
    ],
)
def test_pnl_so_far(text: str) -> None:
    _routes_to(text, "pnl", "report", {"view": "summary", "period": None})


@each(
    "text",
    [
        # A grid count set is its number, the unit word left out
        "change eth grid to 40 grids",
        "set my eth grid to 40 grids",
        "把eth网格改成40格",
        "把eth網格改成40格",
    ],
)
def test_grid_count_set(text: str) -> None:
    _routes_to(text, "strategy_management", "update", {"field": "grids", "grids": "40"})


@each(
    ("text", "name", "model"),
    [
        # A model's id set on a config, no field named: the model; "switch" / "swap" change it
        ("switch my openai config to gpt-4o", "openai", "gpt-4o"),
        ("change my openai config to gpt-4o", "openai", "gpt-4o"),
        ("swap my deepseek config to deepseek-reasoner", "deepseek", "deepseek-reasoner"),
    ],
)
def test_model_switched_on_config(text: str, name: str, model: str) -> None:
    _routes_to(
        text, "model_management", "update", {"field": "model", "model": model, "target_ref": {"name": name}}
    )


def test_config_renamed_stays_a_name() -> None:
    _routes_to(
        "rename my deepseek config to ds-main",
        "model_management",
        "update",
        {"field": "name", "new_name": "ds-main"},
    )
