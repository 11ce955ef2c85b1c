"""A record's name (or a kind's word) found in a message as a word: core.language.gazetteer.named_in,
which took over core/routing/words.py's has_word with the same rule."""

from __future__ import annotations

from core.language.gazetteer import named_in


def test_a_latin_name_counts_only_whole() -> None:
    assert named_in("okx", "my okx account") and not named_in("okx", "okxalt")
    assert named_in("ai", "ai, then") and named_in("ai", "(ai)") and not named_in("ai", "email")
    assert not named_in("gpt", "gpt4") and named_in("gpt", "x gpt")
    assert named_in("main", "email, then main") and not named_in("a", "account")


def test_a_name_in_another_script_counts_anywhere() -> None:
    assert named_in("币安", "我的币安账户")
    assert named_in("网格", "eth网格策略")
