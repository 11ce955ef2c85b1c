"""A record's settings said right after its name ("kimi设定不用了", "kimi配置删了", with their model
config kimi): the set-up word (verb.create's 设定 / 配置 / 设置) is that record's, said as its kind's
noun (noun.model), never a new one set up; the act beside it is what is asked (a delete, a look).
Said to be done ("kimi配置一下", "kimi设定好") it still sets one up. Applied by core.language.conditions.
"""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.spans import Span

_CREATE: Final = "verb.create"
_OWN: Final = "own."
_WORDS: Final = Words("settings_of.words")
_DONE: Final = Words("settings_of.done")
_BETWEEN: Final = Words("settings_of.between")
# Named by a provider's or an exchange's name alone ("deepseek设定不用了"): that kind's record.
_NAMED: Final = {"provider": "noun.model", "exchange": "noun.account"}


def said(concepts: frozenset[str]) -> bool:
    """Cheap: a set-up word and a record of theirs are both said."""
    return _CREATE in concepts and any(c.startswith(_OWN) or c in _NAMED for c in concepts)


def settings_of(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a set-up word right after one of their records (spaces between) made that
    record's kind's noun."""
    owned = {s[1]: _nouns(s[3]) for s in spans if _nouns(s[3])}
    out: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        before = len(scanned[:start].rstrip())
        between = _BETWEEN.before(scanned, start)  # "kimi那个配置"
        nouns = owned.get(before)
        if not nouns and between is not None:
            nouns = owned.get(len(scanned[:between].rstrip()))
        if (
            _CREATE in concepts
            and nouns
            and scanned[start:end] in _WORDS.words
            and _DONE.after(scanned, end) is None
        ):
            span = (start, end, rank, frozenset((concepts - {_CREATE}) | nouns), value)
        out.append(span)
    return out


def _nouns(concepts: frozenset[str]) -> frozenset[str]:
    """The kinds' nouns of a record said by its name, or by a provider's or an exchange's."""
    own = {f"noun.{c.removeprefix(_OWN)}" for c in concepts if c.startswith(_OWN)}
    return frozenset(own | {_NAMED[c] for c in concepts if c in _NAMED})
