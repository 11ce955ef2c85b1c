"""Corrections typed in the middle of a task (zh + en): "等一下，名字改成 副账户", "算了，改成 OKX",
"不对，是 bybit", "actually make it bybit", "rename it to okx-alt", "change the name to Alt".

A correction says which slot it changes ("名字", "the exchange") or not; the task flow then
updates that slot, or the one answered last (core.workspace.records). It is read only while a
task is collecting its slots, before the routing rules' reading of the same words, so
"等一下" never becomes the name of an account to rename.

The words are data (core/language/lexicon/phrases/correction.toml); a correction is one of the
forms below, read after its openers ("等一下，", "actually"), the value running to the end but
for the words that may close it ("吧", "instead"). A starting balance is the value grammar's.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from core.language.normalize import Normalized, normalize_text
from core.language.phrases import Words
from core.language.picks import sole_value

FIELD, VALUE, BALANCE = "FIELD", "VALUE", "BALANCE"
_STRONG = "strong"  # a form that is a correction only after "不对", "actually" ...
# (steps, the field it implies); a step is a concept of the phrases (a trailing "?": optional),
# the slot's word (FIELD), a concept's word with the wrong value it names ("!not": "不是 binance，"),
# the value to the end (VALUE), or a starting balance (BALANCE).
_FORMS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("the?", "FIELD?", "change_to", VALUE), None),  # 把名字改成 副账户 / 改成 OKX
    (("the?", FIELD, "is", VALUE), None),  # 名字叫 小号 / the exchange should be okx
    (("!not?", "but", VALUE), _STRONG),  # 不对，是 OKX / 不是 binance，是 okx
    (("renamed", VALUE), "name"),  # 改名叫 X / call it main 2
    (("set", "its?", FIELD, "to", VALUE), None),  # change the name to Alt
    (("rename", "it", "to", VALUE), "name"),  # rename it to okx-alt
    (("starting", BALANCE), "paper_balance"),  # with 50000 USDT
    (("make", "it", "to?", VALUE), None),  # make it bybit / switch it to okx
    (("should_be", VALUE), None),  # it should be okx / use okx
    (("!not_en", "but?", VALUE), None),  # not binance, okx
)
_FIELDS = ("name", "exchange", "provider", "model", "base_url", "paper_balance")
_AFTER_OPENER = " ,，.。!！~～:：;；-"
_PUNCT_END = " .。!！~～"
_END = Words("correction.end")
_BARE_STOPS = ",，。.!！?？"
_MAX_BARE_WORDS = 3


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction: the slot it names (None: the one answered last) and the new value."""

    field: str | None
    value: str


def _word(low: str, at: int, concept: str) -> int | None:
    """The end of the longest word of ``concept`` (of the slots' words: FIELD) at ``at``, or None."""
    concepts = _FIELDS if concept == FIELD else (concept,)
    ends = [Words(f"correction.{c}").prefix(low[at:]) for c in concepts]
    return max((at + e for e in ends if e is not None), default=None)


def _skip(low: str, at: int, chars: str = " ") -> int:
    return len(low) - len(low[at:].lstrip(chars))


def read_correction(text: str) -> Correction | None:
    """The correction ``text`` makes, or None when it is no correction. The words are read in the
    layer's normalized text (width, case, "不對" as "不对"); the value is taken as typed."""
    norm = normalize_text(text)
    low = norm.text
    if not low or "?" in low:
        return None  # a question is a question
    end = _end(low)
    starts, strong = _openers(low)
    for steps, implied in _FORMS:
        for depth in range(len(starts) - 1, -1, -1):
            found = _form(norm, starts[depth], end, steps)
            if found is None:
                continue
            said, value, wrong = found
            if implied == _STRONG:
                if not (wrong or any(strong[:depth])):
                    continue
                implied = None
            if value:
                return Correction(said or implied, value)
    for depth in range(len(starts) - 1, 0, -1):  # "actually, bybit", "不对，OKX": a short value alone
        value = _typed(norm, starts[depth], end)
        bare = value and not any(c in _BARE_STOPS for c in value) and len(value.split()) <= _MAX_BARE_WORDS
        if bare and any(strong[:depth]):
            return Correction(None, value)
    return None


def _openers(low: str) -> tuple[list[int], list[bool]]:
    """Where the message goes on after 0, 1, 2 … openers, and whether each opener is a strong one."""
    starts, strong = [0], []
    while (end := _word(low, starts[-1], "opener")) is not None:
        strong.append(_word(low, starts[-1], "strong") == end)
        starts.append(_skip(low, end, _AFTER_OPENER))
    return starts, strong


def _end(low: str) -> int:
    """Where the value ends: before the words and marks that may close a correction."""
    end = len(low)
    while True:
        end = len(low[:end].rstrip(_PUNCT_END))
        closing = next((s for s, e in _END.spans(low[:end]) if e == end), None)
        if closing is None or not low[:closing].strip():
            return end
        end = closing


_Found = tuple[str | None, str, bool]


def _form(norm: Normalized, at: int, end: int, steps: tuple[str, ...]) -> _Found | None:
    """(the field named, the value, whether a wrong value was named) when ``steps`` read the
    message from ``at`` to ``end``, else None."""
    low = norm.text
    field: str | None = None
    wrong = False
    for step in steps:
        at = _skip(low, at)
        if step == VALUE:
            return (field, _typed(norm, at, end), wrong) if at < end else None
        if step == BALANCE:
            value = sole_value(_typed(norm, at, end), ("amount", "number"))
            if value is None or value.refused or value.unit == "base":
                return None
            return field, value.typed, wrong
        concept, optional = step.rstrip("?"), step.endswith("?")
        if concept.startswith("!"):
            after = _wrong(low, at, end, concept[1:])
            wrong = wrong or after is not None
        else:
            after = _word(low, at, concept)
            if after is not None and concept == FIELD:
                field = next(f for f in _FIELDS if _word(low, at, f) == after)
        if after is None and not optional:
            return None
        at = at if after is None else after
    return None


def _wrong(low: str, at: int, end: int, concept: str) -> int | None:
    """Where the message goes on after the wrong value it names ("not binance, ", "不是 binance，")."""
    after = _word(low, at, concept)
    if after is None:
        return None
    at = start = _skip(low, after)
    at = min((i for i in (low.find(c, at, end) for c in " ,，") if i >= 0), default=end)
    return _skip(low, at, " ,，") if start < at < end else None


def _typed(norm: Normalized, start: int, end: int) -> str:
    """The value typed behind ``norm.text[start:end]``, its width folded and its outer punctuation
    dropped ("副帳戶", not "副账户": a name is kept as the person wrote it)."""
    value = " ".join(unicodedata.normalize("NFKC", norm.typed(start, end)).split())
    return value.strip(",，。.!！~～;；").strip()
