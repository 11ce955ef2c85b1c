"""Finding a catalog entry (an exchange type, a model provider) by an answer that is its name;
a name inside a message is read by core.workspace.named."""

from __future__ import annotations

from collections.abc import Iterable


class AliasIndex:
    """Aliases mapped to catalog keys, tried longest first."""

    def __init__(self, aliases: Iterable[tuple[str, str]]) -> None:
        self._aliases = sorted(aliases, key=lambda pair: -len(pair[0]))

    def exact(self, normalized: str) -> str | None:
        """The key when the whole (normalized) answer is an alias or the key itself."""
        text = normalized.strip(" .。!！")
        for alias, key in self._aliases:
            if text in (alias, key):
                return key
        return None
