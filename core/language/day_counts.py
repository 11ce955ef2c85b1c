"""Whether a number before 日 counts days or names a day of a month: "回测 60日" and "过去 30 日"
are spans, "12月3日" and "31日" dates. The value grammar asks before it reads 日 as a duration."""

from __future__ import annotations

from typing import Final

from core.language.normalize import CLAUSE_MARKS, clause_of
from core.language.value_words import _words

_DAY_OF: Final = ("月", "号", "號")


def days_not_date(norm: str, run: str, start: int, pos: int, said_before: int) -> bool:
    """The number ``run`` (from ``start``, its unit at ``pos``) counts days: no day of a month can be
    it, a span back from now is said before it, or it ends its clause after what it spans."""
    return _no_date(run) or _past_before(norm, said_before) or _days_after(norm, start, pos)


def _no_date(run: str) -> bool:
    """A count no day of a month can be ("回测 60日", "45日"): days, no date."""
    return run.isdigit() and int(run) > 31


def _days_after(norm: str, start: int, pos: int) -> bool:
    """A count of 日 said after what it is the span of, ending its clause ("回測下每日定投10u sol 30日",
    "回测btc网格 30日"): days, as Chinese says a span after its verb and a date before it ("5日回测btc网格",
    "30日买的"); a day of a month after its 月 or alone ("12月30日", "31日") stays a date."""
    hit = _words("every_d").after(norm, pos)
    if hit is None or (hit[1] < len(norm) and norm[hit[1]] not in CLAUSE_MARKS):
        return False
    first = clause_of(norm, start, start)[0]
    said = norm[first:start].strip(" ")
    return bool(said) and not said.endswith(_DAY_OF)


def _past_before(norm: str, at: int) -> bool:
    """A span back from now said right before the number ("过去 30 日", "近30日"): days, no date."""
    return _words("past").before(norm, at) is not None
