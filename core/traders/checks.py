"""Pre-launch checks, in a fixed order: the account (reachable, and funded above the minimum
order), the strategy (valid for its symbols' filters), the model config (for ``ai``: enabled,
and answering). The first that fails stops the start and says what to do; nothing is changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from core.market import MarketError
from core.markets import MarketCatalog
from core.planner.ports import ModelError
from core.strategies import AiParams, DcaParams, GridParams, InvalidParams, Strategy, validate
from core.traders.ports import DecisionModels
from core.trading.model import QUOTE_ASSET
from core.trading.ports import ExchangeError
from core.trading.service import TradingService
from core.workspace.accounts import ExchangeAccount
from core.workspace.model_configs import ModelConfig

CheckName = Literal["account", "strategy", "model"]
PING_TIMEOUT = 15.0  # seconds for the model's "are you there" request


@dataclass(frozen=True, slots=True)
class CheckFailure:
    """Which check failed, and the message key (with its figures) saying what to do."""

    check: CheckName
    key: str
    params: dict[str, str] = field(default_factory=dict)


def minimum_order(strategy: Strategy, catalog: MarketCatalog) -> Decimal:
    """The least one order of this strategy spends: what the account must hold to start."""
    p = strategy.params
    if isinstance(p, DcaParams):
        return p.quote_amount
    if isinstance(p, GridParams):
        return p.quote_per_grid
    assert isinstance(p, AiParams)
    floors = [r.min_notional for s in p.symbols if (r := catalog.rules(s)) is not None]
    return max(floors, default=Decimal(0))


async def prelaunch(
    *,
    name: str,
    account: ExchangeAccount | None,
    strategy: Strategy | None,
    model: ModelConfig | None,
    trading: TradingService,
    catalog: MarketCatalog,
    models: DecisionModels,
    locale: str,
) -> CheckFailure | None:
    """The first failing check, or None when the trader may start."""
    if account is None:
        return CheckFailure("account", "trader.fix.account_gone", {"name": name})
    if strategy is None:
        return CheckFailure("strategy", "trader.fix.strategy_gone", {"name": name})
    try:
        balances = await trading.raw_balances(account)
    except ExchangeError as exc:
        error = f"{exc.code} {exc.message}".strip()
        return CheckFailure("account", "trader.fix.unreachable", {"account": account.name, "error": error})
    except MarketError as exc:
        return CheckFailure("account", "trader.fix.unreachable", {"account": account.name, "error": exc.code})
    free = next((b.free for b in balances if b.asset == QUOTE_ASSET), Decimal(0))
    need = minimum_order(strategy, catalog)
    if free < need or free <= 0:
        return CheckFailure(
            "account",
            "trader.fix.unfunded",
            {"account": account.name, "free": _plain(free), "need": _plain(need)},
        )
    try:
        validate(strategy.params, catalog)
    except InvalidParams as exc:
        return CheckFailure("strategy", "trader.fix.strategy_invalid", {"reason": exc.message(locale)})  # type: ignore[arg-type]
    if strategy.kind != "ai":
        return None
    if model is None:
        return CheckFailure("model", "trader.fix.no_model", {"name": name})
    if not model.enabled:
        return CheckFailure("model", "trader.fix.model_disabled", {"model": model.name})
    try:
        await models.complete(
            model, [{"role": "user", "content": "Reply with OK."}], max_tokens=5, timeout=PING_TIMEOUT
        )
    except ModelError as exc:
        return CheckFailure("model", "trader.fix.model_silent", {"model": model.name, "error": exc.code})
    return None


def _plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text
