"""A start of one trader named by a name none of theirs ("spin up a bot named Bolt", "启动一个叫小飞的交易员")
is a trader made with that name (core.language.named_as.started_new); one of theirs so called is started."""

from __future__ import annotations

from core.language.named_as import started_new
from core.language.spans import WORD_RANK, Span
from tests.cases import each

_START, _CREATE = frozenset({"verb.start"}), frozenset({"verb.create"})


def _spans(text: str, words: dict[str, frozenset[str]]) -> list[Span]:
    return [(text.index(w), text.index(w) + len(w), WORD_RANK, c, "") for w, c in words.items()]


_BOT = frozenset({"noun.trader", "noun.bot"})
_OWN = frozenset({"own.trader"})


@each(
    ("text", "words", "made"),
    [
        ("spin up a bot named Bolt", {"spin up": _START, "bot": _BOT}, True),
        ("start a bot called Bolt", {"start": _START, "bot": _BOT}, True),
        ("启动一个叫小飞的交易员", {"启动": _START, "的交易员": frozenset({"noun.trader"})}, True),
        ("spin up the bot named Bolt", {"spin up": _START, "bot": _BOT}, False),  # the one so named
        ("spin up a bot named Bolt", {"spin up": _START, "bot": _BOT, "Bolt": _OWN}, False),  # theirs
        ("spin up a bot", {"spin up": _START, "bot": _BOT}, False),  # no name given
    ],
)
def test_started_new(text: str, words: dict[str, frozenset[str]], made: bool) -> None:
    read = started_new(text, _spans(text, words))
    assert (read[0][3] == _CREATE) is made
