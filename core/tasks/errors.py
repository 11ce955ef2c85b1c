"""Refusals a repository raises and the task flow turns into a clear answer."""

from __future__ import annotations


class RecordError(Exception):
    """Base of the repositories' refusals."""


class NotFound(RecordError):
    pass


class NameTaken(RecordError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class InUse(RecordError):
    """Deleting is refused: these traders use the record."""

    def __init__(self, traders: tuple[str, ...]) -> None:
        super().__init__(", ".join(traders))
        self.traders = traders
