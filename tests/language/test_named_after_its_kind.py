"""A record named by a plain word, given right after its kind and a name's marker ("delete the trader
named balance", "a trader named stop was a mistake", "交易员叫余额的那个停掉"): that record, never
the lexicon's word (core.language.tagger._given_names, core.language.gazetteer.Gazetteer.find)."""

from __future__ import annotations

from core.language.gazetteer import Gazetteer
from core.language.tagger import _given_names, _running_asked
from tests.cases import each


@each(
    ("text", "given"),
    [
        ("delete the trader named balance", {24}),
        ("pause the bot named later", {20}),
        ("把交易员叫余额的那个停掉", {5}),
        ("my wife called about the house", set()),  # no kind before the marker
        ("stop balance", set()),
    ],
)
def test_where_a_name_is_given(text: str, given: set[int]) -> None:
    assert set(_given_names(text)) == given


def test_a_plain_word_name_found_where_given() -> None:
    names = Gazetteer.of({"trader": ["stop"]}, plain=frozenset({"stop"}))
    text = "a trader named stop was a mistake"
    found = list(names.find(text, text, given=_given_names(text)))
    assert [(s, e, kinds) for s, e, kinds, _ in found] == [(15, 19, ("trader",))]
    assert list(names.find(text, text)) == []  # not given, not an act's whole object: the word


def test_a_plain_word_name_found_before_running_asked() -> None:
    names = Gazetteer.of({"trader": ["balance"]}, plain=frozenset({"balance"}))
    text = "is balance running?"
    found = list(names.find(text, text, running=_running_asked(text)))
    assert [(s, e) for s, e, _, _ in found] == [(3, 10)]
    other = "balance please"
    assert list(names.find(other, other, running=_running_asked(other))) == []  # no running asked
