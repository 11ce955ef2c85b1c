"""The ``re`` module with patterns compiled on first use rather than at import.

A module with many module-level patterns (the rule readers) writes ``from core import lazy_re as re``
and is otherwise unchanged: ``re.compile`` returns a pattern that compiles itself the first time it
is used, everything else is the standard module's. Compiling deskmate's rule patterns at import
took about a third of a `deskmate ask` start, and most of them are never used by a given message.

After its first use a lazy pattern holds the compiled pattern's bound methods, so a call costs what
a call on a compiled pattern costs. ``.pattern`` answers without compiling (patterns are built from
other patterns' sources at import). A malformed pattern fails at its first use instead of at import:
``tests/core/test_lazy_re.py`` compiles every lazy pattern of every core module.
"""

from __future__ import annotations

import re as _re
from re import (  # everything else is the standard module's
    ASCII,
    DOTALL,
    IGNORECASE,
    MULTILINE,
    UNICODE,
    VERBOSE,
    A,
    I,
    M,
    Match,
    Pattern,
    RegexFlag,
    S,
    U,
    X,
    error,
    escape,
    findall,
    finditer,
    fullmatch,
    match,
    search,
    split,
    sub,
    subn,
)
from typing import Any, cast

__all__ = [
    "ASCII",
    "DOTALL",
    "IGNORECASE",
    "MULTILINE",
    "UNICODE",
    "VERBOSE",
    "A",
    "I",
    "LazyPattern",
    "M",
    "Match",
    "Pattern",
    "RegexFlag",
    "S",
    "U",
    "X",
    "compile",
    "created",
    "error",
    "escape",
    "findall",
    "finditer",
    "fullmatch",
    "match",
    "search",
    "split",
    "sub",
    "subn",
]

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")
_CREATED: list[LazyPattern] = []  # every lazy pattern made, for the test that compiles them all


class LazyPattern:
    """Stands in for a compiled ``re.Pattern[str]``; see the module docstring."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> Pattern[str]:
        real = _re.compile(self.pattern, self._flags)
        # From now on attribute look-ups find these in the instance: no __getattr__, no wrapper.
        self.__dict__.update({name: getattr(real, name) for name in _METHODS}, _real=real)
        return real

    def __getattr__(self, name: str) -> Any:  # only reached for what the instance lacks
        if name.startswith("__"):
            raise AttributeError(name)
        real = self.__dict__.get("_real") or self.compiled()
        return getattr(real, name)

    def __copy__(self) -> LazyPattern:
        return self  # immutable, as a compiled pattern is

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyPattern:
        return self

    def __repr__(self) -> str:
        return f"lazy_re.compile({self.pattern!r}, {self._flags!r})"


def compile(pattern: str | Pattern[str], flags: int | RegexFlag = 0) -> Pattern[str]:
    """``re.compile``, deferred to the pattern's first use (a pattern given is returned as is)."""
    if not isinstance(pattern, str):
        return pattern
    lazy = LazyPattern(pattern, int(flags))
    _CREATED.append(lazy)
    return cast(Pattern[str], lazy)


def created() -> tuple[LazyPattern, ...]:
    return tuple(_CREATED)
