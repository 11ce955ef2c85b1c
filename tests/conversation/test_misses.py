"""A message nothing covers: one short sentence and up to three things to try (sharing its words
where some skill does), in the person's language; the capability list is /help's answer only.
"cancel" with nothing to cancel says so in one line."""

from __future__ import annotations

import pytest

from core.i18n import Locale
from core.reply import Status, TextBlock
from tests.conversation.conftest import Desk, codes, of, shown

SHORT = 250  # characters: a miss's whole answer; /help's list is several times longer


def suggested(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("· ")]


@pytest.mark.parametrize(
    ("text", "locale", "opener"),
    [
        ("tell me a joke", "en", "I can't help with that yet."),
        ("给我讲个笑话", "zh", "这个我暂时帮不上忙。"),
        ("I want to send money to my friend", "en", "I can't help with that yet."),
        ("我想转账给朋友", "zh", "这个我暂时帮不上忙。"),
    ],
)
async def test_a_miss_is_a_short_sentence_and_three_suggestions(
    desk: Desk, text: str, locale: Locale, opener: str
) -> None:
    help_text = desk.chat.core.skills.help_text(locale, "console")  # what /help answers
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and reply.locale == locale
    assert codes(reply) == ["unsupported_request"]
    assert shown(reply).startswith(opener)
    assert len(shown(reply)) < SHORT < 4 * SHORT < len(help_text)
    (lines,) = of(reply, TextBlock)
    assert isinstance(lines, TextBlock)
    tries = suggested(lines.text)
    assert len(tries) == 3
    assert all(example in help_text for example in tries)  # each one an example that works
    assert "/help" in lines.text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Words of a skill in a message near no known way of asking anything (one that is near
        # some gets "did you mean" buttons instead: tests/conversation/test_nearest_misses.py).
        ("网格这个词听着好酷", "创建一个BTC定投策略，每天买50U"),  # shares 网格 with the strategy skill
        ("網格這個詞聽著好酷", "建立一個BTC定投策略，每天買50U"),  # zh-Hant: the same, in traditional
        ("the alert sound on my phone is annoying", "alert me when ETH goes above 5000"),
        ("grid is a cool word", "Make a grid strategy for ETH between 3000 and 4000"),
    ],
)
async def test_suggestions_share_the_message_words_where_possible(
    desk: Desk, text: str, expected: str
) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply) == ["unsupported_request"]
    (lines,) = of(reply, TextBlock)
    assert isinstance(lines, TextBlock)
    tries = suggested(lines.text)
    assert 1 <= len(tries) <= 3 and expected in tries


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("hi", "Hi! I'm deskmate"),
        ("你好", "你好！我是 deskmate"),
        # The lexicon's filler.greeting: traditional characters and a thanks read as one greeting.
        ("謝謝！", "你好！我是 deskmate"),
        ("Thank you~", "Hi! I'm deskmate"),
        # With the small words people add to one ("there", "呀", two greetings) and longer thanks.
        ("hi there", "Hi! I'm deskmate"),
        ("你好呀", "你好！我是 deskmate"),
        ("嗨，你好", "你好！我是 deskmate"),
        ("多谢了", "你好！我是 deskmate"),
        ("谢谢你", "你好！我是 deskmate"),
        ("thanks a lot!", "Hi! I'm deskmate"),
        ("thank you so much", "Hi! I'm deskmate"),
    ],
)
async def test_a_greeting_pushes_no_capability_list(desk: Desk, text: str, answer: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED and codes(reply) == ["greeting"]
    assert shown(reply).startswith(answer) and len(shown(reply)) < SHORT


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("cancel", "There's nothing to cancel."),
        ("取消", "当前没有进行中的任务。"),
        ("算了", "当前没有进行中的任务。"),
    ],
)
async def test_cancel_with_nothing_to_cancel_says_so_in_one_line(desk: Desk, text: str, line: str) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply) == ["nothing_to_cancel"]
    assert shown(reply) == line and not reply.buttons


async def test_help_still_answers_the_whole_list(desk: Desk) -> None:
    assert len(shown(await desk.chat.command("help"))) > 4 * SHORT
    assert len(shown(await desk.chat.command("help"))) > len(shown(await desk.chat.say("blah blah")))


@pytest.mark.parametrize("text", ["hi, what is the weather", "你好，帮我写首诗", "thanks, now tell a joke"])
async def test_a_greeting_with_a_request_is_a_miss_not_a_greeting(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["unsupported_request"]


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("what can you do", "I look up prices and charts"),
        ("hey, what can u do?", "I look up prices and charts"),
        ("你能做什么", "我能查价格和走势图"),
        ("你能做什麼呀？", "我能查價格和走勢圖"),
        ("你識做咩", "我能查價格和走勢圖"),
        ("你可以做啲乜", "我能查价格和走势图"),
        ("你能做些什麼？", "我能查價格和走勢圖"),
        ("你能干嘛", "我能查价格和走势图"),
        ("你能帮我做啥", "我能查价格和走势图"),
        ("what can you actually do?", "I look up prices and charts"),
        ("what all can you do", "I look up prices and charts"),
    ],
)
async def test_what_deskmate_can_do_asked_is_answered(desk: Desk, text: str, answer: str) -> None:
    """Asked what it can do, deskmate says so in one sentence and offers three things to try; it
    used to open with "I can't help with that yet" (a failed request) to that very question. The
    whole list stays /help's answer."""
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED and codes(reply) == ["capabilities"]
    assert shown(reply).startswith(answer) and len(shown(reply)) < 2 * SHORT
    (lines,) = of(reply, TextBlock)
    assert isinstance(lines, TextBlock) and len(suggested(lines.text)) == 3 and "/help" in lines.text


@pytest.mark.parametrize(
    "text", ["what can you do with eth", "你能做什么交易", "what can you do for me, my key is sk-1"]
)
async def test_more_than_the_question_is_no_capability_answer(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply) != ["capabilities"]
