"""A value corrected in the message that says it: "buy 0.05 btc. wait no, 0.02" buys 0.02 BTC,
"limit buy 0.5 eth at 3100 — actually make it 3050" rests at 3050, "买100u的sol，不对，狗狗币"
buys DOGE, "删掉提醒2和5，算了只删5" deletes alert 5. The message is read as it would have been
typed right the first time.

Only where the correction is explicit: a clause opening after a mark with a word of correction
(phrases/corrected.toml's marker: "no wait", "actually", "不对", "算了", "唔係"), the clauses up
to the new value saying nothing else (those words, a "make it" / "改成", the wrong value named as
such: "不是狗狗币", words of the ask said again: "看btc吧", "只删5"). The new value replaces the one
value of its kind in the ask before it: a coin the ask's one coin, a number with its unit the one
of that unit ("25格" the grids), a bare number the ask's one number or its one bare one (a price
beside an amount of a coin) of the same order, a number of a list ("2和5") the list. Where that
is not one value, nothing is corrected: the message reads as typed (two numbers refused). What
follows the correction is said of it (why, the value again: "btc feels toppy", "狗狗币留着",
"final answer 0.3 eth") and dropped, up to a next ask ("then", "然后", "also").
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from core.language.normalize import CLAUSE_MARKS, has_cjk
from core.language.phrases import Words, found
from core.language.tagger import COIN, Reading, Tag
from core.language.value import Value

_GROUP: Final = "corrected"
_MARKER, _TO, _NOT, _END, _LIST, _INTERJECTION = (
    f"{_GROUP}.{name}" for name in ("marker", "to", "not", "end", "list", "interjection")
)
_BESIDE: Final = ("filler.", "answer.")
_JOIN: Final = "filler.join"
_NEXT: Final = (Words("conversation.join_next"), Words("conversation.join_more"))
# Where a clause ends: the clause marks, a dash, a full stop (a point before a space or the end).
_BOUNDS: Final = CLAUSE_MARKS | frozenset("—–:：")
_NUMERIC: Final = frozenset({"amount", "number", "price", "count", "percent", "id", "duration"})
_BARE: Final = frozenset({"number", "price", "id"})
_MAX_CLAUSES: Final = 3  # the opening word's clause and two more up to the new value
_ORDER: Final = 10  # a bare number corrects the one of its order among several (3100 -> 3050)
# A number as typed inside its value ("0.05 btc", "20格", "1.5k usdt", "一百u").
_RUN: Final = re.compile(r"[0-9][0-9.,]*(?:\s?[kw万千])?|[零〇一二两三四五六七八九十百千万亿点]+")
_LATIN: Final = re.compile(r"[a-z0-9']+")
_OWN: Final = "own."
_ACTS: Final = frozenset(
    {"verb.stop", "verb.start", "verb.delete", "verb.update", "verb.switch_on", "verb.switch_off"}
)


def may_correct(text: str) -> bool:
    """Cheap: a word that may open a correction in ``text`` (normalized)."""
    return any(_MARKER in names for _, _, names in found(_GROUP, text))


def corrected(reading: Reading) -> str | None:
    """The message as typed with its correction made (see the module), or None: nothing
    corrected, the message reads as typed."""
    text = reading.text
    words = _words(text)
    for start, _, names in words:
        if _MARKER not in names:
            continue
        opened = _opening(text, start, words)
        if opened is None:
            continue
        said = _correction(reading, words, opened, start)
        if said is not None:
            return said
    return None


_Word = tuple[int, int, frozenset[str]]


def _words(text: str) -> list[_Word]:
    """The group's words in ``text``, leftmost-longest, without overlaps."""
    out: list[_Word] = []
    for start, end, names in sorted(found(_GROUP, text), key=lambda w: (w[0], -w[1])):
        if not out or start >= out[-1][1]:
            out.append((start, end, names))
    return out


def _is_bound(text: str, at: int) -> bool:
    ch = text[at]
    return ch in _BOUNDS or (ch == "." and text[at + 1 : at + 2] in ("", " "))


def _opening(text: str, start: int, words: list[_Word]) -> int | None:
    """Where the clause of a correction opening at ``start`` begins (its mark), or None: the word
    is not right after a mark (interjections between), or nothing is said before it."""
    at = start
    while True:
        at = len(text[:at].rstrip())
        before = next((w for w in words if w[1] == at and _INTERJECTION in w[2]), None)
        if before is None:
            break
        at = before[0]
    if at == 0 or not _is_bound(text, at - 1):
        return None
    mark = at - 1
    while mark > 0 and (_is_bound(text, mark - 1) or text[mark - 1] == " "):
        mark -= 1
    return mark if text[:mark].strip() else None


def _clause_end(text: str, at: int) -> int:
    return next((k for k in range(at, len(text)) if _is_bound(text, k)), len(text))


def _ask_start(text: str, cut: int) -> int:
    """Where the ask a correction at ``cut`` corrects begins: after the last "then" before it."""
    starts = [e for w in _NEXT for s, e in w.spans(text[:cut])]
    return max(starts, default=0)


def _correction(reading: Reading, words: list[_Word], cut: int, after: int) -> str | None:
    text = reading.text
    ask = _ask_start(text, cut)
    tags = [t for t in reading.tags if ask <= t.start and t.end <= cut]
    values = [v for v in reading.spans() if not v.refused and v.kind in _NUMERIC]
    old_values = [v for v in values if ask <= v.start and v.end <= cut]
    old_coins = {t.value for t in tags if COIN in t.concepts or _own(t)}  # a coin, or a record named
    said = text[ask:cut]
    end, clauses, start = after, 0, after
    while clauses < _MAX_CLAUSES:
        clause_end = _clause_end(text, end)
        region = (start, clause_end)
        found_new = _said_new(reading, words, region, said, old_values, old_coins)
        if found_new is None and not _why(reading, (end, clause_end)):
            return None  # a word besides a correction's: no correction
        if found_new is None:
            start = clause_end + 1  # a why passed over: the new value is said after it
        elif found_new:
            return _made(reading, cut, region, found_new, tags, old_values)
        clauses += 1
        end = clause_end + 1
        if end >= len(text):
            return None
    return None


_New = list[Tag | Value]
_WHY: Final = ("filler.", "answer.", "outside.")  # "老婆說太多了": who said so, why


def _why(reading: Reading, region: tuple[int, int]) -> bool:
    """A clause between the correction's word and its value saying only why or who said so ("幫我買
    0.05顆比特幣，啊不對，老婆說太多了，是0.03顆"): no value, no coin, no act; passed over."""
    a, b = region
    if any(a <= v.start < b for v in reading.spans()):
        return False
    tags = [t for t in reading.tags if a <= t.start < b]
    return all(all(c.startswith(_WHY) for c in t.concepts) for t in tags)


def _said_new(
    reading: Reading,
    words: list[_Word],
    region: tuple[int, int],
    said: str,
    old_values: list[Value],
    old_coins: set[str],
) -> _New | None:
    """The new coins and values said in ``region``, [] for none; None where it says anything a
    correction does not (a word neither the correction's nor the ask's again)."""
    text = reading.text
    a, b = region
    left = list(text[a:b])

    def blank(start: int, end: int) -> None:
        for k in range(max(start, a), min(end, b)):
            left[k - a] = " "

    negated: list[int] = []  # where a named wrong value may begin
    for start, end, names in words:
        if a <= start and end <= b:
            blank(start, end)
            if _NOT in names:
                negated.append(end + len(text[end:]) - len(text[end:].lstrip()))
    new: _New = []
    for tag in reading.tags:
        if not (a <= tag.start and tag.end <= b):
            continue
        if COIN in tag.concepts or _own(tag):
            blank(tag.start, tag.end)
            if tag.start not in negated and tag.value not in old_coins:
                new.append(tag)
        elif (
            all(c.startswith(("filler.", "answer.")) for c in tag.concepts)
            and "filler.join" not in tag.concepts
        ):
            blank(tag.start, tag.end)
    for value in reading.spans():
        if not (a <= value.start and value.end <= b):
            continue
        blank(value.start, value.end)
        if value.refused or value.kind not in _NUMERIC:
            return None
        if value.start in negated:
            continue
        if not any(v.number == value.number for v in old_values) or _listed(value, old_values, text):
            new.append(value)
    rest = "".join(left)
    again = set(_LATIN.findall(said))
    unsaid_cjk = any(has_cjk(ch) and ch not in said for ch in rest)
    if any(w not in again for w in _LATIN.findall(rest)) or unsaid_cjk:
        return None
    return new


def _listed(value: Value, old: list[Value], text: str) -> list[Value]:
    """The list of numbers ("2 and 5", "2和5") among ``old`` holding ``value``'s number, or []."""
    for run in _lists(old, text):
        if len(run) > 1 and any(v.number == value.number for v in run):
            return run
    return []


def _lists(old: list[Value], text: str) -> list[list[Value]]:
    runs: list[list[Value]] = []
    for value in old:
        gap = text[runs[-1][-1].end : value.start] if runs else ""
        if runs and value.kind in _BARE and runs[-1][-1].kind in _BARE and _joins_list(gap):
            runs[-1].append(value)
        else:
            runs.append([value])
    return runs


def _joins_list(gap: str) -> bool:
    said = gap.strip()
    return bool(said) and any(s == 0 and e == len(said) for s, e, n in found(_GROUP, said) if _LIST in n)


def _made(
    reading: Reading,
    cut: int,
    region: tuple[int, int],
    new: _New,
    tags: list[Tag],
    old_values: list[Value],
) -> str | None:
    """The message as typed with the new values in place of the old ones, up to the correction,
    and from its next ask on; None where a new value has not one old value to replace."""
    text = reading.text
    coins = {t.value for t in new if isinstance(t, Tag)}
    numbers = [v for v in new if isinstance(v, Value)]
    if len(coins) > 1 or len(numbers) > 1:
        return None
    named = next((t for t in new if isinstance(t, Tag) and _own(t)), None)
    if named is not None and not numbers and not any(_own(t) and _kind(t) == _kind(named) for t in tags):
        return _asked_again(reading, region, named)  # "停掉所有交易员。哦不对，只停夜猫子"
    swaps: list[tuple[int, int, int, int]] = []  # (old start, old end, new start, new end), normalized
    if coins:
        coin = next(t for t in new if isinstance(t, Tag))
        old = (
            [t for t in tags if COIN in t.concepts]
            if named is None
            else [t for t in tags if _kind(t) == _kind(named)]
        )
        if len({t.value for t in old}) != 1:
            return None
        swaps += [(t.start, t.end, coin.start, coin.end) for t in old]
    if numbers:
        swap = _number_swap(numbers[0], old_values, text)
        if swap is None:
            return None
        swaps.append(swap)
    norm = reading.norm
    typed, at = [], 0
    for old_start, old_end, new_start, new_end in sorted(swaps):
        typed += [norm.original[at : norm.offsets[old_start]], norm.typed(new_start, new_end)]
        at = norm.offsets[old_end]
    typed.append(norm.original[at : norm.offsets[cut]])
    head = "".join(typed).rstrip(" " + "".join(_BOUNDS) + ".")
    nexts = [s for w in _NEXT for s, _ in w.spans(text) if s >= region[1]]
    if not nexts:
        return head
    return f"{head}{'，' if has_cjk(head) else ','} {norm.original[norm.offsets[min(nexts)] :]}"


def _own(tag: Tag) -> bool:
    """One of the person's records named (the turn's names, core.language.gazetteer)."""
    return any(c.startswith(_OWN) for c in tag.concepts)


def _kind(tag: Tag) -> frozenset[str]:
    return frozenset(c for c in tag.concepts if c.startswith(_OWN))


def _asked_again(reading: Reading, region: tuple[int, int], named: Tag) -> str | None:
    """The correction's own clause as the ask, where it names a record the ask before named none of
    ("停掉所有交易员。哦不对，只停夜猫子", "停晒啲交易員，唔係，淨係停阿強得啦") and says its act again:
    read from its first act on; None where it says no act (nothing corrected)."""
    act = next((t for t in reading.tags if region[0] <= t.start < named.start and t.concepts & _ACTS), None)
    if act is None:
        return None
    norm = reading.norm
    return norm.original[norm.offsets[act.start] : norm.offsets[region[1]]]


def _number_swap(value: Value, old: list[Value], text: str) -> tuple[int, int, int, int] | None:
    """Which old number ``value`` replaces, as (old start, old end, new start, new end) of their
    numbers as typed; None where that is not one."""
    listed = _listed(value, old, text)
    if listed:
        return (listed[0].start, listed[-1].end, *_run(value, text))
    uncounted = value.kind == "amount" and value.unit == "base" and not value.coin  # "0.02个"
    same = [v for v in old if (v.kind, v.unit) == (value.kind, value.unit) and value.kind not in _BARE]
    same = same or [v for v in old if uncounted and (v.kind, v.unit) == ("amount", "base")]
    if not same and (value.kind in _BARE or uncounted):  # "wait no, 0.02": the ask's one number
        same = (
            old
            if len(old) == 1
            else [v for v in old if v.kind in _BARE and _same_order(v.number, value.number)]
        )
    elif not same:  # "0.2. no, 0.3 eth": a number with its unit for the ask's one bare number
        same = old if len(old) == 1 and old[0].kind in _BARE else []
    if len(same) != 1:
        return None
    return (*_run(same[0], text), *_run(value, text))


def _same_order(a: Decimal, b: Decimal) -> bool:
    return a > 0 and b > 0 and max(a, b) <= min(a, b) * _ORDER


def _run(value: Value, text: str) -> tuple[int, int]:
    """Where the number of ``value`` is typed (without its unit or coin)."""
    found_run = _RUN.search(text, value.start, value.end)
    return (found_run.start(), found_run.end()) if found_run else (value.start, value.end)
