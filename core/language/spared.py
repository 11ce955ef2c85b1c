"""A coin spared is never what is acted on: "delete all alerts except btc", "cancel every order other
than sol", "sell everything except btc", 删除除了btc以外的提醒, 删除btc以外的提醒, 取消btc和eth之外的单,
btc除外都卖了. The coins said right after an except word (filler.except: "except", "other than", 除了;
words of owning between: "except my btc") or right before one said after them (以外 / 之外 / 除外,
trade_money.except_after), with the coins listed with them ("except btc and eth", "btc和eth以外"),
are spared. What is done to "all but" a coin is never done (it would reach more than was named, or
the very coin spared): an act loses its word unless its own clause names a coin that is not spared
("delete my sol alert except btc" still deletes SOL's). core.language.conditions applies this to
the tagger's spans; a miss, never the spared coin acted on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, COIN_RANK, Span, acts_lost_at, clause_break

EXCEPT: Final = "filler.except"
_AFTER: Final = Words("trade_money.except_after")
_JOIN: Final = Words("trade_money.coin_join")
_OWN: Final = Words("trade_money.own")


def said(scanned: str, concepts: frozenset[str]) -> bool:
    """Cheap: an except word may be in the message at all."""
    return EXCEPT in concepts or any(w in scanned for w in _AFTER.words)


def spared(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with every act lost whose clause names no coin but spared ones."""
    out = spared_coins(scanned, spans)
    if not out:
        return spans
    kept = sorted((s[0], s[1]) for s in spans if s[2] == COIN_RANK and (s[0], s[1]) not in out)
    lost = {
        s[0]
        for s in spans
        if any(c.startswith(ASKED_ACTS) for c in s[3])
        and not any(not clause_break(scanned, min(s[0], c[0]), max(s[1], c[1])) for c in kept)
    }
    return acts_lost_at(spans, lost, ASKED_ACTS)


def spared_beside(scanned: str, spans: Sequence[Span]) -> set[tuple[int, int]]:
    """Where each coin spared is, where a coin not spared is named too ("except btc, buy 0.1 eth",
    "除了btc，买0.1个eth"): none of them is what is asked of, the other coin is. None where only spared
    coins are named (what is done to "all but" them is lost, spared above)."""
    out = spared_coins(scanned, spans)
    if out and any(s[2] == COIN_RANK and (s[0], s[1]) not in out for s in spans):
        return out
    return set()


def spared_coins(scanned: str, spans: Sequence[Span]) -> set[tuple[int, int]]:
    """Where each coin spared is (start, end)."""
    coins = sorted((s[0], s[1]) for s in spans if s[2] == COIN_RANK)
    out: set[tuple[int, int]] = set()
    if not coins:
        return out
    for s in spans:
        if EXCEPT in s[3]:
            first = _coin_after(scanned, coins, s[1])
            out |= _listed(scanned, coins, coins.index(first), 1) if first else set()
    for start, _ in _AFTER.spans(scanned):
        last = next((c for c in coins if _gap(scanned, c[1], start)), None)
        out |= _listed(scanned, coins, coins.index(last), -1) if last else set()
    return out


def _coin_after(scanned: str, coins: Sequence[tuple[int, int]], at: int) -> tuple[int, int] | None:
    """The coin right after ``at``, words of owning between ("except my btc", "other than the sol")."""
    while True:
        at = len(scanned) - len(scanned[at:].lstrip())
        own = _OWN.prefix(scanned[at:])
        if own is None or any(c[0] == at for c in coins):
            break
        at += own
    return next((c for c in coins if c[0] == at), None)


def _gap(scanned: str, end: int, start: int) -> bool:
    """Only spaces between ``end`` and ``start``."""
    return end <= start and not scanned[end:start].strip()


def _listed(scanned: str, coins: Sequence[tuple[int, int]], at: int, way: int) -> set[tuple[int, int]]:
    """The coin at ``at`` and those listed with it, after it (``way`` 1) or before it (-1), each
    joined to the one before by a list's word ("btc and eth", "btc、eth和sol")."""
    out = {coins[at]}
    while 0 <= at + way < len(coins):
        a, b = sorted((coins[at], coins[at + way]))
        between = scanned[a[1] : b[0]].strip()
        if not between or _JOIN.prefix(between) != len(between):
            break
        at += way
        out.add(coins[at])
    return out
