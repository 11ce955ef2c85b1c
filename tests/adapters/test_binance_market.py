"""The Binance adapter on the wire: httpx.MockTransport plays the exchange; nothing leaves the host."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import httpx
import pytest

from adapters.binance import BinanceMarket
from adapters.binance.market import TICKER_24HR_PATH
from core.clock import FixedClock
from core.market import DailyClose, HistoryWindow, MarketError, MarketErrorCode, history_window

BASE = "https://binance.test"
NOW = datetime(2026, 7, 13, 9, 30, tzinfo=UTC)
DAY_MS = 86_400_000

Reply = httpx.Response | Exception


class Exchange:
    """A scripted exchange: answers the queued replies in order, records every request. With
    ``day``, every 24-hour ticker request (fetched beside each quote card's quote, in any order) is
    answered with it and recorded apart, in ``day_requests``."""

    def __init__(self, *replies: Reply, day: httpx.Response | None = None) -> None:
        self.replies = list(replies)
        self.requests: list[httpx.Request] = []
        self.day = day
        self.day_requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if self.day is not None and request.url.path == TICKER_24HR_PATH:
            self.day_requests.append(request)
            return httpx.Response(self.day.status_code, headers=self.day.headers, content=self.day.content)
        self.requests.append(request)
        if not self.replies:
            raise AssertionError(f"unexpected request {request.url}")
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
async def make_market(clock: FixedClock) -> AsyncIterator[Callable[..., BinanceMarket]]:
    clients: list[httpx.AsyncClient] = []

    def make(handler: Callable[[httpx.Request], object], **kwargs: object) -> BinanceMarket:
        client = httpx.AsyncClient(transport=httpx.MockTransport(handler))  # type: ignore[arg-type]
        clients.append(client)
        kwargs.setdefault("retry_backoff_seconds", 0.0)
        return BinanceMarket(client, BASE + "/", clock, **kwargs)  # type: ignore[arg-type]

    yield make
    for client in clients:
        await client.aclose()


def ticker(symbol: str = "BTCUSDT", ask: object = "67321.12000000") -> httpx.Response:
    body = {"symbol": symbol, "bidPrice": "67321.11", "bidQty": "1.2", "askPrice": ask, "askQty": "0.5"}
    return httpx.Response(200, json=body)


def ms(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)


def kline(day: date, close: object, open_offset_ms: int = 0) -> list[object]:
    start = ms(day) + open_offset_ms
    return [start, "100.0", "110.0", "90.0", close, "12.5", start + DAY_MS - 1, "1250.0", 42, "6", "600", "0"]


def klines_for(window: HistoryWindow, skip: tuple[date, ...] = ()) -> list[list[object]]:
    return [kline(d, f"{60000 + i}.50") for i, d in enumerate(window.days) if d not in skip]


# -- quotes ---------------------------------------------------------------------------------------


async def test_quote_requests_book_ticker_and_returns_the_ask_as_decimal(
    make_market: Callable[..., BinanceMarket], clock: FixedClock
) -> None:
    exchange = Exchange(ticker())
    market = make_market(exchange)

    quote = await market.get_quote("BTCUSDT")

    [request] = exchange.requests
    assert request.method == "GET"
    assert request.url.host == "binance.test"
    assert request.url.path == "/api/v3/ticker/bookTicker"
    assert dict(request.url.params) == {"symbol": "BTCUSDT"}
    assert quote.symbol == "BTCUSDT"
    assert quote.price == Decimal("67321.12000000")
    assert isinstance(quote.price, Decimal)
    assert quote.price_type == "ask"
    assert quote.source == "binance" == market.source
    assert quote.fetched_at == clock.now()


async def test_quote_with_wrong_symbol_is_refused(make_market: Callable[..., BinanceMarket]) -> None:
    market = make_market(Exchange(ticker(symbol="ETHUSDT")))
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.SYMBOL_MISMATCH


@pytest.mark.parametrize("ask", ["abc", "", None, "NaN", "Infinity", "0", "0.00000000", "-5.1", True, [1]])
async def test_quote_with_bad_price_is_refused(
    make_market: Callable[..., BinanceMarket], ask: object
) -> None:
    market = make_market(Exchange(ticker(ask=ask)))
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.BAD_PRICE


async def test_quote_json_number_price_is_read_exactly_not_through_float(
    make_market: Callable[..., BinanceMarket],
) -> None:
    raw = b'{"symbol": "BTCUSDT", "askPrice": 0.10000001}'  # 0.1 + 1e-8 is not exact in binary
    market = make_market(Exchange(httpx.Response(200, content=raw)))
    quote = await market.get_quote("BTCUSDT")
    assert quote.price == Decimal("0.10000001")


@pytest.mark.parametrize(
    "reply",
    [
        httpx.Response(200, content=b'{"symbol": "BTCUSDT", "askPrice": '),
        httpx.Response(200, content=b"<html>gateway</html>"),
        httpx.Response(200, content=b""),
        httpx.Response(200, json=[{"symbol": "BTCUSDT", "askPrice": "1"}]),
    ],
    ids=["truncated", "html", "empty", "list"],
)
async def test_quote_malformed_or_unexpected_json_is_bad_response(
    make_market: Callable[..., BinanceMarket], reply: httpx.Response
) -> None:
    exchange = Exchange(reply)
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.BAD_RESPONSE
    assert len(exchange.requests) == 1


# -- history: the window on the wire --------------------------------------------------------------


@pytest.mark.parametrize(
    ("now", "first", "last", "start_ms", "end_ms"),
    [
        # an ordinary week: a request on 07-13 covers 07-06 .. 07-12, never 07-13
        (
            datetime(2026, 7, 13, 0, 0, tzinfo=UTC),
            date(2026, 7, 6),
            date(2026, 7, 12),
            1783296000000,
            1783900799999,
        ),
        (
            datetime(2026, 7, 13, 23, 59, 59, tzinfo=UTC),
            date(2026, 7, 6),
            date(2026, 7, 12),
            1783296000000,
            1783900799999,
        ),
        # across a month end (February, not a leap year)
        (
            datetime(2026, 3, 1, 10, 0, tzinfo=UTC),
            date(2026, 2, 22),
            date(2026, 2, 28),
            1771718400000,
            1772323199999,
        ),
        # across a year end
        (
            datetime(2027, 1, 3, 10, 0, tzinfo=UTC),
            date(2026, 12, 27),
            date(2027, 1, 2),
            1798329600000,
            1798934399999,
        ),
    ],
)
async def test_klines_request_has_exact_path_and_window(
    make_market: Callable[..., BinanceMarket],
    clock: FixedClock,
    now: datetime,
    first: date,
    last: date,
    start_ms: int,
    end_ms: int,
) -> None:
    clock.set(now)
    window = history_window(clock.now())
    exchange = Exchange(httpx.Response(200, json=klines_for(window)))
    market = make_market(exchange)

    result = await market.get_daily_closes("ETHUSDT", window)

    [request] = exchange.requests
    assert request.url.path == "/api/v3/klines"
    assert dict(request.url.params) == {
        "symbol": "ETHUSDT",
        "interval": "1d",
        "startTime": str(start_ms),
        "endTime": str(end_ms),
        "limit": "7",
    }
    assert [c.day for c in result.closes] == [first + timedelta(days=i) for i in range(7)]
    assert result.closes[-1].day == last
    assert result.closes[0].close == Decimal("60000.50")
    assert result.rejected == ()


async def test_missing_days_are_not_invented(make_market: Callable[..., BinanceMarket]) -> None:
    window = history_window(NOW)
    gone = (date(2026, 7, 8), date(2026, 7, 11))
    market = make_market(Exchange(httpx.Response(200, json=klines_for(window, skip=gone))))

    result = await market.get_daily_closes("BTCUSDT", window)

    assert len(result.closes) == 5
    assert [c.day for c in result.closes] == [d for d in window.days if d not in gone]
    assert result.rejected == ()


async def test_rows_outside_the_window_or_not_at_midnight_are_dropped_and_reported(
    make_market: Callable[..., BinanceMarket],
) -> None:
    window = history_window(NOW)  # 07-06 .. 07-12
    rows = [
        kline(date(2026, 7, 5), "1.00"),  # the day before the window
        *klines_for(window, skip=(date(2026, 7, 9),)),
        kline(date(2026, 7, 9), "2.00", open_offset_ms=3_600_000),  # 01:00, not a daily candle
        kline(date(2026, 7, 13), "3.00"),  # today: not a full day
        ["not", "a", "row"],
        "garbage",
    ]
    market = make_market(Exchange(httpx.Response(200, json=rows)))

    result = await market.get_daily_closes("BTCUSDT", window)

    assert [c.day for c in result.closes] == [d for d in window.days if d != date(2026, 7, 9)]
    assert result.closes[0] == DailyClose(date(2026, 7, 6), Decimal("60000.50"))
    bad = MarketErrorCode.BAD_RESPONSE
    assert result.rejected == (
        (date(2026, 7, 5), bad),
        (date(2026, 7, 9), bad),
        (date(2026, 7, 13), bad),
        (None, bad),
        (None, bad),
    )


@pytest.mark.parametrize("close", ["abc", "0", "-12.5", "NaN", None])
async def test_a_bad_close_rejects_only_that_day(
    make_market: Callable[..., BinanceMarket], close: object
) -> None:
    window = history_window(NOW)
    rows = klines_for(window)
    rows[3][4] = close  # 07-09
    market = make_market(Exchange(httpx.Response(200, json=rows)))

    result = await market.get_daily_closes("BTCUSDT", window)

    assert len(result.closes) == 6
    assert date(2026, 7, 9) not in [c.day for c in result.closes]
    assert result.rejected == ((date(2026, 7, 9), MarketErrorCode.BAD_PRICE),)


@pytest.mark.parametrize("body", [{"code": 0, "msg": "ok"}, "rows", None])
async def test_klines_answer_not_a_list_is_bad_response(
    make_market: Callable[..., BinanceMarket], body: object
) -> None:
    market = make_market(Exchange(httpx.Response(200, json=body)))
    with pytest.raises(MarketError) as err:
        await market.get_daily_closes("BTCUSDT", history_window(NOW))
    assert err.value.code == MarketErrorCode.BAD_RESPONSE


async def test_klines_malformed_json_is_bad_response(make_market: Callable[..., BinanceMarket]) -> None:
    market = make_market(Exchange(httpx.Response(200, content=b"[[1783296000000, ")))
    with pytest.raises(MarketError) as err:
        await market.get_daily_closes("BTCUSDT", history_window(NOW))
    assert err.value.code == MarketErrorCode.BAD_RESPONSE


# -- failures ---------------------------------------------------------------------------------------


async def test_read_timeout_is_timeout_and_not_retried(make_market: Callable[..., BinanceMarket]) -> None:
    exchange = Exchange(httpx.ReadTimeout("slow"), ticker())
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.TIMEOUT
    assert len(exchange.requests) == 1


async def test_timeout_budget_bounds_the_whole_call(make_market: Callable[..., BinanceMarket]) -> None:
    requests: list[httpx.Request] = []

    async def stalls(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        await asyncio.sleep(5)
        return ticker()

    market = make_market(stalls, timeout_seconds=0.05)
    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.TIMEOUT
    assert loop.time() - started < 1.0
    assert len(requests) == 1


async def test_httpx_timeout_per_request_is_the_remaining_budget(
    make_market: Callable[..., BinanceMarket],
) -> None:
    exchange = Exchange(ticker())
    await make_market(exchange).get_quote("BTCUSDT")
    timeouts = exchange.requests[0].extensions["timeout"]
    assert 7.0 < timeouts["read"] <= 8.0
    assert 7.0 < timeouts["connect"] <= 8.0


async def test_connect_error_is_retried_once_then_network(make_market: Callable[..., BinanceMarket]) -> None:
    exchange = Exchange(httpx.ConnectError("refused"), httpx.ConnectError("refused"), ticker())
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.NETWORK
    assert len(exchange.requests) == 2


async def test_one_transport_error_then_success_returns_the_quote(
    make_market: Callable[..., BinanceMarket],
) -> None:
    exchange = Exchange(httpx.RemoteProtocolError("reset"), ticker())
    quote = await make_market(exchange).get_quote("BTCUSDT")
    assert quote.price == Decimal("67321.12000000")
    assert len(exchange.requests) == 2


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_5xx_is_retried_once_then_unavailable(
    make_market: Callable[..., BinanceMarket], status: int
) -> None:
    exchange = Exchange(httpx.Response(status), httpx.Response(status), ticker())
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_daily_closes("BTCUSDT", history_window(NOW))
    assert err.value.code == MarketErrorCode.UNAVAILABLE
    assert len(exchange.requests) == 2


async def test_503_then_success_returns_the_quote(make_market: Callable[..., BinanceMarket]) -> None:
    exchange = Exchange(httpx.Response(503), ticker())
    quote = await make_market(exchange).get_quote("BTCUSDT")
    assert quote.price == Decimal("67321.12000000")
    assert len(exchange.requests) == 2


async def test_no_retry_when_the_backoff_would_overrun_the_budget(
    make_market: Callable[..., BinanceMarket],
) -> None:
    exchange = Exchange(httpx.Response(500), ticker())
    market = make_market(exchange, timeout_seconds=0.2, retry_backoff_seconds=1.0)
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.UNAVAILABLE
    assert len(exchange.requests) == 1


@pytest.mark.parametrize(
    ("status", "headers", "code", "wait"),
    [
        (429, {"Retry-After": "30"}, MarketErrorCode.RATE_LIMITED, 30.0),
        (429, {}, MarketErrorCode.RATE_LIMITED, 30.0),  # no header: a conservative default
        (429, {"Retry-After": "soon"}, MarketErrorCode.RATE_LIMITED, 30.0),
        (429, {"Retry-After": "Mon, 13 Jul 2026 09:31:00 GMT"}, MarketErrorCode.RATE_LIMITED, 60.0),
        (429, {"Retry-After": "0"}, MarketErrorCode.RATE_LIMITED, 1.0),  # never a tight loop
        (429, {"Retry-After": "Mon, 13 Jul 2026 09:00:00 GMT"}, MarketErrorCode.RATE_LIMITED, 1.0),
        (429, {"Retry-After": "300"}, MarketErrorCode.RATE_LIMITED, 300.0),
        (418, {"Retry-After": "120"}, MarketErrorCode.BLOCKED, 120.0),  # an IP ban
        (418, {}, MarketErrorCode.BLOCKED, 30.0),
        # Beyond the longest honoured wait: a block, and the wait is capped.
        (429, {"Retry-After": "301"}, MarketErrorCode.BLOCKED, 300.0),
        (429, {"Retry-After": "99999999999"}, MarketErrorCode.BLOCKED, 300.0),
        (429, {"Retry-After": "1e400"}, MarketErrorCode.BLOCKED, 300.0),
        (429, {"Retry-After": "inf"}, MarketErrorCode.BLOCKED, 300.0),
        (429, {"Retry-After": "nan"}, MarketErrorCode.RATE_LIMITED, 30.0),
        (429, {"Retry-After": "Thu, 01 Jan 2099 00:00:00 GMT"}, MarketErrorCode.BLOCKED, 300.0),
        (418, {"Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"}, MarketErrorCode.BLOCKED, 300.0),
    ],
)
async def test_429_and_418_give_a_bounded_wait_and_are_never_retried(
    make_market: Callable[..., BinanceMarket],
    status: int,
    headers: dict[str, str],
    code: str,
    wait: float,
) -> None:
    exchange = Exchange(httpx.Response(status, headers=headers))
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert (err.value.code, err.value.retry_after) == (code, pytest.approx(wait))
    assert len(exchange.requests) == 1


async def test_400_invalid_symbol_is_not_trading_with_binance_msg(
    make_market: Callable[..., BinanceMarket],
) -> None:
    """-1121: a coin delisted or halted since the catalog was read (issue 22), not a bad answer."""
    exchange = Exchange(httpx.Response(400, json={"code": -1121, "msg": "Invalid symbol."}), ticker())
    market = make_market(exchange)
    with pytest.raises(MarketError) as err:
        await market.get_quote("NOPEUSDT")
    assert err.value.code == MarketErrorCode.NOT_TRADING
    assert "Invalid symbol." in str(err.value)
    assert len(exchange.requests) == 1  # a 4xx is never retried


async def test_error_msg_from_the_exchange_is_cleaned_and_bounded(
    make_market: Callable[..., BinanceMarket],
) -> None:
    msg = "bad\n<b>symbol</b>\x1b[31m" + "x" * 1000
    market = make_market(Exchange(httpx.Response(400, content=json.dumps({"code": -1, "msg": msg}).encode())))
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    text = str(err.value)
    assert "\n" not in text and "\x1b" not in text
    assert len(text) < 300


async def test_404_without_json_is_bad_response(make_market: Callable[..., BinanceMarket]) -> None:
    exchange = Exchange(httpx.Response(404, content=b"not found"))
    with pytest.raises(MarketError) as err:
        await make_market(exchange).get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.BAD_RESPONSE


# -- the 24-hour change (issue 24): GET /api/v3/ticker/24hr, one symbol, weight 2 ---------------------


def day(symbol: str = "BTCUSDT", **overrides: object) -> httpx.Response:
    body: dict[str, object] = {
        "symbol": symbol,
        "priceChange": "-1530.25000000",
        "priceChangePercent": "-1.680",
        "openPrice": "91030.25000000",
        "lastPrice": "89500.00000000",
        "highPrice": "92100.10000000",
        "lowPrice": "88950.01000000",
        "weightedAvgPrice": "90200.1",
        "volume": "12345.6",
    }
    body.update(overrides)
    return httpx.Response(200, json=body)


async def test_the_day_change_is_one_symbols_ticker_24hr_read_exactly(
    make_market: Callable[..., BinanceMarket], clock: FixedClock
) -> None:
    exchange = Exchange(day())
    market = make_market(exchange)
    change = await market.get_day_change("BTCUSDT")
    [request] = exchange.requests
    assert request.method == "GET" and request.url.path == TICKER_24HR_PATH == "/api/v3/ticker/24hr"
    assert dict(request.url.params) == {"symbol": "BTCUSDT"}  # one symbol: weight 2, not 80
    assert (change.open, change.last) == (Decimal("91030.25"), Decimal("89500"))
    assert change.change == Decimal("-1530.25") and change.change_percent == Decimal("-1.680")
    assert change.source == "binance" and change.fetched_at == clock.now()
    # "BTC 24小时最高价", "btc 24h high": the ticker's own high and low, exactly (never via float).
    assert (change.high, change.low) == (Decimal("92100.1"), Decimal("88950.01"))


@pytest.mark.parametrize(
    "overrides",
    [
        {"highPrice": None},  # missing
        {"lowPrice": None},
        {"highPrice": "NaN"},
        {"lowPrice": "-1"},
        {"highPrice": "1e400"},
        {"lowPrice": True},
        {"highPrice": "90000.00000000"},  # below the open: not the 24 hours' high
        {"lowPrice": "89600.00000000"},  # above the last: not the 24 hours' low
    ],
)
async def test_a_high_or_low_that_does_not_hold_leaves_both_out_and_keeps_the_change(
    make_market: Callable[..., BinanceMarket], overrides: dict[str, object]
) -> None:
    payload = json.loads(day().content)
    for key, value in overrides.items():
        if value is None:
            del payload[key]
        else:
            payload[key] = value
    change = await make_market(Exchange(httpx.Response(200, json=payload))).get_day_change("BTCUSDT")
    assert change.high is None and change.low is None  # no figure invented for either
    assert change.change == Decimal("-1530.25")  # the 24-hour change still stands


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        (day("ETHUSDT"), MarketErrorCode.SYMBOL_MISMATCH),
        (day(lastPrice="NaN"), MarketErrorCode.BAD_PRICE),
        (day(priceChange="-1.0"), MarketErrorCode.BAD_RESPONSE),  # does not match its prices
        (day(priceChangePercent="1e400"), MarketErrorCode.BAD_RESPONSE),
        (httpx.Response(200, json=[1, 2]), MarketErrorCode.BAD_RESPONSE),
        (httpx.Response(503, json={}), MarketErrorCode.UNAVAILABLE),
    ],
)
async def test_a_day_change_that_does_not_hold_is_refused(
    make_market: Callable[..., BinanceMarket], reply: httpx.Response, code: str
) -> None:
    market = make_market(Exchange(reply, reply))
    with pytest.raises(MarketError) as caught:
        await market.get_day_change("BTCUSDT")
    assert caught.value.code == code
