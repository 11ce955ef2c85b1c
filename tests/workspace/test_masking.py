"""The masking rule: at most a quarter of a secret shows, and never more than 4 + 4 characters."""

from __future__ import annotations

import random
import string

import pytest

from core.workspace.masking import MASK, mask

_ALPHABET = string.ascii_letters + string.digits + string.punctuation


def _revealed(secret: str, shown: str) -> int:
    """How many of the secret's characters ``shown`` gives away (prefix + suffix around the mask)."""
    for head in range(len(secret) + 1):
        for tail in range(len(secret) + 1 - head):
            if shown == secret[:head] + MASK + secret[len(secret) - tail :]:
                return head + tail
    raise AssertionError(f"{shown!r} is not a prefix and a suffix around the mask")


@pytest.mark.parametrize("length", range(8, 65))
def test_never_more_than_a_quarter_nor_eight_characters(length: int) -> None:
    rng = random.Random(length)
    for _ in range(50):
        secret = "".join(rng.choice(_ALPHABET) for _ in range(length))
        shown = mask(secret)
        revealed = _revealed(secret, shown)
        assert revealed * 4 <= length, (length, shown)
        assert revealed <= 8
        assert secret not in shown


@pytest.mark.parametrize("length", range(0, 8))
def test_short_secrets_show_only_the_mask(length: int) -> None:
    assert mask("x" * length) == MASK


def test_the_reported_passphrase_and_a_long_key() -> None:
    assert mask("Pass1234#42!") == "P****!"  # was "Pass****#42!": 8 of 12 characters
    key = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
    assert mask(key) == "vmPU****Eh8A"


def test_as_much_as_the_rule_allows() -> None:
    """The mask is still useful: a long key keeps its 4 + 4, a 16-character one 2 + 2."""
    assert mask("a" * 16 + "b" * 16) == "aaaa****bbbb"
    assert mask("abcdefghijklmnop") == "ab****op"
