"""A word given as a new record's name is that name, never what the word says elsewhere: "新建个交易员
叫暴富" makes a trader called 暴富 (getting rich, a dream told elsewhere: outside.hypothetical), "建个交易员
叫起飞" one called 起飞 (a remark elsewhere). A word of the outside group said right after a name's
marker (phrases/names.toml marker: 叫, 名字叫, called, named), a record's noun said before the marker
("新建交易员 名字叫暴富") and a making word before the noun, or one of their records renamed before it
("给咸鱼改个名，叫翻身"), loses its outside concepts ("我家猫叫暴富"
names no record, "my agent called about the house" makes none: still a remark). Applied by the
tagger's conditions (core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words, skip_spaces
from core.language.spans import WORD_RANK, Span

_MARKER: Final = Words("names.marker")
_RECORDS: Final = frozenset({"noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert"})
# One of theirs renamed ("给咸鱼改个名，叫翻身", "把咸鱼改名为翻身"): the record named before the rename's
# word, the new name after the marker.
_THEIRS: Final = frozenset({"own.trader", "own.strategy", "own.account", "own.model", "own.alert"})
_RENAME: Final = "verb.rename"
# What makes one ("新建", "建个", "create", "spin up"), an alert's asked by its own word ("提醒我", "alert
# me": its noun too): "my agent called about the house" makes none.
_MADE: Final = frozenset({"verb.create", "verb.start", "verb.notify"})
_OUTSIDE: Final = "outside."


def said(concepts: frozenset[str]) -> bool:
    """A record's noun and a word of the outside group both said: only then is a name looked for."""
    named = not concepts.isdisjoint(_RECORDS) or (_RENAME in concepts and not concepts.isdisjoint(_THEIRS))
    return named and any(c.startswith(_OUTSIDE) for c in concepts)


def named_as(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the outside concepts of the word right after a name's marker dropped, a
    record's noun said before the marker, a making word before it."""
    made = min((s[0] for s in spans if not s[3].isdisjoint(_MADE)), default=len(scanned))
    nouns = [s[1] for s in spans if not s[3].isdisjoint(_RECORDS) and s[0] >= made]
    renamed = min((s[0] for s in spans if _RENAME in s[3]), default=None)
    if renamed is not None:  # one of theirs said before the rename's word: a name may follow its marker
        nouns += [renamed for s in spans if not s[3].isdisjoint(_THEIRS) and s[1] <= renamed][:1]
    named_at = {
        skip_spaces(scanned, end)
        for start, end in _MARKER.spans(scanned, every=True)
        if any(noun <= start for noun in nouns) or _names_after(scanned, end, nouns, spans)
    }
    if not named_at:
        return spans
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if rank == WORD_RANK and start in named_at:
            concepts = frozenset(c for c in concepts if not c.startswith(_OUTSIDE))
            if not concepts:
                continue  # no word of the lexicon's: the name's, read as typed
        out.append((start, end, rank, concepts, value))
    return out


_OF: Final = Words("names.what_it_names_of")  # 的 of "一个叫起飞的提醒"


def _names_after(scanned: str, end: int, nouns: list[int], spans: list[Span]) -> bool:
    """The record's noun after the name, 的 before it ("建个叫起飞的交易员", "设置一个叫 起飞 的提醒"):
    the word right after the marker ending at ``end``, then 的, then the noun."""
    at = skip_spaces(scanned, end)
    word = next((s[1] for s in spans if s[0] == at and s[2] == WORD_RANK), None)
    if word is None:
        return False
    of = _OF.after(scanned, word)
    return of is not None and any(s[0] == skip_spaces(scanned, of) and s[1] in nouns for s in spans)


# A start of one trader, named by a name none of theirs ("spin up a bot named Bolt", "start a bot called
# Bolt", "启动一个叫Bolt的机器人"): one is made with that name (verb.create), never one of theirs so called
# started; "spin up the bot named 阿强" (theirs: own.trader, found after its kind and marker) starts it.
_ONE: Final = Words("names.one_new")  # "a", "an", 一个: one not yet theirs
_START, _CREATE, _TRADER = "verb.start", "verb.create", "noun.trader"


def start_said(concepts: frozenset[str]) -> bool:
    """A start and a trader's word both said: only then is a new one's name looked for."""
    return _START in concepts and _TRADER in concepts


def started_new(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the start of one trader named by a name none of theirs made a create."""
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if rank == WORD_RANK and _START in concepts and _named_new(scanned, end, spans):
            concepts = (concepts - {_START}) | {_CREATE}
        out.append((start, end, rank, concepts, value))
    return out


def _named_new(scanned: str, end: int, spans: list[Span]) -> bool:
    """One trader right after the start ("a bot", 一个), then a name's marker and a name none of
    theirs: after the trader's word ("a bot named Bolt"), or before it with 的 ("一个叫Bolt的机器人")."""
    one = _ONE.after(scanned, end)
    if one is None:
        return False
    at = skip_spaces(scanned, one)
    noun = next((s for s in spans if s[0] == at and _TRADER in s[3]), None)
    marker = _MARKER.after(scanned, at if noun is None else noun[1])
    if marker is None:
        return False
    named = skip_spaces(scanned, marker)
    if noun is None:  # the name before its kind: 叫Bolt的机器人, nothing but fillers between
        kind = next((s[0] for s in spans if s[0] > named and _TRADER in s[3]), None)
        if kind is None:
            return False
        marks = tuple(_OF.words)  # 的 said apart, or the start of the kind's word ("的交易员")
        if not (scanned[named:kind].rstrip().endswith(marks) or scanned.startswith(marks, kind)):
            return False
        if any(named <= s[0] < kind and not all(c.startswith(_FILLER) for c in s[3]) for s in spans):
            return False
    own = any(s[0] == named and any(c.startswith(_OWN) for c in s[3]) for s in spans)
    return named < len(scanned) and not own


_OWN, _FILLER = "own.", "filler."
