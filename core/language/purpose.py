"""An act said as why something else is asked is never asked itself: "把夜猫的自动启动打开，免得服务器
重启后又忘了开它" turns the auto-start on and starts nothing; "delete alpha so that i can start over"
starts nothing; "buy 0.1 btc so i can sell it later" sells nothing. The acts after a purpose word
(filler.purpose: "so that", "免得", "以免", "省得") to the end of its clause lose their act; the
life told there is only why too, keeping nothing asked before it away ("show me my balance so i
know what's left for groceries", "sell 0.1 eth so i can pay rent": outside.everyday's words).
Applied by the tagger's conditions (core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.spans import ASKED_ACTS, Span, acts_lost_at, clause_break

PURPOSE: Final = "filler.purpose"


def said(concepts: frozenset[str]) -> bool:
    return PURPOSE in concepts


def purposed(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts and the story's words said after a purpose word in its clause."""
    ends = [s[1] for s in spans if PURPOSE in s[3]]

    def after(start: int) -> bool:
        return any(end <= start and not clause_break(scanned, end, start) for end in ends)

    lost = {s[0] for s in spans if any(c.startswith(ASKED_ACTS) for c in s[3]) and after(s[0])}
    told = {s[0] for s in spans if any(c.startswith(_TOLD) for c in s[3]) and after(s[0])}
    return acts_lost_at(acts_lost_at(spans, lost, ASKED_ACTS), told, _TOLD)


_TOLD: Final = ("outside.everyday",)
