"""A running grid trader whose strategy changed: its holdings carried over to the new levels.

A grid's running memory keeps, per level index, the quantity that level bought, and the levels
those indexes meant (``grid``: symbol and prices). When the strategy is edited while the trader
runs, the next tick rebuilds the levels from the new parameters and moves each holding to the
new level whose band (its price up to the next level) contains the price it was bought at (its
old level's price): that level counts as held, so it is not bought again, and the holding is
sold when the price rises through the top of that band. Two holdings landing in one band merge.
A holding bought outside the new range (or on another symbol) is set aside: kept in the
account, never sold by the grid — the owner is told and decides. Nothing is sold or bought by
the rebuild itself.

Memory written before levels were recorded has no ``grid``: its holdings are taken to be on the
current levels (the best guess there is) and the levels are recorded from then on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any


@dataclass(frozen=True, slots=True)
class Rebuilt:
    held: dict[str, str]  # new level index -> quantity
    set_aside: list[dict[str, str]]  # {"symbol", "quantity", "bought_near"}: never sold by the grid
    carried: int  # holdings moved onto a new level

    @property
    def moved(self) -> bool:
        """Something was held when the levels changed (worth telling the owner)."""
        return self.carried > 0 or bool(self.set_aside)


def signature(symbol: str, levels: Sequence[Decimal]) -> dict[str, Any]:
    return {"symbol": symbol, "levels": [format(x.normalize(), "f") for x in levels]}


def rebuild(before: dict[str, Any] | None, after: dict[str, Any], held: dict[str, str]) -> Rebuilt | None:
    """The holdings on the levels ``after``; None when the levels did not change (or were not
    recorded: see the module's note)."""
    if before is None or before == after:
        return None
    old = [Decimal(x) for x in before.get("levels", [])]
    new = [Decimal(x) for x in after["levels"]]
    same_symbol = before.get("symbol") == after["symbol"]
    moved: dict[str, Decimal] = {}
    aside: list[dict[str, str]] = []
    for index, quantity in sorted(held.items(), key=lambda kv: int(kv[0])):
        i = int(index)
        bought = old[i] if 0 <= i < len(old) - 1 else None
        band = _band(new, bought) if same_symbol and bought is not None else None
        if band is None:
            near = format(bought.normalize(), "f") if bought is not None else ""
            aside.append({"symbol": str(before.get("symbol", "")), "quantity": quantity, "bought_near": near})
        else:
            moved[str(band)] = moved.get(str(band), Decimal(0)) + Decimal(quantity)
    carried = len(held) - len(aside)
    return Rebuilt({k: format(v.normalize(), "f") for k, v in moved.items()}, aside, carried)


def _band(levels: Sequence[Decimal], price: Decimal) -> int | None:
    """The index of the band [levels[j], levels[j+1]) holding ``price``; None outside them all."""
    for j in range(len(levels) - 1):
        if levels[j] <= price < levels[j + 1]:
            return j
    return None
