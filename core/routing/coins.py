"""Find the coins a message names (supported or known-unsupported), in order of appearance."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.markets import MarketCatalog
from core.routing.normalize import alias_pattern, normalize

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
        # Longest aliases first so "solana" wins over "sol" and "以太坊" over "以太".
        aliases = sorted(catalog.aliases().items(), key=lambda kv: len(kv[0]), reverse=True)
        self._patterns = [(alias_pattern(alias), symbol) for alias, symbol in aliases]

    def find(self, normalized: str) -> list[CoinMatch]:
        """Coin mentions in ``normalized`` text (see normalize()), without overlaps."""
        taken: list[tuple[int, int]] = []
        found: list[CoinMatch] = []
        for pattern, symbol in self._patterns:
            for m in pattern.finditer(normalized):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
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
