"""The price skill: current price (best ask), the history of 2 to 90 days (with chart), or both."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol, TypeVar

from core.formatting import format_price
from core.i18n import has_message, is_zh
from core.language.values import refusal_in, refusal_message
from core.market import HISTORY_DAYS, DayChange, MarketError
from core.markets import MarketCatalog
from core.ports import ChartRenderer
from core.reply import (
    Block,
    ChartBlock,
    HistoryBlock,
    NoticeBlock,
    QuoteBlock,
    Reply,
    RouteInfo,
    Status,
    TraceStep,
)
from core.routing.router import Route
from core.skills.base import OneShotSkill
from core.skills.price.coins import CoinFinder
from core.skills.price.notices import demo_notice, market_error_notice, missing_days_notice
from core.skills.price.ranges import MAX_DAYS, MIN_DAYS, served
from core.skills.price.rules import MAX_COINS, SKILL, PriceAction
from core.skills.price.service import PriceService, with_day_change
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done, SlotSpec
from core.tasks.answers import coins_answered
from core.tasks.transitions import move
from core.turn import Stopwatch, Turn

log = logging.getLogger(__name__)


class _HasSource(Protocol):
    @property
    def source(self) -> str: ...


_Sourced = TypeVar("_Sourced", bound=_HasSource)

CHOICE_TTL = timedelta(minutes=15)
FOLLOW_UP_WINDOW = timedelta(minutes=10)
CHART_TIMEOUT_SECONDS = 10.0


@dataclass
class _CoinCards:
    blocks: list[Block] = field(default_factory=list)
    errors: list[NoticeBlock] = field(default_factory=list)
    ok_parts: int = 0
    partial: bool = False
    # (part, base) of each failed part, in the order of ``errors``: said once each, by name.
    failed: list[tuple[str, str]] = field(default_factory=list)

    def fail(self, notice: NoticeBlock, part: str, base: str) -> None:
        self.errors.append(notice)
        self.failed.append((part, base))


def _grouped(
    turn: Turn, errors: list[NoticeBlock], failed: list[tuple[str, str]], *, named: bool
) -> list[NoticeBlock]:
    """One notice per distinct failure, naming each failed part and coin once ("The market data
    service timed out (BTC price, ETH history)"), instead of the same line per part."""
    order: dict[tuple[str, str | None], list[str]] = {}
    first: dict[tuple[str, str | None], NoticeBlock] = {}
    for notice, (part, base) in zip(errors, failed, strict=True):
        key = (notice.text, notice.code)
        first.setdefault(key, notice)
        name = turn.t(f"price.part.{part}", base=base)
        if name not in order.setdefault(key, []):
            order[key].append(name)
    sep = "、" if is_zh(turn.locale) else ", "
    if not named:
        return list(first.values())
    return [
        replace(first[key], text=turn.t("price.failed_parts", text=key[0], parts=sep.join(parts)))
        for key, parts in order.items()
    ]


def _served(locale: str) -> str:
    """ "2 to 90" / "2 到 90": the histories served."""
    return f"{MIN_DAYS} 到 {MAX_DAYS}" if is_zh(locale) else f"{MIN_DAYS} to {MAX_DAYS}"


class PriceSkill(OneShotSkill):
    name = SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[PriceSkill]],
        prices: PriceService,
        charts: ChartRenderer | None,
    ) -> None:
        super().__init__(actions)
        self.prices = prices
        self.charts = charts
        self.finder = CoinFinder(prices.catalog)

    @property
    def catalog(self) -> MarketCatalog:
        return self.prices.catalog

    def describe(self, turn: Turn, task: Task) -> str:
        """ "ETH 当前价格", "ETH recent closes": a price request as a choice button names it."""
        symbols = task.slots.get("symbols") or [task.slots.get("symbol")]
        coins = " ".join(str(s).removesuffix("USDT") for s in symbols if s)
        return turn.t(f"price.describe.{task.action}", coins=coins).strip()

    # -- entry points ------------------------------------------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        """A new price request: ask for what is missing, else answer."""
        wanted = task.slots.get("reply_locale")
        if wanted in ("zh", "en"):  # "比特币价格, 用英文回答": the reply in the language asked for
            turn.locale = wanted
        if task.slots.get("not_coin"):
            return self._not_a_coin(turn, task, str(task.slots["not_coin"]))
        if task.slots.get("unknown"):  # never the previous coin in place of one we do not know
            return await self._unknown(turn, task, str(task.slots["unknown"]))
        symbols: list[str] = list(task.slots.get("symbols", []))
        if not symbols:
            recent = self._recent(turn)
            if recent is not None:  # "its chart", "and now?", "那一个月呢" right after a BTC answer
                symbols = task.slots["symbols"] = list(recent[0])
                turn.trace.append(
                    TraceStep("input", "infer_symbol", {"symbol": symbols[0], "from": "previous answer"})
                )
                if "days" not in task.slots and recent[1] is not None and task.action != "current":
                    task.slots["days"] = recent[1]
        elif task.slots.get("followup") and "days" not in task.slots:
            recent = self._recent(turn)  # "same for eth" after ETH's 30 days: ETH's 30 days
            if recent is not None and recent[1] is not None and task.action != "current":
                task.slots["days"] = recent[1]
        supported = [s for s in symbols if self.catalog.is_supported(s)]
        if len(symbols) == 1 and not supported:
            return self._unsupported(turn, task, symbols[0])
        if len(symbols) > MAX_COINS:
            return await self._ask(turn, task, supported, several=True)
        if not symbols:
            return await self._ask(turn, task, self.catalog.popular(), several=False)
        if len(symbols) > 1:
            task.slots["unsupported"] = [s for s in symbols if s not in supported]
            symbols = supported
            task.slots["symbols"] = symbols
        task.slots["symbol"] = symbols[0]
        return await self._run(turn, task)

    async def _run(self, turn: Turn, task: Task) -> Reply:
        """The declared executor of the task's action (the coin is known now)."""
        return await super().start(turn, task)

    def _recent(self, turn: Turn) -> tuple[list[str], int | None] | None:
        """The coins (and window) of the previous price answer, if it was a moment ago."""
        last = turn.state.last_completed
        if last is None or last.skill != SKILL or turn.now - last.updated_at > FOLLOW_UP_WINDOW:
            return None
        symbols = [s for s in last.slots.get("symbols") or [last.slots.get("symbol")] if isinstance(s, str)]
        symbols = [s for s in symbols if self.catalog.is_supported(s)]
        days = last.slots.get("days")
        return (symbols, days if isinstance(days, int) else None) if symbols else None

    async def fill_symbol(self, turn: Turn, task: Task, symbol: str) -> Reply:
        """The answer to "which coin?" (typed or pressed)."""
        task.slots["symbols"] = [symbol]
        task.slots.pop("unknown", None)
        if not self.catalog.is_supported(symbol):
            return self._unsupported(turn, task, symbol)
        task.slots["symbol"] = symbol
        return await self._run(turn, task)

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        """A bare coin ("ETH", "那 ETH 呢") answers "which coin?"; anything else is not an answer."""
        symbols = coins_answered(task, route)
        if symbols is None:
            return None
        if len(symbols) != 1:
            task.slots["symbols"] = symbols
            return await self.start(turn, task)
        return await self.fill_symbol(turn, task, symbols[0])

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        if task is None or task.id != payload.get("task_id") or task.asking != "symbol":
            return Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("button.expired"), "warning", "button_expired"),),
                turn.locale,
            )
        return await self.fill_symbol(turn, task, str(payload["symbol"]))

    # -- questions and failures --------------------------------------------------------------

    async def _ask(self, turn: Turn, task: Task, choices: list[str], *, several: bool) -> Reply:
        move(task, TaskStatus.COLLECTING, turn.now)
        task.asking = "symbol"
        task.slots.pop("symbol", None)
        specs = self.catalog.iter_specs(choices)
        buttons = await turn.buttons(
            [(s.base, {"kind": "price.symbol", "task_id": task.id, "symbol": s.symbol}) for s in specs],
            ttl=CHOICE_TTL,
        )
        if several:
            named = ", ".join(self.catalog.base_of(s) for s in task.slots.get("symbols", []))
            text = turn.t("price.too_many_coins", named=named, most=MAX_COINS)
        else:
            text = turn.t("price.ask_symbol", count=len(self.catalog))
        return Reply(
            Status.NEEDS_INPUT,
            (NoticeBlock(text, code="ask_symbol"),),
            turn.locale,
            buttons=buttons,
            route=self.route_info(task),
        )

    def _unsupported(self, turn: Turn, task: Task, symbol: str) -> Reply:
        task.slots["symbol"] = symbol
        move(task, TaskStatus.FAILED, turn.now)
        turn.trace.append(
            TraceStep(
                "tool",
                "validate_symbol",
                {"symbol": symbol},
                outcome="error",
                error_code="unsupported_symbol",
            )
        )
        text = turn.t("price.unsupported", symbol=self.catalog.base_of(symbol), count=len(self.catalog))
        return Reply(
            Status.FAILED,
            (NoticeBlock(text, level="error", code="unsupported_symbol"),),
            turn.locale,
            route=self.route_info(task),
        )

    def _not_a_coin(self, turn: Turn, task: Task, phrase: str) -> Reply:
        move(task, TaskStatus.FAILED, turn.now)
        turn.trace.append(
            TraceStep("tool", "validate_symbol", {"name": phrase}, outcome="error", error_code="not_a_coin")
        )
        text = turn.t("price.not_a_coin", name=phrase)
        return Reply(
            Status.FAILED,
            (NoticeBlock(text, level="error", code="not_a_coin"),),
            turn.locale,
            route=self.route_info(task),
        )

    async def _unknown(self, turn: Turn, task: Task, word: str) -> Reply:
        """ "I don't know the coin X", with the coins spelled like it as buttons."""
        close = self.finder.close_matches(word)
        turn.trace.append(
            TraceStep("tool", "validate_symbol", {"name": word}, outcome="error", error_code="unknown_coin")
        )
        if not close:
            move(task, TaskStatus.FAILED, turn.now)
            text = turn.t("price.unknown_coin", name=word)
            return Reply(
                Status.FAILED,
                (NoticeBlock(text, level="error", code="unknown_coin"),),
                turn.locale,
                route=self.route_info(task),
            )
        move(task, TaskStatus.COLLECTING, turn.now)
        task.asking = "symbol"
        task.slots.pop("symbol", None)
        buttons = await turn.buttons(
            [
                (self.catalog.base_of(s), {"kind": "price.symbol", "task_id": task.id, "symbol": s})
                for s in close
            ],
            ttl=CHOICE_TTL,
        )
        named = ", ".join(self.catalog.base_of(s) for s in close)
        text = turn.t("price.unknown_coin_close", name=word, close=named)
        return Reply(
            Status.NEEDS_INPUT,
            (NoticeBlock(text, level="warning", code="unknown_coin"),),
            turn.locale,
            buttons=buttons,
            route=self.route_info(task),
        )

    @staticmethod
    def route_info(task: Task) -> RouteInfo:
        slots: dict[str, Any] = {"symbol": task.slots.get("symbol")}
        symbols = [s for s in task.slots.get("symbols", []) if isinstance(s, str)]
        if len(symbols) > 1:
            slots["symbols"] = symbols
        if task.action in ("history", "both"):
            slots["days"] = task.slots.get("days", HISTORY_DAYS)
        if task.slots.get("unknown"):
            slots["unknown"] = task.slots["unknown"]
        if task.slots.get("not_coin"):
            slots["not_coin"] = task.slots["not_coin"]
        return RouteInfo(skill=SKILL, action=task.action, slots=slots, by=task.origin)

    # -- execution -----------------------------------------------------------------------------

    async def answer(self, turn: Turn, task: Task) -> Done:
        """The executor of every price action: the quote, the history, or both."""
        return Done(await self.execute(turn, task))

    async def execute(self, turn: Turn, task: Task) -> Reply:
        symbols = [s for s in task.slots.get("symbols") or [task.slots["symbol"]] if isinstance(s, str)]
        symbols = [s for s in symbols if self.catalog.is_supported(s)][:MAX_COINS] or [
            str(task.slots["symbol"])
        ]
        action: PriceAction = task.action  # type: ignore[assignment]
        days = task.slots.get("days", HISTORY_DAYS)
        if not served(days):  # a hand-made stored task (1, 365, "7"): the default
            days = HISTORY_DAYS
        move(task, TaskStatus.EXECUTING, turn.now)
        task.asking = None
        # Several coins: their calls at once, each coin's cards together in the one reply.
        change = bool(task.slots.get("change")) and action == "current"
        high_low = bool(task.slots.get("high_low")) and action in ("current", "both")
        cards = await asyncio.gather(*(self._coin(turn, s, action, days, change, high_low) for s in symbols))
        blocks: list[Block] = []
        errors: list[NoticeBlock] = []
        ok_parts = 0
        partial = False
        for coin in cards:
            blocks.extend(coin.blocks)
            ok_parts += coin.ok_parts
            partial |= coin.partial
        # Which part of which coin failed is said when more than one was asked for.
        asked = len(symbols) * (2 if action == "both" else 1) + (len(symbols) if change else 0)
        failed = [f for c in cards for f in c.failed]
        errors = _grouped(turn, [e for c in cards for e in c.errors], failed, named=asked > 1)
        for symbol in task.slots.get("unsupported", []):
            errors.append(
                NoticeBlock(
                    turn.t("price.unsupported", symbol=self.catalog.base_of(symbol), count=len(self.catalog)),
                    "warning",
                    "unsupported_symbol",
                )
            )
        notes: list[NoticeBlock] = []
        range_note = task.slots.get("range_note")
        if isinstance(range_note, dict) and has_message(f"price.{range_note.get('code')}"):
            code = str(range_note["code"])
            windows = _served(turn.locale)
            notes.append(
                NoticeBlock(
                    turn.t(f"price.{code}", asked=range_note.get("asked") or "", days=days, served=windows),
                    "info",
                    code,
                )
            )
        for note in task.slots.get("notes", []):  # asked for EUR: say what is shown
            if has_message(f"price.{note}"):
                notes.append(NoticeBlock(turn.t(f"price.{note}"), "info", note))
        blocks[0:0] = notes
        amounts = task.slots.get("amounts")
        if isinstance(amounts, dict) and amounts:
            blocks = [shown for block in blocks for shown in (block, *self._worth(turn, block, amounts))]
        blocks.extend(demo_notice(turn.locale, blocks))
        blocks.extend(errors)

        if ok_parts == 0:
            status = Status.FAILED
        elif errors or partial:
            status = Status.PARTIAL
        else:
            status = Status.COMPLETED
        move(task, TaskStatus.FAILED if status is Status.FAILED else TaskStatus.COMPLETED, turn.now)
        return Reply(status, tuple(blocks), turn.locale, route=self.route_info(task))

    async def _coin(
        self,
        turn: Turn,
        symbol: str,
        action: PriceAction,
        days: int,
        change: bool = False,
        high_low: bool = False,
    ) -> _CoinCards:
        """One coin's cards: its quote (with its 24-hour change, answered in one line when asked
        how it moved today; with the 24-hour high and low when asked for them, or said that the
        exchange gave none), its history and chart, or both; failures as notices."""
        want_quote = action in ("current", "both")
        want_history = action in ("history", "both")
        base = self.catalog.base_of(symbol)
        quote: QuoteBlock | NoticeBlock | None = None
        history: HistoryBlock | NoticeBlock | None = None
        moved: DayChange | NoticeBlock | None = None
        # Every quote card carries its 24-hour change: fetched beside the quote (and the history),
        # all upstream calls at once.
        if want_quote and want_history:
            quote, moved, history = await asyncio.gather(
                self._quote(turn, symbol), self._change(turn, symbol), self._history(turn, symbol, days)
            )
        elif want_quote:
            quote, moved = await asyncio.gather(self._quote(turn, symbol), self._change(turn, symbol))
        else:
            history = await self._history(turn, symbol, days)
        out = _CoinCards()
        if want_quote:
            if isinstance(quote, QuoteBlock):
                if isinstance(moved, DayChange):
                    quote = with_day_change(quote, moved)
                    if change:
                        out.blocks.append(self._change_answer(turn, quote))
                if high_low:
                    out.blocks.append(self._high_low(turn, quote))
                out.blocks.append(quote)
                out.ok_parts += 1
            elif isinstance(quote, NoticeBlock):
                out.fail(quote, "current", base)
            # Asked how the coin moved, a missing change is a failed part; on a plain price question
            # the card is only shown without its 24-hour line (the trace keeps the error).
            if isinstance(moved, NoticeBlock) and change:
                out.fail(moved, "change", base)
        if want_history:
            if isinstance(history, HistoryBlock):
                if len(history.missing_dates) == len(history.points):
                    out.errors.append(
                        NoticeBlock(
                            turn.t("price.no_history", base=history.base, days=len(history.points)),
                            "error",
                            "no_history",
                        )
                    )
                    out.failed.append(("history", base))
                else:
                    out.ok_parts += 1
                    out.blocks.append(history)
                    if self.charts is not None:
                        current = quote if isinstance(quote, QuoteBlock) else None
                        chart = await self._chart(turn, history, self.charts, current)
                        if chart is not None:
                            out.blocks.append(chart)
                        else:
                            out.partial = True
                            out.blocks.append(
                                NoticeBlock(turn.t("price.chart_failed"), "warning", "chart_failed")
                            )
                    if history.missing_dates:
                        out.partial = True
                        out.blocks.append(missing_days_notice(turn.locale, history))
            elif isinstance(history, NoticeBlock):
                out.fail(history, "history", base)
        return out

    @staticmethod
    def _worth(turn: Turn, block: Block, amounts: Mapping[str, object]) -> list[NoticeBlock]:
        """After a coin's quote card, what the amount asked about is worth ("how much is 0.5 btc"),
        or why that amount was not read, quoting it."""
        amount = amounts.get(block.symbol) if isinstance(block, QuoteBlock) else None
        if not isinstance(block, QuoteBlock) or not isinstance(amount, str):
            return []
        refusal = refusal_in(amount)
        if refusal is not None:
            return [NoticeBlock(refusal_message(turn.locale, *refusal), "warning", "refused_value")]
        try:
            worth = Decimal(amount) * block.price
        except InvalidOperation:
            return []
        text = turn.t(
            "price.amount_worth",
            amount=amount,
            base=block.base,
            worth=format_price(worth),
            asset=block.quote_asset,
            price=format_price(block.price),
        )
        return [NoticeBlock(text, "info", "amount_worth")]

    async def _change(self, turn: Turn, symbol: str) -> DayChange | NoticeBlock:
        return await self._traced(turn, "get_day_change", symbol, self.prices.day_change)

    @staticmethod
    def _change_answer(turn: Turn, quote: QuoteBlock) -> NoticeBlock:
        """ "Did BTC go up today?" answered in one line from the card's own 24-hour figures."""
        assert quote.change_24h is not None and quote.change_24h_percent is not None
        key = "price.change_flat"
        if quote.change_24h > 0:
            key = "price.change_up"
        elif quote.change_24h < 0:
            key = "price.change_down"
        text = turn.t(
            key,
            base=quote.base,
            percent=f"{abs(quote.change_24h_percent):.2f}%",
            amount=f"{'+' if quote.change_24h > 0 else '-' if quote.change_24h < 0 else ''}"
            f"{format_price(abs(quote.change_24h))}",
            asset=quote.quote_asset,
            price=format_price(quote.price),
        )
        return NoticeBlock(text, "info", "day_change")

    @staticmethod
    def _high_low(turn: Turn, quote: QuoteBlock) -> NoticeBlock:
        """ "BTC 24小时最高价", "what was eth's high today": the 24-hour ticker's high and low (the
        rolling 24 hours, said so), or that the exchange gave none: no figure is made up."""
        if quote.high_24h is None or quote.low_24h is None:
            return NoticeBlock(turn.t("price.no_high_low", base=quote.base), "info", "no_high_low")
        text = turn.t(
            "price.high_low",
            base=quote.base,
            high=format_price(quote.high_24h),
            low=format_price(quote.low_24h),
            asset=quote.quote_asset,
        )
        return NoticeBlock(text, "info", "high_low")

    async def _quote(self, turn: Turn, symbol: str) -> QuoteBlock | NoticeBlock:
        return await self._traced(turn, "get_current_price", symbol, self.prices.current_price)

    async def _traced(
        self, turn: Turn, tool: str, symbol: str, call: Callable[[str], Awaitable[_Sourced]]
    ) -> _Sourced | NoticeBlock:
        """One market call for one symbol, traced as a tool step; a market error becomes its notice."""
        watch = Stopwatch()
        args = {"symbol": symbol}
        try:
            found = await call(symbol)
        except MarketError as exc:
            turn.trace.append(TraceStep("tool", tool, args, watch.ms(), "error", exc.code))
            return self._market_error(turn, exc)
        turn.trace.append(TraceStep("tool", tool, args, watch.ms(), detail={"source": found.source}))
        return found

    async def _history(self, turn: Turn, symbol: str, days: int) -> HistoryBlock | NoticeBlock:
        watch = Stopwatch()
        args: dict[str, Any] = {"symbol": symbol, "days": days}
        try:
            history = await self.prices.price_history(symbol, days)
        except MarketError as exc:
            turn.trace.append(TraceStep("tool", "get_price_history", args, watch.ms(), "error", exc.code))
            return self._market_error(turn, exc)
        detail: dict[str, Any] = {
            "source": history.source,
            "missing_dates": [d.isoformat() for d in history.missing_dates],
        }
        if history.issues:
            detail["rejected_rows"] = list(history.issues)
        code = history.issues[0] if history.issues else ("missing_days" if history.missing_dates else None)
        failed = len(history.missing_dates) == len(history.points)
        turn.trace.append(
            TraceStep(
                "tool", "get_price_history", args, watch.ms(), "error" if failed else "ok", code, detail
            )
        )
        return history

    async def _chart(
        self, turn: Turn, history: HistoryBlock, charts: ChartRenderer, quote: QuoteBlock | None
    ) -> ChartBlock | None:
        watch = Stopwatch()
        try:
            # Bounded: a stuck render must not hold the turn (the closes are shown either way).
            png = await asyncio.wait_for(
                charts.render_history(history, quote=quote, locale=turn.locale), CHART_TIMEOUT_SECONDS
            )
        except Exception:  # a chart is a nicety: the closes are still shown as data
            log.exception("chart rendering failed for %s", history.symbol)
            turn.trace.append(
                TraceStep(
                    "tool", "render_chart", {"symbol": history.symbol}, watch.ms(), "error", "chart_failed"
                )
            )
            return None
        turn.trace.append(TraceStep("tool", "render_chart", {"symbol": history.symbol}, watch.ms()))
        alt = turn.t("price.chart_alt", base=history.base, days=len(history.points))
        return ChartBlock(png=png, symbol=history.symbol, source=history.source, alt=alt)

    @staticmethod
    def _market_error(turn: Turn, exc: MarketError) -> NoticeBlock:
        return market_error_notice(turn.locale, exc.code, exc.retry_after)


_SYMBOL = (SlotSpec("symbol", "choice", infer=("message", "existing")),)  # asked with buttons if missing
ACTIONS: dict[str, ActionSpec[PriceSkill]] = {
    "current": ActionSpec(run=PriceSkill.answer, slots=_SYMBOL, writes=False),
    "history": ActionSpec(run=PriceSkill.answer, slots=_SYMBOL, writes=False),
    "both": ActionSpec(run=PriceSkill.answer, slots=_SYMBOL, writes=False),
}
