"""Records named by their numbers in a list ("删除3号和4号", "删除三号和四号", "删除3号和4号交易员",
"delete traders 3 and 4", "#3 and #4", "编号3、编号4"): two records named, never one.

A record reader that took the first number ("3号和4号" read as record 3) or the numbers as one name
("3 4") would act on one record where two were named, the other dropped unsaid. So a reader that
finds such a list names no one record (core.workspace.reading, core.tasks.refs.record_ref), and
the clause splitter asks each number on its own (core.conversation.listed.each_numbered), each
read as if said alone, each confirmed on its own. The numbers are the value grammar's
(core.language.values.whole_numbers); the marks and joins are words: phrases/numbered.toml.
"""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.values import whole_numbers

_JOIN: Final = Words("numbered.join")
_BEFORE: Final = Words("numbered.before")
_AFTER: Final = Words("numbered.after", whole=False)
_KIND: Final = Words("numbered.kind")
_ORDINAL: Final = Words("numbered.ordinal")
_ORDINAL_WORDS: Final = (Words("values.ordinal_word"), Words("values.ordinal_digits"))
_COUNTER: Final = Words("numbered.ordinal_after", whole=False)


def numbered(text: str, *, bare: bool = False) -> list[tuple[int, int]]:
    """The spans of the first run of two or more numbers listed in ``text`` (each with its mark:
    "3号", "#3", "编号3"), joined only by a list's words, or [] when it lists none. A kind's word
    may stand between two ("3号交易员和4号", "trader 3 and trader 4"). ``bare``: numbers with no
    mark nor kind said count too (a record reader's target: "delete 3 and 4" names no record "3 4")."""
    items = [
        item for start, end, _, digits in whole_numbers(text) if (item := _item(text, start, end, digits))
    ]
    items = sorted(items + _ordinals(text))
    run: list[tuple[int, int]] = items[:1]
    for item in items[1:]:
        if _joined(text[run[-1][1] : item[0]]):
            run.append(item)
        elif len(run) >= 2:
            break
        else:
            run = [item]
    return run if len(run) >= 2 and (bare or _records(text, run)) else []


def kind_between(text: str, run: list[tuple[int, int]]) -> str:
    """The kind's word typed right after the first number of ``run``, as typed with the spaces
    before it, where none follows the last ("delete the 2nd alert and the 5th": " alert"): each
    number's record is of that kind; "" when none is said there or one follows the last."""
    if len(run) < 2 or _KIND.after(text, run[-1][1]) is not None:
        return ""
    end = _KIND.after(text, run[0][1])
    return "" if end is None else text[run[0][1] : end]


def _records(text: str, run: list[tuple[int, int]]) -> bool:
    """The numbers are records': one has its mark ("3号", "#3"), or a kind's word comes right before
    the first ("traders 3 and 4", "账户3和4"); bare numbers elsewhere are values ("3000到4000，20格")."""
    marked = any(not text[start:end].isdigit() for start, end in run)
    return marked or _KIND.before(text, run[0][0]) is not None


def _ordinals(text: str) -> list[tuple[int, int]]:
    """English ordinals, each a record counted so ("delete the 2nd and 5th alert", "cancel my second
    and third orders"), as "the 2nd alert" alone is (core.language.ordinals)."""
    return sorted(
        (start, end)
        for words in _ORDINAL_WORDS
        for start, end in words.spans(text, every=True)
        if text[start:end].lower() in words.words
    )


def _item(text: str, start: int, end: int, digits: bool) -> tuple[int, int] | None:
    """A number's span with its marks: "#" / "编号" / "no." before it, "号" after it, or an ordinal's
    "第" before it with its counter after ("第2个"). A number in Chinese numerals is a record's only
    with its mark ("三号", "第三个"): "两个和三个" counts things."""
    ordinal = _ORDINAL.before(text, start, space=False)
    if ordinal is not None:
        return (ordinal, _COUNTER.after(text, end) or end)
    before = _BEFORE.before(text, start)
    after = _AFTER.after(text, end) if text[end : end + 1] in "号號" else None
    if not digits and before is None and after is None:
        return None
    return (start if before is None else before, end if after is None else after)


def _joined(between: str) -> bool:
    """Only a list's join between two numbers, with a kind's word beside it where said again."""
    rest = between.strip()
    for start, end in reversed(_KIND.spans(rest)):
        rest = f"{rest[:start]} {rest[end:]}"
    rest = " ".join(rest.split())
    return bool(rest) and any(s == 0 and e == len(rest) for s, e in _JOIN.spans(rest))
