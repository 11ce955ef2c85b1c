"""What a "don't" / "never" / "not" tells not to do: the verb after it asks nothing ("dont sell my
btc", "别eth卖了"), the clause it opens is none of another clause's ask ("别把eth卖了，把btc卖了"), a
coin said "not" is none of the order's or alert's ("not eth, sell btc"); a giving-up ("never mind,")
cancels nothing said after it. Applied by the tagger's conditions (core.language.conditions) and
read by the trade and alert readers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.spans import COIN_RANK, Span, acts_lost_after, acts_lost_at, clause_break, objects_before

NOT_ASKED = "filler.dont"
_UNDONE: Final = (
    "verb.buy",
    "verb.sell",
    "verb.delete",
    "verb.stop",
    "verb.cancel",
    "verb.create",
    # whatever the verb: a don't starts, sets, makes the default or changes nothing ("不要帮我启动阿尔法",
    # "don't make lazy stack the default", "don't enable lazy stack", "唔好幫我開")
    "verb.start",
    "verb.activate",
    "verb.deactivate",
    "verb.switch_on",
    "verb.switch_off",
    "verb.turn_apart",
    "verb.make",
    "verb.update",
    "verb.rename",
    "verb.set_to",
    "verb.copy",
    "verb.move",
    "verb.close",
    "answer.on",
    "trade.",
    "amount.",
    "order.",
    "backtest.",
)
# Words a "don't" reaches its verb across ("不要帮我卖btc", "唔好幫我取消啲單", "don't please sell"):
# asking politely is no part of what is told not to be done.
_POLITE: Final = frozenset({"filler.polite"})
_PARTICLES: Final = Words("particles.dont")  # one character each
# Words between a don't and its verb that ask nothing ("别给我新建", "不要再给我买", "don't you dare
# sell", "do not ever delete"), and a don't with "again" in its word ("别再帮我买eth了").
_BETWEEN: Final = Words("dont.between")
_AGAIN: Final = Words("dont.again")


def not_asked(scanned: str, spans: list[Span]) -> list[Span]:
    """A verb told not to be done asks nothing: "dont sell my btc", "disable qwenny, don't delete
    it", "不要卖我的btc" (the word right after "don't" / "不要" loses its acts); after "不要把" / "别把"
    the verb after what 把 names does ("不要把eth卖了", "别把挂单清了"); not 别 of 分别 ("btc和eth分别买100u":
    each, no don't)."""
    inside = [(s[0], s[1]) for s in spans if s[3] & _NOT_DONT]
    ends = {s[1] for s in spans if NOT_ASKED in s[3] and not any(a <= s[0] and s[1] <= b for a, b in inside)}
    again = {s[1]: s[0] for s in spans if _AGAIN.prefix(scanned[s[0] : s[1]]) == s[1] - s[0]}
    ends |= set(again)
    stops: set[int] = set()  # "别再帮我开阿尔法": a don't of the start, no stop of its own
    halves: set[int] = set()  # "don't turn rex back on": the on / off of the verb said apart
    for first in tuple(ends):
        end = first
        while True:  # "不要帮我卖", "别给我再买": past the words asking nothing to the verb in its clause
            at = len(scanned) - len(scanned[end:].lstrip())
            polite = next((s[1] for s in spans if s[0] == at and s[3] and s[3] <= _POLITE), None)
            if polite is None and scanned[at : at + 1] not in _PARTICLES.words:
                between = _BETWEEN.prefix(scanned[at:])
                # "再买" no word of its own: a longer word there is the verb
                longer = between is not None and any(
                    s[0] == at and s[1] > at + between and s[3] for s in spans
                )
                polite = None if between is None or longer else at + between
            if polite is None or clause_break(scanned, end, at) or scanned[at:polite] in _PARTICLES.words:
                break  # "小钢炮不要了 删掉": 不要了 no longer wants, its 了 no way to a verb
            end = polite
            ends.add(end)
        at = len(scanned) - len(scanned[end:].lstrip())
        half = _other_half(scanned, spans, at)
        if half is not None:
            halves.add(half)
        if first in again and any(s[0] == at and any(c.startswith(_UNDONE) for c in s[3]) for s in spans):
            stops.add(again[first])
        if scanned.startswith(objects_before(), at):
            acts = [
                s[0]
                for s in spans
                if s[0] > at
                and (_VERBS & s[3] or any(c.startswith(_UNDONE_VERBS) for c in s[3]))
                # "唔好將 慢慢嚟 設做預設": a name spaced, its spaces no clause's end
                and not CLAUSE_MARKS.intersection(scanned[at : s[0]])
            ]
            if acts:
                ends.add(min(acts))
        coin = _coin_after(scanned, spans, end)  # "别eth卖了", "never btc sell": no coin after to ask of
        if coin is not None and not any(s[2] == COIN_RANK and s[0] >= coin for s in spans):
            ends.add(coin)
    out = acts_lost_at(acts_lost_after(scanned, spans, ends, _UNDONE), stops, ("verb.stop",))
    out = acts_lost_at(out, halves, (*_UNDONE, *_HALVES))
    return _new_lost(scanned, spans, out, ends)


# A verb said apart from its on / off ("turn rex back on", "shut gary off"): a don't of the verb is
# one of its other half too ("don't turn rex back on", "never switch the summary off").
_APART: Final = frozenset({"verb.turn_apart"})
_HALVES: Final = ("answer.on", "answer.off", "verb.start", "verb.stop", "verb.switch_on", "verb.switch_off")


def _other_half(scanned: str, spans: list[Span], at: int) -> int | None:
    """Where the on / off of a verb said apart at ``at`` stands in its clause, or None."""
    if not any(s[0] == at and s[3] & _APART for s in spans):
        return None
    return next(
        (
            s[0]
            for s in sorted(spans)
            if s[0] > at and any(c.startswith(_HALVES) for c in s[3]) and not clause_break(scanned, at, s[0])
        ),
        None,
    )


_CREATE: Final = "verb.create"


def _new_lost(scanned: str, spans: list[Span], out: list[Span], ends: set[int]) -> list[Span]:
    """A making told not to be done makes nothing with the words after it either: "new" after
    "don't make a" ("don't make a new grid", "don't open a new grid": its "open" no word of
    making before an article), articles between, and a longer word of making begun inside one; so
    does the act's own noun ("don't run a backtest")."""
    starts: set[int] = set()
    nouns: set[int] = set()
    for first in ends:
        end = first
        while True:
            at = len(scanned) - len(scanned[end:].lstrip())
            said = [s for s in spans if s[0] == at and s[3]]
            if at >= len(scanned) or clause_break(scanned, end, at):
                break
            if not said and end == first:  # the verb itself, dropped as no object is right after it
                end = at + len((scanned[at:].split() or [""])[0])
                continue
            if any(_CREATE in s[3] for s in said):
                starts.add(at)
                starts |= {s[0] for s in spans if at < s[0] < max(x[1] for x in said) and _CREATE in s[3]}
            elif any(c.startswith(_ACT_NOUNS) for s in said for c in s[3]):
                nouns.add(at)  # "don't run a backtest", "no need for a backtest": the act's own noun
                break
            elif end == first and not any(s[3] for s in out if s[0] == at):
                pass  # the verb the don't took every act from ("run"): its object may follow
            elif not any("filler.article" in s[3] for s in said):
                break
            end = max(s[1] for s in said)
    return acts_lost_at(acts_lost_at(out, starts, (_CREATE,)), nouns, _ACT_NOUNS)


# A noun that is itself the act asked ("a backtest"): told not to be done with its verb ("don't run a
# backtest, i trust the strategy") or none ("no need for a backtest"), it asks nothing either.
_ACT_NOUNS: Final = ("backtest.run",)


def not_done(scanned: str, spans: list[Span]) -> list[Span]:
    """A bare 不 (唔, read as 不) right before an act's word tells it not done: "不启动阿强了", "阿强不启动
    了", "不加币安账户了", "唔改名喇" start, add and rename nothing. A 不 inside a longer word is that
    word's ("不买" of verb.fail: "小明不买了" tells a failure, "不删了" a giving-up)."""
    nots = [k for k, ch in enumerate(scanned) if ch == "不"]
    covered = [(s[0], s[1]) for s in spans if s[3] and s[1] - s[0] > 1]
    starts = {
        k + 1
        for k in nots
        if not any(a <= k < b for a, b in covered)
        and any(s[0] == k + 1 and any(c.startswith(_UNDONE) for c in s[3]) for s in spans)
    }
    return acts_lost_at(spans, starts, _UNDONE)


def given_up(scanned: str, spans: list[Span]) -> list[Span]:
    """A giving-up ("never mind", "forget it", "算了") that ends its clause before another one turns
    away from what came before: it cancels nothing the later clause names ("nah never mind, don't
    cancel that order", "算了，挂单留着"); a cancel asked there is asked by its own word."""
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if CANCEL in concepts and _GIVING_UP.prefix(scanned[start:end]) == end - start:
            after = [s for s in spans if s[0] >= end and s[3]]
            if after and clause_break(scanned, end, after[0][0]):
                concepts = concepts - {CANCEL}
        out.append((start, end, rank, concepts, value))
    return out


def not_asked_clauses(scanned: str, spans: Sequence[Span], acts: frozenset[str]) -> list[tuple[int, int]]:
    """The clauses (start, end) a "don't" / "不要" / "别" tells not to do, where another clause
    still asks one of ``acts`` ("别把eth卖了，把btc卖了", "don't sell eth, sell btc instead"): what
    they name (a coin, an amount) is none of the ask's; none where no other clause asks."""
    bounds = clauses(scanned)
    inside = [(s[0], s[1]) for s in spans if s[3] & _NOT_DONT]  # 别 of 分别
    donts = [s for s in spans if NOT_ASKED in s[3] and not any(a <= s[0] and s[1] <= b for a, b in inside)]
    told = {_dont_told(scanned, spans, d, b) for b in bounds for d in donts if b[0] <= d[0] < b[1]}
    told |= negated_coins(scanned, spans)
    asked = any(acts & s[3] and not any(a <= s[0] < b for a, b in told) for s in spans)
    return sorted(told) if asked else []


@lru_cache(maxsize=8)
def clauses(scanned: str) -> tuple[tuple[int, int], ...]:
    """The clauses (start, end) of ``scanned``: cut at each clause_break of one character, and at a
    full stop before a space ("don't sell my eth. sell my btc"), never a decimal point. Only a mark,
    a space or a full stop can cut, so only those are looked at; the negation rules and the readers
    after them ask for the same message's clauses in turn."""
    cuts = [
        k
        for k, ch in enumerate(scanned)
        if (ch in _CUTS or ch.isspace()) and (clause_break(scanned, k, k + 1) or scanned[k : k + 2] == ". ")
    ]
    return tuple(zip([0, *(k + 1 for k in cuts)], [*cuts, len(scanned)], strict=True))


_CUTS: Final = CLAUSE_MARKS | {"."}


CANCEL: Final = "verb.cancel"
_GIVING_UP: Final = Words("reply.switch")
_NOT_COIN: Final = Words("trade_money.not_coin")
_OWN: Final = Words("trade_money.own")


def _not_coin(scanned: str, spans: Sequence[Span], bound: tuple[int, int]) -> bool:
    """A clause that is only "not" and a coin ("not eth, sell btc", "sell btc, not my eth", "唔係eth
    賣btc"): that coin is negated, none of the order's."""
    start, end = bound
    coins = [
        (s[0] - start, s[1] - start) for s in spans if s[2] == COIN_RANK and start <= s[0] and s[1] <= end
    ]
    piece = list(scanned[start:end])
    for a, b in coins:
        piece[a:b] = " " * (b - a)
    rest = "".join(piece)
    if not coins or _NOT_COIN.prefix(rest.strip()) is None:
        return False
    return not _OWN.sub(" ", _NOT_COIN.sub(" ", rest)).strip(" .!！。")


def negated_coins(scanned: str, spans: Sequence[Span]) -> set[tuple[int, int]]:
    """Where a coin is said "not" (start, end): a clause only "not" and a coin ("not eth, sell btc",
    "不是btc，eth到4000提醒我"), or an opening "not" and coin ("not eth sell btc", "no btc alert for
    eth at 4000"): that coin is none of the ask's."""
    bounds = clauses(scanned)
    told = {b for b in bounds if len(bounds) > 1 and _not_coin(scanned, spans, b)}  # "not eth, sell btc"
    lead = len(scanned) - len(scanned.lstrip())  # "not eth sell btc": no mark after the coin
    at = _NOT_COIN.prefix(scanned[lead:])
    end = None if at is None else _coin_after(scanned, spans, lead + at)
    return told | ({(0, end)} if end is not None and scanned[end:].strip() else set())


def _dont_told(scanned: str, spans: Sequence[Span], dont: Span, bound: tuple[int, int]) -> tuple[int, int]:
    """What a don't tells not to: its clause, or only the coin right after it where the clause asks
    of another coin after it ("never eth buy sol": not eth, buy sol)."""
    end = _coin_after(scanned, spans, dont[1])
    if (
        end is not None
        and end < bound[1]
        and any(s[2] == COIN_RANK and end <= s[0] < bound[1] for s in spans)
    ):
        return (dont[0], end)
    return bound


def _coin_after(scanned: str, spans: Sequence[Span], at: int) -> int | None:
    """The end of a coin right after ``at`` (words of owning between: "not my eth"), or None."""
    while True:  # "not my eth"
        gap = len(scanned) - at - len(scanned[at:].lstrip())
        own = _OWN.prefix(scanned[at + gap :])
        if own is None:
            break
        at += gap + own
    at += len(scanned) - at - len(scanned[at:].lstrip())
    return next((s[1] for s in spans if s[2] == COIN_RANK and s[0] == at), None)


def negated(piece: str) -> bool:
    """A piece opening with "not" ("not eth" of "sell btc, not eth"): nothing it names is asked."""
    return _NOT_COIN.prefix(piece.strip().lower()) is not None


# The verbs "不要把 …" tells not to do.
_VERBS: Final = frozenset(
    {
        "verb.buy",
        "verb.sell",
        "verb.delete",
        "verb.stop",
        "verb.cancel",
        "amount.sell_all",
        "order.revoke",
        "order.withdraw",
        "order.clear",
        "order.clear_all",
    }
)
# A word a "don't" is part of, none itself: 别 of 分别, 不好 of 不好用 (a failure told).
_NOT_DONT: Final = frozenset({"filler.each", "verb.fail"})
# "别把阿尔法启动", "唔好將 X 設做預設": every verb a don't undoes, after what 把 names.
_UNDONE_VERBS: Final = tuple(c for c in _UNDONE if c.startswith("verb."))
