"""A coin and a word typed without the space between them (core.language.run_on): "solprice" is
"sol price", "pricebtc" "price btc"; an English word that happens to start with a coin's letters
("bandwidth", "atomic") is none, nor a run that splits two ways."""

from __future__ import annotations

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.tagger import Tagger
from tests.cases import each

_TAGGER = Tagger(CoinIndex(bundled_catalog()))


def _tags(text: str) -> list[tuple[str, str]]:
    reading = _TAGGER.read(text)
    return [(reading.text[t.start : t.end], t.value or min(t.concepts)) for t in reading.tags]


@each(
    ("text", "tags"),
    [
        ("solprice", [("sol", "SOLUSDT"), ("price", "noun.price")]),
        ("pricebtc", [("price", "noun.price"), ("btc", "BTCUSDT")]),
        ("dogeprice多少", [("doge", "DOGEUSDT"), ("price", "noun.price"), ("多少", "ask.how_much")]),
    ],
)
def test_a_coin_and_a_word_run_on(text: str, tags: list[tuple[str, str]]) -> None:
    assert [(said, value) for said, value in _tags(text) if value in {t[1] for t in tags}] == tags


@each("text", ["bandwidth", "atomic swap", "hello there", "solana"])
def test_no_run_on_in_a_word(text: str) -> None:
    reading = _TAGGER.read(text)
    assert all(t.end - t.start == len(reading.text[t.start : t.end].strip()) for t in reading.tags)
    assert not any("noun.price" in t.concepts for t in reading.tags)


@each("text", ["pepecoin", "pepecoin price", "bitcoincash price", "ethclassic", "shibtoken"])
def test_a_coin_name_made_longer_is_another_coin(text: str) -> None:
    """ "pepecoin" is PepeCoin, "bitcoincash" Bitcoin Cash: another coin's name, never PEPE or BTC
    read out of it (phrases/run_on.toml); the price skill asks which coin, as typed."""
    assert not [
        t for t in _TAGGER.read(text).tags if t.value in {"PEPEUSDT", "BTCUSDT", "ETHUSDT", "SHIBUSDT"}
    ]
