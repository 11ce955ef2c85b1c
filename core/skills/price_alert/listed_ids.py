"""Alert ids listed in one delete ("delete alert 3 and 4", "删除3号和4号提醒"): every number of the
list is an id, so the delete is refused quoting them all, never one deleted and the others dropped."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from core.language.phrases import Words
from core.language.value import Value

ID_JOIN: Final = Words("alert.id_join")  # "delete alert 3 and 4": the 4 an id too


def number_listed_before(text: str, at: int) -> tuple[Value, str] | None:
    """A number said with 号 and listed right before the alert id at ``at`` ("删除3号和4号提醒",
    "刪除3號同4號提醒"): the value grammar reads 3号 alone as no value (a day of the month), so
    without this the 3 was dropped and only alert 4 offered for deletion."""
    before = text[:at].rstrip()
    join = next((w for w in sorted(ID_JOIN.words, key=len, reverse=True) if before.endswith(w)), None)
    if join is None:
        return None
    head = before[: len(before) - len(join)].rstrip()
    if not head.endswith("号"):
        return None
    end = len(head) - 1
    start = end
    while start > 0 and head[start - 1].isdigit():
        start -= 1
    if start == end:
        return None
    digits = head[start:end]
    return Value("number", start, end, digits, Decimal(digits)), digits
