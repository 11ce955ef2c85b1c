"""Binance's ``/api/v3/exchangeInfo`` as deskmate's catalog: every spot market quoted in USDT that
is trading now, with its filters (PRICE_FILTER, LOT_SIZE, NOTIONAL / MIN_NOTIONAL).

A pure function over decoded JSON, so the daily refresh and tools/catalog_snapshot.py (which writes
the bundled snapshot from a saved answer) read the exchange the same way. A symbol whose fields
or filters do not make sense is left out, never patched up.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from core.market import MarketError, MarketErrorCode
from core.markets import QUOTE_ASSET, MarketSpec, SymbolRules, market_for

_BASE = re.compile(r"[A-Z0-9]{1,20}")


def _number(value: object) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        return None
    try:
        number = Decimal(value)
    except InvalidOperation:
        return None
    return number if number.is_finite() and number >= 0 else None


def _rules(filters: object) -> SymbolRules | None:
    """The symbol's filters, or None when a required one is missing or not a number."""
    if not isinstance(filters, list):
        return None
    by_type: dict[str, dict[str, Any]] = {
        f["filterType"]: f for f in filters if isinstance(f, dict) and isinstance(f.get("filterType"), str)
    }
    price, lot = by_type.get("PRICE_FILTER"), by_type.get("LOT_SIZE")
    notional = by_type.get("NOTIONAL") or by_type.get("MIN_NOTIONAL")
    if price is None or lot is None or notional is None:
        return None
    tick, step = _number(price.get("tickSize")), _number(lot.get("stepSize"))
    min_qty, max_qty = _number(lot.get("minQty")), _number(lot.get("maxQty"))
    min_notional = _number(notional.get("minNotional"))
    max_notional = _number(notional.get("maxNotional")) if "maxNotional" in notional else None
    if None in (tick, step, min_qty, max_qty, min_notional) or not tick or not step:
        return None
    assert tick is not None and step is not None and min_qty is not None and max_qty is not None
    assert min_notional is not None
    return SymbolRules(
        tick.normalize(),
        step.normalize(),
        min_qty.normalize(),
        max_qty.normalize(),
        min_notional.normalize(),
        max_notional.normalize() if max_notional else None,
    )


def parse_exchange_info(payload: object) -> list[MarketSpec]:
    """Every trading spot market quoted in USDT; raises MarketError when the answer has no list
    of symbols at all (or no USDT market in it: an answer that empty is not believed)."""
    symbols = payload.get("symbols") if isinstance(payload, dict) else None
    if not isinstance(symbols, list):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "exchangeInfo: no symbols list")
    markets: dict[str, MarketSpec] = {}
    for row in symbols:
        if not isinstance(row, dict):
            continue
        base, quote, symbol = row.get("baseAsset"), row.get("quoteAsset"), row.get("symbol")
        if quote != QUOTE_ASSET or not isinstance(base, str) or not _BASE.fullmatch(base):
            continue
        if symbol != f"{base}{QUOTE_ASSET}" or row.get("status") != "TRADING":
            continue
        if row.get("isSpotTradingAllowed") is False:
            continue
        markets[symbol] = market_for(base, _rules(row.get("filters")))
    if not markets:
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "exchangeInfo: no trading USDT spot market")
    return list(markets.values())
