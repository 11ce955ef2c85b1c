"""What a miss offers instead of the capability list: up to three examples to try, the ones
sharing words with the message first, in the person's language.

The capability list (2,300 characters) is /help's answer only; a message nothing covers gets
one short sentence and a few things that work, each one an example some skill declares (so
each routes: tests/workspace/test_help_examples.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.i18n import Locale, t
from core.reply import TextBlock
from core.skills.registry import SkillSet

MAX_SUGGESTIONS = 3


_EN_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
# Words too common to say what a message is about.
_EN_STOP = frozenset({
    "the", "and", "for", "you", "your", "can", "what", "how", "with", "this", "that", "are", "was",
    "were", "have", "has", "had", "not", "but", "all", "any", "please", "want", "need", "would",
    "could", "should", "will", "just", "now", "get", "give", "tell", "about", "from", "into", "out",
    "some", "does", "did", "don't", "its", "it's", "there", "their", "they", "them", "then", "than",
    "when", "where", "which", "who", "why", "yes", "okay", "hey", "hello", "thanks",
})  # fmt: skip
_ZH_STOP = frozenset({"什么", "怎么", "一下", "可以", "我的", "你的", "一个", "这个", "那个", "是不", "不是"})


def words_of(text: str) -> frozenset[str]:
    """The words of ``text`` that say what it is about: English words (a plural's "s" dropped)
    and pairs of adjacent Chinese characters."""
    low = text.casefold()
    found: set[str] = set()
    for word in _EN_WORD.findall(low):
        if word in _EN_STOP:
            continue
        found.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    for run in _HAN_RUN.findall(low):
        found.update(pair for i in range(len(run) - 1) if (pair := run[i : i + 2]) not in _ZH_STOP)
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
