"""An offline, deterministic market: the embedded default, always labelled "demo".

A day's close is a pure function of (symbol, date), derived with SHA-256 and Decimal arithmetic
(no ``hash()``, which is salted per process, and no float, whose libm results may differ across
machines), so a history is the same in every run and on every machine, whatever window asks
for it. Prices follow a slow trend (anchor points every few weeks, interpolated) plus a small
daily wiggle, so a 7-day chart looks like a market rather than noise.
"""

from __future__ import annotations

import asyncio
import hashlib
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_HALF_EVEN, Context, Decimal, localcontext
from typing import TYPE_CHECKING

from core.clock import Clock
from core.market import Book, DailyClose, DailyCloses, DayChange, HistoryWindow, Quote

if TYPE_CHECKING:  # the backtests' candles and paper trading's models: not for a price question
    from core.backtest.model import Candle

_SEED = "deskmate-demo-v1"  # changing it changes every demo price: keep it fixed
_ANCHOR_DAYS = 16  # the trend turns at most once per this many days
_DAILY_WIGGLE = Decimal("0.02")  # +-2 % around the trend
_QUOTE_WIGGLE = Decimal("0.01")  # the live quote stays within +-1 % of the latest close
# A fixed context: results must not depend on the caller's decimal settings.
_DECIMALS = Context(prec=28, rounding=ROUND_HALF_EVEN)

# (centre, swing): the trend stays within centre * (1 +- swing). Chosen so the whole range,
# wiggle included, is plausible: BTC 66k-115k, ETH 2.4k-4.6k, SOL 105-227.
_KNOWN_LEVELS: dict[str, tuple[Decimal, Decimal]] = {
    "BTCUSDT": (Decimal(90_000), Decimal("0.25")),
    "ETHUSDT": (Decimal(3_500), Decimal("0.30")),
    "SOLUSDT": (Decimal(165), Decimal("0.35")),
    # Other popular coins near their usual magnitude, so a demo card looks like the coin it names.
    "BNBUSDT": (Decimal(650), Decimal("0.30")),
    "XRPUSDT": (Decimal("2.2"), Decimal("0.35")),
    "DOGEUSDT": (Decimal("0.2"), Decimal("0.40")),
    "ADAUSDT": (Decimal("0.7"), Decimal("0.35")),
    "TRXUSDT": (Decimal("0.25"), Decimal("0.30")),
    "LTCUSDT": (Decimal(95), Decimal("0.30")),
    "BCHUSDT": (Decimal(450), Decimal("0.30")),
    "ETCUSDT": (Decimal(22), Decimal("0.30")),
    "WBTCUSDT": (Decimal(90_000), Decimal("0.25")),
    "LINKUSDT": (Decimal(18), Decimal("0.35")),
    "AVAXUSDT": (Decimal(30), Decimal("0.35")),
    "DOTUSDT": (Decimal("5.5"), Decimal("0.35")),
    "SHIBUSDT": (Decimal("0.000015"), Decimal("0.40")),
    "PEPEUSDT": (Decimal("0.000012"), Decimal("0.40")),
    "SUIUSDT": (Decimal("3.5"), Decimal("0.40")),
    "TONUSDT": (Decimal("3.2"), Decimal("0.35")),
}
_OTHER_SWING = Decimal("0.30")


class DemoMarket:
    """The MarketData port without a network: any symbol, zero latency unless asked."""

    def __init__(self, clock: Clock, latency_seconds: float = 0.0) -> None:
        self._clock = clock
        self._latency = max(0.0, latency_seconds)
        self.quote_calls = 0  # calls served, for tests and benchmarks
        self.history_calls = 0
        self.change_calls = 0

    @property
    def source(self) -> str:
        return "demo"

    async def get_quote(self, symbol: str) -> Quote:
        self.quote_calls += 1
        await self._wait()
        now = self._clock.now().astimezone(UTC)
        return Quote(
            symbol=symbol,
            price=demo_quote_price(symbol, now),
            price_type="ask",
            source=self.source,
            fetched_at=now,
        )

    async def get_book(self, symbol: str) -> Book:
        """Both sides: the demo ask (the same as the quote card's) and a bid one spread below."""
        self.quote_calls += 1
        await self._wait()
        now = self._clock.now().astimezone(UTC)
        ask = demo_quote_price(symbol, now)
        return Book(symbol, demo_bid(ask), ask, self.source, now)

    async def get_day_change(self, symbol: str) -> DayChange:
        """The demo 24-hour change: from the demo close of yesterday (the price a day ago) to the
        demo ask now, and the high and low of those and the demo asks of each hour between;
        labelled demo like every demo figure (source "demo")."""
        self.change_calls += 1
        await self._wait()
        now = self._clock.now().astimezone(UTC)
        opened = demo_close(symbol, now.date() - timedelta(days=1))
        last = demo_quote_price(symbol, now)
        with localcontext(_DECIMALS):
            percent = ((last - opened) / opened * 100).quantize(Decimal("0.01"))
        seen = [opened, last, *(demo_quote_price(symbol, now - timedelta(hours=h)) for h in range(1, 24))]
        return DayChange(symbol, opened, last, last - opened, percent, self.source, now, max(seen), min(seen))

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.history_calls += 1
        await self._wait()
        today = self._clock.now().astimezone(UTC).date()
        # A day that has not ended has no close yet; the demo does not invent one either.
        closes = tuple(DailyClose(day, demo_close(symbol, day)) for day in window.days if day < today)
        return DailyCloses(closes=closes)

    async def get_klines(self, symbol: str, interval: str, start: datetime, end: datetime) -> list[Candle]:
        """Deterministic demo candles (adapters.demo_market.klines), labelled demo like every
        demo figure; at most 1,000 per call, as Binance's pages."""
        from adapters.demo_market.klines import demo_candles  # it imports this module's helpers

        self.history_calls += 1
        await self._wait()
        return demo_candles(symbol, interval, start, end, self._clock.now())[:1000]

    async def _wait(self) -> None:
        if self._latency > 0:
            await asyncio.sleep(self._latency)


def demo_close(symbol: str, day: date) -> Decimal:
    """The demo close of ``symbol`` on the UTC day ``day``: depends on nothing else."""
    key = symbol.upper()
    centre, swing = _level(key)
    with localcontext(_DECIMALS):
        k, offset = divmod(day.toordinal(), _ANCHOR_DAYS)
        left, right = _unit(key, "anchor", str(k)), _unit(key, "anchor", str(k + 1))
        trend = left + (right - left) * Decimal(offset) / Decimal(_ANCHOR_DAYS)
        wiggle = _DAILY_WIGGLE * _unit(key, "day", day.isoformat())
        return _round_price(centre * (1 + swing * trend) * (1 + wiggle))


def demo_quote_price(symbol: str, now: datetime) -> Decimal:
    """The demo best ask at ``now``: fixed within a UTC minute, near the latest daily close."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    utc = now.astimezone(UTC)
    minute = utc.replace(second=0, microsecond=0)
    latest = demo_close(symbol, utc.date() - timedelta(days=1))
    with localcontext(_DECIMALS):
        wiggle = _QUOTE_WIGGLE * _unit(symbol.upper(), "minute", minute.isoformat())
        return _round_price(latest * (1 + wiggle))


def demo_bid(ask: Decimal) -> Decimal:
    """The demo best bid under ``ask``: 0.02 % below, on the ask's own decimals, at least one
    unit of its last decimal below (a spread is never zero)."""
    from core.trading.paper import PAPER_SPREAD, bid_under

    unit = Decimal(1).scaleb(ask.as_tuple().exponent)  # type: ignore[arg-type]
    with localcontext(_DECIMALS):
        return bid_under(ask, PAPER_SPREAD, unit)


def demo_level(symbol: str) -> Decimal:
    """The price ``symbol``'s demo trend swings around (its magnitude sets its demo filters)."""
    return _level(symbol.upper())[0]


def _level(key: str) -> tuple[Decimal, Decimal]:
    """(centre, swing) for a symbol: known ones are set; any other gets a derived, stable one."""
    known = _KNOWN_LEVELS.get(key)
    if known is not None:
        return known
    with localcontext(_DECIMALS):
        # A magnitude from 10^-3 to 10^3 and a mantissa from 1 to 9: from a meme coin to BNB.
        exponent = int((_unit(key, "exponent") + 1) * 3) - 3
        mantissa = 5 + 4 * _unit(key, "mantissa")
        return mantissa.scaleb(exponent), _OTHER_SWING


def _unit(*parts: str) -> Decimal:
    """A stable pseudo-random Decimal in [-1, 1] for ``parts``."""
    digest = hashlib.sha256("|".join((_SEED, *parts)).encode()).digest()
    n = int.from_bytes(digest[:8], "big")
    with localcontext(_DECIMALS):
        return Decimal(n) * 2 / Decimal(2**64 - 1) - 1


def _round_price(price: Decimal) -> Decimal:
    """Cents at one USDT and above (91234.57, 165.42); six significant digits below (0.00123457)."""
    places = 2 if price >= 1 else 5 - price.adjusted()
    return price.quantize(Decimal(1).scaleb(-places), context=_DECIMALS)
