"""The shared word alternation matches what one look-around pair per word matched, in the same
order (the grouped form only compiles faster)."""

from __future__ import annotations

import random
import re

import pytest

from core.routing.words import has_word, word_alternation


def _one_pair_per_word(words: tuple[str, ...], longest_first: bool) -> str:
    parts = []
    for w in sorted(words, key=len, reverse=True) if longest_first else words:
        esc = re.escape(w).replace(r"\ ", r"\s*")
        parts.append(rf"(?<![a-z0-9]){esc}(?![a-z0-9])" if w.isascii() else esc)
    return "|".join(parts)


WORD_LISTS = (
    ("ai策略", "ai 策略", "智能策略", "ai", "a.i.", "ai-driven", "ai driven", "llm-driven", "模型决策"),
    ("k线", "走势", "k 线", "chart", "7d", "7 d", "7-day", "七天", "7天", "7 天", "week", "this week"),
    ("key 和 secret", "key", "密钥", "api key", "apikey", "secret key", "secret", "K", "ſ"),
    ("price", "prices", "pricing", "价格", "trading at", "pirce"),
)


@pytest.mark.parametrize("words", WORD_LISTS)
@pytest.mark.parametrize("longest_first", [True, False])
@pytest.mark.parametrize("flags", [0, re.IGNORECASE])
def test_same_matches_as_one_pair_per_word(words: tuple[str, ...], longest_first: bool, flags: int) -> None:
    old = re.compile(_one_pair_per_word(words, longest_first), flags)
    new = re.compile(word_alternation(words, longest_first=longest_first), flags)
    rng = random.Random(11)
    glue = ("", " ", "  ", "x", "1", ",", "的", "K", "ſ", "-", "Ab")
    for _ in range(3000):
        text = "".join(
            rng.choice(glue) + (w if rng.random() < 0.8 else w[: rng.randint(1, 3)])
            for w in rng.choices(words, k=rng.randint(1, 4))
        )
        text = text.upper() if rng.random() < 0.3 else text
        assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)], text


def test_latin_words_share_one_pair_of_look_arounds() -> None:
    source = word_alternation(("策略", "strategy", "strategies", "ai策略", "ai"))
    # Every word's first character is looked ahead for first, then the words in one group.
    assert source.startswith("(?=[as策])(?:") and source.endswith(")")
    # "ai策略" starts in Latin: it keeps its place between the Latin words; "策略" goes last.
    assert source.removeprefix("(?=[as策])(?:").removesuffix(")").split("|") == [
        r"(?<![a-z0-9])(?:strategies",
        r"strategy)(?![a-z0-9])",
        "ai策略",
        r"(?<![a-z0-9])(?:ai)(?![a-z0-9])",
        "策略",
    ]


def test_words_whole_and_spaces() -> None:
    rx = re.compile(word_alternation(("api key", "key", "密钥")), re.IGNORECASE)
    found = [m.group(0) for m in rx.finditer("API KEY, apikey, keyboard, 密钥x")]
    assert found == ["API KEY", "apikey", "密钥"]
    assert re.search(word_alternation(("binance testnet",), space=r"[\s_-]*"), "binance_testnet")
    assert has_word("okx", "my okx account") and not has_word("okx", "okxalt")
    assert has_word("币安", "我的币安账户")
    assert has_word("ai", "ai, then") and has_word("ai", "(ai)") and not has_word("ai", "email")
    assert not has_word("gpt", "gpt4") and has_word("gpt", "x gpt")
