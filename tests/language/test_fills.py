"""The layer's shared slot helpers (core.language.fills): the tag around a position, the value a
cue word puts next, what neither words nor values explain, one /command reader."""

from __future__ import annotations

from decimal import Decimal

from core.language.fills import (
    as_typed,
    blank,
    command,
    next_to,
    outside,
    tag_after,
    tag_at,
    tag_before,
    value_spans,
)
from core.language.tagger import Tagger
from tests.cases import each

BALANCE = {"noun.balance", "workspace.starting"}


@each(
    ("typed", "read"),
    [
        ("/price btc", ("price", "btc")),
        ("/Price@deskmate_bot  btc 30 ", ("price", "btc 30")),
        ("/alerts", ("alerts", "")),
        ("/", None),
        ("1/2", None),
        ("btc /price", None),
    ],
)
def test_one_command_reader(typed: str, read: tuple[str, str] | None) -> None:
    assert command(typed) == read


def test_the_tags_around_a_position() -> None:
    reading = Tagger().read("删除账户 main")
    verb, noun = reading.tags[:2]
    assert "verb.delete" in verb.concepts and "noun.account" in noun.concepts
    assert tag_at(reading, 0) == verb and tag_at(reading, 4) is None
    assert (
        tag_before(reading, 6) == noun and tag_before(reading, 3) == verb and tag_before(reading, 1) is None
    )
    assert tag_before(reading, 6, {"verb.delete"}) == verb
    assert tag_after(reading, 1) == noun and tag_after(reading, 0, {"noun.account"}) == noun
    assert tag_after(reading, 5) is None


def test_what_neither_words_nor_values_explain_is_a_name() -> None:
    reading = Tagger().read("please rename alpha 2 to beta")
    assert reading.rest(ignore={"filler.polite"}) == "please alpha 2 beta"
    assert reading.rest(spans=value_spans(reading, {"number"})) == "alpha beta"


def test_values_outside_a_name_and_blanked_spans() -> None:
    reading = Tagger().read("用账户2买 100 USDT 的 BTC")
    values = [v for v in reading.spans() if v.kind in ("number", "amount")]
    kept = outside(values, [(1, 4)])
    assert [v.number for v in kept] == [Decimal(100)]
    assert blank("abc def", (0, 3)) == "    def"


@each(
    ("typed", "before", "slot"),
    [
        ("每格50U，总投入 5000U", False, "5000"),  # after the cue word
        ("最多投入 5000U", False, "5000"),
        ("cap of 500 usdt", False, "500"),  # a joining word between
        ("5000U in total", True, "5000"),  # before it
        ("总投入 有 5000U", False, None),  # another word between: not its value
    ],
)
def test_the_value_next_to_a_cue_word_among_those_given(typed: str, before: bool, slot: str | None) -> None:
    reading = Tagger().read(typed)
    values = [v for v in reading.spans() if v.kind == "amount"]
    found = next_to(reading, values, {"strategy.max_total"}, joining={"of"}, before=before)
    assert (found.slot if found else None) == slot


def test_values_are_read_as_typed_where_the_text_lines_up() -> None:
    reading = Tagger().read("網格 3000到3001，200格")
    assert as_typed(reading) == "網格 3000到3001，200格" and len(as_typed(reading)) == len(reading.text)
    assert as_typed(Tagger().read("BTC 跌破 -80000U")) == "BTC 跌破 -80000U"  # its case, for a quote
    assert as_typed(Tagger().read("ＢＴＣ　  價格")) == "BTC 價格"  # width and spaces as NFKC makes them


def test_a_value_said_as_a_kind_or_refused_as_one() -> None:
    """ "-5%" was said as a percent, "-4h" as a span: a reader says the refusal back there."""
    from core.language.fills import said_as
    from core.language.values import UNIT_SECONDS, find_values

    five, minus, span = find_values("5%") + find_values("-5%") + find_values("-4h")
    assert said_as(five, ("percent",)) and said_as(minus, ("percent",), ("%",))
    assert not said_as(minus, ("percent",)) and not said_as(minus, ("percent",), UNIT_SECONDS)
    assert said_as(span, ("duration",), UNIT_SECONDS) and not said_as(span, ("percent",), ("%",))


def test_the_tag_right_beside_a_place() -> None:
    """ "price" right after "btcc" and right before "of": only spaces between."""
    from core.language.fills import tag_beside
    from core.language.tagger import words

    reading = words("btcc price of")  # the lexicon's words only: "price" at 5
    price = tag_beside(reading, 4, {"noun.price"}, after=True)
    assert price is not None and (price.start, price.end) == (5, 10)
    assert tag_beside(reading, 11, {"noun.price"}) == price
    assert tag_beside(reading, 4, {"verb.buy"}, after=True) is None
    assert tag_beside(reading, 3, after=True) is None  # "c" between
    assert tag_beside(reading, 12) is None  # "o" between
