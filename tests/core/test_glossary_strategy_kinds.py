"""The glossary explains a strategy's kind asked about ("what is a grid strategy", "什么是定投"):
before, nothing read it (the planner, or "I can't help with that yet")."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.workspace.conftest import make_desk, text_of


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what is a grid strategy", "ladder of buy and sell orders"),
        ("什么是网格策略", "价格区间"),
        ("定投是什么意思", "固定金额"),
        ("what's dollar cost averaging", "fixed amount"),
    ],
)
async def test_a_strategy_kind_is_explained(text: str, said: str) -> None:
    chat = make_desk().chat
    reply = await chat.say(text)
    assert reply.route is not None and reply.route.skill == "glossary"
    assert reply.status is Status.COMPLETED and said in text_of(reply)


async def test_ones_own_strategy_is_not_a_word_to_explain() -> None:
    reply = await make_desk().chat.say("我的网格策略是什么状态")
    assert reply.route is None or reply.route.skill != "glossary"
