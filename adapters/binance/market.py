"""Binance spot market data over HTTP (public endpoints, no key): the MarketData port.

Failure policy, in one place:

- Every public call has one time budget (``timeout_seconds``, 8 s by default) that covers all of
  its HTTP attempts and the backoff between them; running out gives ``TIMEOUT``. exchangeInfo,
  a large answer, has its own (``catalog_timeout_seconds``, at least 30 s).
- A transport error (connect refused, reset, ...) or a 5xx is retried once after a short
  backoff, and only if the backoff still fits in the budget. A timeout is not retried (the
  budget is spent), nor is any 4xx.
- 429 gives ``RATE_LIMITED`` with its Retry-After; 418 (an IP ban), or a Retry-After longer
  than core.market.MAX_RETRY_AFTER_SECONDS (a ban, a bogus header, a date in 2099), gives
  ``BLOCKED`` with a wait capped at that maximum. Binance escalates bans for clients that keep
  calling, so callers must stop until the wait is over: core.market_guard.MarketGuard, wrapped
  around this adapter, does that and shares the block with every process on the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Mapping
from datetime import UTC, datetime
from decimal import Decimal
from email.utils import parsedate_to_datetime

import httpx

from adapters.binance.exchange_info import parse_exchange_info
from adapters.binance.klines import ms, parse_candles
from adapters.binance.parse import clean_text, parse_book, parse_book_ticker, parse_day_change, parse_klines
from core.backtest.model import Candle, interval_delta
from core.clock import Clock
from core.market import (
    MAX_RETRY_AFTER_SECONDS,
    Book,
    DailyCloses,
    DayChange,
    HistoryWindow,
    MarketError,
    MarketErrorCode,
    Quote,
)
from core.markets import MarketSpec

log = logging.getLogger(__name__)

BOOK_TICKER_PATH = "/api/v3/ticker/bookTicker"
KLINES_PATH = "/api/v3/klines"
# The 24-hour rolling change; with one ``symbol`` its request weight is 2 (without one, 80).
TICKER_24HR_PATH = "/api/v3/ticker/24hr"
EXCHANGE_INFO_PATH = "/api/v3/exchangeInfo"
MAX_KLINES = 1000  # Binance's largest ``limit`` for klines
DEFAULT_RETRY_AFTER_SECONDS = 30.0  # when a 429/418 comes without a usable Retry-After
MIN_RETRY_AFTER_SECONDS = 1.0  # "Retry-After: 0" (or a past date) must not become a tight loop
_RETRYABLE = frozenset({MarketErrorCode.NETWORK, MarketErrorCode.UNAVAILABLE})


class BinanceMarket:
    """Quotes (best ask) and UTC daily closes from Binance's public spot REST API."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        base_url: str,
        clock: Clock,
        timeout_seconds: float = 8.0,
        *,
        retry_backoff_seconds: float = 0.25,
        catalog_timeout_seconds: float | None = None,
    ) -> None:
        if timeout_seconds <= 0 or (catalog_timeout_seconds is not None and catalog_timeout_seconds <= 0):
            raise ValueError("timeout_seconds must be positive")
        self._client = client
        self._base_url = base_url.rstrip("/")
        self._clock = clock
        self._timeout = timeout_seconds
        self._catalog_timeout = catalog_timeout_seconds or max(30.0, timeout_seconds)
        self._backoff = max(0.0, retry_backoff_seconds)

    @property
    def source(self) -> str:
        return "binance"

    async def get_quote(self, symbol: str) -> Quote:
        payload = await self._get_json(BOOK_TICKER_PATH, {"symbol": symbol})
        return parse_book_ticker(payload, symbol, self.source, self._clock.now())

    async def get_book(self, symbol: str) -> Book:
        payload = await self._get_json(BOOK_TICKER_PATH, {"symbol": symbol})
        return parse_book(payload, symbol, self.source, self._clock.now())

    async def get_day_change(self, symbol: str) -> DayChange:
        """The last 24 hours' change (GET /api/v3/ticker/24hr for one symbol, weight 2)."""
        payload = await self._get_json(TICKER_24HR_PATH, {"symbol": symbol})
        return parse_day_change(payload, symbol, self.source, self._clock.now())

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        days = len(window.days)
        if not 0 < days <= MAX_KLINES:
            raise ValueError(f"a window of 1..{MAX_KLINES} days is required, got {days}")
        params = {
            "symbol": symbol,
            "interval": "1d",
            "startTime": str(window.start_ms()),
            "endTime": str(window.end_ms_inclusive()),
            "limit": str(days),
        }
        payload = await self._get_json(KLINES_PATH, params)
        result = parse_klines(payload, window)
        if result.rejected:
            log.warning("binance klines %s: %d row(s) rejected", symbol, len(result.rejected))
        return result

    async def get_klines(self, symbol: str, interval: str, start: datetime, end: datetime) -> list[Candle]:
        """The closed candles opening in [start, end), one request of at most MAX_KLINES
        (core.backtest.history.KlineSource; weight 2)."""
        step = interval_delta(interval)
        count = (end - start) // step
        if not 0 < count <= MAX_KLINES:
            raise ValueError(f"a span of 1..{MAX_KLINES} candles is required, got {count}")
        params = {
            "symbol": symbol,
            "interval": interval,
            "startTime": str(ms(start)),
            "endTime": str(ms(end) - 1),
            "limit": str(count),
        }
        payload = await self._get_json(KLINES_PATH, params)
        return parse_candles(payload, interval, start, end, self._clock.now())

    async def list_markets(self) -> list[MarketSpec]:
        """Every trading USDT spot market with its filters (exchangeInfo; core.markets.CatalogSource)."""
        payload = await self._get_json(EXCHANGE_INFO_PATH, {"permissions": "SPOT"}, self._catalog_timeout)
        return parse_exchange_info(payload)

    # -- HTTP ---------------------------------------------------------------------------------

    async def _get_json(self, path: str, params: Mapping[str, str], budget: float | None = None) -> object:
        """GET ``path`` within the call's time budget (``budget``, else the default one), with the
        retry policy above."""
        budget = budget or self._timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + budget
        try:
            # httpx's timeouts bound each phase (connect, each read); this bounds the whole call,
            # so a server dripping bytes cannot hold a turn past the budget.
            async with asyncio.timeout_at(deadline):
                try:
                    response = await self._send(path, params, deadline)
                except MarketError as exc:
                    if exc.code not in _RETRYABLE or loop.time() + self._backoff >= deadline:
                        raise
                    log.info("binance %s: %s, retrying once", path, exc.code)
                    await asyncio.sleep(self._backoff)
                    response = await self._send(path, params, deadline)
        except TimeoutError as exc:
            log.warning("binance %s: no answer within %.1f s", path, budget)
            raise MarketError(MarketErrorCode.TIMEOUT, f"{path}: no answer within {budget:g} s") from exc
        return _decode(path, response)

    async def _send(self, path: str, params: Mapping[str, str], deadline: float) -> httpx.Response:
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise TimeoutError
        try:
            response = await self._client.get(
                self._base_url + path, params=params, timeout=httpx.Timeout(remaining)
            )
        except httpx.TimeoutException as exc:
            raise TimeoutError from exc
        except httpx.RequestError as exc:
            log.warning("binance %s: transport error %s", path, type(exc).__name__)
            raise MarketError(MarketErrorCode.NETWORK, f"{path}: {type(exc).__name__}") from exc
        status = response.status_code
        if status == 200:
            return response
        if status in (418, 429):
            raise _limited(path, status, _retry_after_seconds(response.headers, self._clock))
        if status >= 500:
            log.warning("binance %s: HTTP %d", path, status)
            raise MarketError(MarketErrorCode.UNAVAILABLE, f"{path}: HTTP {status}")
        code, detail = _error_body(response)
        log.warning("binance %s: HTTP %d %s %s", path, status, code or "", detail)
        if code == _INVALID_SYMBOL:  # a coin delisted (or halted) since the catalog was read
            raise MarketError(MarketErrorCode.NOT_TRADING, f"{path}: HTTP {status} {code} {detail}".rstrip())
        raise MarketError(MarketErrorCode.BAD_RESPONSE, f"{path}: HTTP {status} {detail}".rstrip())


def _limited(path: str, status: int, retry_after: float) -> MarketError:
    """A 429 within the longest honoured wait is a rate limit; a 418, or a longer wait, a block
    with the wait capped (core.market.MAX_RETRY_AFTER_SECONDS)."""
    blocked = status == 418 or retry_after > MAX_RETRY_AFTER_SECONDS
    wait = min(retry_after, MAX_RETRY_AFTER_SECONDS)
    code = MarketErrorCode.BLOCKED if blocked else MarketErrorCode.RATE_LIMITED
    if retry_after > MAX_RETRY_AFTER_SECONDS:
        log.warning(
            "binance %s: HTTP %d with Retry-After %.0f s; treated as a block, retrying after %.0f s",
            path,
            status,
            retry_after,
            wait,
        )
    else:
        log.warning("binance %s: HTTP %d, backing off %.0f s", path, status, wait)
    return MarketError(code, f"{path}: HTTP {status}", retry_after=wait)


def _decode(path: str, response: httpx.Response) -> object:
    try:
        # Decimal for JSON numbers: a price must never pass through float.
        return json.loads(response.content, parse_float=Decimal)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        log.warning("binance %s: malformed JSON", path)
        raise MarketError(MarketErrorCode.BAD_RESPONSE, f"{path}: malformed JSON") from exc


_INVALID_SYMBOL = -1121


def _error_body(response: httpx.Response) -> tuple[int | None, str]:
    """Binance's ``code`` and ``msg`` from an error body ({"code": -1121, "msg": "Invalid
    symbol."}), the message cleaned; (None, "") when the body is not one."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None, ""
    if not isinstance(body, dict):
        return None, ""
    code, msg = body.get("code"), body.get("msg")
    return (code if isinstance(code, int) else None), (clean_text(msg) if isinstance(msg, str) else "")


def _retry_after_seconds(headers: httpx.Headers, clock: Clock) -> float:
    """Retry-After as seconds (delta-seconds or an HTTP date), uncapped (the caller caps it);
    a conservative default when it is missing or unreadable. An infinite wait stays infinite:
    it is the clearest ban of all."""
    raw = headers.get("Retry-After", "").strip()
    if not raw:
        return DEFAULT_RETRY_AFTER_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        try:
            when = parsedate_to_datetime(raw)
        except (TypeError, ValueError, IndexError, OverflowError):
            return DEFAULT_RETRY_AFTER_SECONDS
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - clock.now()).total_seconds()
    if math.isnan(seconds):
        return DEFAULT_RETRY_AFTER_SECONDS
    return max(MIN_RETRY_AFTER_SECONDS, seconds)
