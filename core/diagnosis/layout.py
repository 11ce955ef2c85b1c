"""A diagnosis as a checklist of sections, one layout every renderer shares (Telegram sets the
headings in bold, Discord as embed fields, the console as text): what happened, the checks with
their marks, why, and the numbered steps of what to do now."""

from __future__ import annotations

from dataclasses import dataclass

from core.diagnosis.report import say
from core.i18n import Locale
from core.reply import DiagnosisBlock, DiagnosisCheck

MARKS = {"ok": "✅", "failed": "❌", "skipped": "⏭️", "unknown": "❔"}  # unknown is never ✅


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    lines: tuple[str, ...]


def check_line(check: DiagnosisCheck) -> str:
    """ "❌ Clock offset: this machine is 3200 ms ahead of the exchange (-1021)"."""
    text = f"{MARKS[check.outcome]} {check.label}"
    if check.detail:
        text += f": {check.detail}"
    if check.code and check.code not in check.detail:
        text += f" ({check.code})"
    return text


def sections(block: DiagnosisBlock, locale: Locale) -> list[Section]:
    found = [Section(say(locale, "dx.heading.happened"), (block.happened,))]
    if block.checks:
        found.append(Section(say(locale, "dx.heading.checks"), tuple(check_line(c) for c in block.checks)))
    found.append(Section(say(locale, "dx.heading.why"), (block.cause,)))
    if block.next_steps:
        steps = tuple(f"{n}. {step}" for n, step in enumerate(block.next_steps, 1))
        found.append(Section(say(locale, "dx.heading.now"), steps))
    return found
