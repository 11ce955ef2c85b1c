"""Fakes implementing core ports, shared by tests."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal

from core.clock import FixedClock
from core.engine import Core
from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage
from core.market import DailyClose, DailyCloses, HistoryWindow, MarketError, Quote
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.ports import StateStore
from core.reply import HistoryBlock, QuoteBlock, Reply
from core.skills.price_service import PriceService

NOW = datetime(2026, 7, 13, 10, 30, tzinfo=UTC)


@dataclass
class ScriptedMarket:
    """A MarketData whose answers (or errors) a test sets; records every call."""

    source: str = "binance"
    prices: dict[str, Decimal] = field(default_factory=dict)
    closes: dict[str, dict[date, Decimal]] = field(default_factory=dict)
    quote_error: MarketError | None = None
    history_error: MarketError | None = None
    calls: list[tuple[str, str]] = field(default_factory=list)
    clock: FixedClock | None = None

    async def get_quote(self, symbol: str) -> Quote:
        self.calls.append(("quote", symbol))
        if self.quote_error:
            raise self.quote_error
        now = self.clock.now() if self.clock else NOW
        return Quote(symbol, self.prices.get(symbol, Decimal("100.5")), "ask", self.source, now)

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.calls.append(("history", symbol))
        if self.history_error:
            raise self.history_error
        got = self.closes.get(symbol)
        if got is None:
            got = {d: Decimal(1000 + i) for i, d in enumerate(window.days)}
        return DailyCloses(tuple(DailyClose(d, c) for d, c in sorted(got.items())))


class Chat:
    """Drives a Core like a user in one conversation."""

    _ids = itertools.count(1)

    def __init__(
        self, core: Core, key: ConversationKey | None = None, kind: ChatKind = ChatKind.PRIVATE
    ) -> None:
        self.core = core
        self.key = key or ConversationKey("console", "chat-1", "user-1")
        self.kind = kind

    def _id(self) -> str:
        return f"e{next(self._ids)}"

    async def say(self, text: str) -> Reply:
        return await self.core.handle(TextMessage(self._id(), self.key, self.kind, text=text))

    async def command(self, name: str, args: str = "") -> Reply:
        return await self.core.handle(Command(self._id(), self.key, self.kind, name=name, args=args))

    async def press(self, token: str, user_id: str | None = None) -> Reply:
        key = self.key if user_id is None else ConversationKey(self.key.platform, self.key.chat_id, user_id)
        return await self.core.handle(ButtonPress(self._id(), key, self.kind, token=token))


def make_core(
    market: object | None = None,
    *,
    store: StateStore | None = None,
    clock: FixedClock | None = None,
    charts: object | None = None,
    default_locale: str = "en",
) -> Core:
    clock = clock or FixedClock(NOW)
    if market is None:
        from adapters.demo_market import DemoMarket

        market = DemoMarket(clock)
    return Core(
        store=store or MemoryStateStore(),
        prices=PriceService(market, MarketCatalog(), clock),  # type: ignore[arg-type]
        charts=charts,  # type: ignore[arg-type]
        clock=clock,
        default_locale=default_locale,  # type: ignore[arg-type]
    )


class FakeCharts:
    def __init__(self) -> None:
        self.rendered: list[str] = []
        self.requests: list[tuple[str, QuoteBlock | None, str]] = []  # (symbol, quote, locale)

    async def render_history(
        self, history: HistoryBlock, *, quote: QuoteBlock | None = None, locale: str = "en"
    ) -> bytes:
        self.rendered.append(history.symbol)
        self.requests.append((history.symbol, quote, locale))
        return b"\x89PNG\r\n\x1a\nfake"
