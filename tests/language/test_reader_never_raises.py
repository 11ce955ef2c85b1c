"""The reader never raises, whatever it is sent: messages made of the lexicon's own words (every
group's, in every language), coins, amounts typed every way, record names and marks, in any order,
read as the engine reads them (core.conversation.reading.read_asks) in zh and en, with and without
the person's own record names. A message that crashed the reader got the "internal error" notice
where it should get an answer or "I can't help with that" ("every day, change stacker" did: a
strategy change with its repeat before the verb)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.conversation.reading import read_asks
from core.language.gazetteer import Gazetteer
from core.language.own_names import plain_words
from core.routing.router import RouteContext
from tests.fakes import shared_router

LEXICON = Path(__file__).resolve().parents[2] / "core" / "language" / "lexicon"
# What people put between and around the lexicon's words: coins, values in every form the value
# grammar reads or refuses, own names, and marks that split clauses or quote.
OTHERS = (
    "btc", "ETH", "比特币", "大饼", "姨太", "sol", "doge", "100", "0.5", "1e9", "-50", "5万", "1.5k",
    "一半", "10%", "$100", "100u", "85000", "6h", "每天", "every day", "stacker", "阿强", "Main",
    "逃顶", "ds", ",", "，", "。", "?", "!", "、", " and ", " then ", "然后", "@", "'", '"', "「", "」",
    "—", "…", "😂", "\n",
)  # fmt: skip
NAMES = {
    "strategy": ["stacker", "月月存"],
    "trader": ["阿强", "bolt"],
    "account": ["Main"],
    "alert": ["逃顶"],
}


@cache
def lexicon_words() -> tuple[str, ...]:
    """Every word of every concept of every lexicon file (phrases and intents included)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("zh", "zh_hant", "en") and isinstance(inner, list):
                    found.update(word for word in inner if isinstance(word, str))
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for path in sorted(LEXICON.rglob("*.toml")):
        walk(tomllib.loads(path.read_text("utf-8")))
    return tuple(sorted(found))


def test_the_lexicon_gives_words_to_draw_from() -> None:
    assert len(lexicon_words()) > 5000


words = st.sampled_from(lexicon_words())
pieces = st.one_of(words, words, st.sampled_from(OTHERS))  # two parts lexicon to one part other
messages = st.tuples(st.lists(pieces, min_size=1, max_size=7), st.sampled_from(("", " "))).map(
    lambda drawn: drawn[1].join(drawn[0])
)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(text=messages, with_names=st.booleans())
def test_any_message_is_read_without_raising(text: str, with_names: bool) -> None:
    names = Gazetteer.of(NAMES, plain=plain_words()) if with_names else None
    context = RouteContext(names=names)
    for locale in ("zh", "en"):
        read_asks(text, shared_router(), context, locale=locale)  # raises: the test fails with the text


def test_a_repeat_before_the_change_verb_is_read() -> None:
    """The crash the sweep's first message of this kind found (a strategy change with its repeat
    said before "change" / "make"): read as a change of stacker."""
    names = Gazetteer.of(NAMES, plain=plain_words())
    for text in ("every day, change stacker", "daily make stacker bigger"):
        asks = read_asks(text, shared_router(), RouteContext(names=names), locale="en")
        assert [(a.skill, a.action, a.slots.get("target_ref")) for a in asks] == [
            ("strategy_management", "update", {"name": "stacker"})
        ]
