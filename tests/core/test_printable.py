"""The unprintable-character pattern of pasted errors and exchange errors, spelt out for start-up
time, still means the complement of [\\x20-\\x7e\\u00a0-\\uffff]."""

from __future__ import annotations

import re

from adapters.exchanges import errors
from core.diagnosis import pasted


def test_unprintable_is_the_complement_of_the_printable_ranges() -> None:
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i <= 0xDFFF)
    complement = re.compile(r"[^\x20-\x7e\u00a0-\uffff]")
    for pattern in (pasted._PRINTABLE, errors._PRINTABLE):
        assert pattern.sub("", every) == complement.sub("", every)
        assert len(pattern.findall(every)) == 32 + 33 + 0x100000
