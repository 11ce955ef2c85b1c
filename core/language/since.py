"""A time since (or from) which something is told ("beta 从周一开始就没动过", "由尋日開始一單都冇落過",
"自上个月起", "从10点开始"): a marker (从 / 由 / 自从 / 打), a time, then 开始 / 起. That 开始 is the
time's (filler.since), no start of anything ("beta 从周一开始" starts nothing), and a word the
tagger read across the time's end ("10点开始": "how do I start") is none. A start said by its own
verb after it stands ("从明天开始启动gary", "从周一开始运行gary"). The words are data
(lexicon/phrases/since.toml); core.language.conditions applies this to the tagger's spans.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

SINCE: Final = "filler.since"
_TIME: Final = "time."
_NUMERALS: Final = frozenset("0123456789零一二三四五六七八九十两百")

# (start, end, rank, concepts, value), as core.language.conditions.Span.
Span = tuple[int, int, int, frozenset[str], str]


_Words = dict[str, tuple[str, ...]]


@lru_cache(maxsize=1)
def _words() -> _Words:
    from core.language.lexicon import phrases

    concepts = phrases("since").concepts
    return {
        name: tuple(sorted(concepts[f"since.{name}"].words, key=len, reverse=True))
        for name in ("marker", "begin", "when", "before_when", "unit")
    }


def said(scanned: str) -> bool:
    """Whether a begin word is in ``scanned`` at all (most messages: no)."""
    return any(word in scanned for word in _words()["begin"])


def since_told(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each 开始 / 起 ending a time since read as the time's, and a word read across
    the time's end dropped."""
    out = spans
    for word in _words()["begin"]:
        at = scanned.find(word)
        while at >= 0:
            end = at + len(word)
            if _since_before(scanned, at, out):
                out = _as_time(out, at, end)
            at = scanned.find(word, end)
    return out


def _as_time(spans: Sequence[Span], start: int, end: int) -> list[Span]:
    out: list[Span] = []
    found = False
    for span in spans:
        if span[0] == start and span[1] == end:
            span, found = (start, end, span[2], frozenset({SINCE}), span[4]), True
        elif span[0] < start < span[1] <= end:
            continue  # "点开始" across "10点" and 开始
        out.append(span)
    if not found:
        out.append((start, end, 2, frozenset({SINCE}), ""))
    return out


def _since_before(scanned: str, at: int, spans: Sequence[Span]) -> bool:
    """A marker, then a time (one piece or more), ending right before ``at`` (spaces allowed)."""
    words = _words()
    at = _back_over_spaces(scanned, at)
    pieces = 0
    while True:
        step = _time_piece(scanned, at, spans, words)
        if step is None:
            break
        at, pieces = _back_over_spaces(scanned, step), pieces + 1
        prefix = next((w for w in words["before_when"] if scanned.endswith(w, 0, at)), None)
        if prefix is not None:
            at -= len(prefix)
    return pieces > 0 and any(scanned.endswith(m, 0, at) for m in words["marker"])


def _time_piece(scanned: str, at: int, spans: Sequence[Span], words: _Words) -> int | None:
    """Where the time piece ending at ``at`` starts: a time word of the lexicon or of the phrases,
    or a number and its unit ("三号", "10点"); None without one."""
    starts = [s[0] for s in spans if s[1] == at and s[0] < at and any(c.startswith(_TIME) for c in s[3])]
    starts += [at - len(w) for w in words["when"] if scanned.endswith(w, 0, at)]
    for unit in words["unit"]:
        if scanned.endswith(unit, 0, at):
            digits = at - len(unit)
            while digits > 0 and scanned[digits - 1] in _NUMERALS:
                digits -= 1
            if digits < at - len(unit):
                starts.append(digits)
    return min(starts) if starts else None


def _back_over_spaces(scanned: str, at: int) -> int:
    while at > 0 and scanned[at - 1].isspace():
        at -= 1
    return at
