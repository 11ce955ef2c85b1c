"""Finding a catalog entry (an exchange type, a model provider) by a word that names it."""

from __future__ import annotations

from collections.abc import Iterable

from core.language.tagger import named


class AliasIndex:
    """Aliases mapped to catalog keys; a message's names are read by the language layer's matcher
    (core.language.tagger.named: the longest, so "币安测试网" wins over "币安")."""

    def __init__(self, aliases: Iterable[tuple[str, str]], concept: str) -> None:
        self._aliases = sorted(aliases, key=lambda pair: -len(pair[0]))
        self._concept = concept

    def find(self, normalized: str) -> str | None:
        """The key of the longest alias a (normalized) message mentions."""
        return named(normalized, self._concept)

    def exact(self, normalized: str) -> str | None:
        """The key when the whole (normalized) answer is an alias or the key itself."""
        text = normalized.strip(" .。!！")
        for alias, key in self._aliases:
            if text in (alias, key):
                return key
        return None
