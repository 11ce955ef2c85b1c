"""What a miss offers instead of the capability list: up to three examples to try, the ones
sharing words with the message first, in the person's language.

The capability list (2,300 characters) is /help's answer only; a message nothing covers gets
one short sentence and a few things that work, each one an example some skill declares (so
each routes: tests/workspace/test_help_examples.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from core.i18n import Locale, t
from core.language.lexicon import phrases
from core.language.normalize import normalize
from core.reply import TextBlock
from core.skills.registry import SkillSet

MAX_SUGGESTIONS = 3


# Words too common to say what a message is about: core/language/lexicon/phrases/conversation.toml.
@lru_cache(maxsize=1)
def _common() -> frozenset[str]:
    return frozenset(phrases("conversation").concepts["conversation.common"].words)


def _runs(text: str, kind: Callable[[str], bool]) -> list[str]:
    """The longest runs of ``kind``'s characters in ``text``."""
    return "".join(c if kind(c) else " " for c in text).split()


def words_of(text: str) -> frozenset[str]:
    """The words of ``text`` that say what it is about: English words of three characters or more
    (a plural's "s" dropped) and pairs of adjacent Chinese characters, zh-Hant read as zh."""
    low = normalize(text)
    found: set[str] = set()
    for run in _runs(low, lambda c: c.isascii() and c.isalnum()):
        word = run.lstrip("0123456789")  # a word starts with a letter
        if len(word) >= 3 and word not in _common():
            found.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    for run in _runs(low, lambda c: "\u4e00" <= c <= "\u9fff"):
        found.update(pair for i in range(len(run) - 1) if (pair := run[i : i + 2]) not in _common())
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class _Offer:
    example: str
    private: bool
    about: frozenset[str]  # the words of its skill's summary and examples


def suggestions(skills: SkillSet, text: str, locale: Locale, *, group: bool = False) -> list[str]:
    """Up to MAX_SUGGESTIONS examples, one per skill: those whose skill shares the most words
    with ``text`` first; when none does, the public skills' first examples (those work in a
    group too). In a group, private skills are offered only for words they share."""
    offers: list[_Offer] = []
    for spec in skills.specs():
        if spec.help is None or not spec.help.examples(locale):
            continue
        examples = spec.help.examples(locale)
        about = words_of(" ".join((spec.help.line(locale, skills.services), *examples)))
        offers.append(_Offer(examples[0], spec.private, about))
    asked = words_of(text)
    scored = sorted(
        ((len(asked & o.about), i, o) for i, o in enumerate(offers)),
        key=lambda s: (-s[0], s[1]),
    )
    relevant = [o.example for score, _, o in scored if score > 0][:MAX_SUGGESTIONS]
    if relevant:
        return relevant
    public_first = sorted(offers, key=lambda o: o.private)
    return [o.example for o in public_first if not (group and o.private)][:MAX_SUGGESTIONS]


def suggestion_block(skills: SkillSet, text: str, locale: Locale, *, group: bool = False) -> TextBlock:
    """The lines under a miss: "You could try:", the examples, and where the full list is."""
    lines = [t(locale, "miss.try")]
    lines += [f"· {e}" for e in suggestions(skills, text, locale, group=group)]
    lines.append(t(locale, "miss.help"))
    return TextBlock("\n".join(lines))
