"""An act taken back in a clause of its own after it: "sell all my sol. nah, don't", "buy 0.1 btc.
jk", "stop all my bots. no wait", "帮我把sol全卖了，还是不要了", "幫我賣晒啲sol，都係唔好住". The
message's last clauses say only that (a taking-back word of phrases/beside.toml's taken_back, a
"don't", a giving-up, a "no", with fillers and particles): every act said before them asks
nothing, and what is left of it asks nothing else. A clause asking something after them ("buy
0.1 btc, no wait, 0.2") or a word of its own ("sell my eth, no rush") takes nothing back. Applied
by the tagger's conditions (core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, WORD_RANK, Span, acts_lost_at

_TAKEN_BACK: Final = Words("beside.taken_back")
# A giving-up said alone after an act takes it back as taken_back's words do ("幫我買啲ETH……算數啦",
# "买btc，就算了吧"): its words with nothing named before them.
_GIVEN_UP: Final = Words("beside.given_up_end")
# Given up with 就 / 还是 / 先, or no need of it ("买btc，先不用了", "帮我买0.1个btc 不用了"): in a clause of
# its own after the act, as in the act's own clause (core.language.given_up), it takes it back.
_AFTER: Final = Words("beside.given_up_after")
# No longer needed, after a removal: why it is removed ("删除 deepseek 模型，不用了"), no taking back.
_UNWANTED: Final = Words("beside.unwanted")
_REMOVING: Final = frozenset({"verb.delete"})
# A retort ("are you crazy", "你疯了吧") takes back only an act echoed as a question before it.
_RETORT: Final = Words("beside.retort")
_ECHOED: Final = frozenset("?？")
# "not now", "先不要" after an act take it back, but a watch asked stands: what is put off is the
# trade it is for ("alert me at 200, i'll decide whether to sell then. not now").
_PUT_OFF: Final = Words("beside.put_off")
_WATCH: Final = frozenset({"verb.notify", "noun.alert"})
_TRADES: Final = ("verb.buy", "verb.sell", "amount.sell_all", "order.")
# What a clause taking an act back may say besides its words: a "don't", a giving-up, a "no".
_BACK: Final = frozenset({"filler.dont", "verb.cancel", "answer.no"})
_ONLY: Final = ("filler.", "answer.", "verb.cancel")
# Why, said beside the taking back ("买大饼？算了吧 太贵了", "buy 0.1 btc. nah, too pricey"): it takes
# nothing back alone ("买btc，太贵了" buys).
_WHY: Final = Words("beside.why_not")
_CHANGED: Final = frozenset({"outside.mind_changed"})
_MARKS: Final = CLAUSE_MARKS | frozenset(".…")
_END: Final = ("", " ")
_PARTICLES: Final = Words("particles.taken_back")  # read as their characters ("lo": l, o)
_TRAILING: Final = " " + "".join(sorted(_MARKS))  # what ends a message after its last clause
_MEANT: Final = Words("beside.meant_to_ask")  # "i was about to ask you to stop gary but… never mind"
_OPEN: Final = Words("beside.given_up_open")  # "forget about", after an ask meant
_ACTS: Final = (*ASKED_ACTS, "backtest.run")  # a backtest taken back runs none ("backtest eth. forget it")
_JOKING: Final = Words("beside.joking")  # "buy 0.1 btc jk": a clause of its own, no mark before it
# "用所有u买eth 算了先别", "buy 1 btc lmao jk don't": taking back after a bare space, one of these said in it
_SPACED: Final = Words("beside.taken_back_spaced")


def said(scanned: str) -> bool:
    """Cheap: a mark after the message's first word, where a clause of its own may end it, a joke
    owned at its end, or an ask meant ("was about to ask you to")."""
    text = scanned.rstrip(_TRAILING)
    if not _MARKS.isdisjoint(text[1:]) or text.endswith(_JOKING.words):  # one look in C each
        return True
    if " " in text and any(w in text for w in _SPACED.words):
        return True
    return " you" in text and any(w in text for w in _MEANT.words)  # an ask meant, no mark needed


def _joke_at(scanned: str) -> int | None:
    """The space before a joke owned at the message's very end ("buy 0.1 btc jk"), or None."""
    text = scanned.rstrip(_TRAILING)
    ends = [a for a, b in _JOKING.spans(text, every=True) if b == len(text) and a > 1 and text[a - 1] == " "]
    return min(ends) - 1 if ends else None


def taken_back(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts said before the message's last clauses, where those take it back,
    and without those of an ask meant and given up later (_meant)."""
    spans = _meant(scanned, spans)
    watch = any(s[3] & _WATCH for s in spans)
    at = _trailing(scanned, spans, False)
    if at is None and watch:
        at = _trailing(scanned, spans, True)
        if at is None:
            return spans
        return acts_lost_at(spans, {s[0] for s in spans if s[1] <= at}, _TRADES)
    if at is None:
        at = _trailing(scanned, spans, True)
    if at is None:
        return spans
    lost = {s[0] for s in spans if s[1] <= at and any(c.startswith(_ACTS) for c in s[3])}
    if not lost or _why_removed(scanned[at + 1 :], [s for s in spans if s[0] in lost]):
        return spans
    # The mind changed (outside.mind_changed), over the clauses taking it back: what is left of the
    # act is no other ask either ("delete my eth alert... actually no" makes no alert).
    start = len(scanned) - len(scanned[at + 1 :].lstrip())
    told = (start, len(scanned.rstrip()), WORD_RANK, _CHANGED, "")
    return [*acts_lost_at(spans, lost, _ACTS), told]


def _meant(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts of an ask one meant to make, told ("was about to ask you to stop
    gary"), where a giving-up follows it ("… so never mind, leave him running"): the mind changed
    over them, what is left of it asks nothing else either. Asks after the giving-up stand."""
    meant = _MEANT.spans(scanned, every=True)
    if not meant:
        return spans
    start, end = meant[0]
    back = [a for w in (_TAKEN_BACK, _OPEN) for a, _ in w.spans(scanned[end:], every=True)]
    if not back:
        return spans
    until = end + min(back)
    lost = {s[0] for s in spans if end <= s[0] < until and any(c.startswith(_ACTS) for c in s[3])}
    if not lost:
        return spans
    return [*acts_lost_at(spans, lost, _ACTS), (start, until, WORD_RANK, _CHANGED, "")]


def _why_removed(tail: str, acts: list[Span]) -> bool:
    """The clauses after removals say only that what is removed is no longer needed ("删除 deepseek
    模型，不用了", "删掉rex，不需要了"): why, nothing taken back. After any other act ("帮我买btc，不用了")
    the same words take it back."""
    asked = {c for s in acts for c in s[3] if c.startswith(ASKED_ACTS)}
    if not asked or not asked <= _REMOVING:
        return False
    found = _UNWANTED.spans(tail, every=True)
    left = list(tail)
    for a, b in found:
        left[a:b] = " " * (b - a)
    return bool(found) and _nothing_else("".join(left))


def _trailing(scanned: str, spans: list[Span], put_off: bool) -> int | None:
    """Where the last clauses that only take back begin, or None. A clause saying only why ("too
    expensive") is one of them where another takes back ("buy 0.1 btc. nah, too expensive")."""
    cuts = [
        k for k, ch in enumerate(scanned) if ch in _MARKS and (ch != "." or scanned[k + 1 : k + 2] in " .")
    ]
    joke = _joke_at(scanned)
    cuts = cuts if joke is None else sorted({*cuts, joke})
    spaced = _spaced_at(scanned, spans, put_off)
    cuts = cuts if spaced is None else sorted({*cuts, spaced})
    end, start, taken = len(scanned), None, False
    for cut in reversed(cuts):
        clause = scanned[cut + 1 : end]
        if clause.strip():
            back = _takes_back(clause, cut + 1, spans, put_off, scanned[cut] in _ECHOED)
            if back is False:
                break
            start, taken = cut, taken or back is True
        end = cut
    return start if taken and start is not None and scanned[:start].strip() else None


def _spaced_at(scanned: str, spans: list[Span], put_off: bool) -> int | None:
    """The space before the message's last words where they only take back, one of them a word that
    does so after a bare space (``_SPACED``: "算了先别", "lmao jk don't" is not: "jk don't"), or None."""
    said = _SPACED.spans(scanned)
    if not said:
        return None
    text = scanned.rstrip(_TRAILING)
    found = None
    for at in range(len(text) - 1, 0, -1):  # the longest tail that still only takes back
        if text[at] != " " or at > said[-1][0]:
            continue
        if _takes_back(text[at + 1 :], at + 1, spans, put_off) is True:
            found = at
    return found


def _takes_back(
    clause: str, offset: int, spans: list[Span], put_off: bool, echoed: bool = False
) -> bool | None:
    """A clause of only taking-back words (or putting-off ones, where ``put_off``; a retort, where
    the act before was ``echoed`` as a question), fillers and particles, with one taking back; None
    where it says only why (beside.why_not), taking nothing back by itself."""
    left = list(clause)
    words = [*_TAKEN_BACK.spans(clause, every=True), *_GIVEN_UP.spans(clause, every=True)]
    words += _AFTER.spans(clause, every=True)
    words += _UNWANTED.spans(clause, every=True)  # after a removal, why (_why_removed)
    words += _PUT_OFF.spans(clause, every=True) if put_off else []
    words += _RETORT.spans(clause, every=True) if echoed else []
    found = bool(words)
    why = _WHY.spans(clause, every=True)
    words += why
    for a, b in words:
        left[a:b] = " " * (b - a)
    for s in spans:
        a, b = s[0] - offset, s[1] - offset
        if a < 0 or b > len(clause) or not s[3] or any(x <= a and b <= y for x, y in words):
            continue  # outside the clause, or inside one of its words ("讲下咋"'s 咋)
        if not all(c.startswith(_ONLY) for c in s[3]):
            return False
        found = found or bool(s[3] & _BACK)
        left[a:b] = " " * (b - a)
    if not _nothing_else("".join(left)):
        return False
    return True if found else (None if why else False)


def _nothing_else(rest: str) -> bool:
    """Nothing left but spaces, marks and particles."""
    particles = "".join(_PARTICLES.words)
    return all(ch.isspace() or ch in _MARKS or ch in particles or not ch.isalnum() for ch in rest)
