"""Planner fixtures: the scripted LLM server, the real SDK adapter, the demo market, a fixed clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from adapters.demo_market import DemoMarket
from adapters.llm import OpenAIChatModel
from core.clock import FixedClock
from core.market import DailyCloses, HistoryWindow, MarketError, Quote
from core.planner import MemoryUsageLedger, Planner, PlannerLimits
from core.reply import HistoryBlock, NoteBlock, QuoteBlock
from tests.fakes import price_tools
from tests.planner.llm_server import ScriptedLLMServer

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
API_KEY = "sk-test-do-not-leak-0123456789"


@pytest.fixture
def llm() -> Iterator[ScriptedLLMServer]:
    server = ScriptedLLMServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def model(llm: ScriptedLLMServer) -> AsyncIterator[OpenAIChatModel]:
    chat = OpenAIChatModel(API_KEY, llm.base_url, "deepseek-chat")
    yield chat
    await chat.aclose()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
def market(clock: FixedClock) -> DemoMarket:
    return DemoMarket(clock)


@pytest.fixture
def ledger() -> MemoryUsageLedger:
    return MemoryUsageLedger()


class FakeCharts:
    """A ChartRenderer that records what it drew and returns a tiny fake PNG."""

    def __init__(self) -> None:
        self.drawn: list[HistoryBlock] = []
        self.options: list[tuple[QuoteBlock | None, str]] = []  # (quote, locale) of each drawing

    async def render_history(
        self, history: HistoryBlock, *, quote: QuoteBlock | None = None, locale: str = "en"
    ) -> bytes:
        self.drawn.append(history)
        self.options.append((quote, locale))
        return b"\x89PNG fake " + history.symbol.encode()


class FailingMarket:
    """A MarketData whose calls fail with ``code`` (history, quote or both)."""

    source = "binance"

    def __init__(self, code: str, *, quote_ok: DemoMarket | None = None) -> None:
        self.code = code
        self.quote_ok = quote_ok  # when given, quotes come from it and only history fails
        self.calls = 0

    async def get_quote(self, symbol: str) -> Quote:
        self.calls += 1
        if self.quote_ok is not None:
            return await self.quote_ok.get_quote(symbol)
        raise MarketError(self.code, "upstream failed")

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.calls += 1
        raise MarketError(self.code, "upstream failed")


class SlowMarket:
    """A MarketData that never answers in time; ``entered`` is set when a call starts."""

    source = "binance"

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.cancelled = 0

    async def _hang(self) -> None:
        self.entered.set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise

    async def get_quote(self, symbol: str) -> Quote:
        await self._hang()
        raise AssertionError("unreachable")

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        await self._hang()
        raise AssertionError("unreachable")


MakePlanner = Callable[..., Planner]


@pytest.fixture
def make_planner(
    model: OpenAIChatModel, market: DemoMarket, clock: FixedClock, ledger: MemoryUsageLedger
) -> MakePlanner:
    def make(*, market_data: Any = None, charts: Any = None, **kwargs: Any) -> Planner:
        limits = kwargs.pop("limits", PlannerLimits())
        tools = price_tools(market_data or market, clock, charts)
        return Planner(
            model, tools, clock=clock, ledger=kwargs.pop("ledger", ledger), limits=limits, **kwargs
        )

    return make


def note_of(reply: Any) -> str | None:
    """The text of the reply's assistant note (the model's checked words), if it has one."""
    notes = [b for b in reply.blocks if isinstance(b, NoteBlock)]
    assert len(notes) <= 1, "a reply carries at most one assistant note"
    return notes[0].text if notes else None
