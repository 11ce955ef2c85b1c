"""Everyday requests said with more around them (session 44, records3): an order to halt or remove
with a remark after it, a plain question after a lead-in set apart by a mark, the default list as
the defaults, Taiwan's 委託, an exchange's account. Each is a condition of the lexicon
(``unless_earlier``), a reader's rule (core.routing.router's lead-in, an account's reader) or a word
of the data, so every request built on it reads it; the guards are what each must not catch."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is

NAMES = {"strategy": ["eth grid", "eth网格"], "trader": ["beta", "小明"], "account": ["main", "主戶口"]}


@each(
    ("text", "skill", "action", "slots"),
    [
        # an order to halt or remove stands with a remark after it
        ("STOP ALL BOTS NOW this dump is insane", "trader_management", "stop", {"target_ref": {"all": "1"}}),
        (
            "get rid of trader beta, it's useless",
            "trader_management",
            "delete",
            {"target_ref": {"name": "beta"}},
        ),
        ("delete trader beta it is useless", "trader_management", "delete", {"target_ref": {"name": "beta"}}),
        ("cancel all my orders this is crazy", "orders", "cancel", {"order_no": "all"}),
        # a plain question after a lead-in set apart by a mark
        (
            "stuck on the bus, quick one: where is bitcoin trading right now",
            "price",
            "current",
            {"symbols": ["BTCUSDT"]},
        ),
        ("on my lunch break: what's the price of eth", "price", "current", {"symbols": ["ETHUSDT"]}),
        # the default list is the defaults
        (
            "take eth grid off the default list",
            "strategy_management",
            "deactivate",
            {"target_ref": {"name": "eth grid"}},
        ),
        (
            "remove eth grid from my default list",
            "strategy_management",
            "deactivate",
            {"target_ref": {"name": "eth grid"}},
        ),
        (
            "把eth网格从默认列表里拿掉",
            "strategy_management",
            "deactivate",
            {"target_ref": {"name": "eth网格"}},
        ),
    ],
)
def test_said_with_more_around_it(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


@each(
    "text",
    [
        # a remark told first, then a story: no order
        "this bot is useless, i stopped it",
        "i think i should stop my bots",
        "my friend said stop all bots",
        # a lead-in before an order, not a question: no order read out of a story
        "my friend said: buy eth now",
        "stuck on the bus",
        "委托人是谁",
    ],
)
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)
