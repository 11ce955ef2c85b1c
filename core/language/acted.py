"""A record's act told as one's own, done: "我取消了ETH订单", "我取消咗ETH嘅單" (咗 read as 了), "我换过好几次
模型了", "yesterday i delete my alerts". The person says what they did (outside.acted), never asks it:
no alert deleted, no order cancelled, no model changed. A request keeps its 了 ("把ETH订单取消了",
"帮我删了它": no 我 before the verb, or one it is done for). Said after a done word ("我昨天已经把提醒
全删了") the tagger's conditions tell it (core.language.conditions); the words of a past form
("i deleted") are the lexicon's (outside.acted). Applied by core.language.conditions."""

from __future__ import annotations

from typing import Final

from core.language.normalize import clause_of
from core.language.phrases import Words
from core.language.spans import RECORD_CHANGES, RECORD_VERBS, WORD_RANK, Span, clause_break
from core.language.values import find_values

ACTED_CONCEPT: Final = "outside.acted"
ACTED: Final = frozenset({ACTED_CONCEPT})
# A record's acts, and an order's withdrawal: what a story tells done to them.
RECORD_ACTS: Final = frozenset(
    {*RECORD_VERBS, *RECORD_CHANGES, "order.revoke", "order.revoke_all", "order.withdraw"} - {"verb.create"}
)
# A record made, told done as one's own ("我设了btc 9万的提醒", "我建了一个网格"): a story of one made
# then (outside.made, as after a done word: core.language.told_done), never a new one.
MADE: Final = frozenset({"verb.create", "verb.bind"})
MADE_TOLD: Final = frozenset({"outside.made"})
# A trade one will make by one's own hand ("stop rex, i'll buy eth myself", "eth我自己来卖"): told, the
# person's own act, never asked of deskmate (_by_hand, _by_hand_zh).
OWN_TRADES: Final = frozenset({"verb.buy", "verb.sell", "amount.sell_all"})
_OWN_HAND: Final = RECORD_ACTS | OWN_TRADES
# The words around the act that tell it done (phrases/acted.toml): 了 / 过, the person first, an
# adverb between, who a request is done for before the 我 ("帮我删了它": no subject then).
_DONE_MARKS: Final = Words("acted.done_mark")
_NOT_DONE_AFTER: Final = Words("acted.not_done_after")  # 过来 / 过去 / 过头 are other words
_PARTED: Final = Words("acted.done_mark_parted")
_REQUEST_END: Final = Words("acted.request_end")  # 了 at the clause's end is a request's too
_ASKING_END: Final = Words("lead_in.asking_end")  # 吧 / 吗 ending the clause: asked
_SELF_ZH: Final = Words("acted.self")
_FOR: Final = Words("acted.for_whom")
# What may stand between the subject and the verb: a time, a done word, an adverb.
_BETWEEN: Final = ("time.", "pnl.last_", "filler.")
_ADVERBS: Final = Words("acted.adverb")
_SELF_EN: Final = Words("acted.self_en")
_ADVERBS_EN: Final = Words("acted.adverb_en")
_ALREADY_EN: Final = Words("acted.already_en")
_HAD_TO_EN: Final = Words("acted.had_to_en")
_BY_HAND: Final = Words("acted.by_hand_en")  # "i want to run it by hand": one's own act
_BY_HAND_ZH: Final = Words("acted.by_hand_zh")  # "我自己来卖": one's own act
_BY_HAND_BETWEEN: Final = Words("acted.by_hand_between")  # "我自己[来]卖", "我亲自[去]买"
_FOR_ME: Final = "for "  # "i want to buy eth for myself": whose, not whose hand
# A time past said in the clause ("yesterday i delete my alerts").
_PAST: Final = ("time.yesterday", "time.before", "pnl.last_week", "pnl.last_month", "pnl.last_year")


def said(concepts: frozenset[str]) -> bool:
    """Cheap: whether a record's act is among the concepts at all."""
    return bool(concepts & (_OWN_HAND | MADE))


def acted(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a record's act told done by the person made ``outside.acted``: in Chinese 我
    first, the verb with 了 / 过 right after it and what it was done to after that; in English "i"
    or "we" right before the verb with a time past in its clause."""
    out: list[Span] = []
    between: list[tuple[int, int]] = []  # "我自己[来]卖": the coming to do it asks nothing either
    for span in spans:
        start, end, rank, concepts, value = span
        if rank != WORD_RANK:
            pass  # a coin or a name: no act
        elif concepts & _OWN_HAND and scanned[start:end].isascii() and _by_hand(scanned, start, end):
            span = (start, end, rank, concepts - _OWN_HAND, value)  # no story: the ask beside it stands
        elif concepts & OWN_TRADES and (after := _by_hand_zh(scanned, start, end, spans)) is not None:
            span = (start, end, rank, concepts - _OWN_HAND, value)  # no story: the ask beside it stands
            between.append((after, start))
        elif concepts & RECORD_ACTS and _told(scanned, start, end, spans):
            span = (start, end, rank, (concepts - RECORD_ACTS) | ACTED, value)
        elif concepts & MADE and _made_told(scanned, start, end, spans):
            span = (start, end, rank, (concepts - MADE) | MADE_TOLD, value)
        out.append(span)
    if between:  # "来" is also a request's "give me" ("来点sol"): here it is the person coming to do it
        out = [
            (a, b, r, frozenset(), v) if any(x <= a and b <= y for x, y in between) else (a, b, r, c, v)
            for a, b, r, c, v in out
        ]
    return out


def _made_told(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    """A record made told with 我 and 了 ("我设了btc 9万的提醒"); which ones were made asked ("我绑了哪些
    交易所", "我设定了什么模型") asks their records. English tells it by its own words (outside.made's
    "i created"; "i set" is also a request's verb)."""
    if scanned[start:end].isascii():
        return _made_told_en(scanned, start)
    _, last = clause_of(scanned, start, end)
    if any(s[0] >= end and s[1] <= last and any(c.startswith(_ASKING) for c in s[3]) for s in spans):
        return False
    return _told_zh(scanned, start, end, spans)


_ASKING: Final = "ask."


def _told(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    if scanned[start:end].isascii():
        return _told_en(scanned, start, end, spans)
    return (
        _told_zh(scanned, start, end, spans)
        or _befell_zh(scanned, start, end, spans)
        or _so_for(scanned, start, end)
    )


def _so_for(scanned: str, start: int, end: int) -> bool:
    """The act with 了 right after it, then how long ("旺财跑了快两周了", "停了三天了"): how long it has
    been so, told; nothing it is done for before it in its clause ("把阿强停了三天" may ask)."""
    first, _ = clause_of(scanned, start, end)
    at = end if scanned[start:end].endswith(_LE) else end + 1
    if not scanned.startswith(_LE, at - 1) or any(w in scanned[first:start] for w in _FOR.words):
        return False
    about = next((w for w in _ABOUT.words if scanned.startswith(w, at)), "")
    return any(v.start == at + len(about) and v.kind == _DURATION for v in find_values(scanned))


_LE, _DURATION = "了", "duration"
_ABOUT: Final = Words("acted.about")


def _told_zh(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    first, last = clause_of(scanned, start, end)
    if _closed_by_de(scanned, first, start, end, last):
        return True
    word = scanned[start:end]
    marks, not_after = _DONE_MARKS.words, _NOT_DONE_AFTER.words
    mark = next((m for m in marks if word.endswith(m)), None)
    after = end
    if mark is None:
        if not scanned.startswith(marks, end) or scanned[end + 1 : end + 2] in not_after:
            return False
        after = end + 1
    elif mark in _PARTED.words and scanned[end : end + 1] in not_after:
        return False
    # What it was done to follows ("我取消了ETH订单"); 了 at the clause's end is a request's too,
    # unless what it was done to was said first ("8号单我刚自己撤了", "3號單我自己撤咗啦"): told so,
    # with no request's or question's particle after ("8号单我撤了吧" asks).
    tail = scanned[after:last]
    if not tail.strip(" " + "".join(_REQUEST_END.words)).strip():
        self_at = _self_start(scanned, first, start, spans)
        return (
            self_at is not None
            and not any(p in tail for p in _ASKING_END.words)
            and any(s[0] >= first and s[1] <= self_at and _named(s[3]) for s in spans)
        )
    return _subject_before(scanned, first, start, spans)


def _closed_by_de(scanned: str, first: int, start: int, end: int, last: int) -> bool:
    """The act's clause closed by 的 right after it, 是 or 自己 before it ("老王自己停的", "老王是我停的"):
    who or when it was done told (是…的), no act asked; particles may follow."""
    rest, before = scanned[end:last], scanned[first:start]
    if not rest.startswith(_CLOSING_DE.words) or not any(w in before for w in _DE_SAID.words):
        return False
    return not rest[1:].strip(_BEFELL_MARKS + "".join(_BEFELL_ENDS.words) + "吗？?").strip()


_CLOSING_DE: Final = Words("acted.closing_de")
_DE_SAID: Final = Words("acted.closing_de_said")  # 是 / 自己 before the act: 是…的, no noun made


def _named(concepts: frozenset[str]) -> bool:
    """A span naming what an act is done to: any word but filler and times."""
    return bool(concepts) and not all(c.startswith(_BETWEEN) for c in concepts)


def _befell_zh(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    """A record said first, what befell it told with 了 ending the clause ("deepseek一直回429，交易員
    全部停咗", "我的机器人突然停了"): its state told, no act. A word of surprise between, or of extent
    with a problem told beside (said bare, "小刘开工了" may be a command; "默认策略先关了" is one),
    nothing it is done for before it ("把交易员全停了"), no 吧 after ("交易员全停了吧"), no 不 / 别 in
    the act ("ETH网格都不要了")."""
    first, last = clause_of(scanned, start, end)
    word = scanned[start:end]
    rest = scanned[end:last]
    if not word.endswith("了"):
        if not rest.startswith("了"):
            return False
        rest = rest[1:]
    if rest.strip(_BEFELL_MARKS + "".join(_BEFELL_ENDS.words)):
        return False
    if any(w in word for w in _NOT.words):  # "ETH网格不要了", "alpha先别跑了": a command's own words
        return False
    at = start
    said: list[str] = []
    while at > first:
        here = scanned[first:at].rstrip()
        adverb = next((a for a in (*_SURPRISE.words, *_EXTENT.words) if here.endswith(a)), None)
        if adverb is None:
            # a time when it befell ("旺财昨晚又自己停了"): stepped over, no adverb itself
            edge = first + len(here)
            when = next((s for s in spans if s[1] == edge and s[0] >= first and _a_time(s[3])), None)
            if when is None or not said:
                break
            at = when[0]
            continue
        said.append(adverb)
        at = first + len(here) - len(adverb)
    # Said bare ("小刘开工了") or of all ("大饼的提醒都删了") a command may be; told with a surprise
    # ("突然", "又", "已经") or beside a problem told ("deepseek一直回429，交易員全部停咗") it befell.
    if (
        not any(a in _SURPRISE.words for a in said)
        and not (said and _problem_told(spans, first, last))
        and not _other_act_later(spans, start, end, last)
    ):
        return False
    edge = first + len(scanned[first:at].rstrip())
    subject = next((sp for sp in spans if sp[1] == edge and sp[0] >= first), None)
    if subject is None or not any(c.startswith(_SUBJECTS) for c in subject[3]):
        return False
    before = scanned[first : subject[0]]
    return not any(w in before for w in _FOR.words) and not any(
        sp[0] >= first and sp[1] <= subject[0] and sp[3] & RECORD_ACTS for sp in spans
    )


# A record's kind or its name, said first: what an act befell ("交易员全部停了").
_SUBJECTS: Final = ("noun.trader", "noun.strategy", "noun.alert", "noun.account", "noun.model", "own.")
# Between it and the act: a surprise, or how many ("突然", "又"; "都", "全部").
_SURPRISE: Final = Words("acted.surprise")
_EXTENT: Final = Words("acted.extent")
# A problem told ("一直回429", "老是报错", "挂了"): what befell a record beside it is its story.
_PROBLEM: Final = ("error.", "verb.fail", "verb.report", "diagnosis.")


def _a_time(concepts: frozenset[str]) -> bool:
    return bool(concepts) and all(c.startswith("time.") for c in concepts)


def _problem_told(spans: list[Span], first: int, last: int) -> bool:
    return any((s[1] <= first or s[0] >= last) and any(c.startswith(_PROBLEM) for c in s[3]) for s in spans)


def _other_act_later(spans: list[Span], start: int, end: int, last: int) -> bool:
    """Another act asked in a later clause of the same record ("rex停了，重启一下", "rex停咗，重啟一下"):
    what befell it is told, the later act asked (a restart, not a second stop)."""
    own = next((s[3] & RECORD_ACTS for s in spans if s[0] == start and s[1] == end), frozenset())
    if any(s[0] >= last and any(c.startswith("own.") for c in s[3]) for s in spans):
        return False  # another record named there: "rex停了，阿强启动" may ask both
    return any(s[0] >= last and s[3] & RECORD_ACTS and not s[3] & own for s in spans)


_NOT: Final = Words("acted.not")
_BEFELL_ENDS: Final = Words("acted.befell_end")  # 了 and a story's particles, one character each
_BEFELL_MARKS: Final = " !！~～"


def _subject_before(scanned: str, first: int, start: int, spans: list[Span]) -> bool:
    """我 opens what is said before the verb in its clause, only times, done words and adverbs
    between, and nothing it is done for before it ("帮我", "给我")."""
    return _self_start(scanned, first, start, spans) is not None


def _self_start(scanned: str, first: int, start: int, spans: list[Span]) -> int | None:
    """Where 我 stands before the verb in its clause, only times, done words and adverbs between,
    and nothing it is done for right before it ("帮我", "给我"); None when it does not."""
    at = start
    while at > first:
        here = scanned[:at].rstrip()
        if len(here) < at:
            at = len(here)
            continue
        # an adverb first: its last character may be a filler's word of its own ("记得": 得)
        adverb = next((a for a in _ADVERBS.words if here.endswith(a)), None)
        if adverb is not None:
            at -= len(adverb)
            continue
        word = next(
            (
                s
                for s in spans
                if s[1] == at
                and s[0] >= first
                and s[3]
                and all(c.startswith(_BETWEEN) for c in s[3])
                and scanned[s[0] : s[1]] not in _SELF_ZH.words
            ),
            None,
        )
        if word is not None:
            at = word[0]
            continue
        self_word = next((w for w in _SELF_ZH.words if here.endswith(w)), None)
        if self_word is None:
            return None
        before = scanned[first : at - len(self_word)].rstrip()
        return at - len(self_word) if not before or not before.endswith(_FOR.words) else None
    return None


def _told_en(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    """ "i" or "we" right before the verb (an adverb between: "i just delete"), a time past in its
    clause ("yesterday i delete my alerts"); or what one had to do, told ("and had to restart my
    laptop"), with no subject or time needed."""
    words = scanned[:start].split()
    done = False  # "already" tells it done, no time needed ("i already set a btc alert at 90k")
    while words and words[-1] in _ADVERBS_EN.words:
        done = done or words.pop() in _ALREADY_EN.words
    said = " ".join(words)
    if any(said == w or said.endswith(" " + w) for w in _HAD_TO_EN.words) or _perfect_en(said):
        return True
    opening = scanned[clause_of(scanned, start, end)[0] : start].split()
    if done and all(w in _ADVERBS_EN.words for w in opening):
        return True  # "already set a btc alert at 90k on my phone app": its clause opens with it
    if all(w in _ADVERBS_EN.words for w in opening) and _ago_after(scanned, end, spans):
        return True  # "set some up months ago and completely forgot": the subject left out, told
    if not words or words[-1] not in _SELF_EN.words:
        return False
    if done:
        return True
    return any(
        s[3] & frozenset(_PAST) and not clause_break(scanned, min(s[1], start), max(s[0], end))
        for s in spans
        if s[1] <= start or s[0] >= end
    )


def _by_hand_zh(scanned: str, start: int, end: int, spans: list[Span]) -> int | None:
    """The person, then 自己 / 亲自 / 手动 right before the verb (来 / 去 / 会 between), in its clause:
    "我自己买eth", "eth我会自己卖", "我想亲自去卖sol" are one's own act. Nothing asked of another
    before it in the clause ("帮我自己…", "让我自己…" are asks of deskmate or no clear subject), and
    自己的 is whose ("我自己的eth卖掉" sells). One told done ("我上個禮拜自己沽晒啲 eth 喇": a time past or a
    done mark in its clause) is left to the rules that tell it (told_done). Where it is, where the
    words after 自己 begin; else None."""
    first, last = clause_of(scanned, start, end)
    if any(w in scanned[end:last] for w in _DONE_MARKS.words) or any(
        s[3] & frozenset(_PAST) and first <= s[0] and s[1] <= last for s in spans
    ):
        return None
    before = scanned[first:start]
    said = _BY_HAND_ZH.spans(before, every=True)
    if not said:
        return None
    at, until = said[-1]
    between = before[until:]
    while between:
        step = _BY_HAND_BETWEEN.prefix(between)
        if step is None:
            return None
        between = between[step:]
    opening = before[:at]
    if not any(w in opening for w in _SELF_ZH.words) or any(w in opening for w in _FOR.words):
        return None
    return first + until


def _by_hand(scanned: str, start: int, end: int) -> bool:
    """One's own hand doing it, said after the verb in its clause with "i" / "we" before it ("i want
    to run it by hand for a while", "i'll stop rex myself"): one's own act, told, none asked."""
    first, last = clause_of(scanned, start, end)
    if not any(w.split("'")[0] in _SELF_EN.words for w in scanned[first:start].split()):  # "i'll", "we'd"
        return False
    found = _BY_HAND.search(scanned[end:last])
    return found is not None and not scanned[end : end + found.start()].endswith(_FOR_ME)


def _made_told_en(scanned: str, start: int) -> bool:
    """A record made, told with the perfect's have or "already" after the person ("i've set up a
    trader called rex", "i already created one"): "i set up" alone is also a request's verb."""
    words = scanned[:start].split()
    done = False
    while words and words[-1] in _ADVERBS_EN.words:
        done = done or words.pop() in _ALREADY_EN.words
    return _perfect_en(" ".join(words)) or (done and bool(words) and words[-1] in _SELF_EN.words)


def _perfect_en(said: str) -> bool:
    """``said`` (what stands before the verb, its adverbs taken off) ends with the person and the
    perfect's have ("i've", "we have"): done, told; not where an asking word stands right before it
    ("what do i have set up", "show me what i've set": what they have, asked)."""
    for word in _PERFECT_EN.words:
        if said == word or said.endswith(" " + word):
            before = said[: len(said) - len(word)].split()
            return not before or before[-1] not in _ASKED_BEFORE_EN.words
    return False


_PERFECT_EN: Final = Words("acted.perfect_en")
_ASKED_BEFORE_EN: Final = Words("acted.asked_before_en")


def _ago_after(scanned: str, end: int, spans: list[Span]) -> bool:
    """A time ago said after the act in its clause, no one doing something else between ("set some up
    months ago", "deleted them the other day"); "cancel the order i placed the other day" asks."""
    last = clause_of(scanned, end, end)[1]
    for s in spans:
        if s[0] >= end and s[1] <= last and _AGO in s[3]:
            between = scanned[end : s[0]].split()
            return not any(w in _SELF_EN.words or w in _OF_RECORD.words for w in between)
    return False


_AGO: Final = "time.before"
_OF_RECORD: Final = Words("acted.ago_of_record")  # "cancel my btc order from 2 days ago": the order's
