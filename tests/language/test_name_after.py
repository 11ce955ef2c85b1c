"""The one reader of a name typed after a kind's word, and of the new value after a set-to word
(core.language.typed_names.name_after, new_value), zh and en."""

from __future__ import annotations

from core.coin_index import CoinIndex
from core.language.tagger import Reading, Tagger
from core.language.typed_names import name_after, new_value, set_to
from core.markets import MarketCatalog
from core.strategies.words import KIND_CONCEPTS
from tests.cases import each

TAGGER = Tagger(CoinIndex(MarketCatalog()))


def after(text: str, concept: str, **how: object) -> str | None:
    reading: Reading = TAGGER.read(text)
    tag = reading.first(concept)
    assert tag is not None
    return name_after(reading, tag.end, **how)  # type: ignore[arg-type]


@each(
    ("text", "concept", "name"),
    [
        ("新建交易员 beta，建好就启动", "noun.trader", "beta"),  # up to the clause's end
        ("create a trader named alpha", "noun.trader", "alpha"),  # filler first skipped
        ("交易员叫阿尔法", "noun.trader", "阿尔法"),
        ("account named Main", "noun.account", "Main"),
        ("make a trader using deepseek", "noun.trader", None),  # a request word first
    ],
)
def test_the_name_after_a_kinds_word(text: str, concept: str, name: str | None) -> None:
    assert after(text, concept) == name


def test_a_kinds_words_kept_in_a_name() -> None:
    assert after("删除策略 BTC定投", "noun.strategy") == "BTC"
    assert after("删除策略 BTC定投", "noun.strategy", keep=KIND_CONCEPTS) == "BTC定投"
    assert after("策略 网格一号", "noun.strategy") is None
    assert after("策略 网格一号", "noun.strategy", keep=KIND_CONCEPTS) == "网格一号"


def test_every_word_after_a_kinds_word() -> None:
    assert after("删除账户 my traders", "noun.account", whole=True) == "my traders"
    assert after("删除账户", "noun.account", whole=True) is None


@each(
    ("text", "any_words", "value"),
    [
        ("rename trader alpha to the beta", True, "beta"),
        ("把交易员 alpha 改名为 贝塔", True, "贝塔"),
        ("change alpha strategy to eth grid", False, "eth grid"),
        ("switch alpha to another exchange account", False, None),  # no word of a name
    ],
)
def test_the_new_value_after_a_set_to_word(text: str, any_words: bool, value: str | None) -> None:
    reading = TAGGER.read(text)
    marker = set_to(reading)
    assert marker is not None
    assert new_value(reading, marker, any_words=any_words) == value
