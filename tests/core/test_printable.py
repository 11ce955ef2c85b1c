"""The unprintable characters of pasted errors and exchange errors (a pattern spelt out for start-up
time; a scan) are still the complement of [\\x20-\\x7e\\u00a0-\\uffff]."""

from __future__ import annotations

import re

from adapters.exchanges import errors
from core.diagnosis import pasted


def test_unprintable_is_the_complement_of_the_printable_ranges() -> None:
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i <= 0xDFFF)
    complement = re.compile(r"[^\x20-\x7e\u00a0-\uffff]")
    assert errors._PRINTABLE.sub("", every) == complement.sub("", every)
    assert len(errors._PRINTABLE.findall(every)) == 32 + 33 + 0x100000
    # pasted.clean scans for them (no pattern): each made a space ("." keeps runs of key
    # characters short, so nothing is masked).
    dotted = "".join(f"{c}." for c in every)
    assert pasted.clean(dotted, limit=len(dotted)) == " ".join(complement.sub(" ", dotted).split())
