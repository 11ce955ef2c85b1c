"""Money in a trader create request is never dropped without a word (issue 21): a trader has no
amount of its own. A signed or exponent amount is refused quoting what was typed; a well-read
amount is answered that a trader trades its account's balance. Nothing is created (zh + en)."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.traders.conftest import OWNER, TraderDesk, codes, dca, text_of


@pytest.mark.parametrize(
    ("text", "quoted", "code"),
    [
        ("创建交易员 alpha 初始资金-1000U", "「-1000U」", "no_amount"),
        ("create a trader with 1e4 usdt", "“1e4 usdt”", "no_amount"),
        ("创建交易员 alpha 本金1000U", "「1000U」", "no_amount"),
        ("create a trader named gamma with 1000 usdt", "“1000 usdt”", "no_amount"),
        ("創建交易員 本金1萬U", "「1萬U」", "no_amount"),
        ("create a trader with 0.5 btc", "“0.5 btc”", "no_amount"),
        ("创建交易员 alpha 本金-0.5个BTC", "「-0.5个BTC」", "no_amount"),
    ],
)
async def test_money_in_a_create_request_is_refused_quoting_it(
    desk: TraderDesk, text: str, quoted: str, code: str
) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "create"), text_of(reply)
    assert reply.status is Status.FAILED, text_of(reply)
    assert code in codes(reply), text_of(reply)
    assert quoted in text_of(reply)
    assert await desk.traders.owned(OWNER) == []


@pytest.mark.parametrize(
    "text",
    [
        "创建一个交易员 叫 机器人2号",
        "create a trader named bot-2",
        "创建一个BTC交易员",
        "create a BTC trader named bot 2",
    ],
)
async def test_a_create_with_no_money_goes_on(desk: TraderDesk, text: str) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    reply = await desk.chat.say(text)
    assert reply.status is not Status.FAILED, text_of(reply)
    assert "no_amount" not in codes(reply)
