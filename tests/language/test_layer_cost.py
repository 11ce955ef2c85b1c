"""What the layer does per message, counted rather than timed (issue 23: routing p99 <= 0.5 ms):
each test fails when a per-message step that was made cheap goes back to its old cost."""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.catalog import bundled_catalog
from core import coin_index
from core.coin_index import CoinIndex
from core.language import slips
from core.language.normalize import normalize_text
from core.language.tagger import Tagger


def test_a_message_with_a_chinese_comma_is_normalized_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chinese comma is kept as typed, but its message is otherwise normalized already: no
    character by character NFKC (it was, for a third of the Chinese corpus messages)."""
    calls: list[str] = []
    real = unicodedata.normalize

    def counting(form: str, text: str) -> str:
        calls.append(text)
        return real(form, text)  # type: ignore[arg-type]

    monkeypatch.setattr(unicodedata, "normalize", counting)
    text = "止损 80000，30秒有效，谢谢 cost-test"
    read = normalize_text.__wrapped__(text)
    assert read.text == "止损 80000，30秒有效，谢谢 cost-test"
    assert read.offsets == tuple(range(len(text) + 1))
    assert calls == []


def test_the_coin_index_looks_closer_only_at_words_that_may_start_a_coin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    index = CoinIndex(bundled_catalog())
    looked: list[int] = []
    real = CoinIndex._latin_at

    def counting(
        self: CoinIndex, norm: str, words: list[re.Match[str]], i: int
    ) -> tuple[coin_index.Mention | None, int]:
        looked.append(i)
        return real(self, norm, words, i)

    monkeypatch.setattr(CoinIndex, "_latin_at", counting)
    coin_index._SEEN.clear()
    found = index.find("please could you show me the latest price of btc right now")
    assert [m.symbol for m in found] == ["BTCUSDT"]
    assert len(looked) <= 4  # "btc" and the few words the catalog lists or starts a name with, not all 12


def test_a_words_concepts_are_made_once_not_per_message() -> None:
    """A tag's concepts are the automaton's own set for its word: no new set per message."""
    first = Tagger().read("删除 交易员 cost-one").first("verb.delete")
    again = Tagger().read("删除 交易员 cost-two").first("verb.delete")
    assert first is not None and again is not None
    assert first.concepts is again.concepts


def test_a_clause_read_again_looks_up_no_slip_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine reads a message's clauses again on their own: the same characters are not looked
    up again as a same-sound slip (two thirds of a Chinese message's tagging)."""
    looked: list[str] = []
    real = slips._sounds_like

    def counting(window: str, tables: slips.Slips, kept: frozenset[int] = frozenset()) -> str | None:
        looked.append(window)
        return real(window, tables, kept)

    monkeypatch.setattr(slips, "_sounds_like", counting)
    slips._window_meant.cache_clear()
    whole = "今天加班到十点 老板还骂了我一顿 cost-slips"
    Tagger().read(whole)
    assert looked  # its words leave characters a slip may be in
    first = len(looked)
    Tagger().read("老板还骂了我一顿 cost-slips")
    assert len(looked) == first
