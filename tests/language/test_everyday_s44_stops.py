"""Everyday asks around "stop" (session 44): a take-profit's or stop-loss's price is the order's,
never a bot's name, and a protect said after stopping a coin's bot is on that coin. Each case
failed before its fix."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of, assert_asks, assert_routes_to

STOP = ("trader_management", "stop")
PROTECT = ("orders", "protect")

# -- a price said right after an order's price word is no record's name ------------------------


@each(
    ("text", "want"),
    [
        ("take profit 4200 and stop the bot", [(*PROTECT, {"take_profit": "4200"}), (*STOP, {})]),
        ("set tp at 4200 and stop the bot", [(*PROTECT, {"take_profit": "4200"}), (*STOP, {})]),
        ("止盈4200然后停掉机器人", [(*PROTECT, {"take_profit": "4200"}), (*STOP, {})]),
        ("止盈4200，然後停掉機器人", [(*PROTECT, {"take_profit": "4200"}), (*STOP, {})]),
    ],
)
def test_price_is_no_bots_name(text: str, want: list[tuple[str, str, dict[str, Any]]]) -> None:
    assert_asks(text, want)
    # the bot "the bot" is, as "stop the bot" alone routes: no trader named "4200"
    assert "target_ref" not in asks_of(text)[1].slots


# -- a protect after stopping a coin's bot: both asks, the stop on that coin --------------------


@each(
    ("text", "price"),
    [
        ("stop my eth bot and set a stop loss at 3000", {"stop_loss": "3000"}),
        ("stop my eth bot and take profit at 4500", {"take_profit": "4500"}),
        ("stop my eth bot, then stop loss at 3000", {"stop_loss": "3000"}),
        ("停掉我的eth机器人，再设个止损3000", {"stop_loss": "3000"}),
        ("停掉我的eth機器人，再設個止損3000", {"stop_loss": "3000"}),
    ],
)
def test_stop_then_protect(text: str, price: dict[str, str]) -> None:
    assert_asks(
        text,
        [(*STOP, {"target_ref": {"name": "eth"}}), (*PROTECT, {**price, "symbol": "ETHUSDT"})],
    )


def test_stops_guards() -> None:
    # a number with no order word before it is still a name
    assert_routes_to("stop bot 4200", *STOP, {"target_ref": {"name": "4200"}})
    # the price ask after a coin's bot lends no coin to a price of another coin
    assert_asks(
        "take profit 4200, then pause my btc bot",
        [(*PROTECT, {"take_profit": "4200"}), (*STOP, {"target_ref": {"name": "btc"}})],
    )
    # no coin said before: the protect asks its coin (none lent)
    asks = asks_of("take profit 4200 and stop the bot")
    assert "symbol" not in asks[0].slots
    # a protect alone keeps its price and reads no trader
    assert_routes_to("set a stop loss at 3000", *PROTECT, {"stop_loss": "3000"})
