"""Running checks in a fixed order and writing the answer: what happened, the checks, why, and
what to do now (core.reply.DiagnosisBlock).

A diagnosis skill adds each check as it runs (ok / failed / unknown / skipped, a detail, the exchange's or
provider's code); a failed check names the cause it points to. The first cause found explains
the problem; the steps of every cause found follow, the first cause's first, without repeats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from core.diagnosis.causes import STEPS
from core.i18n import Locale, is_zh, t
from core.reply import DiagnosisBlock, DiagnosisCheck

Outcome = Literal["ok", "failed", "skipped", "unknown"]
MAX_STEPS = 6


class _Blank(dict[str, object]):
    """Template parameters: one a text does not get renders empty rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


def say(locale: Locale, key: str, params: Mapping[str, object] | None = None) -> str:
    """The message ``key`` with whatever of ``params`` it uses (missing ones render empty)."""
    template = t(locale, key)
    return template.format_map(_Blank(params or {})) if "{" in template else template


@dataclass
class Checklist:
    """The checks of one diagnosis, in the order they ran, and the causes they point to."""

    locale: Locale
    checks: list[DiagnosisCheck] = field(default_factory=list)
    causes: list[str] = field(default_factory=list)

    def ok(self, name: str, detail: str = "", code: str | None = None) -> None:
        self._add(name, "ok", detail, code)

    def failed(self, name: str, detail: str, code: str | None, cause: str) -> None:
        if cause not in STEPS:
            raise ValueError(f"unknown cause {cause!r}")
        self._add(name, "failed", detail, code)
        if cause not in self.causes:
            self.causes.append(cause)

    def skipped(self, name: str, detail: str = "") -> None:
        self._add(name, "skipped", detail or say(self.locale, "dx.skipped_after"), None)

    def unknown(self, name: str, detail: str) -> None:
        """The check ran but could not tell (the exchange did not say, the other environment
        could not be reached): shown as unknown, never as passed, and it points to no cause."""
        self._add(name, "unknown", detail, None)

    def skip_all(self, names: Sequence[str], detail: str = "") -> None:
        for name in names:
            self.skipped(name, detail)

    def prefer(self, cause: str) -> None:
        """Put ``cause`` first: a later check explained the earlier failure better (a -2015 that
        turns out to be a testnet key on mainnet)."""
        if cause in self.causes:
            self.causes.remove(cause)
        self.causes.insert(0, cause)

    def replace(self, cause: str, better: str) -> None:
        """A later check made ``cause`` precise (the exchange said "insufficient balance"; the
        balance seen says by how much, or that it covers the order now): ``better`` takes its
        place, first."""
        if better not in STEPS:
            raise ValueError(f"unknown cause {better!r}")
        if cause in self.causes:
            self.causes.remove(cause)
        self.prefer(better)

    @property
    def passed(self) -> bool:
        return not self.causes

    def _add(self, name: str, outcome: Outcome, detail: str, code: str | None) -> None:
        label = say(self.locale, f"dx.check.{name}")
        self.checks.append(DiagnosisCheck(name, label, outcome, detail, code))


def answer(
    skill: str,
    checklist: Checklist,
    *,
    title: str,
    happened: str,
    ok_cause: str,
    params: Mapping[str, object] | None = None,
) -> DiagnosisBlock:
    """The diagnosis block: the first cause found (``ok_cause`` when every check passed,
    "partly_checked" when none failed but some could not tell) and the steps of each cause
    found, in order, at most MAX_STEPS."""
    locale = checklist.locale
    unsure = [c.label for c in checklist.checks if c.outcome == "unknown"]
    # Nothing failed is not "all is well" while a check could not tell: the cause says which.
    causes = checklist.causes or (["partly_checked"] if unsure else [ok_cause])
    params = {**(params or {}), "unchecked": ("、" if is_zh(locale) else ", ").join(unsure)}
    steps: list[str] = []
    for cause in causes:
        for step in STEPS[cause]:
            text = say(locale, f"dx.step.{step}", params)
            if text not in steps:
                steps.append(text)
    return DiagnosisBlock(
        skill=skill,
        title=title,
        happened=happened,
        checks=tuple(checklist.checks),
        cause=say(locale, f"dx.cause.{causes[0]}", params),
        next_steps=tuple(steps[:MAX_STEPS]),
        cause_code=causes[0],
    )


def nothing_to_check(
    skill: str,
    locale: Locale,
    *,
    check: str,
    detail: str,
    cause: str,
    title: str,
    ok_cause: str,
    happened: str | None = None,
) -> DiagnosisBlock:
    """The answer when there is nothing to diagnose (no traders, no live account, no model
    config ...): one failed check saying what is missing, and its cause's steps. ``detail``,
    ``title`` and ``happened`` (default: the detail) are message keys."""
    checks = Checklist(locale)
    checks.failed(check, say(locale, detail), None, cause)
    return answer(
        skill, checks, title=say(locale, title), happened=say(locale, happened or detail), ok_cause=ok_cause
    )
