"""An act foretold of a thing or someone else, hoped or feared: "i hope rex doesn't stop", "i'm
worried rex will stop", "pray it doesn't sell my eth", "i'm afraid they'll delete my account". A
modal right before the act (phrases/supposed.toml foretold_modal), its subject right before it
neither the person nor deskmate (foretold_not_other): what will or won't happen, never an ask, so
the act asks nothing. "i'll buy eth", "you should stop rex", "why won't rex stop" (its subject after
the modal) keep their readings. In Chinese the same: 会 after a subject other than the person or
deskmate ("它会卖掉我的eth", "阿强不会停"), or a fear said before the act in its clause ("担心它卖掉我的
eth", "怕阿强停掉"), unless a request or a condition's 就 stands between ("我怕亏钱帮我卖了eth"). A
second verb after "and" keeps the subject of a hope or fear before it ("hope rex keeps running and
doesn't stop"). Applied by the tagger's conditions (core.language.supposed, in the conditions'
supposing step)."""

from __future__ import annotations

from typing import Final

from core.language.normalize import clause_of, has_cjk
from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, Span, acts_lost_at

_MODAL: Final = Words("supposed.foretold_modal")
_NOT_OTHER: Final = Words("supposed.foretold_not_other")
_FEARED: Final = Words("supposed.foretold_feared")
_NOT_FEARED: Final = Words("supposed.foretold_not_feared")
_THEN: Final = Words("trade_money.then")
_CONTRACTED: Final = ("'ll", "'d")  # "they'll delete": subject and modal in one word
_JOINED: Final = ("and", "but", "or")  # "rex keeps running and doesn't stop": the subject before it


def said(scanned: str) -> bool:
    """Cheap: a modal said, or a contracted one, or a fear (Chinese)."""
    if has_cjk(scanned) and (_FEARED.search(scanned) is not None or "会" in scanned):
        return True
    return any(f" {w} " in scanned for w in _MODAL.words) or any(c + " " in scanned for c in _CONTRACTED)


def foretold(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts foretold of a thing or someone else."""
    lost = {s[0] for s in spans if any(c.startswith(ASKED_ACTS) for c in s[3]) and _foretold(scanned, s[0])}
    return acts_lost_at(spans, lost, ASKED_ACTS)


def _foretold(scanned: str, start: int) -> bool:
    if has_cjk(scanned[max(0, start - 4) : start + 4]):
        return _foretold_zh(scanned, start)
    if not scanned[start:].isascii():
        return False
    words = scanned[:start].split()
    if not words:
        return False
    last = words[-1]
    for end in _CONTRACTED:
        if last.endswith(end) and len(last) > len(end):
            return last[: -len(end)] not in _NOT_OTHER.words
    if last not in _MODAL.words or len(words) < 2:
        return False
    subject = words[-2]
    if last == "not" and subject in _MODAL.words and len(words) >= 3:  # "will not", "does not"
        subject = words[-3]
    elif last == "not":
        return False
    if subject in _JOINED:  # "hope rex keeps running and doesn't stop": a hope's second verb
        return _feared_before(scanned, start)
    return subject.isalpha() and subject not in _NOT_OTHER.words and subject not in _MODAL.words


def _feared_before(scanned: str, start: int) -> bool:
    """A hope or fear said earlier in the clause of the word at ``start``."""
    first, _ = clause_of(scanned, start, start)
    return _FEARED.search(scanned[first:start]) is not None


def _foretold_zh(scanned: str, start: int) -> bool:
    """会 right before the act after a subject other than the person or deskmate ("它会卖掉"), or a
    fear before it in its clause with no request nor 就 between ("担心它卖掉我的eth")."""
    before = scanned[:start].rstrip()
    modal = next((w for w in _MODAL.words if not w.isascii() and before.endswith(w)), None)
    if modal is not None:
        subject = before[: -len(modal)].rstrip()
        if subject and has_cjk(subject[-1]) and not any(subject.endswith(w) for w in _NOT_OTHER.words):
            return True
    first, _ = clause_of(scanned, start, start)
    clause = scanned[first:start]
    feared = [b for a, b in _FEARED.spans(clause, every=True) if not _not_feared(clause, a, b)]
    if not feared:
        return False
    between = clause[max(feared) :]
    return _THEN.search(between) is None and not any(w in between for w in _NOT_FEARED.words)


def _not_feared(clause: str, start: int, end: int) -> bool:
    """The fear word at ``clause[start:end]`` inside a word that is none ("哪怕", "不怕")."""
    return any(
        clause.startswith(w, at) and at + len(w) >= end
        for w in _NOT_FEARED.words
        for at in range(max(0, start - len(w) + 1), start + 1)
    )
