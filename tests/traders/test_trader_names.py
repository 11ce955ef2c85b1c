"""A trader's (and a strategy's) name is read whole by the shared name reader
(core.workspace.extraction): "create a trader called Alt Two" is "Alt Two", never "Alt"; "叫 小号 二"
is "小号 二"; a quoted name is taken exactly; and what follows a name is not part of it."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.cases import each
from tests.fakes import full_router
from tests.traders.conftest import OWNER, TraderDesk, dca, text_of


@each(
    ("text", "name"),
    [
        ("create a trader called Alt Two", "Alt Two"),
        ("create a trader named Alt Two on my paper account", "Alt Two"),
        ('create a trader called "Alt Two"', "Alt Two"),
        ("创建一个交易员 叫 小号 二", "小号 二"),
        ("创建一个交易员，名字叫 小号 二 用模拟账户", "小号 二"),
        ("创建交易员「小号 二」", "小号 二"),
        ("创建交易员 叫 alpha 用 BTC定投策略", "alpha"),
        ("创建一个叫 小号 二 的交易员", "小号 二"),
    ],
)
def test_a_create_request_gives_the_whole_name(text: str, name: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "create"), route
    assert route.slots["name"] == name


@each(
    ("text", "action", "name"),
    [
        ("start the trader called Alt Two", "start", "Alt Two"),
        ("启动交易员 叫 小号 二", "start", "小号 二"),
        ("stop the trader named “Alt Two”", "stop", "Alt Two"),
    ],
)
def test_a_target_is_named_whole(text: str, action: str, name: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", action), route
    assert route.slots["target_ref"] == {"name": name}


@each(
    ("text", "name"),
    [
        ("create a DCA strategy for BTC called Alt Two, 50 USDT daily", "Alt Two"),
        ("create a dca strategy called weekly btc for BTC 20 USDT weekly", "weekly btc"),
        ("创建一个BTC定投策略 叫 小号 二，每天买50U", "小号 二"),
        ("创建BTC定投策略，名字叫 BTC 每日", "BTC 每日"),
    ],
)
def test_a_strategy_name_is_read_by_the_same_reader(text: str, name: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "create"), route
    assert route.slots["name"] == name


def test_what_follows_a_strategy_name_is_still_read() -> None:
    route = full_router().route("create a dca strategy called weekly btc for BTC 20 USDT weekly")
    assert route is not None
    assert (route.slots["symbol"], route.slots["quote_amount"], route.slots["interval"]) == (
        "BTCUSDT",
        "20",
        "1w",
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [("create a trader called Alt Two", "Alt Two"), ("创建一个交易员 叫 小号 二", "小号 二")],
)
async def test_the_trader_is_created_under_the_whole_name(desk: TraderDesk, text: str, name: str) -> None:
    await desk.account()
    await desk.strategy("BTC定投", dca(), default=True)
    done = await desk.chat.say(text)
    assert done.status is Status.COMPLETED, text_of(done)
    [trader] = await desk.traders.owned(OWNER)
    assert trader.name == name
    started = await desk.chat.say(
        f"start the trader called {name}" if name.isascii() else f"启动交易员 叫 {name}"
    )
    assert "trader_started" in [getattr(b, "code", None) for b in started.blocks], text_of(started)
