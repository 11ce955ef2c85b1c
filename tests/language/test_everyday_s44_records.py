"""Everyday phrasings about the workspace's records (session 44): strategies, traders, exchange
accounts, model configs and their fields. Each fix is a family (a field's word with the value
grammar, a name's bounds, a default), never one sentence; the guards are what it must not catch."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import assert_routes_to as _is

STRATEGIES = {"strategy": ["BTC定投", "每週定投", "SOL定投", "大饼定投", "eth grid", "btc dca"]}

# -- strategies: an update's interval is the value grammar's, as a new strategy's ----------------


@pytest.mark.parametrize(
    ("text", "interval"),
    [
        ("把 BTC定投 的周期改成4小时", "4h"),
        ("把每週定投改成每天買", "1d"),
        ("將策略 BTC定投 改做每4個鐘一次", "4h"),
        ("change btc dca to every 2 days", "2d"),
        ("switch my btc dca to daily", "1d"),
        ("把BTC定投改成每周一次", "1w"),
        ("把BTC定投改成每周一买", "1w"),  # Mondays: weekly, as "every monday" creates
        ("把BTC定投改成每-2天", "refused:sign:-2天"),  # refused quoting it, never a new name
    ],
)
def test_an_updated_interval_is_canonical(text: str, interval: str) -> None:
    _is(text, "strategy_management", "update", {"field": "interval", "interval": interval}, STRATEGIES)


def test_an_interval_not_whole_is_said_back_as_typed() -> None:
    _is("change btc dca to every 1.5 days", "strategy_management", "update", {"interval": "every 1.5 days"})


@pytest.mark.parametrize(
    ("text", "new"), [("把BTC定投改名为每周定投", "每周定投"), ("rename btc dca to daily dca", "daily dca")]
)
def test_a_rename_is_a_new_name_whatever_it_says(text: str, new: str) -> None:
    _is(text, "strategy_management", "update", {"field": "name", "new_name": new}, STRATEGIES)


@pytest.mark.parametrize(
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


@pytest.mark.parametrize(
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
