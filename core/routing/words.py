"""Word lists as one regex alternation (zh + en), for the workspace readers that still build one;
and ``has_word``, a whole word found without a regex.

A Latin word matches whole ("key" not in "keyboard", "ai" not in "email"), a space in it matches
any run of spaces or none ("api key" = "apikey"), and a word in another script matches anywhere
("策略" in "BTC定投策略").

The Latin words share ONE pair of look-arounds, ``(?<![a-z0-9])(?:w1|w2|…)(?![a-z0-9])``, rather
than a pair each: it matches the same text in the same order, and the pattern compiles several
times faster (compiling the rule patterns was a large share of a `deskmate ask` start). Words
that begin with a character of another script go after the others: at any one position in the
text either they or the others can match, never both, so their place in the order changes no
match. A word with both scripts that starts in Latin ("k线", "ai策略") keeps its place among the
Latin words, which it may share a start with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_BEFORE = r"(?<![a-z0-9])"
_AFTER = r"(?![a-z0-9])"


def _apart(word: str) -> bool:
    """Whether no match of ``word`` can start where a Latin word's can: its first character is
    outside ASCII, even when the case is ignored ("K", the Kelvin sign, matches "k")."""
    first = word[:1]
    return bool(first) and not any(
        c.isascii() for c in (first, first.lower(), first.upper(), first.casefold())
    )


def word_alternation(words: Iterable[str], *, longest_first: bool = True, space: str = r"\s*") -> str:
    """The alternation source; ``longest_first`` tries the longer of two words sharing a start
    first ("api secret" before "api"), otherwise the words are tried in the order given.
    ``space`` is what a space inside a word matches."""
    ordered = sorted(words, key=len, reverse=True) if longest_first else list(words)
    parts: list[str] = []
    latin: list[str] = []

    def close_latin() -> None:
        if latin:
            parts.append(f"{_BEFORE}(?:{'|'.join(latin)}){_AFTER}")
            latin.clear()

    for word in (w for w in ordered if not _apart(w)):
        esc = re.escape(word).replace(r"\ ", space)
        if word.isascii():
            latin.append(esc)
        else:
            close_latin()
            parts.append(esc)
    close_latin()
    parts.extend(re.escape(w).replace(r"\ ", space) for w in ordered if _apart(w))
    body = "|".join(parts)
    if not ordered or any(not w[:1] or w[:1].isspace() for w in ordered):
        return body
    # Every word's first character looked ahead for: a position no word starts at is passed at
    # once, not tried against each word (several times faster over a message, the same matches).
    firsts = "".join(sorted({re.escape(w[0]) for w in ordered}))
    return f"(?=[{firsts}])(?:{body})"


def has_word(word: str, text: str) -> bool:
    """Whether ``text`` (normalized) contains ``word``, whole if it is Latin (no letter or digit
    right before or after it)."""
    if not word.isascii():
        return word in text
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if not (_latin_alnum(text, at - 1) or _latin_alnum(text, end)):
            return True
        at = text.find(word, at + 1)
    return False


def _latin_alnum(text: str, at: int) -> bool:
    return 0 <= at < len(text) and text[at].isascii() and text[at].isalnum()
