"""A buy said to repeat is a DCA to set up, never an order placed now: "每2周买200U以太坊", "buy
100u of btc every 2 weeks", "每4小时买20U的ETH", "buy 1.5k usdt of btc weekly" were each offered
as one market buy. A DCA said in coins ("每天买0.001个BTC") is refused quoting it, not asked for
its amount as if none had been said (issue 21)."""

from __future__ import annotations

import pytest

from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import codes, text_of


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@pytest.mark.parametrize(
    ("text", "interval", "amount"),
    [
        ("每2周买200U以太坊", "2w", "200"),
        ("buy 100u of btc every 2 weeks", "2w", "100"),
        ("每4小时买20U的ETH", "4h", "20"),
        ("buy 1.5k usdt of btc weekly", "1w", "1500"),
    ],
)
async def test_a_buy_that_repeats_sets_up_a_dca(
    desk: StrategyDesk, text: str, interval: str, amount: str
) -> None:
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("strategy_management", "create"), text_of(reply)
    assert reply.route.slots["interval"] == interval and reply.route.slots["quote_amount"] == amount


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("每天买0.001个BTC", "「0.001个BTC」"), ("buy 0.001 btc every day", "“0.001 btc”")],
)
async def test_a_dca_said_in_coins_is_refused_quoting_it(desk: StrategyDesk, text: str, quoted: str) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply)[:1] == ["invalid_slot"] and codes(reply)[-1] == "ask_quote_amount", text_of(reply)
    assert quoted in text_of(reply)
    assert await desk.strategies.owned(OWNER) == []


@pytest.mark.parametrize(
    ("create", "text"),
    [
        ("创建一个BTC定投策略，每天买50U", "BTC定投每次改成买80U"),
        ("create a DCA strategy for BTC, buy 50U every day", "change the amount of btc dca to buy 80 usdt"),
    ],
)
async def test_an_amount_changed_with_a_verb_before_it_is_the_amount(
    desk: StrategyDesk, create: str, text: str
) -> None:
    """ "买80U" was refused as no number ("「买80U」不是一个数字")."""
    await desk.chat.say(create)
    await desk.chat.say("确认" if create.startswith("创建") else "yes")
    reply = await desk.chat.say(text)
    if "invalid_slot" not in codes(reply) and reply.buttons:
        reply = await desk.chat.press(reply.buttons[0].token)
    (strategy,) = await desk.strategies.owned(OWNER)
    assert str(strategy.params.quote_amount) == "80", text_of(reply)  # type: ignore[union-attr]
