"""Which of the person's records a bare name means: "delete main" or "rename main to core" says
no kind of record, and reads as an exchange account (the records most people have), but "main"
may be their strategy, their trader or their model config. What they own decides: one kind has
it -> that kind's skill takes the request; several -> they choose with buttons; none -> the
account skill's not-found.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.tasks.refs import Target, resolve


class Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


Targets = Callable[[str], Awaitable[list[Target]]]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of record: the skill that manages it and the person's records of it."""

    key: str  # "exchange" | "strategy" | "trader" | "model": its label is "ws.ex.kind_of.<key>"
    skill: str
    targets: Targets


def by_name(owned: Callable[[str], Awaitable[Sequence[Named]]]) -> Targets:
    """A repository's ``owned`` as targets known by their names alone."""

    async def targets(owner: str) -> list[Target]:
        return [Target(r.id, r.name) for r in await owned(owner)]

    return targets


@dataclass(frozen=True, slots=True)
class Match:
    kind: Kind
    targets: tuple[Target, ...]  # the person's records of that kind the name means (one or more)


async def matches(kinds: Sequence[Kind], owner: str, ref: dict[str, str]) -> list[Match]:
    """The kinds that have a record ``ref`` names (as each kind's own resolution reads it), in
    the order given."""
    found: list[Match] = []
    for kind in kinds:
        hits = resolve(ref, await kind.targets(owner), None)
        if hits:
            found.append(Match(kind, tuple(hits)))
    return found
