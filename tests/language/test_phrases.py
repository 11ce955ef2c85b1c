"""core.language.phrases: a reader's own words found as the word alternations found them, without
a regex: a Latin word whole and in any case, a space in it optional, leftmost-longest."""

from __future__ import annotations

from core.language.phrases import Words, find


def test_latin_words_are_whole_and_any_case() -> None:
    assert find("records", "my keyboard", "records.field_words") == []
    assert find("records", "the API Key of main", "records.field_words") == [(4, 11)]
    assert find("records", "apikey", "records.field_words") == [(0, 6)]  # "api key" without the space


def test_the_longest_word_at_the_leftmost_place_wins() -> None:
    assert find("records", "删除交易所账户", "records.nouns") == [(2, 7)]  # 交易所账户, not 交易所
    assert find("account_field", "secret key", "account_field.api_secret") == [(0, 10)]


def test_a_context_decides_where_words_alone_say_too_much() -> None:
    update = Words("records.update", lambda low, start, end: not low[end:].lstrip().startswith("up"))
    assert update.search("set up a model") is None
    assert update.search("set the model") is not None
    assert update.sub("_", "Set the name, then SET it") == "_ the name, then _ it"


def test_every_place_a_word_is_found_and_words_inside_others_where_asked() -> None:
    """A reader that tries each place in turn (a credential's label after the value before it)
    sees every word, overlapping; a word need not stand alone where its context decides."""
    assert find("secrets", "api key", "secrets.key", every=True) == [(0, 7), (0, 3), (4, 7)]
    glued = Words("secrets.is", lambda low, start, end: not low[end : end + 1].isalpha(), whole=False)
    assert glued.prefix("is1234") == 2 and glued.prefix("isle") is None


def test_the_word_right_beside_a_value() -> None:
    """A word said right before or after a value, spaces between, nothing else: "> 80000",
    "from 90000", "涨3倍" (no space), "50 cents", "3 times"."""
    above, cents, times = Words("alert.above_sign"), Words("alert.cents"), Words("alert.times")
    assert above.before("btc >  80000", 7) == 4
    assert above.before("btc > x 80000", 8) is None
    assert Words("alert.move_from").before("drops 5% from 90000", 14) == 9
    assert Words("alert.multiple_unclear").before("涨3倍", 1, space=False) == 0
    assert Words("alert.multiple_unclear").before("涨 3倍", 2, space=False) is None
    assert cents.after("hits 50  cents", 7) == 14
    assert cents.after("hits 50 usd cents", 7) is None
    assert times.after("提醒我3次", 4) == 5
