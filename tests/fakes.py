"""Fakes implementing core ports, shared by tests."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, cast

from adapters.demo_market import DemoMarket
from bot.catalog import bundled_catalog
from bot.skills import build_registry
from bot.wiring import Stores, build_skills
from core.clock import Clock, FixedClock
from core.diagnosis.ports import ModelProbe
from core.engine import Core
from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage
from core.language.gazetteer import Gazetteer
from core.language.own_names import plain_words
from core.market import (
    Book,
    DailyClose,
    DailyCloses,
    DayChange,
    HistoryWindow,
    MarketData,
    MarketError,
    Quote,
)
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.planner.tooling import Toolset
from core.ports import ChartRenderer, StateStore
from core.reply import HistoryBlock, QuoteBlock, Reply
from core.routing.router import Route, RouteContext, Router
from core.secrets import SecretBox
from core.services import CATALOG, CHARTS, CLOCK, MARKET, Services
from core.skills import price
from core.skills.price_alert.memory import MemoryAlertStore
from core.skills.price_alert.ports import AlertStore
from core.skills.registry import CommandSpec, Registry, SkillSet
from core.strategies import StrategyStore
from core.strategies.memory import MemoryStrategies
from core.tasks.audit import AuditLog
from core.traders.memory import MemoryTraderStore
from core.traders.ports import TraderStore
from core.trading.memory import MemoryOrderStore
from core.trading.ports import LiveExchanges, OrderStore
from core.trading.service import TradingConfig
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from core.workspace.model_configs import ModelConfigRepository

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
    bids: dict[str, Decimal] = field(default_factory=dict)
    spread: Decimal = Decimal("0.1")
    opens: dict[str, Decimal] = field(default_factory=dict)  # 24 hours ago (get_day_change)
    change_error: MarketError | None = None
    highs_lows: dict[str, tuple[Decimal, Decimal]] = field(default_factory=dict)  # 24 h (high, low)

    async def get_quote(self, symbol: str) -> Quote:
        self.calls.append(("quote", symbol))
        if self.quote_error:
            raise self.quote_error
        now = self.clock.now() if self.clock else NOW
        return Quote(symbol, self.prices.get(symbol, Decimal("100.5")), "ask", self.source, now)

    async def get_book(self, symbol: str) -> Book:
        """Both sides: ``bids`` when a test sets one, else the ask less ``spread``."""
        self.calls.append(("book", symbol))
        if self.quote_error:
            raise self.quote_error
        now = self.clock.now() if self.clock else NOW
        ask = self.prices.get(symbol, Decimal("100.5"))
        return Book(symbol, self.bids.get(symbol, ask - self.spread), ask, self.source, now)

    async def get_day_change(self, symbol: str) -> DayChange:
        """The 24-hour change from ``opens`` (the price 24 hours ago) to the quote's price."""
        self.calls.append(("change", symbol))
        if self.change_error:
            raise self.change_error
        now = self.clock.now() if self.clock else NOW
        last = self.prices.get(symbol, Decimal("100.5"))
        opened = self.opens.get(symbol, last)
        percent = ((last - opened) / opened * 100).quantize(Decimal("0.01"))
        high, low = self.highs_lows.get(symbol, (None, None))
        return DayChange(symbol, opened, last, last - opened, percent, self.source, now, high, low)

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

    # One count for the whole process, so what it hands out depends on the tests run before in
    # that process (under xdist, on which worker got which): named apart from the ids tests write
    # by hand ("e1"), or a test's own message and a Chat's press are one event, the second a
    # redelivery answered with nothing.
    _ids = itertools.count(1)

    def __init__(
        self, core: Core, key: ConversationKey | None = None, kind: ChatKind = ChatKind.PRIVATE
    ) -> None:
        self.core = core
        self.key = key or ConversationKey("console", "chat-1", "user-1")
        self.kind = kind

    def _id(self) -> str:
        return f"chat-e{next(self._ids)}"

    async def say(self, text: str) -> Reply:
        return await self.core.handle(TextMessage(self._id(), self.key, self.kind, text=text))

    async def command(self, name: str, args: str = "") -> Reply:
        return await self.core.handle(Command(self._id(), self.key, self.kind, name=name, args=args))

    async def press(self, token: str, user_id: str | None = None) -> Reply:
        key = self.key if user_id is None else ConversationKey(self.key.platform, self.key.chat_id, user_id)
        return await self.core.handle(ButtonPress(self._id(), key, self.kind, token=token))


COMMANDS: tuple[CommandSpec, ...] = build_registry().commands()  # what the adapters are given


def base_services(market: object, clock: Clock, charts: object | None = None) -> Services:
    """The core's own services: clock, market, catalog and (optionally) charts."""
    services = Services().provide(CLOCK, clock).provide(MARKET, cast(MarketData, market))
    services.provide(CATALOG, bundled_catalog())  # the product's catalog: every listed USDT coin
    if charts is not None:
        services.provide(CHARTS, cast(ChartRenderer, charts))
    return services


def price_skills(market: object, clock: Clock, charts: object | None = None) -> SkillSet:
    """Only the price skill (and the system commands)."""
    return Registry().register(price.SPEC).build(base_services(market, clock, charts))


def price_tools(market: object, clock: Clock, charts: object | None = None) -> tuple[Toolset, ...]:
    """The planner's tools when only the price skill is registered."""
    return price_skills(market, clock, charts).toolsets


def memory_stores(
    *,
    secrets: SecretBox | None = None,
    accounts: ExchangeAccountRepository | None = None,
    models: ModelConfigRepository | None = None,
    strategies: StrategyStore | None = None,
    traders: TraderStore | None = None,
    audit: AuditLog | None = None,
    orders: OrderStore | None = None,
    alerts: AlertStore | None = None,
) -> Stores:
    """The skills' stores in memory (one workspace, one audit log), each replaceable."""
    memory = MemoryWorkspace()
    audit = audit or memory.audit
    return Stores(
        secrets=secrets or MemorySecretBox(),
        accounts=accounts or memory.accounts,
        models=models or memory.models,
        strategies=strategies or MemoryStrategies(audit, memory.traders),
        traders=traders or MemoryTraderStore(audit, memory.traders),
        audit=audit,
        orders=orders or MemoryOrderStore(audit),
        alerts=alerts or MemoryAlertStore(audit),
    )


def full_skills(
    market: object,
    clock: Clock,
    *,
    charts: object | None = None,
    live: LiveExchanges | None = None,
    trading: TradingConfig | None = None,
    model_probe: ModelProbe | None = None,
    extra: Services | None = None,
    **stores: Any,
) -> SkillSet:
    """Every skill, composed by bot.wiring.build_skills (as a process is), on in-memory stores
    unless given (``stores``: memory_stores' keywords). ``extra``: services to start from (e.g. a
    job queue, button tokens, the delivery log). Orders are checked against an empty catalog."""
    return build_skills(
        memory_stores(**stores),
        clock=clock,
        market=cast(MarketData, market),
        catalog=bundled_catalog(),  # the product's catalog: every listed USDT coin
        charts=cast(ChartRenderer | None, charts),
        live=live,
        trading=trading,
        trading_catalog=MarketCatalog(),
        model_probe=model_probe,
        extra=extra,
    )


def full_router() -> Router:
    """The router of every skill bot.wiring registers."""
    return full_skills(DemoMarket(FixedClock(NOW)), FixedClock(NOW)).router


@functools.cache
def shared_router() -> Router:
    """One ``full_router()`` for the tests that only route texts (building one takes a while)."""
    return full_router()


def route_with_names(text: str, names: dict[str, list[str]] | None = None) -> Route | None:
    """``text`` routed by the shared router, with the person's own record names by kind
    ({"trader": ["alpha"]}) as the engine loads them for a turn."""
    if names is None:
        return shared_router().route(text)
    context = RouteContext(names=Gazetteer.of(names, plain=plain_words()))
    return shared_router().route(text, context)


def assert_routes_to(
    text: str,
    skill: str | None,
    action: str | None = None,
    slots: dict[str, Any] | None = None,
    names: dict[str, list[str]] | None = None,
) -> None:
    """``text`` (with the person's ``names``) routes to ``skill``'s ``action`` with at least
    ``slots``; nowhere when ``skill`` is None."""
    route = route_with_names(text, names)
    if skill is None:
        assert route is None, (text, route)
        return
    assert route is not None, text
    assert (route.skill, route.action) == (skill, action), (text, route)
    for name, value in (slots or {}).items():
        assert route.slots.get(name) == value, (text, name, route.slots)


def asks_of(text: str, names: dict[str, list[str]] | None = None) -> list[Route]:
    """Each ask of ``text`` as the engine reads it (core.conversation.reading.read_asks), with
    the person's own record ``names``, in the locale its script says."""
    from core.conversation.reading import read_asks
    from core.i18n import Locale
    from tests.corpus.expect import context

    row: dict[str, Any] = {"names": names} if names else {}
    locale: Locale = "zh" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    return read_asks(text, shared_router(), context(row), locale=locale)


def assert_asks(
    text: str,
    want: list[tuple[str | None, str | None, dict[str, Any]]],
    names: dict[str, list[str]] | None = None,
) -> None:
    """``text`` reads as exactly the asks ``want`` (skill, action, at least these slots), in
    order; ``[]``: no ask at all."""
    asks = asks_of(text, names)
    assert [(a.skill, a.action) for a in asks] == [(s, a) for s, a, _ in want], (text, asks)
    for ask, (_, _, slots) in zip(asks, want, strict=True):
        for name, value in slots.items():
            assert ask.slots.get(name) == value, (text, name, ask.slots)


def make_core(
    market: object | None = None,
    *,
    store: StateStore | None = None,
    clock: FixedClock | None = None,
    charts: object | None = None,
    default_locale: str = "en",
) -> Core:
    """A Core with the price skill only."""
    clock = clock or FixedClock(NOW)
    if market is None:
        market = DemoMarket(clock)
    return Core(
        store=store or MemoryStateStore(),
        skills=price_skills(market, clock, charts),
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
