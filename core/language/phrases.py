"""A reader's own words found in a text: the phrases of core/language/lexicon/phrases/<group>.toml
(checked like the lexicon, core.language.lexicon.phrases), never tagged in other messages.

One Aho-Corasick automaton per group (pyahocorasick, as the tagger's), made on first use and kept
beside the bytecode as the tagger's is (core.cached_toml) while its files are unchanged. A
concept's words are found leftmost-longest without overlaps, a Latin word only whole ("key" not
in "keyboard"), a space inside a Latin word also matching none ("api key" = "apikey"), the case
and the width ignored (offsets stay those of the text given): what regex word alternations
once matched, without a regex. ``Words`` is one concept's words with the
pattern methods readers call (``search``, ``sub``).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Final

from core.cached_toml import built_beside_bytecode
from core.language.lexicon import phrases
from core.language.pinyin import pinyin_words

if TYPE_CHECKING:
    import ahocorasick

# A word's context, when the words alone say too much ("set" is no update before "up"):
# (text, start, end) -> whether the word at text[start:end] counts.
Context = Callable[[str, int, int], bool]


_PINYIN_READ: Final = frozenset({"guide"})


@cache  # one per group file shipped: a few, kept for the process
def _automaton(group: str) -> ahocorasick.Automaton:
    """The group's automaton as ``_built`` made it, kept (pickled) beside the bytecode while its
    file and the code it is made by are unchanged: loading and checking the group's words was
    most of it, every start."""
    # _sources and _built looked up at each call (tests put their own in)
    return built_beside_bytecode(f"phrases.{group}", lambda: _sources(group), lambda: _built(group))


def _sources(group: str) -> list[Path]:
    """Every file ``_built`` reads: the group's file first, then the code (this module's, the
    lexicon's and its normalization's) and the automaton's library."""
    import ahocorasick

    from core.language import lexicon, normalize, pinyin

    data = Path(__file__).with_name("lexicon") / "phrases" / f"{group}.toml"  # lexicon.phrases()'s
    code = (lexicon, normalize, pinyin, sys.modules[__name__], ahocorasick)
    return [data, *(Path(str(m.__file__)) for m in code)]


def _built(group: str) -> ahocorasick.Automaton:
    import ahocorasick

    meanings: dict[str, set[str]] = {}
    for name, concept in phrases(group).concepts.items():
        for word in concept.words:
            for spelled in {word, word.replace(" ", "")} if word.isascii() else {word}:
                meanings.setdefault(spelled, set()).add(name)
    # A guide's question typed in pinyin ("zenme shezhi" asks how, as 怎么设置 does): a question
    # only; other groups hold words of acts and their grammar, never read from pinyin
    # (core.language.pinyin).
    for spelled, name in pinyin_words(phrases(group), meanings) if group in _PINYIN_READ else ():
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
    # by start, the longest first: two sorts by a field (stable; a text's place and length name
    # one word of the group, so no two hits tie), not a key made for every hit
    if len(out) > 1:  # most texts hold one word of a group or none
        out.sort(key=_END, reverse=True)
        out.sort(key=_START)
    return tuple(out)


_START, _END = itemgetter(0), itemgetter(1)


def said(group: str, text: str, concepts: frozenset[str]) -> bool:
    """Whether a word of one of the group's ``concepts`` is in ``text`` (normalized), a Latin word
    only whole: ``Words(c).spans(text)`` non-empty for one of them, in one look."""
    return any(alone and not names.isdisjoint(concepts) for _, _, alone, names in _hits(group, _low(text)))


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
    every_hit = _hits(group, low)
    if not every_hit:
        return []  # most texts: no word of the group at all
    hits = [
        (start, end)
        for start, end, alone, names in every_hit
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
    group: str = field(init=False, compare=False, repr=False)  # the concept's group, its file

    def __post_init__(self) -> None:
        object.__setattr__(self, "group", self.concept.partition(".")[0])

    @property
    def words(self) -> tuple[str, ...]:
        """The concept's words (normalized), in the order written: for a word looked up whole."""
        return _concept_words(self.concept)

    def spans(self, text: str, *, every: bool = False) -> list[tuple[int, int]]:
        return find(self.group, text, self.concept, self.context, every=every, whole=self.whole)

    def prefix(self, text: str) -> int | None:
        """The end of the word ``text`` starts with, or None."""
        return next((end for start, end in self.spans(text) if start == 0), None)

    def search(self, text: str) -> Span | None:
        found = self.spans(text)
        return Span(*found[0]) if found else None

    def before(self, text: str, at: int, *, space: bool = True) -> int | None:
        """Where the word ending right before ``at`` starts (spaces between, unless not ``space``),
        or None: the word beside a value ("> 80000", "from 90000", "涨3倍")."""
        return next((s for s, e in self.spans(text) if (skip_spaces(text, e) if space else e) == at), None)

    def after(self, text: str, at: int) -> int | None:
        """The end of the word starting right after ``at`` (spaces skipped), or None: the word
        after a value ("50 cents", "3 times")."""
        at = skip_spaces(text, at)
        return next((e for s, e in self.spans(text) if s == at), None)

    def sub(self, replace: str | Callable[[str], str], text: str) -> str:
        """``text`` with every word replaced by ``replace`` (or by what it makes of the word)."""
        out, at = [], 0
        for start, end in self.spans(text):
            out += [text[at:start], replace if isinstance(replace, str) else replace(text[start:end])]
            at = end
        return "".join(out) + text[at:]


@cache  # as phrases(): the words a concept's file gives, kept for the process
def _concept_words(concept: str) -> tuple[str, ...]:
    return phrases(concept.partition(".")[0]).concepts[concept].words


def skip_spaces(text: str, at: int) -> int:
    """Where the next word starts from ``at`` (spaces skipped)."""
    return len(text) - len(text[at:].lstrip(" "))


LATIN_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")


class Placed:
    """Some concepts' words of a group at given places of a folded text, as exactly written, for
    a reader with its own rule of where a word counts (the value grammar: "100u" has its unit):
    a word ending in a Latin letter has no letter after it; one starting with one, where it is
    looked for before a place or alone, none before it either. ``keys`` are the concepts' names
    without the group ("quote" of "values.quote"); the longest word wins."""

    def __init__(self, group: str, keys: frozenset[str]) -> None:
        named = ((n.partition(".")[2], c.words) for n, c in phrases(group).concepts.items())
        self.words = {w: key for key, words in named if key in keys for w in words}
        self.lengths = sorted({len(w) for w in self.words}, reverse=True)
        self.firsts, self.lasts = frozenset(w[0] for w in self.words), frozenset(w[-1] for w in self.words)
        # The lengths of the words starting (ending) with each character, longest first: a place
        # is looked at only in the lengths a word there may have (a dozen lengths, a few a letter).
        self._from = {c: sorted({len(w) for w in self.words if w[0] == c}, reverse=True) for c in self.firsts}
        self._to = {c: sorted({len(w) for w in self.words if w[-1] == c}, reverse=True) for c in self.lasts}
        # One pattern for ``every``, longest first: the words with the same Latin edges share their
        # look-arounds and every first character is looked ahead for, so a place no word starts at
        # is passed at once (several times faster than look-arounds per word, the same matches).
        edges: dict[tuple[bool, bool], list[str]] = {}
        for word in sorted(self.words, key=len, reverse=True):
            edges.setdefault((word[0] in LATIN_LETTERS, word[-1] in LATIN_LETTERS), []).append(
                re.escape(word)
            )
        alone = (f"{'(?<![a-z])' * a}(?:{'|'.join(w)}){'(?![a-z])' * b}" for (a, b), w in edges.items())
        firsts = "".join(sorted({re.escape(w[0]) for w in self.words}))
        self._every = re.compile(f"(?=[{firsts}])(?:{'|'.join(alone)})")

    def after(self, text: str, pos: int, *, space: bool = True) -> tuple[int, int, str] | None:
        """(start, end, key) of the word at ``pos`` (its spaces skipped), or None."""
        pos = len(text) - len(text[pos:].lstrip()) if space and text[pos : pos + 1].isspace() else pos
        lengths = self._from.get(text[pos : pos + 1])
        if lengths is None:
            return None  # most places: no word starts with what is there
        for n in lengths:
            word, next_ = text[pos : pos + n], text[pos + n : pos + n + 1]
            if (
                len(word) == n
                and word in self.words
                and not (word[-1] in LATIN_LETTERS and next_ in LATIN_LETTERS)
            ):
                return pos, pos + n, self.words[word]
        return None

    def before(self, text: str, end: int) -> int | None:
        """Where the word ending at ``end`` starts, or None."""
        lengths = self._to.get(text[end - 1 : end])
        if lengths is None:
            return None
        for n in lengths:
            start = end - n
            glued = start > 0 and text[start] in LATIN_LETTERS and text[start - 1] in LATIN_LETTERS
            if start >= 0 and text[start:end] in self.words and not glued:
                return start
        return None

    def every(self, text: str) -> list[tuple[int, int, str]]:
        """Every word, whole, leftmost-longest, without overlaps: (start, end, key)."""
        return [(m.start(), m.end(), self.words[m.group(0)]) for m in self._every.finditer(text)]


@cache
def placed(group: str, *keys: str) -> Placed:
    """The words of these concepts of the group (see Placed), made once."""
    return Placed(group, frozenset(keys))
