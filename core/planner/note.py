"""The model's final prose as the assistant's note: plain, checked against the turn's facts, capped.

Order matters: markup goes first (a figure inside a tag is still a figure), then the guard (it
reads sentences and numbers, which defanging would not change), then links are defanged and the
length capped last (defanging lengthens the text).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from core.i18n import Locale, t
from core.markets import MarketCatalog
from core.planner.facts import facts_of
from core.planner.guard import GuardedProse, ProseGuard
from core.planner.plain import NOTE_LIMIT, cap, defang, strip_markup
from core.reply import Block, NoteBlock, TraceStep

_TRACE_TEXT = 200  # characters of a removed sentence kept in the trace
_HEADROOM = 4  # the note is made from at most this many times its limit of the model's text


@dataclass(frozen=True, slots=True)
class Note:
    """The note (None when nothing is left to say), what the guard did, and its trace step."""

    block: NoteBlock | None
    guarded: GuardedProse
    capped_from: int | None  # the length before capping, when it was capped
    trace: TraceStep | None

    @property
    def claims_removed(self) -> bool:
        return any(r.kind == "claim" for r in self.guarded.removals)


def default_guard() -> ProseGuard:
    """A guard on the built-in catalog (BTC, ETH, SOL and the names of well-known coins); a
    running bot gives the planner one on its full catalog (bot.planner_wiring)."""
    return ProseGuard(MarketCatalog())


def assistant_note(
    raw: str,
    cards: Iterable[Block],
    performed: Collection[str],
    locale: Locale,
    guard: ProseGuard,
    *,
    limit: int = NOTE_LIMIT,
) -> Note:
    """``raw`` (the model's last content) as the assistant's note for this turn's ``cards``."""
    # Only the head can be shown: a provider ignoring max_tokens must not cost the event loop
    # a scan of megabytes (the guard reads ~5,000 characters in a few milliseconds).
    head = raw[: limit * _HEADROOM]
    plain = strip_markup(head)
    guarded = guard.check(plain, facts_of(cards), performed, marker=t(locale, "planner.figure_removed"))
    text, capped = cap(defang(guarded.text), limit)
    capped = capped or len(head) < len(raw)
    detail: dict[str, Any] = {}
    if guarded.removals:
        detail["removed"] = [
            {
                "kind": r.kind,
                "text": r.text[:_TRACE_TEXT],
                **({"coin": r.coin} if r.coin else {}),
                **({"action": r.action} if r.action else {}),
            }
            for r in guarded.removals
        ]
    if capped:
        detail["capped_from"] = len(raw)
        detail["capped_to"] = len(text)
    if plain != head.strip():
        detail["markup_removed"] = True
    trace = TraceStep(kind="model", name="note_guard", detail=detail) if detail else None
    block = NoteBlock(text, t(locale, "planner.note_label"), capped) if text else None
    return Note(block, guarded, len(raw) if capped else None, trace)
