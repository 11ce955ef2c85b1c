"""Market data as the app sees it: validated quotes and daily closes, and their failures."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Literal, Protocol, runtime_checkable

HISTORY_DAYS = 7  # the only window accepted for now

# The longest wait an exchange may impose that deskmate honours as asked. A longer Retry-After (a
# ban, a bogus header, a date in 2099) is treated as a block: requests stop for this long, then
# one is tried again, so a long-running process is never silenced for good.
MAX_RETRY_AFTER_SECONDS = 300.0

# A price deskmate will show: prices on the exchanges it quotes carry at most 8 decimals (the
# smallest tick is 0.00000001), and nothing it quotes in USDT is near a trillion.
PRICE_DECIMALS = 8
MIN_PRICE = Decimal(1).scaleb(-PRICE_DECIMALS)
MAX_PRICE = Decimal(10) ** 12


def sane_price(value: Decimal) -> Decimal | None:
    """``value`` as a price fit to show, or None: finite, within [MIN_PRICE, MAX_PRICE], no
    finer than PRICE_DECIMALS. Normalized: no trailing zeros and never exponent notation
    (Decimal("6.73E+4") -> 67300; "67321.12000000" -> 67321.12)."""
    if not value.is_finite() or not MIN_PRICE <= value <= MAX_PRICE:
        return None
    exponent = value.normalize().as_tuple().exponent
    assert isinstance(exponent, int)  # finite
    if exponent < -PRICE_DECIMALS:  # a digit below the smallest tick: not a real price
        return None
    normalized = value.normalize()
    # normalize() writes 67300 as 6.73E+4; quantizing to units gives the plain form back.
    return normalized.quantize(Decimal(1)) if exponent > 0 else normalized


@dataclass(frozen=True, slots=True)
class Quote:
    """The app's own quote: validated, Decimal, stamped with deskmate's fetch time."""

    symbol: str
    price: Decimal
    price_type: Literal["ask"]
    source: str
    fetched_at: datetime


@dataclass(frozen=True, slots=True)
class DailyClose:
    day: date  # the UTC day the candle opened
    close: Decimal


@dataclass(frozen=True, slots=True)
class HistoryWindow:
    """Full UTC days ``start`` .. ``end_exclusive - 1 day``."""

    start: date
    end_exclusive: date

    @property
    def days(self) -> list[date]:
        n = (self.end_exclusive - self.start).days
        return [self.start + timedelta(days=i) for i in range(n)]

    def start_ms(self) -> int:
        return _ms(self.start)

    def end_ms_inclusive(self) -> int:
        """The exclusive boundary minus one millisecond (Binance's endTime is inclusive)."""
        return _ms(self.end_exclusive) - 1


def _ms(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp() * 1000)


def history_window(now: datetime, days: int = HISTORY_DAYS) -> HistoryWindow:
    """The ``days`` full UTC days before ``now``'s UTC day (today itself is never included)."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    today = now.astimezone(UTC).date()
    return HistoryWindow(start=today - timedelta(days=days), end_exclusive=today)


@dataclass(frozen=True, slots=True)
class DailyCloses:
    """What a history call returned: the valid closes, and the rows validation rejected."""

    closes: tuple[DailyClose, ...]
    # (day if known, MarketErrorCode) for each row dropped as invalid; those days stay gaps.
    rejected: tuple[tuple[date | None, str], ...] = ()


class MarketErrorCode:
    TIMEOUT = "market_timeout"
    RATE_LIMITED = "market_rate_limited"  # 429 with a Retry-After up to MAX_RETRY_AFTER_SECONDS
    BLOCKED = "market_blocked"  # 418 (IP ban), or a Retry-After beyond MAX_RETRY_AFTER_SECONDS
    UNAVAILABLE = "market_unavailable"  # 5xx
    NETWORK = "market_network"
    BAD_RESPONSE = "market_bad_response"  # malformed JSON / unexpected shape / other 4xx
    SYMBOL_MISMATCH = "market_symbol_mismatch"
    BAD_PRICE = "market_bad_price"  # not a number, not finite, or outside the sane price range
    CONFLICTING_ROWS = "market_conflicting_rows"  # differing candles for one day: that day is a gap
    UNSUPPORTED_SYMBOL = "unsupported_symbol"
    NOT_TRADING = "market_not_trading"  # the exchange says the symbol is invalid (-1121): delisted since


class MarketError(Exception):
    """A market call that gave no usable data. ``code`` is one of MarketErrorCode; for
    RATE_LIMITED and BLOCKED, ``retry_after`` is the wait in seconds (at most
    MAX_RETRY_AFTER_SECONDS)."""

    def __init__(self, code: str, message: str = "", retry_after: float | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.retry_after = retry_after


class MarketData(Protocol):
    """Port: a source of validated market data (Binance over HTTP, the offline demo market)."""

    @property
    def source(self) -> str:
        """ "binance", "demo", ...: shown to users and part of cache keys."""
        ...

    async def get_quote(self, symbol: str) -> Quote:
        """The best ask for ``symbol``; raises MarketError."""
        ...

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        """The valid UTC daily closes the exchange returned inside ``window`` (maybe fewer than
        asked; never invented). Raises MarketError when the call itself failed."""
        ...


@dataclass(frozen=True, slots=True)
class DayChange:
    """A symbol's change over the last 24 hours (Binance GET /api/v3/ticker/24hr): the price 24
    hours ago (``open``), the last trade price, their difference and its percentage, validated;
    and the highest and lowest trade of those 24 hours when the exchange gave both sane (within
    them lie ``open`` and ``last``), else None for both: never invented."""

    symbol: str
    open: Decimal
    last: Decimal
    change: Decimal  # last - open, as the exchange gives it
    change_percent: Decimal  # e.g. Decimal("2.31") for +2.31 %
    source: str
    fetched_at: datetime
    high: Decimal | None = None  # the rolling 24 hours' high, not a calendar day's
    low: Decimal | None = None


@runtime_checkable
class DayChangeData(Protocol):
    """Port: the 24-hour change of a symbol (a source without one does not implement it)."""

    async def get_day_change(self, symbol: str) -> DayChange:
        """The last 24 hours' change for ``symbol``; raises MarketError."""
        ...


@dataclass(frozen=True, slots=True)
class Book:
    """The top of a symbol's order book: best bid and best ask (Binance bookTicker), validated."""

    symbol: str
    bid: Decimal
    ask: Decimal
    source: str
    fetched_at: datetime


class BookData(Protocol):
    """Port: both sides of the best quote, for trading (a buy fills at the ask, a sell at the bid).
    The price skill's card keeps the ask-only ``MarketData.get_quote``."""

    @property
    def source(self) -> str: ...

    async def get_book(self, symbol: str) -> Book:
        """The best bid and ask for ``symbol``; raises MarketError."""
        ...
