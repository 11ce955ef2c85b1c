"""A market order on the paper exchange, replayed: the same sizing, fee, filters and settlement
the trading service uses for a paper fill (core.trading.sizing, .filters, .paper), and the same
fill rule: a buy at the best ask, a sell at the best bid.

A candle carries no order book, so its book is made as the demo market makes one: the close is
the ask (as the demo quote is), the bid one paper spread under it (core.trading.paper.PAPER_SPREAD,
0.02 %, down to the tick and at least a tick). Holdings are valued at that bid, as the paper
account values them. The account's risk caps are the person's own settings, not the strategy's,
and are not applied.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from core.market import Book
from core.markets import SymbolRules
from core.traders.decide import Order
from core.trading import filters
from core.trading.model import QUOTE_ASSET, Balance, Fill
from core.trading.paper import PAPER_SPREAD, bid_under, settle
from core.trading.sizing import fee_of, quantity_for_quote

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # a replayed fill's time is kept by its Trade


def candle_bid(close: Decimal, rules: SymbolRules, spread: Decimal = PAPER_SPREAD) -> Decimal:
    """The bid of a candle's book: one spread under the close on the tick (the close when
    ``spread`` is 0), at least one tick."""
    bid = bid_under(close, spread, rules.tick_size) if spread > 0 else close
    return max(bid, rules.tick_size)


def candle_book(symbol: str, close: Decimal, rules: SymbolRules, spread: Decimal = PAPER_SPREAD) -> Book:
    """The book a replayed order meets at a candle's close: ask = the close, the bid candle_bid."""
    return Book(symbol, candle_bid(close, rules, spread), close, "backtest", _EPOCH)


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

    def fill(self, symbol: str, order: Order, book: Book, rules: SymbolRules, rate: Decimal) -> Fill | None:
        """The order filled on ``book`` (a buy at the ask, a sell at the bid) and settled, or None
        when the paper exchange would have refused it (a filter, the balance)."""
        price = book.ask if order.side == "buy" else book.bid
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
