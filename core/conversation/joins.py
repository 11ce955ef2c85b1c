"""Where a message may be cut into clauses (core.conversation.clauses): the runs of marks and
conjunctions inside it, and what a run says of the ask after it: a next one ("然后", "再",
"then") or one more ("also", "另外", "顺便")."""

from __future__ import annotations

from core.language.phrases import Words
from core.language.tagger import words

# The words are data: core/language/lexicon/phrases/conversation.toml. Where one ask may end and
# the next begin (marks and conjunctions, zh and en), except "还有" asking ("还有多少U").
_JOIN, _HELD = Words("conversation.join"), Words("conversation.join_held")
_NEXT, _ALSO = Words("conversation.join_next"), Words("conversation.join_also")
_MORE = Words("conversation.join_more")
_PUT_OFF = Words("conversation.put_off_first")  # "晚点再", "遲啲先": a clause begins there, joins in it none
_OR_ASKING = Words("conversation.or_asking")  # "or should i", "还是我直接": a question ends before it
_SET_STOP = Words("conversation.set_stop_first")  # "买0.1个eth 止损设2800": the stop's clause begins

MARKS = frozenset(",，;；。!！?？.")


def joins_in(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` may be cut, in order: each run of joins with only spaces between, inside
    the text (a mark ending it is no cut). A put-off said before its act ("停掉阿福晚点再删rex") is cut
    before, kept whole with its clause (its 再 no cut there)."""
    held = _HELD.spans(text)
    put_off = _PUT_OFF.spans(text)
    begins = [(s, s) for s, _ in (*put_off, *_OR_ASKING.spans(text), *_stop_after_trade(text))]
    runs: list[tuple[int, int]] = []
    for start, end in sorted((*_JOIN.spans(text), *_full_stops(text), *begins)):
        if any(s <= start and end <= e for s, e in held) or any(s < end and start < e for s, e in put_off):
            continue
        if runs and not text[runs[-1][1] : start].strip():
            start = runs.pop()[0]
        runs.append((start, end))
    return tuple((s, e) for s, e in runs if text[:s].strip() and text[e:].strip())


def _stop_after_trade(text: str) -> list[tuple[int, int]]:
    """A protective order set with its own verb after a buy or a sell and a space ("买0.1个eth
    止损设2800"): its clause begins there. Glued to what is before it ("买0.1个eth带止损2800"), or
    with no trade before it ("给我的 BTC 设置止损 80000"), it begins none."""
    spans = [(s, e) for s, e in _SET_STOP.spans(text) if text[s - 1 : s].isspace()]
    if not spans:
        return []
    trades = [t.end for t in words(text).tags if t.concepts & _TRADES]
    return [(s, e) for s, e in spans if any(end <= s for end in trades)]


_TRADES = frozenset({"verb.buy", "verb.sell"})


def _full_stops(text: str) -> list[tuple[int, int]]:
    """A full stop ending a sentence, after a letter and before a space ("btc price today please. my
    grandson set this up for me"): a mark as a comma is; a decimal point ("0.05") or a dot in a
    name ("bot.cli") is none."""
    out, at = [], text.find(". ", 1)
    while at > 0:
        if text[at - 1].isalpha():
            out.append((at, at + 1))
        at = text.find(". ", at + 1)
    return out


def asking_ends(text: str, joins: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
    """The joins that end a question: a run holding a question mark, or right before an alternative
    put to oneself ("is noob making money or should i just kill it": the P&L asked, then advice)."""
    ors = [s for s, _ in _OR_ASKING.spans(text)]
    return frozenset(j for j in joins if _ENDS_ASKING.intersection(text[j[0] : j[1]]) or j[1] in ors)


_ENDS_ASKING = frozenset("?？")


def following_joins(text: str, joins: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
    """The joins that put one ask after another: a run holding "然后", "再", "then"."""
    also = _also(text)
    nexts = [(s, e) for s, e in _NEXT.spans(text) if not any(a <= s and e <= b for a, b in also)]
    nexts += [(s, s) for s, _ in _stop_after_trade(text)]  # "买0.1个eth 止损设2800": the stop after the buy
    return frozenset(j for j in joins if any(j[0] <= s and e <= j[1] for s, e in nexts))


def adding_joins(joins: tuple[tuple[int, int], ...], text: str) -> frozenset[tuple[int, int]]:
    """The joins that add another ask: a run holding "also", "另外", "顺便"."""
    mores = _MORE.spans(text)
    return frozenset(j for j in joins if any(j[0] <= s and e <= j[1] for s, e in mores))


def _also(text: str) -> list[tuple[int, int]]:
    """ "再加", "再加上": an addition, its 再 no next ask; not where a word runs on out of it ("再加仓")."""
    spans = _ALSO.spans(text)
    if not spans:
        return []
    tags = words(text).tags  # the normalized text keeps the offsets of a Chinese run
    return [(s, e) for s, e in spans if not any(s < t.start < e < t.end for t in tags)]


def pieces_of(text: str, cuts: tuple[tuple[int, int], ...]) -> list[str]:
    out: list[str] = []
    start = 0
    for begin, end in cuts:
        out.append(text[start:begin].strip())
        start = end
    out.append(text[start:].strip())
    return out
