"""A reader's own words found in a text: the phrases of core/language/lexicon/phrases/<group>.toml
(checked like the lexicon, core.language.lexicon.phrases), never tagged in other messages.

One Aho-Corasick automaton per group (pyahocorasick, as the tagger's), built on first use. A
concept's words are found leftmost-longest without overlaps, a Latin word only whole ("key" not
in "keyboard"), a space inside a Latin word also matching none ("api key" = "apikey"), the case
and the width ignored (offsets stay those of the text given): what regex word alternations
once matched, without a regex. ``Words`` is one concept's words with the
pattern methods readers call (``search``, ``sub``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from core.language.lexicon import phrases

if TYPE_CHECKING:
    import ahocorasick

# A word's context, when the words alone say too much ("set" is no update before "up"):
# (text, start, end) -> whether the word at text[start:end] counts.
Context = Callable[[str, int, int], bool]


@cache  # one per group file shipped: a few, kept for the process
def _automaton(group: str) -> ahocorasick.Automaton:
    import ahocorasick

    meanings: dict[str, set[str]] = {}
    for name, concept in phrases(group).concepts.items():
        for word in concept.words:
            for spelled in {word, word.replace(" ", "")} if word.isascii() else {word}:
                meanings.setdefault(spelled, set()).add(name)
    automaton = ahocorasick.Automaton()
    for word, names in meanings.items():
        edges = (word.isascii() and word[0].isalnum(), word.isascii() and word[-1].isalnum())
        automaton.add_word(word, (len(word), edges, frozenset(names)))
    automaton.make_automaton()
    return automaton


def _folded(ch: str) -> str:
    """A character as the words are written (NFKC, lower case), where that is one character."""
    folded = unicodedata.normalize("NFKC", ch).lower()
    return folded if len(folded) == 1 else ch


@lru_cache(maxsize=64)
def _low(text: str) -> str:
    """``text`` as the words are written, character for character (offsets stay the text's)."""
    if text.isascii():
        return text.lower()
    low = text.lower()
    if (
        len(low) == len(text)
        and "Σ" not in text
        and unicodedata.is_normalized("NFKC", text.replace("，", ""))
    ):
        # The usual message (normalized but for its Chinese commas): no other character folds
        # otherwise on its own (a capital sigma is the one that lowers by its context).
        return low.replace("，", ",")
    return "".join(_folded(c) for c in text)


_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


# A hit of a group's automaton: (start, end, whether it stands alone, its concepts).
_Hit = tuple[int, int, bool, frozenset[str]]


@lru_cache(maxsize=128)
def _hits(group: str, low: str) -> tuple[_Hit, ...]:
    """Every word of the group in ``low`` (folded), overlaps kept, by start and the longest first:
    one scan per text and group, however many of its concepts a reader asks for (a reader of
    given secrets asks for a dozen in one message)."""
    out: list[_Hit] = []
    for end_index, (length, (before, after), names) in _automaton(group).iter(low):
        start, end = end_index + 1 - length, end_index + 1
        alone = not (
            (before and start > 0 and low[start - 1] in _ALNUM) or (after and low[end : end + 1] in _ALNUM)
        )
        out.append((start, end, alone, names))
    out.sort(key=lambda h: (h[0], -h[1]))
    return tuple(out)


def found(group: str, text: str) -> list[tuple[int, int, frozenset[str]]]:
    """Every word of the group in ``text`` (normalized), a Latin word only whole, overlaps kept:
    (start, end, its concepts), for a reader that resolves them with its tags
    (core.language.tagger.with_phrases)."""
    return [(start, end, names) for start, end, alone, names in _hits(group, text) if alone]


def find(
    group: str,
    text: str,
    concept: str,
    context: Context | None = None,
    *,
    every: bool = False,
    whole: bool = True,
) -> list[tuple[int, int]]:
    """The spans of ``concept``'s words in ``text``, leftmost-longest, in order; ``every``: each
    place every word is found, overlapping (by start, the longest first); not ``whole``: a Latin
    word also inside another (the context says where it counts)."""
    low = _low(text)
    hits = [
        (start, end)
        for start, end, alone, names in _hits(group, low)
        if concept in names and (alone or not whole) and (context is None or context(low, start, end))
    ]
    if every:
        return hits
    kept: list[tuple[int, int]] = []
    for start, end in hits:
        if not kept or start >= kept[-1][1]:
            kept.append((start, end))
    return kept


@dataclass(frozen=True, slots=True)
class Span:
    """A found word, answering as a regex match does where readers ask (``start``, ``end``)."""

    begin: int
    finish: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


@dataclass(frozen=True, slots=True)
class Words:
    """One concept's words (``group.concept``), with a context check where one is needed."""

    concept: str
    context: Context | None = None
    whole: bool = True

    def spans(self, text: str, *, every: bool = False) -> list[tuple[int, int]]:
        group = self.concept.partition(".")[0]
        return find(group, text, self.concept, self.context, every=every, whole=self.whole)

    def prefix(self, text: str) -> int | None:
        """The end of the word ``text`` starts with, or None."""
        return next((end for start, end in self.spans(text) if start == 0), None)

    def search(self, text: str) -> Span | None:
        found = self.spans(text)
        return Span(*found[0]) if found else None

    def sub(self, replace: str | Callable[[str], str], text: str) -> str:
        """``text`` with every word replaced by ``replace`` (or by what it makes of the word)."""
        out, at = [], 0
        for start, end in self.spans(text):
            out += [text[at:start], replace if isinstance(replace, str) else replace(text[start:end])]
            at = end
        return "".join(out) + text[at:]
