"""trader_diagnosis and strategy_diagnosis, on the trader and strategy stores.

Why a trader does not start or does not trade, evidence in this order: its state and last error,
what it is set up with (account, strategy, model), its recent decisions (hold vs invalid vs
skipped vs error), the account (free USDT against the strategy's smallest order, the strategy
against the symbol's filters), the exchange's results of its orders, the model's recent errors.
Why a strategy does not trade: its parameters against the symbol's filters, then against the
market (a grid whose range the price has left never trades). Never a suggestion to raise a system
limit (deskmate's caps, the exchange's filters): the strategy or the order is fitted to them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from core.diagnosis.causes import exchange_cause
from core.diagnosis.pasted import clean
from core.diagnosis.report import Checklist, answer, nothing_to_check, say
from core.i18n import is_zh
from core.language.gazetteer import named_in
from core.market import MarketError
from core.markets import MarketCatalog
from core.reply import Block, DiagnosisBlock
from core.skills.base import OneShotSkill
from core.skills.diagnosis.common import R, finish, rules_detail, targeted
from core.skills.diagnosis.names import name_after
from core.state import Task
from core.strategies import GridParams, InvalidParams, Strategy, StrategyStore, validate
from core.tasks.actions import ActionSpec, Done
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.traders.checks import minimum_order
from core.traders.errors import LATE, error_text, invalid_summary
from core.traders.model import Decision, Trader, TraderState
from core.traders.ports import TraderStore
from core.trading.model import QUOTE_ASSET
from core.trading.ports import ExchangeError
from core.trading.service import TradingService
from core.turn import Turn
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.model_configs import ModelConfigRepository

TRADER_SKILL = "trader_diagnosis"
STRATEGY_SKILL = "strategy_diagnosis"
MAX_SHOWN = 3
RECENT = 50  # decisions of the current run looked at
_CAPS = {"cap_notional": "risk_cap_notional", "cap_equity_share": "risk_cap_share"}
_MODEL_ERROR = re.compile(r"model|模型|http_\d{3}|timeout|budget|token|quota|json", re.IGNORECASE)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def _named_missing(turn: Turn, skill: str, kind: str, name: str, owned: list[Any]) -> DiagnosisBlock:
    """A trader or strategy named that the person does not have: said back, with what they have;
    none of theirs is checked in its place."""
    locale = turn.locale
    params = {
        "name": name,
        "kind": say(locale, f"dx.kind.{kind}"),
        "names": ("、" if is_zh(locale) else ", ").join(o.name for o in owned),
    }
    # None at all: said so (and how to make one), not an empty list.
    detail = say(locale, "dx.detail.named_missing" if owned else "dx.detail.named_none", params)
    cause = "named_missing" if owned else f"{kind}_named_none"
    checks = Checklist(locale)
    checks.failed(kind, detail, None, cause)
    title = say(locale, "dx.title.traders_none" if kind == "trader" else "dx.title.strategies_none")
    return answer(skill, checks, title=title, happened=detail, ok_cause=cause, params=params)


_PLURAL = {"trader": "traders", "strategy": "strategies"}


async def diagnose_owned(
    skill: OneShotSkill,
    turn: Turn,
    task: Task,
    kind: str,
    owned: Sequence[R],
    rank: Callable[[R], Any],
    check: Callable[[Turn, R], Awaitable[DiagnosisBlock]],
) -> Done:
    """The trader and strategy diagnoses' one shape: the record the request names (by the
    planner's id, else by one of the person's names), else a named one they do not have said back
    and none checked in its place, else theirs in ``rank`` order (at most MAX_SHOWN), else that
    there is none to check."""
    picked = targeted(task, owned) or _named(list(owned), turn.text)
    missing = None if picked else name_after(turn.text, f"noun.{kind}")
    if missing is not None:
        return finish(skill.name, turn, task, [_named_missing(turn, skill.name, kind, missing, list(owned))])
    chosen = picked or sorted(owned, key=rank)
    blocks: list[Block] = [await check(turn, item) for item in chosen[:MAX_SHOWN]]
    if not blocks:
        many = _PLURAL[kind]
        blocks.append(
            nothing_to_check(
                skill.name,
                turn.locale,
                check=kind,
                detail=f"dx.detail.no_{many}",
                cause=f"no_{many}",
                title=f"dx.title.{many}_none",
                ok_cause=f"{kind}_ok",
            )
        )
    return finish(skill.name, turn, task, blocks)


def _named(items: list[Any], text: str) -> list[Any]:
    said = name_key(text)
    found = []
    for item in items:
        key = name_key(item.name)
        if key and named_in(key, said):
            found.append(item)
    return found


class TraderDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = TRADER_SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        traders: TraderStore,
        strategies: StrategyStore,
        accounts: ExchangeAccountRepository,
        models: ModelConfigRepository,
        trading: TradingService,
        catalog: MarketCatalog,
    ) -> None:
        super().__init__(actions)
        self.traders = traders
        self.strategies = strategies
        self.accounts = accounts
        self.models = models
        self.trading = trading
        self.catalog = catalog

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        owned = await self.traders.owned(owner_of(turn))

        # Unless one is named: those that are not running well (stopped on an error first).
        def rank(t: Trader) -> tuple[bool, bool]:
            return (t.state is not TraderState.ERROR, t.state is TraderState.RUNNING)

        return await diagnose_owned(self, turn, task, "trader", owned, rank, self._trader)

    async def _trader(self, turn: Turn, trader: Trader) -> DiagnosisBlock:
        locale = turn.locale
        owner = owner_of(turn)
        checks = Checklist(locale)
        account = await self.accounts.get(owner, trader.account_id) if trader.account_id else None
        strategy = await self.strategies.get(owner, trader.strategy_id) if trader.strategy_id else None
        model = await self.models.get(owner, trader.model_id) if trader.model_id else None
        params: dict[str, object] = {
            "name": trader.name,
            "account": account.name if account else "—",
            "strategy": strategy.name if strategy else "—",
            "model": model.name if model else "—",
            "error": error_text(locale, trader.last_error),
            "rules": "; ".join(rules_text(turn, self.catalog, s) for s in strategy.symbols)
            if strategy
            else "—",
        }
        # 1. its state and last error
        state = say(locale, f"dx.trader_state.{trader.state.value}")
        detail = say(
            locale, "dx.detail.trader_state", {"state": state, "ticks": trader.ticks, "orders": trader.orders}
        )
        if trader.state is TraderState.ERROR:
            shown = f"{detail} · {error_text(locale, trader.last_error)}"
            checks.failed("state", shown, "error", "trader_error")
        elif trader.state is TraderState.STOPPED:
            checks.failed("state", detail, "stopped", "trader_stopped")
        else:
            checks.ok("state", detail)
        # 2. what it is set up with
        if account is None:
            checks.failed("setup", say(locale, "dx.detail.account_gone", params), None, "trader_account_gone")
        elif strategy is None:
            checks.failed(
                "setup", say(locale, "dx.detail.strategy_gone", params), None, "trader_strategy_gone"
            )
        elif strategy.kind == "ai" and (model is None or not model.enabled):
            checks.failed("setup", say(locale, "dx.detail.no_model", params), None, "trader_no_model")
        else:
            checks.ok("setup", say(locale, "dx.detail.setup", params))
        # 3. its recent decisions
        decisions = await self.traders.decisions(trader.id, trader.run or None, RECENT) if trader.run else []
        self._decisions(turn, checks, trader, decisions, params)
        # 4. the account against the strategy's smallest order, and the strategy against the filters
        await self._account(turn, checks, account, strategy, params)
        # 5. the exchange's results of its orders
        self._results(turn, checks, decisions, params)
        # 6. the model's recent errors
        self._model(turn, checks, strategy, decisions, params)
        happened = "dx.happened.trader_ok" if checks.passed else "dx.happened.trader_failed"
        return answer(
            TRADER_SKILL,
            checks,
            title=say(locale, "dx.title.trader", params),
            happened=say(locale, happened, params),
            ok_cause="trader_ok",
            params=params,
        )

    def _decisions(
        self,
        turn: Turn,
        checks: Checklist,
        trader: Trader,
        decisions: list[Decision],
        params: dict[str, object],
    ) -> None:
        locale = turn.locale
        if not decisions:
            if trader.state is TraderState.RUNNING:
                checks.ok("decisions", say(locale, "dx.detail.no_decisions_yet"))
            else:
                checks.skipped("decisions", say(locale, "dx.detail.no_decisions"))
            return
        counts = Counter(d.action for d in decisions)
        shown = ", ".join(f"{say(locale, f'dx.action.{a}')} {n}" for a, n in counts.most_common())
        detail = say(locale, "dx.detail.decisions", {"count": len(decisions), "counts": shown})
        # Invalid answers and failed ticks are failures even beside trades: each kind explained.
        invalid = [d.reason for d in decisions if d.action == "invalid"]
        if invalid:
            late = [d.reason for d in decisions if d.action == "skipped" and d.reason == LATE]
            params["kinds"] = invalid_summary(locale, invalid + late)
            checks.failed("decisions", f"{detail} · {params['kinds']}", "invalid", "trader_model_invalid")
            return
        errors = [d for d in decisions if d.action == "error"]
        if errors:
            last = error_text(locale, errors[0].error or errors[0].reason)
            model = [d for d in errors if (d.error or "").startswith("model_")]
            if len(model) * 2 >= len(errors):  # mostly the model's failures: said as such, counted
                params["model_errors"] = len(model)
                checks.failed("decisions", f"{detail} · {last}", "error", "trader_model_errors")
            else:
                params["tick_errors"], params["tick_error"] = len(errors), last
                checks.failed("decisions", f"{detail} · {last}", "error", "trader_tick_errors")
            return
        traded = counts["buy"] + counts["sell"]
        if traded:
            checks.ok("decisions", detail)
            return
        reasons = [d.reason or d.error or "" for d in decisions if d.action == counts.most_common(1)[0][0]]
        last = clean(reasons[0], 160) if reasons and reasons[0] else ""
        full = f"{detail} · {last}" if last else detail
        top = counts.most_common(1)[0][0]
        cause = {
            "hold": "trader_holding",
            "invalid": "trader_model_invalid",
            "skipped": "trader_skipping",
            "error": "trader_tick_errors",
        }.get(top, "trader_holding")
        checks.failed("decisions", full, top, cause)

    async def _account(
        self,
        turn: Turn,
        checks: Checklist,
        account: Any,
        strategy: Strategy | None,
        params: dict[str, object],
    ) -> None:
        locale = turn.locale
        if account is None or strategy is None:
            checks.skipped("funding")
            return
        try:
            validate(strategy.params, self.catalog)
        except InvalidParams as exc:
            params["reason"] = exc.message(locale)
            checks.failed("funding", exc.message(locale), exc.code, "strategy_invalid")
            return
        need = minimum_order(strategy, self.catalog)
        try:
            balances = await self.trading.raw_balances(account)
        except ExchangeError as exc:
            code = exc.code
            cause = exchange_cause(
                "binance" if "binance" in account.exchange else account.exchange, code, exc.message, exc.fault
            )
            checks.failed("funding", f"{code} {clean(exc.message, 160)}", code, cause)
            return
        except MarketError as exc:
            checks.skipped("funding", exc.code)
            return
        free = next((b.free for b in balances if b.asset == QUOTE_ASSET), Decimal(0))
        values = {"free": _plain(free), "need": _plain(need)}
        params.update(values)
        if free < need:
            checks.failed("funding", say(locale, "dx.detail.unfunded", values), "unfunded", "trader_unfunded")
        else:
            checks.ok("funding", say(locale, "dx.detail.funded", values))

    def _results(
        self, turn: Turn, checks: Checklist, decisions: list[Decision], params: dict[str, object]
    ) -> None:
        outcomes = [o for d in decisions for o in d.outcomes]
        if not outcomes:
            checks.skipped("exchange", say(turn.locale, "dx.detail.no_orders"))
            return
        bad = [o for o in outcomes if o.status in ("rejected", "error", "unknown")]
        if not bad:
            checks.ok("exchange", say(turn.locale, "dx.detail.orders_ok", {"count": len(outcomes)}))
            return
        last = bad[0]  # decisions are newest first
        code = last.error_code or last.status
        if code in _CAPS:
            cause = _CAPS[code]
        elif last.status == "unknown":
            cause = "order_unknown"
        else:
            cause = exchange_cause("binance", code, last.error_message or "")
        params["message"] = last.error_message or ""
        detail = say(
            turn.locale,
            "dx.detail.orders_bad",
            {
                "bad": len(bad),
                "count": len(outcomes),
                "code": code,
                "message": clean(last.error_message or "", 160),
            },
        )
        checks.failed("exchange", detail, code, cause)

    def _model(
        self,
        turn: Turn,
        checks: Checklist,
        strategy: Strategy | None,
        decisions: list[Decision],
        params: dict[str, object],
    ) -> None:
        if strategy is None or strategy.kind != "ai":
            checks.skipped("model_errors", say(turn.locale, "dx.detail.not_ai"))
            return
        # The model's own failures (an HTTP error, a timeout): an invalid answer is the decisions
        # check's, told there by kind.
        errors = [
            d.error or d.reason
            for d in decisions
            if d.action in ("skipped", "error") and _MODEL_ERROR.search(d.error or d.reason or "")
        ]
        if errors:
            params["model_errors"] = len(errors)
            last = (
                error_text(turn.locale, errors[0])
                if errors[0] != LATE
                else invalid_summary(turn.locale, [LATE])
            )
            detail = say(turn.locale, "dx.detail.model_errors", {"count": len(errors), "last": last})
            checks.failed("model_errors", detail, "model_errors", "trader_model_errors")
        else:
            checks.ok("model_errors", say(turn.locale, "dx.detail.no_model_errors"))


# -- strategies -----------------------------------------------------------------------------------


class StrategyDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = STRATEGY_SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        strategies: StrategyStore,
        trading: TradingService,
        catalog: MarketCatalog,
    ) -> None:
        super().__init__(actions)
        self.strategies = strategies
        self.trading = trading
        self.catalog = catalog

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        owned = await self.strategies.owned(owner_of(turn))
        # Unless one is named: the default strategy first.
        return await diagnose_owned(
            self, turn, task, "strategy", owned, lambda s: not s.is_default, self._strategy
        )

    async def _strategy(self, turn: Turn, strategy: Strategy) -> DiagnosisBlock:
        locale = turn.locale
        checks = Checklist(locale)
        params: dict[str, object] = {"strategy": strategy.name, "kind": strategy.kind}
        # 1. the symbols and their filters
        unknown = [s for s in strategy.symbols if self.catalog.rules(s) is None]
        if unknown:
            detail = say(locale, "dx.detail.symbol_unknown", {"symbol": ", ".join(unknown)})
            checks.failed("symbol", detail, "-1121", "invalid_symbol")
        else:
            rules = "; ".join(self._rules(turn, s) for s in strategy.symbols)
            params["rules"] = rules
            checks.ok("symbol", rules)
        # 2. the parameters against the filters
        try:
            validate(strategy.params, self.catalog)
        except InvalidParams as exc:
            params["reason"] = exc.message(locale)
            checks.failed("params", exc.message(locale), exc.code, "strategy_invalid")
        else:
            checks.ok("params", say(locale, "dx.detail.params_ok"))
        # 3. the market: a grid trades only while the price is inside its range
        p = strategy.params
        if isinstance(p, GridParams) and not unknown:
            try:
                book = await self.trading.books.get_book(p.symbol)
            except MarketError:
                checks.skipped("market", say(locale, "dx.detail.no_quote"))
            else:
                values = {"price": _plain(book.ask), "lower": _plain(p.lower), "upper": _plain(p.upper)}
                params.update(values)
                if book.ask < p.lower or book.ask > p.upper:
                    checks.failed(
                        "market", say(locale, "dx.detail.grid_outside", values), None, "grid_out_of_range"
                    )
                else:
                    checks.ok("market", say(locale, "dx.detail.grid_inside", values))
        else:
            checks.skipped("market", say(locale, "dx.detail.market_any"))
        # 4. who uses it
        users = await self.strategies.traders_using(owner_of(turn), strategy.id)
        if users:
            checks.ok("used_by", ", ".join(users))
        else:
            checks.failed("used_by", say(locale, "dx.detail.unused"), None, "strategy_unused")
        happened = "dx.happened.strategy_ok" if checks.passed else "dx.happened.strategy_failed"
        return answer(
            STRATEGY_SKILL,
            checks,
            title=say(locale, "dx.title.strategy", params),
            happened=say(locale, happened, params),
            ok_cause="strategy_ok",
            params=params,
        )

    def _rules(self, turn: Turn, symbol: str) -> str:
        return rules_text(turn, self.catalog, symbol)


def rules_text(turn: Turn, catalog: MarketCatalog, symbol: str) -> str:
    """ "BTCUSDT · step 0.00001, min quantity 0.00001, tick 0.01, min amount 5 USDT"."""
    rules = catalog.rules(symbol)
    if rules is None:
        return symbol
    return f"{symbol} · {rules_detail(turn.locale, rules)}"


def trader_actions() -> dict[str, ActionSpec[TraderDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=TraderDiagnosisSkill.diagnose, writes=False)}


def strategy_actions() -> dict[str, ActionSpec[StrategyDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=StrategyDiagnosisSkill.diagnose, writes=False)}
