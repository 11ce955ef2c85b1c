"""The paper exchange's settlement: a market fill applied to an account's balances.

Pure: the storage adapter calls it inside the fill's transaction, on the balances it has locked,
so two orders on one account never spend the same USDT.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_DOWN, Decimal

from core.trading.model import QUOTE_ASSET, Balance, Fill, Rejection

INSUFFICIENT_BALANCE = "-2010"
INSUFFICIENT_MESSAGE = "Account has insufficient balance for requested action."
# The paper book's spread where no exchange gives one: the demo market's bid sits this far under
# its ask, and a replayed candle's bid under its close (core.backtest.fills).
PAPER_SPREAD = Decimal("0.0002")


def bid_under(ask: Decimal, spread: Decimal, unit: Decimal) -> Decimal:
    """The best bid one ``spread`` under ``ask``, down to ``unit`` (a tick), and at least one
    ``unit`` below it: a spread is never zero."""
    bid = (ask * (1 - spread)).quantize(unit, rounding=ROUND_DOWN)
    return min(bid, ask - unit)


def settle(balances: Mapping[str, Balance], fill: Fill, base: str) -> dict[str, Balance] | Rejection:
    """The balances after ``fill`` (only the ones that changed), or Binance's -2010 when the
    account cannot pay for it."""
    quote = balances.get(QUOTE_ASSET, Balance(QUOTE_ASSET, Decimal(0)))
    coin = balances.get(base, Balance(base, Decimal(0)))
    if fill.side == "buy":
        cost = fill.quote_amount + fill.fee
        if quote.free < cost:
            return _insufficient(QUOTE_ASSET, cost, quote.free)
        return {
            QUOTE_ASSET: Balance(QUOTE_ASSET, quote.free - cost, quote.locked),
            base: Balance(base, coin.free + fill.quantity, coin.locked),
        }
    if coin.free < fill.quantity:
        return _insufficient(base, fill.quantity, coin.free)
    return {
        base: Balance(base, coin.free - fill.quantity, coin.locked),
        QUOTE_ASSET: Balance(QUOTE_ASSET, quote.free + fill.quote_amount - fill.fee, quote.locked),
    }


def _insufficient(asset: str, needed: Decimal, free: Decimal) -> Rejection:
    return Rejection(
        INSUFFICIENT_BALANCE,
        INSUFFICIENT_MESSAGE,
        "balance",
        {"asset": asset, "needed": format(needed.normalize(), "f"), "free": format(free.normalize(), "f")},
    )
