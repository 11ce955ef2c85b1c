"""core.lazy_re: patterns compiled on first use behave as compiled ones, and none is malformed."""

from __future__ import annotations

import copy
import importlib
import pkgutil
import re

import pytest

import core
from core import lazy_re


def test_every_lazy_pattern_of_every_core_module_compiles() -> None:
    """A malformed pattern would only fail at its first use: compile them all here."""
    for module in pkgutil.walk_packages(core.__path__, "core."):
        importlib.import_module(module.name)
    patterns = lazy_re.created()
    assert patterns  # the rule readers left on it (issue 21 moves them onto core.language)
    for pattern in patterns:
        assert isinstance(pattern.compiled(), re.Pattern), pattern


def test_a_lazy_pattern_compiles_on_first_use_and_then_answers_as_re_does() -> None:
    lazy = lazy_re.compile(r"(?P<coin>[a-z]+)\s*price", lazy_re.IGNORECASE)
    real = re.compile(r"(?P<coin>[a-z]+)\s*price", re.IGNORECASE)
    assert lazy.pattern == real.pattern
    assert "_real" not in vars(lazy)  # .pattern needs no compiling
    text = "BTC price, eth PRICE"
    m = lazy.search(text)
    assert m is not None and m.group("coin") == "BTC"
    assert "_real" in vars(lazy)
    assert [x.span() for x in lazy.finditer(text)] == [x.span() for x in real.finditer(text)]
    assert lazy.findall(text) == real.findall(text)
    assert lazy.sub("?", text) == real.sub("?", text)
    assert lazy.split(text) == real.split(text)
    assert lazy.fullmatch("sol price") is not None and lazy.match("! btc price") is None
    assert lazy.flags == real.flags and lazy.groupindex == real.groupindex


def test_a_lazy_pattern_is_shared_by_copies_as_a_compiled_one_is() -> None:
    lazy = lazy_re.compile("a+")
    assert copy.copy(lazy) is lazy and copy.deepcopy({"p": lazy})["p"] is lazy
    assert lazy_re.compile(lazy) is lazy


def test_a_malformed_pattern_fails_at_its_first_use() -> None:
    lazy = lazy_re.compile("(unclosed")
    with pytest.raises(re.error):
        lazy.search("x")
