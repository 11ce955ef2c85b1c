"""A text's values (core.language.values) read at the first look, for a reader that may need none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from core.coin_index import CoinIndex
    from core.language.values import Value

# The objects a value stands for (core.language.lexicon.OBJECTS): an amount or a share traded, a
# level crossed. A guarded word taking neither needs a text's values only past a filler.
VALUED: Final = frozenset({"amount", "level"})


class ValuesRead:
    """The value grammar's values of ``scanned`` (~30-50 us a text), read when first asked: the
    tagger's conditions (core.language.conditions._objects_only) need them for few of the guarded
    words they look at (issue 21: routing p99). Coins only they would have asked are then never
    asked, and the reading stays bare (core.language.tagger): read without coins, it reads the same."""

    def __init__(self, scanned: str, coins: CoinIndex | None) -> None:
        self._scanned, self._coins = scanned, coins
        self._read: list[Value] | None = None

    def __call__(self) -> list[Value]:
        if self._read is None:
            from core.language.values import find_values  # only for a text asked: not at import

            self._read = find_values(self._scanned, self._coins)
        return self._read
