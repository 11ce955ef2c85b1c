"""Demo trading rules: Binance-like filters for the demo market's coins whose real ones are unknown.

The bundled catalog snapshot has the exchange's filters for a few coins only, and the demo market
runs offline, so without these a paper order for DOGE on `make run` could not be checked at all.
They follow the coin's demo price level (core.markets.SymbolRules with ``demo=True``):

- tick size: five significant digits of the price, between 0.00000001 and 0.01
  (DOGE near 0.2 -> 0.00001; XRP near 2.2 -> 0.0001; SOL near 165 -> 0.01);
- step size (and minimum quantity): a step worth under about 1 USDT, at most 1 and at least
  0.00000001 (DOGE -> 1, XRP -> 0.1, SOL -> 0.001, BTC -> 0.00001);
- maximum quantity: worth 9 to 90 million USDT at the price level, at most 90 billion coins;
- minimum order 5 USDT, Binance's NOTIONAL for USDT pairs.

A function of the symbol alone, like the demo prices, made when first asked (the catalog's
``default_rules``: a start does not pay for 400 of them). Never stored (core.markets.rules_to_row
drops them), never used beside the live market: bot.catalog.demo_catalog is the demo market's.
"""

from __future__ import annotations

from decimal import Decimal

from adapters.demo_market.market import demo_level
from core.markets import SymbolRules

_FINEST = Decimal("0.00000001")  # Binance's smallest tick and step (8 decimals)
_MIN_NOTIONAL = Decimal(5)
_MAX_QTY = Decimal(90_000_000_000)


def demo_rules(symbol: str) -> SymbolRules:
    """The demo filters of ``symbol`` (labelled demo wherever they show)."""
    magnitude = demo_level(symbol).adjusted()  # 0.2 -> -1, 2.2 -> 0, 165 -> 2, 90000 -> 4
    tick = min(max(Decimal(1).scaleb(magnitude - 4), _FINEST), Decimal("0.01"))
    step = min(max(Decimal(1).scaleb(-(magnitude + 1)), _FINEST), Decimal(1))
    max_qty = min(Decimal(9 * 10 ** max(6 - magnitude, 0)), _MAX_QTY)  # digits, no exponent
    return SymbolRules(tick, step, step, max_qty, _MIN_NOTIONAL, demo=True)
