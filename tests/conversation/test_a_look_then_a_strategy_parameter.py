"""A look then a change of a trader's strategy parameter ("show rex's settings then set its
interval to 4h", "看看阿强的设置，然后把它的周期改成4h"): both asks are answered in order, and the
interval (a strategy's, no field of a trader's) is no new name. Before, the second ask renamed the
trader to "4h" ("已更新交易员「4h」"); now the trader keeps its name and which of its fields to
change is asked."""

from __future__ import annotations

import pytest

from core.reply import DetailsBlock
from tests.conversation.conftest import Desk, codes, of, shown


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("rex", "show rex's settings then set its interval to 4h"),
        ("阿强", "看看阿强的设置，然后把它的周期改成4h"),
        ("rex", "set rex's interval to 4h"),
        ("阿强", "把阿强的每次金额改成100"),
    ],
)
async def test_a_strategy_parameter_renames_no_trader(desk: Desk, name: str, text: str) -> None:
    await desk.chat.say("创建一个btc定投策略，每天买50u")
    assert "trader_created" in codes(await desk.chat.say(f"创建交易员 {name}"))
    reply = await desk.chat.say(text)
    assert "trader_updated" not in codes(reply), shown(reply)
    assert "strategy_parameter" in codes(reply), codes(reply)  # whose setting it is, and how to change it
    if "4h" in text and ("then" in text or "然后" in text):
        assert of(reply, DetailsBlock), reply.blocks  # the look answered first
    listed = await desk.chat.say("看看我的交易员")
    assert name in shown(listed) or any(name in str(b) for b in listed.blocks)


async def test_a_rename_is_still_a_rename(desk: Desk) -> None:
    await desk.chat.say("创建一个btc定投策略，每天买50u")
    await desk.chat.say("创建交易员 rex")
    assert "trader_updated" in codes(await desk.chat.say("rename rex to bob"))


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("rex", "set rex's interval to 4h", 'say "set the interval of strategy BTC定投 to 4h"'),
        ("阿强", "把阿强的周期改成4h", "请说“把策略BTC定投的间隔改成4h”"),
    ],
)
async def test_whose_setting_it_is_and_the_words_that_change_it(
    desk: Desk, name: str, text: str, said: str
) -> None:
    await desk.chat.say("创建一个btc定投策略，每天买50u")
    await desk.chat.say(f"创建交易员 {name}")
    reply = await desk.chat.say(text)
    assert codes(reply) == ["strategy_parameter"], shown(reply)
    assert "BTC定投" in shown(reply) and said in shown(reply), shown(reply)
    words = said.split("“")[-1].rstrip("”") if "“" in said else said.split('"')[1]
    offered = await desk.chat.say(words)  # the words given change the strategy's, confirmed first
    assert offered.route is not None and offered.route.skill == "strategy_management", offered
    assert offered.route.slots.get("interval") == "4h", offered.route
    assert "confirm_update" in codes(offered), shown(offered)
