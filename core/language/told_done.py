"""A trade or a record told done, not asked: said after a done word in its clause ("我已经把eth卖了",
"eth已经卖了", "我刚卖掉eth", "上个月我设了个sol提醒") or with 过 right after its verb ("以前卖过eth"); a
trade told done right before what it traded ("在山顶买了狗狗币"); and a coin told sold out after a
把-phrase naming it ("把doge卖光了": all of it sold, asked). The done words are lexicon data
(phrases/lead_in.toml). Rules applied by core.language.conditions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from core.language.acted import ACTED, MADE, MADE_TOLD, RECORD_ACTS
from core.language.normalize import CLAUSE_MARKS, any_said, clause_of, has_cjk
from core.language.spans import COIN_RANK, CONTRARY, WORD_RANK, Span, clause_break, objects_before


@lru_cache(maxsize=1)
def done_said() -> re.Pattern[str] | None:
    """Any of ``_done``'s words, found in one scan."""
    return any_said(_done())


@lru_cache(maxsize=1)
def _sold_out() -> tuple[str, ...]:
    """The words telling a coin sold out ("卖光了"), an order after a 把-phrase."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.sold_out"].words)


@lru_cache(maxsize=1)
def _done() -> tuple[str, ...]:
    """The words that, before a 把, tell its trade done ("已经", "刚")."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.done"].words)


@lru_cache(maxsize=1)
def _not_done() -> tuple[str, ...]:
    """The words a done word starts that tell nothing done ("刚好")."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.not_done"].words)


# A trade's verbs: said after a done word, the trade was done (outside.told), no order; and a
# clearing ("我已经把挂单全清了": told, no cancel).
TRADES: Final = frozenset(
    {
        "verb.buy",
        "verb.sell",
        "amount.sell_all",
        "order.limit_buy",
        "order.limit_sell",
        "order.clear",
        "order.clear_all",
    }
)
# A record made ("上个月我设了个sol提醒", "昨天创建了个策略"): said after a done word, a story of one
# made then, never a new one; the record itself is named ("上个月的提醒删掉" deletes it). Its own
# concept (outside.made), not told's: told stands down before the record's own verb ("提醒"'s notify).
# MADE: "我上礼拜先绑了okx": bound then, told (core.language.acted's, told there with 我 and 了 too)
# A record's setting changed ("阿伟我已经换成大脑模型了", "主戶口我已經換咗新key", "eth我已经换成usdt了"):
# said after a done word, told as a record's act is (outside.acted), no change asked.
_CHANGED: Final = frozenset({"verb.set_to", "workspace.change_to", "trade.convert"})
TOLD: Final = frozenset({"outside.told"})
# One's own trade told done after a done word is an order of theirs too, as English's "i sold" is
# (outside.told and diagnosis.order): told failing ("刚才买大饼失败了 为啥") it is the order's diagnosis.
_OWN_TOLD: Final = frozenset({"outside.told", "diagnosis.order"})
# What may stand between a done word and its trade's verb ("已经全部卖掉了", "eth我早就都卖了"), also
# who it was done for and the order placed ("我已为你下单买入 100 USDT 的 BTC", "已经帮我买了"): told.
_BETWEEN: Final = frozenset("我都全部也就先 为你您替帮给下单")  # 先: "上礼拜先绑了okx" (only then)


def done_told(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a trade's verb said after a done word in its clause ("我已经把eth卖了", "eth已经
    卖了", "我刚卖掉eth", "昨天把sol全卖了") told, not asked: the done word before the 把 that names
    what was traded, or right before the verb. A time said after the 把 is what is traded's ("把之前
    买的eth全卖了" sells), and a condition between is no trade done ("如果已经跌破8万就卖掉")."""
    # A time ahead the done word is said of ("明天以前卖掉eth", "今晚之前卖掉"): a deadline, no past.
    ahead = [(s[0], s[1]) for s in spans if s[3] & _AHEAD]
    # Told against what is shown ("说我没有btc，但我明明买过"): the diagnosis's, its buy kept.
    against = [s[1] for s in spans if CONTRARY in s[3]]
    out: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        if (
            rank == WORD_RANK
            and concepts & (TRADES | MADE | RECORD_ACTS | _CHANGED)
            and scanned[start:end] not in _SINCE  # "去年开始每周定投": since then, no start told
            and (
                (done := _done_before(scanned, start, ahead) or _self_put(scanned, start, end, spans))
                or _once(scanned, end)
            )
            and not any(at <= start and not clause_break(scanned, at, start) for at in against)
        ):
            # Done then, an order of theirs; only ever done (过: "以前我买过台积电"), no order named.
            trade = _OWN_TOLD if done else TOLD
            told = trade if concepts & TRADES else MADE_TOLD if concepts & MADE else ACTED
            span = (start, end, rank, (concepts - TRADES - MADE - RECORD_ACTS - _CHANGED) | told, value)
        out.append(span)
    return out


def _self_put(scanned: str, start: int, end: int, spans: Sequence[Span]) -> bool:
    """我 opens the clause (a time before it at most), a 把-phrase follows naming what was traded or
    acted on, and the verb is told done by 了 right after it or ending its word, no request's or
    question's particle ending the clause: "我把eth卖了，心里踏实多了", "我把8号单撤了" tell it done;
    "我把eth卖了吧" asks, and "帮我把eth卖了" / "我爸让我把btc卖了" have 我 after another word."""
    if not (scanned[start:end].endswith(_DONE_MARKS[0]) or scanned.startswith(_DONE_MARKS[0], end)):
        return False
    first, last = clause_of(scanned, start, end)
    if scanned[end:last].rstrip().endswith(_asking_end()):
        return False
    head = scanned[first:start]
    put = max(head.rfind(word) for word in objects_before())
    if put < 0:
        return False
    said = head[:put].rstrip()
    while adverb := next((a for a in _adverbs() if said.endswith(a)), None):  # "我也把doge卖光了"
        said = said[: -len(adverb)].rstrip()
    self_word = next((w for w in _selves() if said.endswith(w)), None)
    if self_word is None:
        return False
    at = first + len(said) - len(self_word)  # where 我 starts: only times before it in the clause
    covered = {
        i for s in spans if s[3] and all(c.startswith("time.") for c in s[3]) for i in range(s[0], s[1])
    }
    return all(i in covered or scanned[i].isspace() for i in range(first, at))


@lru_cache(maxsize=1)
def _asking_end() -> tuple[str, ...]:
    """The particles that, ending a trade's clause, ask it ("我把eth卖了吧")."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.asking_end"].words)


@lru_cache(maxsize=1)
def _adverbs() -> tuple[str, ...]:
    """What may stand between 我 and its 把 ("也", "自己", "亲手"), longest first."""
    from core.language.lexicon import phrases

    return tuple(sorted(phrases("acted").concepts["acted.adverb"].words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _selves() -> tuple[str, ...]:
    """The person said first ("我", "我们"), longest first."""
    from core.language.lexicon import phrases

    return tuple(sorted(phrases("acted").concepts["acted.self"].words, key=len, reverse=True))


_AHEAD: Final = frozenset({"time.later", "time.ahead"})
_SINCE: Final = frozenset({"开始"})  # after a time, the time's start ("去年开始"), no record started
# 过 right after a trade's verb tells it done once ("以前卖过eth", "我真的买过btc"): never a request's
# verb (过来 / 过去 / 过头 are other words).
ONCE: Final = "过"


def _once(scanned: str, end: int) -> bool:
    return scanned.startswith(ONCE, end) and scanned[end + 1 : end + 2] not in ("来", "去", "头")


def _done_before(scanned: str, start: int, ahead: Sequence[tuple[int, int]] = ()) -> bool:
    """A done word in the clause before ``start``, before a 把 or right before it; none said of a
    time ahead (inside one, "今晚之前", or right after one, "明天以前")."""
    clause_start, _ = clause_of(scanned, start, start)
    for at in range(start - 1, clause_start - 1, -1):
        if scanned[at].isspace() and at > clause_start and has_cjk(scanned[at - 1]) and at < start - 1:
            return False  # a space after Chinese ends a clause ("已经跌了 把eth卖了吧")
        if any(a <= at < b or b == at for a, b in ahead):
            continue
        for word in _done():
            if scanned.startswith(word, at) and not any(scanned.startswith(n, at) for n in _not_done()):
                between = scanned[at + len(word) : start]
                if _BETWEEN.issuperset(between) or any(w in between for w in objects_before()):
                    return True
    return False


def sold_out_asked(scanned: str, spans: list[Span]) -> list[Span]:
    """A coin told sold out after a 把-phrase naming it ("把doge卖光了") is all of it sold, asked."""
    words = _sold_out()
    return [
        (a, b, r, _SOLD_ALL, v)
        if scanned[a:b] in words and c & TOLD and object_put_before(scanned, a, spans)
        else s
        for s in spans
        for a, b, r, c, v in (s,)
    ]


_SOLD_ALL: Final = frozenset({"amount.sell_all", "verb.sell"})


def object_put_before(scanned: str, start: int, spans: Sequence[Span]) -> bool:
    """A 把-phrase with what is traded stands before ``start`` in its clause ("把eth卖了一半"): the
    object is named, what follows the verb is how much, and the sentence asks."""
    words, done = objects_before(), _done()
    for s in spans:
        if s[1] > start or s[2] != WORD_RANK or scanned[s[0] : s[1]] not in words:
            continue
        clause = scanned[: s[0]]
        clause = clause[max(clause.rfind(m) for m in CLAUSE_MARKS) + 1 :]
        if any(word in clause for word in done):
            continue  # "我已经把eth卖了一半": told
        if CLAUSE_MARKS.isdisjoint(scanned[s[1] : start]) and any(
            c[0] >= s[1] and c[1] <= start and c[2] == COIN_RANK for c in spans
        ):
            return True
    return False


def done_anywhere(scanned: str, start: int, end: int, lost: frozenset[str]) -> bool:
    """A trade told done ("买了", "卖咗": 咗 is read as 了) right before what it traded is told
    wherever it starts: what comes before it in a run of Chinese is how or where it was done
    ("在山顶买了狗狗币", "手贱卖了btc", "喺高位買咗eth"), no word it ends, as 出 ends 转出. Not where its
    clause asks whether it was done or who did it ("你买了btc吗", "谁卖了我的eth", "我有冇賣過eth"): the
    trades asked (core.language.asked)."""
    if not scanned[start:end].endswith(_DONE_MARKS) or not lost & TOLD:
        return False
    first, last = clause_of(scanned, start, end)
    return not any(mark in scanned[first:last] for mark in _ASKED_MARKS)


_DONE_MARKS: Final = ("了", "过")  # 咗 is read as 了 (cantonese.toml)
# Whether it was done, or who did it, asked (有冇 is read as 有无, 冇 as 没: cantonese.toml).
_ASKED_MARKS: Final = ("吗", "没", "有无", "未", "谁", "誰")
