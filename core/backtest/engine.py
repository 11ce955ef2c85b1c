"""A strategy replayed over candles: the trader runtime's own decisions (core.traders.decide) on
the paper exchange's fills (core.backtest.fills), one candle close at a time.

No look-ahead: the decision at a candle's close is given the candles closed by then and nothing
else (``Seen``, a read-only view that ends there), and fills at that close. A dca buys on its
slots (core.traders.decisions.next_slot, as the runtime reschedules); a grid arms on the first close
and then compares each close with the one before, as the runtime compares each poll with the last.
Gaps in the history are reported and never filled: a grid compares across them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Final, Protocol, overload

from core.backtest.fills import Wallet, candle_bid, candle_book
from core.backtest.model import Candle, Gap, Point, Result, Trade, interval_delta
from core.market import Book
from core.markets import SymbolRules
from core.strategies import DcaParams, GridParams, grid_levels
from core.traders import decide as decisions
from core.trading.model import Fill
from core.trading.paper import PAPER_SPREAD
from core.trading.sizing import DEFAULT_TAKER_FEE, fee_of, quantity_for_quote

HUNDRED: Final = Decimal(100)


class Seen(Sequence[Candle]):
    """The candles closed by a decision's time: indexing past the last one is an IndexError, so a
    policy cannot read a candle that had not closed yet."""

    __slots__ = ("_candles", "_n")

    def __init__(self, candles: Sequence[Candle], n: int) -> None:
        self._candles = candles
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Candle: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Candle]: ...
    def __getitem__(self, i: int | slice) -> Candle | Sequence[Candle]:
        if isinstance(i, slice):
            return list(self._candles[: self._n])[i]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("a candle that had not closed yet")
        return self._candles[i]

    def __iter__(self) -> Iterator[Candle]:
        for i in range(self._n):
            yield self._candles[i]

    @property
    def last(self) -> Candle:
        return self._candles[self._n - 1]


@dataclass
class State:
    """What a replayed trader keeps between decisions (its running memory)."""

    memory: dict[str, object] = field(default_factory=dict)
    slot: datetime | None = None  # a dca's next slot


class Policy(Protocol):
    def start_cash(self, closes: Sequence[datetime]) -> Decimal:
        """The USDT the replayed account starts with, given the decision times."""
        ...

    def decide(self, seen: Seen, at: datetime, state: State) -> list[decisions.Order]:
        """The orders at ``at`` (the last seen candle's close), from the candles seen only."""
        ...

    def filled(self, state: State, fills: list[decisions.Filled]) -> None:
        """The memory after the fills (the runtime's _result)."""
        ...


class DcaPolicy:
    def __init__(self, p: DcaParams) -> None:
        self.p = p

    def start_cash(self, closes: Sequence[datetime]) -> Decimal:
        """What its buys would spend: one amount per slot (up to ``max_total``)."""
        slots, slot = 0, None
        for at in closes:
            if slot is None or at >= slot:
                slots += 1
                slot = decisions.next_slot(slot or at, self.p.interval.delta, at)
        total = self.p.quote_amount * slots
        return min(total, self.p.max_total) if self.p.max_total is not None else total

    def decide(self, seen: Seen, at: datetime, state: State) -> list[decisions.Order]:
        if state.slot is not None and at < state.slot:
            return []
        state.slot = decisions.next_slot(state.slot or at, self.p.interval.delta, at)
        order = decisions.dca_due(self.p, Decimal(str(state.memory.get("spent", "0"))))
        return [order] if order is not None else []

    def filled(self, state: State, fills: list[decisions.Filled]) -> None:
        spent = decisions.dca_spent(Decimal(str(state.memory.get("spent", "0"))), fills)
        state.memory["spent"] = spent


class GridPolicy:
    def __init__(self, p: GridParams, rules: SymbolRules) -> None:
        self.p = p
        self.levels = grid_levels(p, rules)

    def start_cash(self, closes: Sequence[datetime]) -> Decimal:
        return self.p.quote_per_grid * self.p.grids  # every level can be bought once

    def decide(self, seen: Seen, at: datetime, state: State) -> list[decisions.Order]:
        price = seen.last.close
        last = state.memory.get("last")
        state.memory["last"] = price
        if not isinstance(last, Decimal):
            return []  # armed at the first close, as a new grid trader is
        held = state.memory.setdefault("held", {})
        assert isinstance(held, dict)
        return decisions.grid_orders(self.p, self.levels, last, price, held)

    def filled(self, state: State, fills: list[decisions.Filled]) -> None:
        held = state.memory.get("held", {})
        assert isinstance(held, dict)
        state.memory["held"] = decisions.grid_held(held, fills)


def policy_for(params: DcaParams | GridParams, rules: SymbolRules) -> Policy:
    return DcaPolicy(params) if isinstance(params, DcaParams) else GridPolicy(params, rules)


class Tape:
    """What a replay records on its paper account: the fills (each as the paper exchange fills
    one: a buy at the ask, the close; a sell at the bid one ``spread`` under it, from
    core.backtest.fills.candle_book), the equity at each close valued at that bid, and buying and
    holding with the same cash at the first ask. One recorder for every kind of strategy."""

    def __init__(
        self,
        *,
        symbol: str,
        base: str,
        interval: str,
        rules: SymbolRules,
        cash: Decimal,
        first_ask: Decimal,
        fee_rate: Decimal = DEFAULT_TAKER_FEE,
        spread: Decimal = PAPER_SPREAD,
    ) -> None:
        self.symbol, self.base, self.interval, self.rules = symbol, base, interval, rules
        self.fee_rate, self.spread = fee_rate, spread
        self.cash = cash
        self.wallet = Wallet(base, cash)
        self.hold_qty = quantity_for_quote(cash, first_ask, fee_rate, rules)
        self.hold_cash = cash - self.hold_qty * first_ask - fee_of(self.hold_qty * first_ask, fee_rate)
        self.trades: list[Trade] = []
        self.points: list[Point] = []
        self.rejected = 0

    def book(self, close: Decimal) -> Book:
        return candle_book(self.symbol, close, self.rules, self.spread)

    def fill(self, at: datetime, order: decisions.Order, book: Book) -> Fill | None:
        """``order`` filled on ``book`` and recorded, or None (counted) when the paper exchange
        would have refused it."""
        fill = self.wallet.fill(self.symbol, order, book, self.rules, self.fee_rate)
        if fill is None:
            self.rejected += 1
            return None
        self.trades.append(
            Trade(at, order.side, fill.price, fill.quantity, fill.quote_amount, fill.fee, order.level)
        )
        return fill

    def bid(self, close: Decimal) -> Decimal:
        return candle_bid(close, self.rules, self.spread)

    def mark(self, at: datetime, close: Decimal, bid: Decimal) -> None:
        """Equity at this close, the coin valued at ``bid`` (the candle's: Tape.bid)."""
        w = self.wallet
        self.points.append(Point(at, close, w.cash + w.coin * bid, self.hold_cash + self.hold_qty * bid))

    def result(self, start: datetime, *, gaps: tuple[Gap, ...] = (), source: str = "") -> Result:
        """The figures over the candles marked so far (``start``: the first one's open)."""
        points, trades, cash = self.points, self.trades, self.cash
        last = points[-1]
        return Result(
            symbol=self.symbol,
            base=self.base,
            interval=self.interval,
            start=start,
            end=last.at,
            candles=len(points),
            start_cash=cash,
            cash=self.wallet.cash,
            holdings=self.wallet.coin,
            final_price=last.price,
            final_equity=last.equity,
            return_pct=_pct(last.equity, cash),
            hold_return_pct=_pct(last.hold, cash),
            max_drawdown_pct=max_drawdown(p.equity for p in points),
            buys=sum(1 for t in trades if t.side == "buy"),
            sells=sum(1 for t in trades if t.side == "sell"),
            fees=sum((t.fee for t in trades), Decimal(0)),
            rejected=self.rejected,
            trades=tuple(trades),
            points=tuple(points),
            gaps=gaps,
            source=source,
        )


def replay(
    policy: Policy,
    candles: Sequence[Candle],
    *,
    symbol: str,
    base: str,
    interval: str,
    rules: SymbolRules,
    fee_rate: Decimal = DEFAULT_TAKER_FEE,
    gaps: tuple[Gap, ...] = (),
    source: str = "",
    spread: Decimal = PAPER_SPREAD,
) -> Result:
    """``policy`` over ``candles`` (oldest first, gaps left as they are), each order filled as the
    paper exchange fills one (Tape); equity and holding valued at the bid."""
    if not candles:
        raise ValueError("no candles to replay")
    step = interval_delta(interval)
    cash = policy.start_cash([c.open_time + step for c in candles])
    tape = Tape(symbol=symbol, base=base, interval=interval, rules=rules, cash=cash,
                first_ask=candles[0].close, fee_rate=fee_rate, spread=spread)  # fmt: skip
    state = State()
    for i, candle in enumerate(candles):
        at = candle.open_time + step  # its close: the decision's time
        close = candle.close
        orders = policy.decide(Seen(candles, i + 1), at, state)
        if orders:  # most closes trade nothing: their book is only its bid, for the equity
            book = tape.book(close)
            fills: list[decisions.Filled] = []
            for order in orders:
                fill = tape.fill(at, order, book)
                if fill is not None:
                    fills.append(
                        decisions.Filled(order.side, fill.quantity, fill.quote_amount, fill.fee, order.level)
                    )
            if fills:
                policy.filled(state, fills)
        tape.mark(at, close, tape.bid(close))
    return tape.result(candles[0].open_time, gaps=gaps, source=source)


def _pct(value: Decimal, start: Decimal) -> Decimal:
    return ((value - start) / start * HUNDRED).quantize(Decimal("0.01")) if start else Decimal(0)


def max_drawdown(equity: Iterable[Decimal]) -> Decimal:
    """The deepest fall from a running peak, in percent of that peak (0 when it never fell)."""
    peak = Decimal(0)
    worst = Decimal(0)
    for value in equity:
        if value > peak:
            peak = value
        elif peak > 0:
            worst = max(worst, (peak - value) / peak)
    return (worst * HUNDRED).quantize(Decimal("0.01"))
