"""A market order on the paper exchange, replayed: the same sizing, fee, filters and settlement
the trading service uses for a paper fill (core.trading.sizing, .filters, .paper), at one price.

A candle carries no order book, so a buy and a sell both fill at the candle's close (no spread);
the account's risk caps are the person's own settings, not the strategy's, and are not applied.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from core.markets import SymbolRules
from core.traders.decide import Order
from core.trading import filters
from core.trading.model import QUOTE_ASSET, Balance, Fill
from core.trading.paper import settle
from core.trading.sizing import fee_of, quantity_for_quote

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # a replayed fill's time is kept by its Trade


class Wallet:
    """A replayed paper account: USDT and one coin."""

    def __init__(self, base: str, cash: Decimal) -> None:
        self.base = base
        self.balances: dict[str, Balance] = {QUOTE_ASSET: Balance(QUOTE_ASSET, cash)}

    @property
    def cash(self) -> Decimal:
        return self.balances[QUOTE_ASSET].free

    @property
    def coin(self) -> Decimal:
        held = self.balances.get(self.base)
        return held.free if held is not None else Decimal(0)

    def fill(
        self, symbol: str, order: Order, price: Decimal, rules: SymbolRules, rate: Decimal
    ) -> Fill | None:
        """The order filled at ``price`` and settled, or None when the paper exchange would have
        refused it (a filter, the balance)."""
        if order.unit == "quote":
            quantity = quantity_for_quote(order.amount, price, rate, rules)
        else:
            quantity = order.amount  # as asked: off-step quantities fail LOT_SIZE, as on Binance
        notional = quantity * price
        fill = Fill(
            symbol, order.side, quantity, price, notional, fee_of(notional, rate), QUOTE_ASSET, _EPOCH, ""
        )
        if filters.check_market_order(rules, quantity, price) is not None:
            return None
        settled = settle(self.balances, fill, self.base)
        if not isinstance(settled, dict):
            return None
        self.balances.update(settled)
        return fill
