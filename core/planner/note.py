"""The model's final prose as the assistant's note: plain, checked against the turn's facts, capped.

Order matters: markup goes first (a figure inside a tag is still a figure), then links and
contact handles are removed (core.planner.links), then the guard (it reads sentences and
numbers), then whatever link-like text is left is defanged and the length capped last
(defanging lengthens the text).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from core.i18n import Locale, is_zh, t
from core.markets import MarketCatalog
from core.planner.facts import facts_of
from core.planner.guard import GuardedProse, ProseGuard
from core.planner.links import strip_links
from core.planner.plain import NOTE_LIMIT, cap, defang, strip_markup
from core.reply import Block, NoteBlock, NoticeBlock, TraceStep

_TRACE_TEXT = 200  # characters of a removed sentence kept in the trace
_HEADROOM = 4  # the note is made from at most this many times its limit of the model's text


@dataclass(frozen=True, slots=True)
class Note:
    """The note (None when nothing is left to say), what the guard did, and its trace step."""

    block: NoteBlock | None
    guarded: GuardedProse
    capped_from: int | None  # the length before capping, when it was capped
    trace: TraceStep | None
    links_removed: tuple[str, ...] = ()  # links and contact handles taken out (core.planner.links)

    @property
    def claims_removed(self) -> bool:
        return any(r.kind == "claim" for r in self.guarded.removals)

    @property
    def altered(self) -> bool:
        """The guard took something out: the answer is then partial, never completed."""
        return bool(self.guarded.removals or self.links_removed)

    def notices(self, locale: Locale) -> list[NoticeBlock]:
        """What was taken out of the note, said: links and handles, figures (by coin), claims."""
        found: list[NoticeBlock] = []
        if self.links_removed:
            found.append(NoticeBlock(t(locale, "planner.links_removed"), "warning", "links_removed"))
        coins = list(dict.fromkeys(r.coin for r in self.guarded.removals if r.kind == "figure" and r.coin))
        if coins:
            shown = ("、" if is_zh(locale) else ", ").join(coins)
            text = t(locale, "planner.figures_removed", coins=shown, coin=coins[0])
            found.append(NoticeBlock(text, "info", "figures_removed"))
        if self.claims_removed:
            found.append(NoticeBlock(t(locale, "planner.claim_removed"), "warning", "claim_removed"))
        return found


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
    # Links and contact handles go first and whole: a defanged link is still a way to a phishing
    # site, and a figure inside a URL is no figure.
    stripped = strip_links(plain)
    plain = stripped.text
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
    if stripped.removed:
        detail["links_removed"] = [link[:_TRACE_TEXT] for link in stripped.removed]
    if capped:
        detail["capped_from"] = len(raw)
        detail["capped_to"] = len(text)
    if strip_markup(head) != head.strip():
        detail["markup_removed"] = True
    trace = TraceStep(kind="model", name="note_guard", detail=detail) if detail else None
    block = NoteBlock(text, t(locale, "planner.note_label"), capped) if text else None
    return Note(block, guarded, len(raw) if capped else None, trace, stripped.removed)
