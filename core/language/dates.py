"""Dates in what people type, for the value grammar (core.language.values reads them as values
of kind "date"): "2024-01-01", "2024/1/1", "2024.1.1", "2024年1月1日", "3月5日", "on jan 5".

A date holds no number of its own: "2024-01-01" is no 2024 and no -1. A decimal ("2024.5") is no
date: a date with points has all three parts.
"""

from __future__ import annotations

import re

_DATE = re.compile(
    r"(?<![0-9])(?:20[0-9]{2}(?:[-/年][0-9]{1,2}(?:[-/月][0-9]{1,2}[日号號]?)?|\.[0-9]{1,2}\.[0-9]{1,2})"
    r"|[0-9]{1,2}月[0-9]{1,2}[日号號])(?![0-9])"
    r"|(?<![a-z])(?:on|at|since)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
    r"[0-9]{1,2}(?![0-9])"
)


def date_spans(norm: str) -> list[tuple[int, int]]:
    """(start, end) of every date in ``norm`` (NFKC, casefolded)."""
    return [found.span() for found in _DATE.finditer(norm)]
