"""Binance exchangeInfo as the catalog: USDT spot markets that trade, with their filters; over the
wire through httpx.MockTransport (nothing leaves the host)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx
import pytest

from adapters.binance import BinanceMarket
from adapters.binance.exchange_info import parse_exchange_info
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from tests.cases import each

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def symbol(base: str, quote: str = "USDT", status: str = "TRADING", **extra: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "symbol": f"{base}{quote}",
        "status": status,
        "baseAsset": base,
        "quoteAsset": quote,
        "isSpotTradingAllowed": True,
        "filters": [
            {
                "filterType": "PRICE_FILTER",
                "minPrice": "0.01",
                "maxPrice": "1000000",
                "tickSize": "0.01000000",
            },
            {"filterType": "LOT_SIZE", "minQty": "0.00001", "maxQty": "9000", "stepSize": "0.00001000"},
            {"filterType": "NOTIONAL", "minNotional": "5.00000000", "maxNotional": "9000000.00000000"},
        ],
    }
    row.update(extra)
    return row


def test_only_trading_usdt_spot_markets_are_listed_with_exact_filters() -> None:
    payload = {
        "symbols": [
            symbol("BTC"),
            symbol("ETH", quote="BTC"),  # another quote
            symbol("LUNA", status="BREAK"),  # not trading
            symbol("XYZ", isSpotTradingAllowed=False),
            symbol("DOGE", filters=[]),  # filters unknown: listed, no rules
            {"symbol": "BADUSDT", "baseAsset": "bad base!", "quoteAsset": "USDT", "status": "TRADING"},
            "junk",
        ]
    }
    markets = {m.symbol: m for m in parse_exchange_info(payload)}
    assert sorted(markets) == ["BTCUSDT", "DOGEUSDT"]
    rules = markets["BTCUSDT"].rules
    assert rules is not None
    assert (rules.tick_size, rules.step_size, rules.min_notional) == (
        Decimal("0.01"),
        Decimal("0.00001"),
        Decimal(5),
    )
    assert markets["DOGEUSDT"].rules is None
    assert markets["BTCUSDT"].name_zh == "比特币"  # deskmate's own names for a listed coin


@each("payload", [{}, {"symbols": "x"}, [], {"symbols": [symbol("ETH", quote="BTC")]}])
def test_an_answer_without_usdt_markets_is_not_believed(payload: object) -> None:
    with pytest.raises(MarketError) as err:
        parse_exchange_info(payload)
    assert err.value.code == MarketErrorCode.BAD_RESPONSE


async def test_list_markets_calls_exchange_info_for_spot() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=json.dumps({"symbols": [symbol("BTC"), symbol("PEPE")]}))

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        markets = await BinanceMarket(client, "https://api.test", FixedClock(NOW)).list_markets()
    assert [m.symbol for m in markets] == ["BTCUSDT", "PEPEUSDT"]
    (request,) = seen
    assert request.url.path == "/api/v3/exchangeInfo" and request.url.params["permissions"] == "SPOT"


async def test_list_markets_failure_is_a_market_error() -> None:
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(503))) as client:
        market = BinanceMarket(client, "https://api.test", FixedClock(NOW), retry_backoff_seconds=0)
        with pytest.raises(MarketError) as err:
            await market.list_markets()
    assert err.value.code == MarketErrorCode.UNAVAILABLE
