"""A story told beside an ask is left out, never read into it: 'i sold eth, buy some btc' bought
ETH (the story's coin) on main, and once Chinese stories stopped being orders '我卖了eth，帮我买点btc'
and '我刚卖了eth，现在帮我买0.1个btc' did too (the latter with BTC's amount dropped). The message
is cut at the mark, the story piece (core.conversation.remarks.tells: an outside.* word, no
route) is left out and the ask is read alone."""

from __future__ import annotations

from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import shared_router


@each(
    ("text", "slots"),
    [
        ("我卖了eth，帮我买点btc", {"symbol": "BTCUSDT"}),
        ("我刚卖了eth，现在帮我买0.1个btc", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("i sold eth, buy some btc", {"symbol": "BTCUSDT"}),
        ("i sold eth lol, then buy some btc", {"symbol": "BTCUSDT"}),
    ],
)
def test_the_ask_beside_a_story_is_read_alone(text: str, slots: dict[str, object]) -> None:
    """As the engine reads a message (core.conversation.reading.read_asks): one ask, the buy."""
    row = {
        "text": text,
        "lang": "en",
        "expect": {"skill": "trade_execution", "action": "buy", "slots": slots},
    }
    assert problem(shared_router(), row) is None


@each(
    "text",
    [
        "i bought some btc back in 2017 and im still holding lol",
        "我卖了eth哈哈",
        "i sold eth yesterday lol",
        "大饼今天又跌了，心态崩了",
        "btc dumped again today, feeling terrible",
    ],
)
def test_a_story_alone_or_joined_by_and_asks_nothing(text: str) -> None:
    """As the engine reads it: no ask. A remark is no price question with its feeling left out:
    a story is left out only of a message that asks something."""
    row = {"text": text, "lang": "en", "expect": {"skill": None}}
    assert problem(shared_router(), row) is None


def test_a_question_for_advice_is_no_story_to_leave_out() -> None:
    """'该买吗' asks; it is not dropped as a remark beside another ask."""
    from core.conversation.remarks import tells
    from core.language.tagger import words

    assert not tells(words("现在该买吗"))
    assert tells(words("我卖了eth"))
