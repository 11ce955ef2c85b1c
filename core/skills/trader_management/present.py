"""How trader_management shows a trader: its card (state, account, strategy, model, switches and,
for a status question, its last decision, orders and P&L) and the one-line labels it is made of."""

from __future__ import annotations

import contextlib
from datetime import datetime
from decimal import Decimal

from core.i18n import Locale, is_zh, localized
from core.market import MarketError
from core.markets import MarketCatalog
from core.reply import DetailsBlock
from core.skills.trader_management.deps import TraderDeps
from core.state import Task
from core.strategies import Strategy
from core.tasks.flow import owner_of
from core.traders.errors import error_text, invalid_summary
from core.traders.model import Tally, Trader
from core.traders.runtime import interval_of
from core.trading.service import kind_of
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount


async def account_of(deps: TraderDeps, trader: Trader | None) -> ExchangeAccount | None:
    if trader is None or trader.account_id is None:
        return None
    return await deps.accounts.get(trader.owner, trader.account_id)


async def task_rows(deps: TraderDeps, turn: Turn, task: Task) -> tuple[tuple[str, str], ...]:
    owner = owner_of(turn)
    rows = [(turn.t("trader.field.name"), str(task.slots.get("name", "")))]
    account = await deps.accounts.get(owner, str(task.slots.get("account", "")))
    if account is not None:
        rows.append((turn.t("trader.field.account"), account_label(turn, account)))
    strategy = await deps.strategies.get(owner, str(task.slots.get("strategy", "")))
    if strategy is not None:
        rows.append((turn.t("trader.field.strategy"), strategy_text(turn, strategy, deps.catalog)))
    return tuple(rows)


async def details(
    deps: TraderDeps, turn: Turn, trader: Trader | None, name: str, *, status: bool = False
) -> DetailsBlock:
    title = turn.t("trader.title", name=name)
    if trader is None:
        return DetailsBlock(title, ())
    owner = trader.owner
    rows: list[tuple[str, str]] = [
        (turn.t("trader.field.state"), turn.t(f"trader.state.{trader.state.value}"))
    ]
    account = await account_of(deps, trader)
    rows.append((turn.t("trader.field.account"), account_label(turn, account) if account else "—"))
    strategy = await deps.strategies.get(owner, trader.strategy_id or "")
    rows.append(
        (
            turn.t("trader.field.strategy"),
            strategy_text(turn, strategy, deps.catalog) if strategy else "—",
        )
    )
    if trader.model_id:
        model = await deps.model_configs.get(owner, trader.model_id)
        rows.append((turn.t("trader.field.model"), model.name if model else "—"))
    switch = "trader.on" if trader.auto_start else "trader.off"
    rows.append((turn.t("trader.field.auto_start"), turn.t(switch)))
    rows.append(
        (
            turn.t("trader.field.daily_summary"),
            turn.t("trader.on" if trader.daily_summary else "trader.off"),
        )
    )
    if not status or trader.run == 0:
        if trader.last_error:
            rows.append((turn.t("trader.field.last_error"), error_text(turn.locale, trader.last_error)))
        return DetailsBlock(title, tuple(rows))
    if trader.started_at is not None and trader.state.active:
        rows.append((turn.t("trader.field.since"), when(trader.started_at)))
    decisions = await deps.traders.decisions(trader.id, run=trader.run)
    last = next((d for d in decisions if d.status == "done"), None)
    if last is None:
        rows.append((turn.t("trader.field.last_decision"), turn.t("trader.never")))
    else:
        text = f"{turn.t(f'trader.decision.{last.action}')} · {when(last.at)}"
        if last.action == "invalid":  # the kind of invalid answer, in the reader's words
            text += f" · {invalid_summary(turn.locale, [last.reason])}"
        elif last.error:
            text += f" · {error_text(turn.locale, last.error)}"
        elif last.reason:
            text += f" · {last.reason[:120]}"
        rows.append((turn.t("trader.field.last_decision"), text))
    tally = Tally()
    for d in reversed(decisions):
        tally = tally.add(d)
    rows.append(
        (
            turn.t("trader.field.orders"),
            turn.t(
                "trader.orders_line",
                orders=tally.orders,
                fills=tally.fills,
                bought=money(tally.bought_quote),
                sold=money(tally.sold_quote),
                fees=money(tally.fees),
            ),
        )
    )
    prices: dict[str, Decimal] = {}
    for symbol, qty in tally.net_base.items():
        if qty:
            with contextlib.suppress(MarketError):
                prices[symbol] = (await deps.trading.books.get_book(symbol)).bid
    pnl = tally.pnl(prices)
    rows.append(
        (
            turn.t("trader.field.pnl"),
            f"{money(pnl)} USDT" if pnl is not None else turn.t("trader.pnl_unknown"),
        )
    )
    aside = trader.memory.get("set_aside") or []
    if aside:  # a grid's holdings its edited strategy left outside its range (core.traders.regrid)
        items = [
            turn.t(
                "trader.set_aside_item",
                quantity=x.get("quantity", "?"),
                base=deps.catalog.base_of(x["symbol"]) if x.get("symbol") else "",
                price=x.get("bought_near") or "?",
            )
            for x in aside
        ]
        rows.append((turn.t("trader.field.set_aside"), ("、" if is_zh(turn.locale) else ", ").join(items)))
    if trader.last_error:
        rows.append((turn.t("trader.field.last_error"), error_text(turn.locale, trader.last_error)))
    return DetailsBlock(title, tuple(rows))


def account_label(turn: Turn, account: ExchangeAccount) -> str:
    kind = turn.t("trader.paper") if kind_of(account) == "paper" else turn.t("trader.live")
    return f"{account.name} · {kind}"


def strategy_text(turn: Turn, strategy: Strategy | None, catalog: MarketCatalog) -> str:
    if strategy is None:
        return "—"
    coins = "/".join(catalog.base_of(s) for s in strategy.symbols)
    return f"{strategy.name} · {turn.t(f'trader.kind.{strategy.kind}')} · {coins}"


def interval_text(locale: Locale, strategy: Strategy | None) -> str:
    if strategy is None:
        return "—"
    seconds = int(interval_of(strategy).total_seconds())
    for unit, size, zh in (("d", 86400, "天"), ("h", 3600, "小时"), ("m", 60, "分钟")):
        if seconds % size == 0:
            n = seconds // size
            if is_zh(locale):
                return f"{n} {localized({'zh': zh, 'en': zh}, locale)}"
            word = {"d": "day", "h": "hour", "m": "minute"}[unit]
            return f"{n} {word}{'s' if n != 1 else ''}"
    return f"{seconds} s"


def checks_for(strategy: Strategy | None) -> tuple[str, ...]:
    return (
        ("account", "strategy", "model")
        if strategy is not None and strategy.kind == "ai"
        else ("account", "strategy")
    )


def when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def money(value: Decimal) -> str:
    return format(value.quantize(Decimal("0.01")).normalize(), "f") if value else "0"
