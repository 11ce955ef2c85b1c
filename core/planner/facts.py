"""The figures a turn's validated tool results support, per coin: what the model may repeat.

Read from the cards the toolsets composed (validated data only), never from model text. Amounts
(prices, closes, quantities, fees, balances) and percentages are kept apart: "3%" is supported by
a 3 % change, not by a price of 3. A history card adds what a reader of it would say: its lowest
and highest close, and the change over the window (first close to the last close, and to the
current quote when the turn has one), absolute and in percent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from core.reply import BalanceBlock, Block, HistoryBlock, OrderBlock, PositionsBlock, QuoteBlock, TradesBlock

_QUOTES = ("USDT", "USDC", "FDUSD", "BUSD", "USD")
_HUNDRED = Decimal(100)


def base_of(symbol: str) -> str:
    """ "BTCUSDT" -> "BTC"; a bare asset stays itself."""
    upper = symbol.upper()
    for quote in _QUOTES:
        if upper.endswith(quote) and len(upper) > len(quote):
            return upper[: -len(quote)]
    return upper


@dataclass(slots=True)
class Facts:
    """Supported amounts and percentages by coin (upper-case base, e.g. "BTC")."""

    amounts: dict[str, set[Decimal]] = field(default_factory=dict)
    percents: dict[str, set[Decimal]] = field(default_factory=dict)

    @property
    def coins(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.amounts) | set(self.percents)))

    def add_amount(self, coin: str, *values: Decimal | None) -> None:
        bucket = self.amounts.setdefault(coin.upper(), set())
        bucket.update(abs(v) for v in values if v is not None)

    def add_percent(self, coin: str, value: Decimal) -> None:
        self.percents.setdefault(coin.upper(), set()).add(abs(value))

    def supports(self, coin: str, value: Decimal, tolerance: Decimal, *, percent: bool) -> bool:
        """Whether some fact about ``coin`` shows as ``value`` at the text's precision
        (``tolerance``: half a unit of its last digit), rounded or cut off ("84476" for 84476.65)."""
        pool = (self.percents if percent else self.amounts).get(coin.upper(), set())
        target = abs(value)
        return any(-tolerance <= fact - target < 2 * tolerance for fact in pool)


def facts_of(blocks: Iterable[Block]) -> Facts:
    """Every figure the validated cards of a turn support."""
    facts = Facts()
    cards = list(blocks)
    quotes = {b.base.upper(): b.price for b in cards if isinstance(b, QuoteBlock)}
    for block in cards:
        if isinstance(block, QuoteBlock):
            facts.add_amount(block.base, block.price, block.change_24h, block.high_24h, block.low_24h)
            if block.change_24h_percent is not None:  # the card's own 24-hour line
                facts.add_percent(block.base, block.change_24h_percent)
        elif isinstance(block, HistoryBlock):
            _history(facts, block, quotes.get(block.base.upper()))
        elif isinstance(block, OrderBlock):
            coin = base_of(block.symbol)
            facts.add_amount(coin, block.quantity, block.price, block.quote_amount, block.fee)
            facts.add_amount("USDT", block.quote_amount)
        elif isinstance(block, BalanceBlock):
            for asset in block.assets:
                facts.add_amount(asset.asset, asset.free, asset.locked, asset.free + asset.locked)
            facts.add_amount("USDT", block.equity_usdt)
        elif isinstance(block, PositionsBlock):
            for item in block.items:
                facts.add_amount(base_of(item.symbol), item.quantity, item.avg_entry, item.price)
                facts.add_amount(base_of(item.symbol), item.unrealized_pnl)
        elif isinstance(block, TradesBlock):
            for trade in block.items:
                facts.add_amount(base_of(trade.symbol), trade.quantity, trade.price, trade.fee)
    return facts


def _history(facts: Facts, block: HistoryBlock, quote: Decimal | None) -> None:
    closes = [p.close for p in block.points if p.close is not None]
    if not closes:
        return
    facts.add_amount(block.base, *closes, min(closes), max(closes))
    first = closes[0]
    for last in (closes[-1], quote):
        if last is None:
            continue
        facts.add_amount(block.base, last - first)
        if first:
            facts.add_percent(block.base, (last - first) / first * _HUNDRED)
