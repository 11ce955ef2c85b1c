"""A reply language chosen in words ("用繁體回答", "reply in traditional chinese") is kept as /lang's
choice is: before, it got "I can't help with that yet" (or went to the model). Only a message that
is the choice and nothing else; a request with a language ("比特币价格，用英文回答") stays the
request's, and a language merely named is no choice."""

from __future__ import annotations

import pytest

from core.tasks.answers import language_choice
from tests.cases import each
from tests.workspace.conftest import make_desk


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("用繁體回答", "zh-Hant"),
        ("請用繁體中文回覆，謝謝", "zh-Hant"),
        ("reply in traditional chinese", "zh-Hant"),
        ("以后用简体中文回复我", "zh"),
        ("说中文", "zh"),
        ("用英文回答", "en"),
        ("switch to english please", "en"),
    ],
)
async def test_a_language_chosen_in_words_is_kept(text: str, locale: str) -> None:
    desk = make_desk()
    reply = await desk.chat.say(text)
    assert reply.locale == locale, reply
    later = await desk.chat.say("BTC price" if locale != "en" else "比特币价格")
    assert later.locale == locale and later.route is not None and later.route.skill == "price"


@each(
    "text",
    ["比特币价格，用英文回答", "中文", "english", "用英文买btc", "I speak english", "你会说英文吗", "繁體"],
)
def test_a_language_named_in_another_message_is_no_choice(text: str) -> None:
    assert language_choice(text) is None
