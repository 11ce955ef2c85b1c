"""The price skill's planner tools: get_current_price and get_price_history (fact tools).

They call the same PriceService as the skill. Cards and charts are built from their validated
results only, never from the model's prose; one planner task is about one coin.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Final

from core.i18n import Locale, t
from core.market import DayChange, MarketError, MarketErrorCode
from core.markets import KNOWN_UNSUPPORTED, MarketCatalog
from core.planner.results import error_result
from core.planner.tooling import Findings, Rejection, ToolArgs, ToolDefinition, ToolOutput
from core.ports import ChartRenderer
from core.reply import Block, ChartBlock, HistoryBlock, NoticeBlock, QuoteBlock, RouteInfo, TraceStep
from core.skills.price.notices import demo_notice, market_error_notice, missing_days_notice
from core.skills.price.ranges import DEFAULT_DAYS, MAX_DAYS, MIN_DAYS, served
from core.skills.price.results import history_result, quote_result
from core.skills.price.rules import SKILL
from core.skills.price.service import PriceService, with_day_change
from core.turn import Stopwatch

log = logging.getLogger(__name__)

CURRENT_PRICE: Final = "get_current_price"
PRICE_HISTORY: Final = "get_price_history"
NAMES = (CURRENT_PRICE, PRICE_HISTORY)

UNSUPPORTED_SYMBOL = "unsupported_symbol"
UNSUPPORTED_DAYS = "unsupported_days"
SECOND_COIN = "one_coin_per_request"
ENUM_LIMIT = 40  # up to this many markets, the tool schema lists them (and the guidance names them)


class CurrentPriceArgs(ToolArgs):
    symbol: str


class PriceHistoryArgs(CurrentPriceArgs):
    # Strict: a whole JSON number only ("7", 7.5, true are invalid arguments); its range is
    # PriceTools.check's, the skill's own (ranges.served), refused there, never clamped.
    days: int = DEFAULT_DAYS


class PriceTools:
    """The Toolset: definitions for the model, the symbol and days checks, one run per task."""

    def __init__(self, prices: PriceService, charts: ChartRenderer | None, chart_timeout: float) -> None:
        self.prices = prices
        self.catalog: MarketCatalog = prices.catalog
        self.charts = charts
        self.chart_timeout = chart_timeout

    def definitions(self) -> Sequence[ToolDefinition]:
        symbol: dict[str, Any] = {
            "type": "string",
            "description": "Exchange symbol (BASE + USDT, e.g. BTCUSDT) of the one supported market the "
            "user asked about.",
        }
        if len(self.catalog) <= ENUM_LIMIT:
            symbol["enum"] = list(self.catalog.symbols)
        else:  # thousands of symbols: a pattern here, the server checks the catalog (check())
            symbol["pattern"] = "^[A-Z0-9]{1,20}USDT$"
        current = ToolDefinition(
            CURRENT_PRICE,
            "Current price of a supported market: the exchange's best ask (a reference buying price), "
            "fetched now, with the last 24 hours' change.",
            {
                "type": "object",
                "properties": {"symbol": symbol},
                "required": ["symbol"],
                "additionalProperties": False,
            },
            CurrentPriceArgs,
        )
        days = {
            "type": "integer",
            "minimum": MIN_DAYS,
            "maximum": MAX_DAYS,
            "default": DEFAULT_DAYS,
            "description": f"Number of full UTC days, a whole number from {MIN_DAYS} to {MAX_DAYS}; "
            f"{DEFAULT_DAYS} when the user names no window.",
        }
        history = ToolDefinition(
            PRICE_HISTORY,
            f"Daily closing prices (UTC days) of a supported market for the last `days` ({MIN_DAYS} to "
            f"{MAX_DAYS}, default {DEFAULT_DAYS}) full days before today; days without data are reported "
            "as missing.",
            {
                "type": "object",
                "properties": {"symbol": symbol, "days": days},
                "required": ["symbol"],
                "additionalProperties": False,
            },
            PriceHistoryArgs,
        )
        return (current, history)

    def guidance(self) -> str:
        catalog = self.catalog
        named = [m for m in catalog.markets if m.name_en != m.base or m.aliases][:ENUM_LIMIT]
        markets = "\n".join(
            f"- {m.symbol}: {m.base}, {m.name_en}, {m.name_zh}"
            + (f" (also called: {', '.join(m.aliases)})" if m.aliases else "")
            for m in named
        )
        if len(catalog) > len(named):
            markets += (
                f"\n- … and every other Binance spot coin quoted in USDT ({len(catalog)} in all): BASE + USDT"
            )
        unsupported = ", ".join(
            symbol.removesuffix("USDT") for symbol in KNOWN_UNSUPPORTED if not catalog.is_supported(symbol)
        )
        return f"""Crypto market prices: supported markets (symbol: names and aliases):
{markets}
Not supported (among others): {unsupported}.
- Every price, change or other market number must come from a tool result in this conversation. \
Never use prices from memory, never estimate or invent one. If a tool returns an error, say the \
data is unavailable and do not guess.
- One coin per request. If the user asks about several coins, handle the first one and ask them to \
ask about the others separately.
- If the user asks about a price but names no coin, ask which coin they mean (supported: \
{catalog.supported_bases()}) and call no tool.
- {CURRENT_PRICE} gives the exchange's best ask (a reference buying price), not a trade price, \
and the last 24 hours' change when the exchange gives it (answer "did it go up today" with it).
- {PRICE_HISTORY} gives daily closes of the last `days` full UTC days (today excluded): a whole \
number from {MIN_DAYS} to {MAX_DAYS}, {DEFAULT_DAYS} when the user names no window. For a longer window \
use {MAX_DAYS} and say so; for one day use {CURRENT_PRICE} (its 24-hour change). Mention missing days \
if the tool reports any.
- The user sees the tool data as price cards and charts next to your text."""

    def check(self, name: str, args: ToolArgs) -> Rejection | None:
        assert isinstance(args, CurrentPriceArgs)
        if not self.catalog.is_supported(args.symbol):
            return Rejection(
                UNSUPPORTED_SYMBOL,
                f"{args.symbol!r} is not a listed market; supported: Binance spot coins quoted in USDT "
                f"({self.catalog.supported_bases()})",
            )
        if isinstance(args, PriceHistoryArgs) and not served(args.days):
            return Rejection(
                UNSUPPORTED_DAYS,
                f"days={args.days} is not served; days is a whole number from {MIN_DAYS} to {MAX_DAYS}",
            )
        return None

    def start(self, user_id: str) -> PriceToolRun:
        return PriceToolRun(self)


class PriceToolRun:
    """One planner task's price calls: its one coin, the latest quote and history, failures."""

    def __init__(self, tools: PriceTools) -> None:
        self.tools = tools
        self.symbol: str | None = None  # fixed by the first valid call
        self.called: set[str] = set()
        self.quote: QuoteBlock | None = None
        self.history: HistoryBlock | None = None
        self.days: int | None = None  # of the last history call run (served: 2..90)
        # tool name -> (MarketErrorCode, retry_after) of its last failed run; a later success clears it
        self.failures: dict[str, tuple[str, float | None]] = {}
        self.trace: list[TraceStep] = []

    def accept(self, name: str, args: ToolArgs) -> Rejection | None:
        assert isinstance(args, CurrentPriceArgs)
        if self.symbol not in (None, args.symbol):
            return Rejection(
                SECOND_COIN,
                f"this task is about {self.symbol}; one coin per request, ask the user to ask separately",
            )
        self.symbol = args.symbol
        self.called.add(name)
        return None

    async def execute(self, name: str, args: ToolArgs) -> ToolOutput:
        assert isinstance(args, CurrentPriceArgs)
        prices = self.tools.prices
        try:
            if name == CURRENT_PRICE:
                quote = await self._quote(args.symbol)
                self.quote = quote
                self.failures.pop(name, None)
                return ToolOutput(quote_result(quote), detail={"source": quote.source})
            assert isinstance(args, PriceHistoryArgs) and served(args.days)  # check() refused the rest
            self.days = args.days
            history = await prices.price_history(args.symbol, args.days)
        except MarketError as exc:
            self.failures[name] = (exc.code, exc.retry_after)
            return ToolOutput(error_result(exc.code, f"market data unavailable ({exc.code})"), exc.code)
        self.history = history
        self.failures.pop(name, None)
        return ToolOutput(history_result(history), detail={"source": history.source})

    async def _quote(self, symbol: str) -> QuoteBlock:
        """The quote with its 24-hour change when the market gives one (fetched at once); the
        change is a nicety of the card: without it the quote is still the answer."""
        prices = self.tools.prices
        watch = Stopwatch()
        quote, moved = await asyncio.gather(
            prices.current_price(symbol), prices.day_change(symbol), return_exceptions=True
        )
        if isinstance(quote, BaseException):
            raise quote
        if isinstance(moved, DayChange):
            return with_day_change(quote, moved)
        if not isinstance(moved, MarketError):
            raise moved
        self.trace.append(
            TraceStep("tool", "get_day_change", {"symbol": symbol}, watch.ms(), "error", moved.code)
        )
        return quote

    def timed_out(self, name: str, args: ToolArgs) -> ToolOutput:
        code = MarketErrorCode.TIMEOUT
        self.failures[name] = (code, None)
        return ToolOutput(error_result(code, "the exchange did not answer in time"), code)

    async def findings(self, locale: Locale) -> Findings:
        cards: list[Block] = []
        notices: list[NoticeBlock] = []
        degraded = empty = False
        if self.quote is not None:
            cards.append(self.quote)
        history = self.history
        if history is not None and all(p.close is None for p in history.points):
            notices.append(
                NoticeBlock(
                    t(locale, "price.no_history", base=history.base, days=len(history.points)),
                    "error",
                    "no_history",
                )
            )
            history, empty = None, True
        if history is not None:
            cards.append(history)
            if self.tools.charts is not None:
                chart = await self._chart(history, self.tools.charts, locale)
                if chart is not None:
                    cards.append(chart)
                else:
                    degraded = True
                    notices.append(NoticeBlock(t(locale, "price.chart_failed"), "warning", "chart_failed"))
            if history.missing_dates:
                degraded = True
                notices.append(missing_days_notice(locale, history))
        notices.extend(demo_notice(locale, cards))
        for code, retry_after in dict.fromkeys(self.failures.values()):
            notices.append(market_error_notice(locale, code, retry_after))
        return Findings(
            tuple(cards),
            tuple(notices),
            degraded,
            bool(self.failures),
            empty,
            self._route(),
            tuple(self.trace),
        )

    def _route(self) -> RouteInfo | None:
        """What the validated calls amount to, in the price skill's terms."""
        if not self.called or self.symbol is None:
            return None
        current = CURRENT_PRICE in self.called
        history = PRICE_HISTORY in self.called
        action = "both" if current and history else ("current" if current else "history")
        slots: dict[str, Any] = {"symbol": self.symbol}
        if history and self.days is not None:
            slots["days"] = self.days  # the days fetched (the card's closes)
        return RouteInfo(skill=SKILL, action=action, slots=slots, by="model")

    async def _chart(self, history: HistoryBlock, charts: ChartRenderer, locale: Locale) -> ChartBlock | None:
        watch = Stopwatch()
        args = {"symbol": history.symbol}
        try:
            # Rendering is local and cheap; it gets its own allowance even after the task deadline.
            async with asyncio.timeout(self.tools.chart_timeout):
                quote = self.quote if self.quote is not None and self.quote.symbol == history.symbol else None
                png = await charts.render_history(history, quote=quote, locale=locale)
        except Exception:  # a chart is a nicety: the closes are still shown as data
            log.exception("planner chart rendering failed for %s", history.symbol)
            self.trace.append(TraceStep("tool", "render_chart", args, watch.ms(), "error", "chart_failed"))
            return None
        self.trace.append(TraceStep("tool", "render_chart", args, watch.ms()))
        alt = t(locale, "price.chart_alt", base=history.base, days=len(history.points))
        return ChartBlock(png=png, symbol=history.symbol, source=history.source, alt=alt)
