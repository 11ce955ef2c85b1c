"""Find the coins a message names (supported or known-unsupported), in order of appearance."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.markets import MarketCatalog
from core.routing.normalize import is_latin, normalize

# Upper-case words that look like tickers but are not coins.
_NOT_TICKERS = frozenset({"USDT", "USD", "UTC", "API", "OK", "AI", "ID", "PNG", "CNY", "RMB", "EUR", "GMT"})
_TICKER = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2,6})(?![A-Za-z0-9])")


@dataclass(frozen=True, slots=True)
class CoinMatch:
    symbol: str
    start: int
    end: int
    supported: bool


class CoinFinder:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self._symbol_of = catalog.aliases()
        # One alternation per script, longest alias first, so "solana" wins over "sol" and
        # "以太坊" over "以太"; two scans per message instead of one per alias.
        by_length = sorted(self._symbol_of, key=len, reverse=True)
        latin = "|".join(re.escape(a) for a in by_length if is_latin(a))
        other = "|".join(re.escape(a) for a in by_length if not is_latin(a))
        self._patterns = [
            re.compile(rf"(?<![a-z0-9])(?:{latin})(?![a-z0-9])") if latin else None,
            re.compile(other) if other else None,
        ]

    def find(self, normalized: str) -> list[CoinMatch]:
        """Coin mentions in ``normalized`` text (see normalize()), in order, without overlaps."""
        found: list[CoinMatch] = []
        for pattern in self._patterns:
            if pattern is None:
                continue
            for m in pattern.finditer(normalized):
                if any(m.start() < c.end and c.start < m.end() for c in found):
                    continue
                symbol = self._symbol_of[m.group(0)]
                found.append(CoinMatch(symbol, m.start(), m.end(), self.catalog.is_supported(symbol)))
        found.sort(key=lambda c: c.start)
        return found

    def unknown_ticker(self, original: str) -> str | None:
        """An upper-case ticker-like word ("XYZ") the catalog does not know, as a USDT symbol."""
        for m in _TICKER.finditer(original):
            word = m.group(1)
            if word not in _NOT_TICKERS and self.catalog.resolve(word) is None:
                return f"{word}USDT"
        return None

    @staticmethod
    def distinct_symbols(matches: list[CoinMatch]) -> list[str]:
        seen: dict[str, None] = {}
        for m in matches:
            seen.setdefault(m.symbol, None)
        return list(seen)

    @staticmethod
    def strip(normalized: str, matches: list[CoinMatch]) -> str:
        """The text with every coin mention removed."""
        out, pos = [], 0
        for m in matches:
            out.append(normalized[pos : m.start])
            pos = m.end
        out.append(normalized[pos:])
        return normalize(" ".join(out))


__all__ = ["CoinFinder", "CoinMatch", "normalize"]
