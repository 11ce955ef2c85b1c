"""What a trader's tick decides: a dca's buy, a grid's crossed levels (its levels read from the
strategy as it is now, holdings carried over when they changed: core.traders.regrid), an ai
trader's model's answer (core.traders.ai.ask), each as a Decision with its legs under client order
ids that are the same on every re-run. The runtime (core.traders.runtime) records and acts on it."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Any, Final

from core.i18n import Locale
from core.market import MarketError
from core.markets import MarketCatalog
from core.planner.budget import TokenBudget
from core.planner.ports import ModelResponse
from core.strategies import AiParams, DcaParams, GridParams, Strategy, grid_levels
from core.traders import ai, decide, regrid
from core.traders.model import Decision, DecisionAction, Leg, Trader
from core.traders.ports import DecisionModels, TickRead
from core.traders.regrid import Rebuilt
from core.trading.ports import ExchangeError
from core.trading.service import TradingService
from core.workspace.accounts import ExchangeAccount, ExchangeAccountRepository
from core.workspace.model_configs import ModelConfigRepository

AI_MAX_TOKENS: Final = 300


def client_order_id(trader_id: str, run: int, slot: str, leg: int) -> str:
    """A leg's idempotency key, the same on every re-run: "dt" + 28 hex (valid on every exchange)."""
    digest = hashlib.sha256(f"{trader_id}:{run}:{slot}:{leg}".encode()).hexdigest()
    return "dt" + digest[:28]


@dataclass
class Tick:
    """One tick of a trader's run as it is worked: the trader, its strategy, the slot and its time."""

    trader: Trader
    strategy: Strategy
    slot: str
    locale: Locale
    now: datetime
    price: str | None = None  # what a grid tick saw (its next tick compares against it)
    rebuilt: Rebuilt | None = None  # a grid whose levels changed while it held something
    read: TickRead | None = None  # read with the other ticks of its batch (its account is there)


class TickDecisions:
    """The runtime's decisions (core.traders.runtime.TraderRuntime is one)."""

    accounts: ExchangeAccountRepository
    catalog: MarketCatalog
    trading: TradingService
    model_configs: ModelConfigRepository
    models: DecisionModels | None
    budget: TokenBudget | None
    deadline: float

    def _levels(self, tick: Tick) -> Tick:
        """A grid's levels from its strategy as it is now: when they changed since the last tick
        (the strategy was edited), its holdings are carried over (core.traders.regrid)."""
        p = tick.strategy.params
        rules = self.catalog.rules(p.symbol) if isinstance(p, GridParams) else None
        if not isinstance(p, GridParams) or rules is None:
            return tick
        now = regrid.signature(p.symbol, grid_levels(p, rules))
        memory = dict(tick.trader.memory)
        before = memory.get("grid")
        rebuilt = regrid.rebuild(before, now, dict(memory.get("held", {})))
        memory["grid"] = now
        if before is not None and before.get("symbol") != p.symbol:
            memory.pop("last", None)  # another coin: its price is watched afresh
        if rebuilt is not None:
            memory["held"] = rebuilt.held
            memory["set_aside"] = [*memory.get("set_aside", []), *rebuilt.set_aside]
        shown = rebuilt if rebuilt is not None and rebuilt.moved else None
        return replace(tick, trader=replace(tick.trader, memory=memory), rebuilt=shown)

    async def _decide(self, tick: Tick) -> Decision:
        trader, p = tick.trader, tick.strategy.params
        base = Decision(trader.id, trader.run, tick.slot, tick.now, "hold", owner=trader.owner)
        try:
            if isinstance(p, DcaParams):
                return self._dca(tick, p, base)
            if isinstance(p, GridParams):
                return await self._grid(tick, p, base)
            assert isinstance(p, AiParams)
            return await self._ai(tick, p, base)
        except (MarketError, ExchangeError) as exc:
            code = getattr(exc, "code", type(exc).__name__)
            return replace(
                base, action="error", error=f"{code}: {exc}", reason="market or exchange unavailable"
            )

    def _leg(self, tick: Tick, n: int, **fields: Any) -> Leg:
        return Leg(client_order_id=client_order_id(tick.trader.id, tick.trader.run, tick.slot, n), **fields)

    def _dca(self, tick: Tick, p: DcaParams, base: Decision) -> Decision:
        order = decide.dca_due(p, Decimal(str(tick.trader.memory.get("spent", "0"))))
        if order is None:
            return replace(base, action="skipped", reason="max_total reached")
        leg = self._leg(tick, 0, side=order.side, symbol=p.symbol, amount=order.amount, unit=order.unit)
        return replace(base, action="buy", reason=f"dca {_s(p.quote_amount)} USDT", legs=(leg,))

    async def _grid(self, tick: Tick, p: GridParams, base: Decision) -> Decision:
        rules = self.catalog.rules(p.symbol)
        if rules is None:
            return replace(base, action="error", error=f"unsupported_symbol: {p.symbol}")
        book = await self.trading.books.get_book(p.symbol)
        price = (book.bid + book.ask) / 2
        tick.price = _s(price)
        memory = tick.trader.memory
        last = memory.get("last")
        if last is None:
            return replace(base, reason=f"grid armed at {_s(price)}")
        prev = Decimal(str(last))
        levels = grid_levels(p, rules)
        held: dict[str, str] = dict(memory.get("held", {}))
        legs = [
            self._leg(tick, n, side=o.side, symbol=p.symbol, amount=o.amount, unit=o.unit, level=o.level)
            for n, o in enumerate(decide.grid_orders(p, levels, prev, price, held))
        ]
        rebuilt = tick.rebuilt
        note = (
            f"levels rebuilt ({rebuilt.carried} carried, {len(rebuilt.set_aside)} set aside); "
            if rebuilt is not None
            else ""
        )
        if not legs:
            return replace(base, reason=f"{note}no level crossed ({_s(prev)} -> {_s(price)})")
        action: DecisionAction = "sell" if all(leg.side == "sell" for leg in legs) else "buy"
        return replace(
            base,
            action=action,
            reason=f"{note}crossed {len(legs)} level(s): {_s(prev)} -> {_s(price)}",
            legs=tuple(legs),
        )

    async def _ai(self, tick: Tick, p: AiParams, base: Decision) -> Decision:
        trader = tick.trader
        config = await self.model_configs.get(trader.owner, trader.model_id or "")
        if config is None or not config.enabled or self.models is None:
            return replace(
                base, action="error", error="model_unavailable: the model config is missing or disabled"
            )
        day = tick.now.date()
        if self.budget is not None and await self.budget.exceeded(trader.owner, day):
            return replace(base, action="skipped", reason="token budget used up for today")
        account = await self._account(tick)
        if account is None:
            return replace(base, action="error", error="account_gone")
        models = self.models

        def model(messages: list[dict[str, Any]]) -> Awaitable[ModelResponse]:
            return models.complete(config, messages, max_tokens=AI_MAX_TOKENS, timeout=self.deadline)

        # The one decision path (core.traders.ai.ask), which a backtest replays too.
        desk = ai.AccountDesk(self.trading, account)
        asked = await ai.ask(p, desk, model, self.catalog.base_of, self.deadline)
        if asked.action in ("skipped", "error"):
            return replace(base, action=asked.action, reason=asked.reason, error=asked.error)
        tokens = asked.usage.total
        if self.budget is not None:
            await self.budget.charge(trader.owner, day, tokens)
        base = replace(base, tokens=tokens)
        if asked.action in ("hold", "invalid"):
            return replace(base, action=asked.action, reason=asked.reason)
        assert asked.amount is not None and asked.action in ("buy", "sell")
        leg = self._leg(tick, 0, side=asked.action, symbol=asked.symbol, amount=asked.amount, unit=asked.unit)
        return replace(base, action=asked.action, reason=asked.reason, legs=(leg,))

    async def _account(self, tick: Tick) -> ExchangeAccount | None:
        if tick.read is not None:
            return tick.read.account
        trader = tick.trader
        return await self.accounts.get(trader.owner, trader.account_id or "")


def _s(value: Decimal) -> str:
    return format(value.normalize(), "f")
