"""Hostile Binance answers, end to end through the guard and the core: what a user is told, and
that the exchange is neither hammered nor abandoned. httpx.MockTransport plays Binance."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, date, datetime
from decimal import Decimal

import httpx
import pytest

from adapters.binance import BinanceMarket
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode, history_window
from core.market_guard import MarketBlock, MarketGuard, MemoryMarketBlockStore
from core.reply import HistoryBlock, NoticeBlock, QuoteBlock, Reply, Status
from tests.adapters.test_binance_market import NOW, Exchange, kline, klines_for, ticker
from tests.adapters.test_binance_market import day as day_ticker
from tests.fakes import Chat, make_core

MakeGuarded = Callable[..., MarketGuard]


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
async def guarded(clock: FixedClock) -> AsyncIterator[MakeGuarded]:
    """A BinanceMarket on a scripted exchange, behind a MarketGuard (as wired in production)."""
    clients: list[httpx.AsyncClient] = []

    def make(exchange: Exchange, blocks: MemoryMarketBlockStore | None = None) -> MarketGuard:
        client = httpx.AsyncClient(transport=httpx.MockTransport(exchange))
        clients.append(client)
        inner = BinanceMarket(client, "https://binance.test", clock, retry_backoff_seconds=0.0)
        return MarketGuard(inner, blocks or MemoryMarketBlockStore(), clock)

    yield make
    for client in clients:
        await client.aclose()


def notices(reply: Reply) -> list[NoticeBlock]:
    return [b for b in reply.blocks if isinstance(b, NoticeBlock)]


# -- Retry-After and bans ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Retry-After": "99999999999"},
        {"Retry-After": "Thu, 01 Jan 2099 00:00:00 GMT"},
        {"Retry-After": "inf"},
    ],
)
@pytest.mark.parametrize("status", [429, 418])
async def test_an_absurd_retry_after_is_a_ban_with_a_bounded_backoff(
    guarded: MakeGuarded, clock: FixedClock, headers: dict[str, str], status: int
) -> None:
    exchange = Exchange(httpx.Response(status, headers=headers), ticker(), day=day_ticker())
    core = make_core(guarded(exchange), clock=clock)

    first = await Chat(core).say("BTC price")
    (notice,) = notices(first)
    assert first.status is Status.FAILED and notice.code == MarketErrorCode.BLOCKED
    assert notice.text == "Binance has blocked requests for now; I'll try again in 5 min."
    zh = await Chat(core).say("BTC 价格")  # within the block: no request, the same words in Chinese
    assert notices(zh)[0].text == "币安暂时屏蔽了我们的请求，我会在 5 分钟后再试。"
    assert len(exchange.requests) == 1

    clock.advance(299)
    still = await Chat(core).say("BTC price")
    assert notices(still)[0].text.endswith("try again in 1 min.")
    assert len(exchange.requests) == 1  # nothing sent while blocked

    clock.advance(2)  # the bounded backoff is over: Binance is called again
    again = await Chat(core).say("BTC price")
    assert again.status is Status.COMPLETED and len(exchange.requests) == 2


async def test_a_429_within_the_cap_says_how_many_seconds(guarded: MakeGuarded, clock: FixedClock) -> None:
    exchange = Exchange(
        httpx.Response(429, headers={"Retry-After": "30"}), ticker(), ticker(), day=day_ticker()
    )
    market = guarded(exchange)
    core = make_core(market, clock=clock)

    reply = await Chat(core).say("BTC price")
    assert notices(reply)[0].code == MarketErrorCode.RATE_LIMITED
    assert "30 s" in notices(reply)[0].text

    clock.advance(10)
    with pytest.raises(MarketError) as err:  # history waits too: the limit is per source
        await market.get_daily_closes("BTCUSDT", history_window(clock.now()))
    assert err.value.retry_after == pytest.approx(20)
    assert len(exchange.requests) == 1

    clock.advance(20.5)
    assert (await market.get_quote("BTCUSDT")).price == Decimal("67321.12")
    assert len(exchange.requests) == 2


async def test_a_ban_recorded_with_an_absurd_until_still_ends_after_the_cap(
    guarded: MakeGuarded, clock: FixedClock
) -> None:
    """A block written by something else (another version, a skewed clock) with an end in 2099
    stops calls for at most the cap after it was recorded, never for good."""
    blocks = MemoryMarketBlockStore()
    far = datetime(2099, 1, 1, tzinfo=UTC)
    await blocks.record_block(MarketBlock("binance", far, MarketErrorCode.BLOCKED, clock.now()))
    exchange = Exchange(ticker())
    market = guarded(exchange, blocks)

    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.BLOCKED and err.value.retry_after == 300
    clock.advance(301)
    assert (await market.get_quote("BTCUSDT")).symbol == "BTCUSDT"


# -- quotes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ask",
    [
        "1e400",
        "1E+400",
        "NaN",
        "nan",
        "Infinity",
        "-Infinity",
        "sNaN",
        "0",
        "0E-8",
        "-1",
        "-0.5",
        "0." + "0" * 30 + "1",  # far below any real tick
        "0.000000001",  # one digit below Binance's smallest tick (1e-8)
        "1e-9",
        "67321.123456789",  # a digit finer than any tick
        "1000000000000.5",
        "1e13",
        " 67321.12",
        "1_000",
        "+5",
        "0x10",
        ".5",
        "5.",
        "",
        None,
        True,
        [],
    ],
)
async def test_an_insane_ask_is_market_bad_price_and_no_price_is_shown(ask: object) -> None:
    exchange = Exchange(ticker(ask=ask), day=day_ticker())
    client = httpx.AsyncClient(transport=httpx.MockTransport(exchange))
    market = BinanceMarket(client, "https://binance.test", FixedClock(NOW))
    reply = await Chat(make_core(market)).say("BTC price")
    await client.aclose()
    assert reply.status is Status.FAILED
    assert not [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert [n.code for n in notices(reply)] == [MarketErrorCode.BAD_PRICE]
    assert notices(reply)[0].text.endswith("so no price is shown.")


@pytest.mark.parametrize(
    ("ask", "price", "shown"),
    [
        ("67321.12000000", "67321.12", "67,321.12"),
        ("6.732112E+4", "67321.12", "67,321.12"),
        ("67300.00000000", "67300", "67,300.00"),
        ("0.00000001", "0.00000001", "0.00000001"),
        ("0.00012340", "0.0001234", "0.0001234"),
        ("999999999999.99999999", "999999999999.99999999", "999,999,999,999.99999999"),
    ],
)
async def test_a_valid_ask_is_normalized(ask: str, price: str, shown: str) -> None:
    from adapters.console.render import render_json, render_text

    exchange = Exchange(ticker(ask=ask), day=day_ticker())
    client = httpx.AsyncClient(transport=httpx.MockTransport(exchange))
    market = BinanceMarket(client, "https://binance.test", FixedClock(NOW))
    reply = await Chat(make_core(market)).say("BTC price")
    await client.aclose()
    assert [b.price for b in reply.blocks if isinstance(b, QuoteBlock)] == [Decimal(price)]
    assert render_json(reply, [])["blocks"][0]["price"] == price  # never "1E-8" or "6.73E+4"
    assert shown in render_text(reply, [])


# -- klines -------------------------------------------------------------------------------------------


async def _history(rows: list[object]) -> tuple[Reply, HistoryBlock | None]:
    exchange = Exchange(httpx.Response(200, json=rows))
    client = httpx.AsyncClient(transport=httpx.MockTransport(exchange))
    market = BinanceMarket(client, "https://binance.test", FixedClock(NOW))
    reply = await Chat(make_core(market)).say("BTC 7 day history")
    await client.aclose()
    history = next((b for b in reply.blocks if isinstance(b, HistoryBlock)), None)
    return reply, history


async def test_conflicting_klines_for_one_day_make_it_a_gap_with_a_notice() -> None:
    window = history_window(NOW)
    day = date(2026, 7, 8)
    rows = klines_for(window)
    rows.insert(2, kline(day, "1.00"))  # a bogus candle for 07-08 *before* the real one

    reply, history = await _history(rows)

    assert history is not None
    assert dict((p.date, p.close) for p in history.points)[day] is None  # neither guess is shown
    assert history.missing_dates == (day,)
    assert reply.status is Status.PARTIAL
    assert [n.code for n in notices(reply)] == ["missing_days"]
    assert "2026-07-08" in notices(reply)[0].text
    tool = next(s for s in reply.trace if s.name == "get_price_history")
    assert tool.detail["rejected_rows"] == [MarketErrorCode.CONFLICTING_ROWS] * 2


async def test_identical_duplicate_klines_are_one_candle() -> None:
    window = history_window(NOW)
    rows = klines_for(window)
    rows.insert(3, list(rows[2]))  # the very same row twice

    reply, history = await _history(rows)

    assert reply.status is Status.COMPLETED and history is not None
    assert history.missing_dates == () and history.points[2].close == Decimal("60002.5")


@pytest.mark.parametrize("close", ["1e400", "NaN", "Infinity", "0", "-1", "0." + "0" * 20 + "1"])
async def test_an_insane_close_is_a_gap(close: str) -> None:
    window = history_window(NOW)
    rows = klines_for(window)
    rows[4][4] = close

    reply, history = await _history(rows)

    assert history is not None and history.missing_dates == (window.days[4],)
    assert reply.status is Status.PARTIAL


async def test_closes_are_normalized() -> None:
    window = history_window(NOW)
    rows = klines_for(window)
    rows[0][4] = "6.73E+4"
    _, history = await _history(rows)
    assert history is not None and str(history.points[0].close) == "67300"
