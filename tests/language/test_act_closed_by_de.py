"""A record's act closed by 的 (是…的) tells who or when it was done, never asks it now
(core.language.acted): "老王自己停的" stops nothing; a 的 before a noun is a relative."""

from __future__ import annotations

from core.language.acted import ACTED, acted
from core.language.spans import WORD_RANK

_STOP = frozenset({"verb.stop"})


def _concepts(text: str, verb: str) -> frozenset[str]:
    at = text.index(verb)
    spans = [(at, at + len(verb), WORD_RANK, _STOP, "")]
    return acted(text, spans)[0][3]


def test_the_act_closed_by_de_is_told() -> None:
    assert _concepts("老王自己停的", "停") >= ACTED
    assert _concepts("老王是我停的啊", "停") >= ACTED
    assert _concepts("rex是昨天停的吗", "停") >= ACTED


def test_a_relative_de_or_a_request_keeps_the_act() -> None:
    assert _concepts("把昨天停的那个交易员删掉", "停") == _STOP
    assert _concepts("把老王停了", "停") == _STOP
    assert _concepts("停的", "停") == _STOP  # nothing said before it
