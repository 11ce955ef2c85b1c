"""One value the value grammar (core.language.values) read in a text: its kind, where it is,
what was typed and what it means; a refused one says why (core.language.refusals)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Final, Literal, TypeAlias

from core.language.numbers import EXACT, Reason, plain
from core.language.refusals import refused_slot

Kind: TypeAlias = Literal[
    "amount", "number", "price", "percent", "fraction", "duration", "interval", "count", "id", "date",
    "multiple", "refused",
]  # fmt: skip
UNIT_SECONDS: Final = {"m": 60, "h": 3600, "d": 86400, "w": 604800, "mo": 30 * 86400, "y": 365 * 86400}


@dataclass(frozen=True, slots=True)
class Value:
    """One value in a text: its kind, where it is, what was typed and what it means."""

    kind: Kind
    start: int
    end: int
    typed: str  # the text as typed, quoted back in a refusal
    number: Decimal = Decimal(0)  # amount, number, price, percent (5 for 5%), fraction, count
    unit: str = ""  # amount: "quote" | "base"; duration / interval: m h d w mo y; count: "grid"; "%"; "x"
    coin: str = ""  # a base amount's symbol ("BTCUSDT")
    ident: str = ""  # an id's text
    reason: Reason | None = None  # a refused value: why
    per: int = 1  # a fraction with no exact decimal: "a third" is 1 per 3

    @property
    def refused(self) -> bool:
        return self.kind == "refused"

    @property
    def seconds(self) -> int:
        """A duration's or interval's length (a month is 30 days, a year 365)."""
        return int(self.number) * UNIT_SECONDS[self.unit] if self.unit in UNIT_SECONDS else 0

    @property
    def slot(self) -> str:
        """The slot text of a number, price, percent, count or multiple ("80000"); a refusal's marker."""
        return refused_slot(self) if self.refused else plain(self.number)

    @property
    def amount_slot(self) -> str:
        """The canonical amount: "quote:100", "base:0.01", "all", "fraction:0.5"; or a refusal's marker."""
        if self.refused:
            return refused_slot(self)
        if self.kind == "fraction":
            if self.per != 1:
                return f"fraction:{plain(self.number)}/{self.per}"
            return "all" if self.number == 1 else f"fraction:{plain(self.number)}"
        if self.kind == "percent":
            with localcontext(EXACT):
                share = self.number / 100
            return "all" if share == 1 else f"fraction:{plain(share)}"
        unit = "quote" if self.unit == "quote" else "base"
        return f"{unit}:{plain(self.number)}"
