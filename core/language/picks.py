"""The one value a reader wants among those the value grammar (core.language.values) read in a
text: two numbers where one is wanted, zero where a positive amount is, words besides a value that
should stand alone are refused or no value, never a guess."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from core.language.values import Kind, Value, find_values

if TYPE_CHECKING:
    from core.coin_index import CoinIndex


def one_value(values: Sequence[Value], kinds: Iterable[Kind], text: str = "") -> Value | None:
    """The one value of ``kinds`` (a refused one counts: it was meant as one), or None; two or
    more are refused as "two_numbers", quoting ``text`` from the first to the last; "all" said
    twice is one "all"."""
    wanted = set(kinds) | {"refused"}
    hits = [v for v in values if v.kind in wanted]
    if not hits:
        return None
    refused = next((v for v in hits if v.refused), None)
    if refused is not None:
        return refused
    if len(hits) > 1 and all(v.kind == "fraction" and v.number == 1 == v.per for v in hits):
        return hits[0]  # "全倉all in", "梭哈 全部u都上": everything, said twice
    if len(hits) > 1:
        typed = text[hits[0].start : hits[-1].end] if text else " ".join(v.typed for v in hits)
        return Value("refused", hits[0].start, hits[-1].end, typed, reason="two_numbers")
    return hits[0]


def positive(value: Value) -> Value:
    """``value``, or its refusal when it is zero where a positive amount is needed."""
    if not value.refused and value.number == 0 and value.kind not in ("id", "fraction"):
        return replace(value, kind="refused", reason="zero")
    return value


_AROUND = str.maketrans("", "", ",，.。!！?？:：;；、~～+")  # and spaces


def sole_value(text: str, kinds: Iterable[Kind], coins: CoinIndex | None = None) -> Value | None:
    """The value ``text`` is made of ("50U", " 3,000 ", "20%"): None when it holds none of
    ``kinds`` or says words besides; a refusal when it is refused or holds two numbers."""
    wanted = set(kinds) | {"refused"}
    values = [v for v in find_values(text, coins) if v.kind in wanted]  # "50U daily": more than 50U
    rest = text
    for value in reversed(values):
        rest = f"{rest[: value.start]} {rest[value.end :]}"
    if "".join(rest.split()).translate(_AROUND):
        return None
    return one_value(values, kinds, text)
