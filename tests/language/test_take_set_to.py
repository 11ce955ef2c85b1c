"""The rows that read a record's fields said in one sentence (core.language.slots.Take, take: the
value beside a field's word, before or after it, a range's two ends, each value taken once) and an
update's field and new value (SetTo), zh and en."""

from __future__ import annotations

from typing import Any

from core.coin_index import CoinIndex
from core.language.slots import SetTo, Take, take
from core.language.tagger import Tagger
from core.markets import MarketCatalog
from tests.cases import each

TAGGER = Tagger(CoinIndex(MarketCatalog()))
BETWEEN = ("投", "of", "at most")
TABLE = (
    Take("max_total", near="strategy.max_total", joining=BETWEEN),
    Take("quote_per_grid", near="strategy.quote_per_grid", joining=BETWEEN),
    Take("lower", upper="upper", joining=("到", "and", "to"), holds=lambda v: v.unit != "quote"),
    Take("quote_amount", lambda v: v.unit == "quote", unless="quote_per_grid"),
)


def taken(text: str) -> dict[str, Any]:
    reading = TAGGER.read(text)
    slots: dict[str, Any] = {}
    take(reading, reading.spans(), TABLE, slots)
    return slots


@each(
    ("text", "slots"),
    [
        ("每格50U，最多投入5000U", {"quote_per_grid": "50", "max_total": "5000"}),  # after the word
        ("每格投50U", {"quote_per_grid": "50"}),  # a joining word between
        ("20 USDT each, 1000 USDT in total", {"quote_per_grid": "20", "max_total": "1000"}),  # before it
        ("总共1000U，每天50U", {"max_total": "1000", "quote_amount": "50"}),  # each value taken once
        ("3000到4000，每格50U", {"lower": "3000", "upper": "4000", "quote_per_grid": "50"}),
        ("between 3000 and 4000", {"lower": "3000", "upper": "4000"}),
        ("between -3000 and 4000", {"lower": "refused:sign:-3000", "upper": "4000"}),  # refused, never 3000
        ("buy 50 USDT", {"quote_amount": "50"}),
    ],
)
def test_take_reads_each_field_beside_its_word(text: str, slots: dict[str, Any]) -> None:
    assert taken(text) == slots


def test_a_sole_value_only_when_it_is_the_one() -> None:
    reading = TAGGER.read("weekly btc dca 100")
    sole = (Take("quote_amount", lambda v: v.kind == "number", sole=True),)
    slots: dict[str, Any] = {}
    assert [v.typed for v in take(reading, reading.spans(), sole, slots)] == ["weekly"]  # left
    assert slots == {"quote_amount": "100"}
    reading, slots = TAGGER.read("100 or 200"), {}
    assert len(take(reading, reading.spans(), sole, slots)) == 2 and slots == {}


FIELDS = (
    ("name", frozenset({"verb.rename", "noun.name"})),
    ("quote_amount", frozenset({"strategy.quote_amount"})),
    ("grids", frozenset({"strategy.grids"})),
)
UPDATE = SetTo("field", FIELDS, frozenset({"quote_amount", "grids"}), lambda value: "name")


@each(
    ("text", "slots"),
    [
        ("把BTC定投的金额改成100", {"field": "quote_amount", "quote_amount": "100"}),
        ("change the grids of eth grid to 20", {"field": "grids", "grids": "20"}),
        ("每次改成买80U", {"field": "quote_amount", "quote_amount": "80u"}),  # the one value there
        ("bump my btc dca to 40 usdt per buy", {"field": "quote_amount", "quote_amount": "40 usdt"}),
        ("把ETH网格改名为 网格二号", {"field": "name", "new_name": "网格二号"}),
        ("rename eth grid to Grid Two", {"field": "name", "new_name": "Grid Two"}),
        ("BTC定投的金额是多少", {"field": "quote_amount"}),  # no set-to word: the field alone
        ("hello", None),
    ],
)
def test_set_to_reads_the_field_and_its_new_value(text: str, slots: dict[str, Any] | None) -> None:
    assert UPDATE.read(TAGGER.read(text)) == slots


@each(
    ("text", "typed"),
    [("每天买-50U的BTC", ["每天", "-50U"]), ("Buy 1E9 USDT of BTC every Day", ["1E9 USDT", "every Day"])],
)
def test_typed_values_are_the_readings_values_quoted_as_typed(text: str, typed: list[str]) -> None:
    """fills.typed_values: the values the reading has read (not read again), quoted as typed."""
    from dataclasses import replace

    from core.language.fills import typed_values

    reading = TAGGER.read(text)
    values = typed_values(reading)
    assert [v.typed for v in values] == typed
    assert [replace(v, typed="") for v in values] == [replace(v, typed="") for v in reading.spans()]
