"""Finding a catalog entry (an exchange type, a model provider) by a word that names it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.routing.words import word_pattern


class AliasIndex:
    """Aliases mapped to catalog keys, tried longest first so "币安测试网" wins over "币安"."""

    def __init__(self, aliases: Iterable[tuple[str, str]]) -> None:
        self._aliases = sorted(aliases, key=lambda pair: -len(pair[0]))
        self._patterns = [(_pattern(alias), key) for alias, key in self._aliases]

    def find(self, normalized: str) -> str | None:
        """The key of the first alias a (normalized) message mentions."""
        for pattern, key in self._patterns:
            if pattern.search(normalized):
                return key
        return None

    def exact(self, normalized: str) -> str | None:
        """The key when the whole (normalized) answer is an alias or the key itself."""
        text = normalized.strip(" .。!！")
        for alias, key in self._aliases:
            if text in (alias, key):
                return key
        return None


def _pattern(alias: str) -> re.Pattern[str]:
    # A Latin alias is a whole word, and its spaces may be written as "_", "-" or nothing
    # ("binance testnet" = "binance_testnet"); a Chinese one matches anywhere.
    return word_pattern(alias, space=r"[\s_-]*")
