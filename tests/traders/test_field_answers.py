"""A trader update asked "which field?" then "on or off?" takes one-word answers (zh + en), their
words data (core/language/lexicon/phrases/trader_answer.toml). The daily summary's word alone
answers the question: it is no new request parking the update (it was, as auto start's was not)."""

from __future__ import annotations

import pytest

from tests.traders.conftest import TraderDesk, codes, dca, text_of


@pytest.mark.parametrize(
    ("edit", "field_word", "switch_word", "field", "on"),
    [
        ("修改交易员 alpha", "每日汇总", "开启", "daily_summary", True),
        ("修改交易员 alpha", "日报", "关掉", "daily_summary", False),
        ("修改交易员 alpha", "自动启动", "是", "auto_start", True),
        ("edit trader alpha", "daily summary", "on", "daily_summary", True),
        ("edit trader alpha", "auto start", "disabled", "auto_start", False),
    ],
)
async def test_a_field_and_a_switch_answered_in_one_word(
    desk: TraderDesk, edit: str, field_word: str, switch_word: str, field: str, on: bool
) -> None:
    await desk.account()
    strategy = await desk.strategy("BTC定投", dca())
    await desk.chat.say(f"create a trader alpha using strategy {strategy.name}")
    if not on:  # switch it on first, so that "off" changes something
        await desk.chat.say(edit)
        await desk.chat.say(field_word)
        await desk.chat.say("on")
    asked = await desk.chat.say(edit)
    assert codes(asked) == ["ask_field"], text_of(asked)
    switch = await desk.chat.say(field_word)
    assert codes(switch) == [f"ask_{field}"], text_of(switch)
    done = await desk.chat.say(switch_word)
    assert codes(done) == ["trader_updated"], text_of(done)
    (trader,) = await desk.traders.owned(desk.owner)
    assert getattr(trader, field) is on
