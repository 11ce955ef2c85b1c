"""The backtest skill: a strategy replayed over history in one turn (core.backtest), its table and
picture, and three buttons: ▶ run it as a paper trader, ⚙ change a parameter, ↔ compare.

▶ starts the request ``backtest.paper`` with the plan, which is never a task of its own: it
redirects to the trader skill's create (its own questions and confirmations), after saving the
strategy when it was given inline — saved only then, because the person asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import replace
from datetime import timedelta
from typing import Any, Final

from core.backtest import ai as ai_backtest
from core.backtest.engine import policy_for, replay
from core.backtest.history import KLINE_CACHE, History, MemoryKlineCache, TooLong, load
from core.backtest.model import Result, interval_delta
from core.backtest.picture import BACKTEST_CHARTS, Series
from core.clock import Clock
from core.market import MarketError
from core.markets import MarketCatalog, SymbolRules
from core.planner.ports import ModelResponse
from core.reply import BacktestBlock, Block, Button, ChartBlock, NoticeBlock, Reply, RouteInfo, Status
from core.routing.router import Route
from core.services import CATALOG, CLOCK, MARKET, Services
from core.skills.backtest.plan import (
    DEFAULT_AI_DAYS,
    Plan,
    Unclear,
    candle_interval,
    inline_params,
    window_days,
)
from core.state import Task, TaskStatus
from core.strategies import STRATEGIES, AiParams, DcaParams, GridParams, NewStrategy, Strategy
from core.strategies.intervals import Interval
from core.strategies.params import MAX_GRIDS, MIN_GRIDS, InvalidParams, plain, to_json, validate
from core.tasks import tokens
from core.tasks.actions import ActionSpec, Done
from core.tasks.audit import AuditEntry
from core.tasks.owner import owner_of
from core.tasks.transitions import move
from core.traders.ports import DECISION_MODELS, MODEL_BUDGET
from core.turn import Turn
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS, ModelConfig

log = logging.getLogger(__name__)

SKILL: Final = "backtest"
BUTTON_TTL: Final = timedelta(hours=1)
REF_KIND: Final = "strategy"  # the conversation's strategy (ConversationState.recent_refs)


class BacktestSkill:
    name = SKILL

    def __init__(self, services: Services) -> None:
        self.strategies = services.get(STRATEGIES)
        self.catalog: MarketCatalog = services.get(CATALOG)
        self.market = services.get(MARKET)
        self.clock: Clock = services.get(CLOCK)
        self.cache = services.find(KLINE_CACHE) or MemoryKlineCache()
        self.accounts = services.find(EXCHANGE_ACCOUNTS)
        self.charts = services.find(BACKTEST_CHARTS)
        self.model_configs = services.find(MODEL_CONFIGS)
        self.models = services.find(DECISION_MODELS)
        self.model_budget = services.find(MODEL_BUDGET)

    # -- the Skill protocol (one turn; nothing to continue) -------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        try:
            plan = await self.plan(turn, task.slots)
        except (Unclear, InvalidParams, ValueError):
            plan = None  # said by the run
        if plan is not None and isinstance(plan.params, AiParams):
            return await self._quote(turn, task, plan)  # model calls: what they cost, confirmed first
        return (await self.execute(turn, task)).reply

    async def execute(self, turn: Turn, task: Task) -> Done:
        """The task's one step: the backtest and its answer (a "paper" task is redirected before)."""
        move(task, TaskStatus.EXECUTING, turn.now)
        reply = await self.run(turn, task.slots, task.origin)
        move(task, TaskStatus.FAILED if reply.status is Status.FAILED else TaskStatus.COMPLETED, turn.now)
        return Done(reply)

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        return None

    async def reprompt(self, turn: Turn, task: Task) -> Reply:
        return await self.start(turn, task)

    def describe(self, turn: Turn, task: Task) -> str:
        return turn.t("backtest.describe")

    def asks_secret(self, task: Task) -> bool:
        return False

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        slots = payload.get("slots")
        slots = dict(slots) if isinstance(slots, dict) else {}
        if payload.get("kind") == "backtest.compare":
            return await self.run(turn, slots, "rule", compare=True)
        if payload.get("kind") == "backtest.rerun":
            return await self.run(turn, slots, "rule")
        if payload.get("kind") == "backtest.confirm":
            return await self._confirmed(turn, task, str(payload.get("task_id", "")))
        try:
            plan = await self.plan(turn, slots)
        except (Unclear, InvalidParams, ValueError):
            return self._notice(turn, "backtest.button_gone", "warning", Status.FAILED)
        if isinstance(plan.params, AiParams):  # another window: a new quote to confirm
            runs = [
                (turn.t("backtest.label.days", days=d),
                 {"kind": "task.route", "skill": SKILL, "action": "run",
                  "slots": {**plan.as_slots(), "days": f"{d}d"}})
                for d in sorted({max(plan.days // 2, 1), plan.days * 2} - {plan.days})
            ]  # fmt: skip
            reply = self._notice(turn, "backtest.change.ai", "info", Status.COMPLETED)
            return replace(reply, buttons=await turn.buttons(runs, ttl=BUTTON_TTL))
        # ⚙: the main values changed one at a time, a button each; or the sentence to send again.
        options = [
            (_label(turn, v, self.catalog), {"kind": "backtest.rerun", "slots": v.as_slots()})
            for v in _changes(plan, self.catalog)
        ]
        text = turn.t(f"backtest.change.{plan.params.kind}", **_sentence(plan, self.catalog))
        reply = self._notice(turn, "backtest.change", "info", Status.COMPLETED, example=text)
        return replace(reply, buttons=await turn.buttons(options, ttl=BUTTON_TTL)) if options else reply

    # -- ▶: to the trader skill's create ---------------------------------------------------------

    async def redirect(self, turn: Turn, task: Task) -> Route | Reply | None:
        if task.action != "paper":
            return None
        try:
            plan = await self.plan(turn, task.slots)
        except (Unclear, InvalidParams, ValueError):
            return self._notice(turn, "backtest.button_gone", "warning", Status.FAILED)
        strategy = plan.strategy or await self._save(turn, plan)
        turn.state.recent_refs[REF_KIND] = strategy.id
        slots: dict[str, Any] = {"strategy": strategy.name, "auto_start": "on"}  # created and started
        paper = await self._paper_account(turn)
        if paper is not None:
            slots["account"] = paper
        return Route("trader_management", "create", slots)

    async def _save(self, turn: Turn, plan: Plan) -> Strategy:
        owner = owner_of(turn)
        base = self.catalog.base_of(plan.symbol)
        stem = turn.t(f"backtest.saved_name.{plan.params.kind}", base=base)
        name, n = stem, 1
        while await self.strategies.get_by_name(owner, name) is not None:
            n += 1
            name = f"{stem} {n}"
        first = not await self.strategies.owned(owner)
        audit = AuditEntry(owner, turn.key.as_str(), turn.now, SKILL, "save_strategy", None, None, "ok", {})
        return await self.strategies.create(NewStrategy(owner, name, plan.params, turn.now, first), audit)

    async def _paper_account(self, turn: Turn) -> str | None:
        if self.accounts is None:
            return None
        papers = [a for a in await self.accounts.owned(owner_of(turn)) if a.exchange == "paper"]
        return papers[0].name if papers else None

    # -- running ---------------------------------------------------------------------------------

    async def plan(self, turn: Turn, slots: dict[str, Any]) -> Plan:
        found = inline_params(slots, self.catalog)
        if found is not None:
            params, assumed = found
            strategy = None
        else:
            strategy = await self._saved(turn, slots)
            params, assumed = strategy.params, []
        if isinstance(params, AiParams):
            if len(params.symbols) != 1:
                raise Unclear("backtest.ai.one_symbol", coins=", ".join(params.symbols))
            if not slots.get("days"):
                assumed = ["backtest.assumed.ai_days"]
            days = window_days(slots, DEFAULT_AI_DAYS)
            return Plan(params, strategy, tuple(assumed), days, candle_interval(slots, params))
        days = window_days(slots)
        if params.kind == "grid" and self.catalog.rules(params.symbol) is None:
            raise Unclear("backtest.no_rules", coin=self.catalog.base_of(params.symbol))
        return Plan(params, strategy, tuple(assumed), days, candle_interval(slots, params))

    async def _saved(self, turn: Turn, slots: dict[str, Any]) -> Strategy:
        owner = owner_of(turn)
        named = slots.get("strategy")
        if isinstance(named, str) and named:
            found = await self.strategies.get_by_name(owner, named)
            if found is None:
                raise Unclear("backtest.no_such", name=named)
            return found
        owned = await self.strategies.owned(owner)
        kind, symbol = slots.get("kind"), slots.get("symbol")
        if kind is not None or symbol is not None:
            fit = [s for s in owned if kind in (None, s.kind) and symbol in (None, *s.symbols)]
            if len(fit) == 1:
                return fit[0]
            what = " ".join(x for x in (self.catalog.base_of(str(symbol)) if symbol else "", kind or "") if x)
            if not fit:
                raise Unclear(f"backtest.none_like.{kind or 'any'}", what=what)
            raise Unclear("backtest.which", names="、".join(s.name for s in fit))
        recent = turn.state.recent_refs.get(REF_KIND)
        chosen = next((s for s in owned if s.id == recent), None)
        chosen = chosen or next((s for s in owned if s.is_default), None)
        if chosen is None and len(owned) == 1:
            chosen = owned[0]
        if chosen is None:
            raise Unclear(
                "backtest.what" if not owned else "backtest.which", names="、".join(s.name for s in owned)
            )
        return chosen

    async def _history(self, turn: Turn, plan: Plan) -> tuple[History, SymbolRules]:
        history = await load(plan.window(turn.now), self.market, self.cache)  # type: ignore[arg-type]
        coin = self.catalog.base_of(plan.symbol)
        if not history.candles:
            raise Unclear("backtest.no_history", coin=coin)
        rules = self.catalog.rules(plan.symbol)
        if rules is None:
            raise Unclear("backtest.no_rules", coin=coin)
        return history, rules

    async def backtest(self, turn: Turn, plan: Plan) -> Result:
        params = plan.params
        if isinstance(params, AiParams):  # never without its confirmed budget (_confirmed)
            raise Unclear("backtest.ai.confirm_first")
        history, rules = await self._history(turn, plan)
        # In a worker thread: a replay of tens of thousands of candles takes a tenth of a second or
        # more, and on the event loop every other conversation would wait for it.
        return await asyncio.to_thread(
            replay,
            policy_for(params, rules), history.candles, symbol=params.symbol,
            base=self.catalog.base_of(params.symbol), interval=plan.interval, rules=rules,
            gaps=history.gaps, source=history.source,
        )  # fmt: skip

    # -- ai strategies: a quote, confirmed, then the model at each decision -------------------------

    async def _model_config(self, turn: Turn) -> ModelConfig | None:
        """The model the backtest asks: the person's first enabled model config."""
        if self.model_configs is None or self.models is None:
            return None
        return next((c for c in await self.model_configs.owned(owner_of(turn)) if c.enabled), None)

    async def _quote(self, turn: Turn, task: Task, plan: Plan) -> Reply:
        """What the run would cost (model calls, tokens, the cost at the list price), and the
        confirmation buttons (core.tasks.tokens.confirmation: the flow's Confirm / Cancel pair)."""
        params = plan.params
        assert isinstance(params, AiParams)
        route = _route(task)
        config = await self._model_config(turn)
        if config is None:
            move(task, TaskStatus.FAILED, turn.now)
            return self._notice(turn, "backtest.ai.no_model", "info", Status.FAILED, route=route)
        window = plan.window(turn.now)
        step = interval_delta(plan.interval)
        closes = [t + step for t in window.open_times()]
        decisions = len(ai_backtest.decision_indexes(closes, params.interval.delta))
        if decisions > ai_backtest.MAX_DECISIONS:
            move(task, TaskStatus.FAILED, turn.now)
            return self._notice(turn, "backtest.ai.too_many", "warning", Status.FAILED, route=route,
                                calls=decisions, most=ai_backtest.MAX_DECISIONS)  # fmt: skip
        est = ai_backtest.estimate(params, decisions, config, ai_backtest.QUOTE_PRICE)
        # What is confirmed is what runs: the model, and the budget it may not pass.
        task.slots["ai"] = {"model": config.id, "budget": est.tokens, "per_call": est.per_call}
        move(task, TaskStatus.AWAITING_CONFIRMATION, turn.now)
        task.needs_confirmation = True
        labels = (turn.t("flow.button.confirm"), turn.t("flow.button.cancel"))
        payload = {"kind": "backtest.confirm", "task_id": task.id}
        buttons = await tokens.confirmation(turn, task, labels, ("primary", "secondary"), payload)
        cost = (
            turn.t(
                "backtest.ai.cost",
                usd=plain(est.cost),
                checked=ai_backtest.PRICES_CHECKED,
            )
            if est.cost is not None
            else turn.t("backtest.ai.no_price", model=config.model)
        )
        text = turn.t(
            "backtest.ai.quote", name=plan.strategy.name if plan.strategy else "",
            coin=self.catalog.base_of(plan.symbol), days=plan.days, calls=decisions,
            every=params.interval.text, tokens=est.tokens, per_call=est.per_call,
            model=f"{config.name} ({config.model})", cost=cost, cash=plain(ai_backtest.START_CASH),
        )  # fmt: skip
        minutes = int(tokens.CONFIRM_TTL.total_seconds() // 60)
        blocks: list[Block] = [NoticeBlock(text, "warning", "confirm_backtest_ai")]
        blocks += [NoticeBlock(turn.t(key), "info", "backtest_assumed") for key in plan.assumed]
        blocks.append(NoticeBlock(turn.t("flow.confirm_hint", minutes=minutes), code="confirm_hint"))
        return Reply(Status.AWAITING_CONFIRMATION, tuple(blocks), turn.locale, buttons=buttons, route=route)

    async def _confirmed(self, turn: Turn, task: Task | None, task_id: str) -> Reply:
        if task is None or task.id != task_id or task.status is not TaskStatus.AWAITING_CONFIRMATION:
            return self._notice(turn, "flow.button_stale", "warning", Status.FAILED)
        tokens.forget(task)
        move(task, TaskStatus.EXECUTING, turn.now)
        reply = await self._run_ai(turn, task)
        move(task, TaskStatus.FAILED if reply.status is Status.FAILED else TaskStatus.COMPLETED, turn.now)
        return reply

    async def _run_ai(self, turn: Turn, task: Task) -> Reply:
        route = _route(task)
        quoted = task.slots.get("ai")
        try:
            plan = await self.plan(turn, task.slots)
            params = plan.params
            if not isinstance(params, AiParams) or not isinstance(quoted, dict):
                raise Unclear("backtest.button_gone")
            history, rules = await self._history(turn, plan)
        except Unclear as exc:
            return self._notice(turn, exc.key, "info", Status.FAILED, route=route, **exc.params)
        except (InvalidParams, ValueError):
            return self._notice(turn, "backtest.button_gone", "warning", Status.FAILED, route=route)
        except TooLong as exc:
            return self._notice(
                turn, "backtest.too_long", "warning", Status.FAILED, route=route, candles=exc.candles
            )
        except MarketError as exc:
            log.warning("backtest history: %s", exc.code)
            return self._notice(turn, "backtest.market", "warning", Status.FAILED, route=route)
        owner = owner_of(turn)
        config = (
            await self.model_configs.get(owner, str(quoted.get("model", ""))) if self.model_configs else None
        )
        models = self.models
        if config is None or not config.enabled or models is None:
            return self._notice(turn, "backtest.ai.no_model", "info", Status.FAILED, route=route)
        day = turn.now.date()
        budget = self.model_budget
        if budget is not None and await budget.exceeded(owner, day):
            return self._notice(turn, "backtest.ai.daily_budget", "warning", Status.FAILED, route=route)

        def model(messages: list[dict[str, Any]]) -> Awaitable[ModelResponse]:
            return models.complete(
                config, messages, max_tokens=ai_backtest.ANSWER_TOKENS, timeout=ai_backtest.DEADLINE
            )

        async def charge(used: int) -> bool:
            if budget is None:
                return True
            await budget.charge(owner, day, used)
            return not await budget.exceeded(owner, day)

        run = await ai_backtest.replay_ai(
            params, history.candles, model=model, budget=int(quoted.get("budget", 0)),
            per_call=int(quoted.get("per_call", 0)), rules=rules, base=self.catalog.base_of(plan.symbol),
            interval=plan.interval, charge=charge, gaps=history.gaps, source=history.source,
            deadline=ai_backtest.DEADLINE,
        )  # fmt: skip
        stopped = self._stopped(turn, run)
        if run.result is None:
            blocks: list[Block] = [stopped] if stopped is not None else []
            return Reply(Status.FAILED, tuple(blocks), turn.locale, route=route)
        block = replace(_block(plan, run.result), status="complete" if run.complete else "partial",
                        model_calls=run.asked, tokens=run.tokens)  # fmt: skip
        blocks = [block]
        picture = await self._picture(turn, [plan], [run.result])
        if picture is not None:
            blocks.append(picture)
        if stopped is not None:
            blocks.append(stopped)
        if run.invalid:
            blocks.append(
                NoticeBlock(turn.t("backtest.ai.invalid", count=run.invalid), "info", "backtest_ai_invalid")
            )
        blocks += [NoticeBlock(turn.t(key), "info", "backtest_assumed") for key in plan.assumed]
        if run.result.source == "demo":
            blocks.append(NoticeBlock(turn.t("backtest.demo_note"), "info", "demo_data"))
        buttons = await self._buttons(turn, plan)
        return Reply(Status.COMPLETED, tuple(blocks), turn.locale, buttons=buttons, route=route)

    def _stopped(self, turn: Turn, run: ai_backtest.AiRun) -> NoticeBlock | None:
        if run.stopped is None:
            return None
        error = run.error or ""
        text = turn.t(f"backtest.ai.stopped.{run.stopped}", calls=run.asked, error=error)
        return NoticeBlock(text, "warning", f"backtest_partial_{run.stopped}")

    async def run(self, turn: Turn, slots: dict[str, Any], by: Any, *, compare: bool = False) -> Reply:
        route = RouteInfo(SKILL, "run", _shown(slots), by=by if by in ("rule", "model") else None)
        try:
            plan = await self.plan(turn, slots)
            plans = [plan, _variant(plan)] if compare else [plan]
            results = [await self.backtest(turn, p) for p in plans]
        except Unclear as exc:
            return self._notice(turn, exc.key, "info", Status.NEEDS_INPUT, route=route, **exc.params)
        except InvalidParams as exc:
            reply = Reply(
                Status.FAILED, (NoticeBlock(exc.message(turn.locale), "warning", exc.code),), turn.locale
            )
            return replace(reply, route=route)
        except TooLong as exc:
            return self._notice(
                turn, "backtest.too_long", "warning", Status.FAILED, route=route, candles=exc.candles
            )
        except MarketError as exc:
            log.warning("backtest history: %s", exc.code)
            return self._notice(turn, "backtest.market", "warning", Status.FAILED, route=route)
        blocks: list[Block] = [_block(p, r) for p, r in zip(plans, results, strict=True)]
        picture = await self._picture(turn, plans, results)
        if picture is not None:
            blocks.append(picture)
        blocks += [NoticeBlock(turn.t(key), "info", "backtest_assumed") for key in plan.assumed]
        if results[0].source == "demo":
            blocks.append(NoticeBlock(turn.t("backtest.demo_note"), "info", "demo_data"))
        buttons = await self._buttons(turn, plan)
        return Reply(Status.COMPLETED, tuple(blocks), turn.locale, buttons=buttons, route=route)

    async def _picture(self, turn: Turn, plans: list[Plan], results: list[Result]) -> ChartBlock | None:
        if self.charts is None:
            return None
        series = [Series(_label(turn, p, self.catalog), r) for p, r in zip(plans, results, strict=True)]
        try:
            png = await self.charts.render_backtest(series, locale=turn.locale)
        except Exception:  # a picture must not fail the answer: the table says it all
            log.exception("backtest chart failed")
            return None
        first = results[0]
        alt = turn.t("backtest.alt", base=first.base, ret=f"{first.return_pct:+.2f}%")
        return ChartBlock(png, first.symbol, first.source, alt)

    async def _buttons(self, turn: Turn, plan: Plan) -> tuple[Button, ...]:
        slots = plan.as_slots()
        paper = {"kind": "task.route", "skill": SKILL, "action": "paper", "slots": slots}
        options: list[tuple[str, dict[str, Any]]] = [
            (turn.t("backtest.button.paper"), paper),
            (turn.t("backtest.button.change"), {"kind": "backtest.change", "slots": slots}),
        ]
        if not isinstance(plan.params, AiParams):  # a second ai run is another quote: ⚙ offers it
            options.append((turn.t("backtest.button.compare"), {"kind": "backtest.compare", "slots": slots}))
        styles: list[Any] = ["primary", *["secondary"] * (len(options) - 1)]
        return await turn.buttons(options, ttl=BUTTON_TTL, styles=styles)

    def _notice(
        self,
        turn: Turn,
        key: str,
        level: Any,
        status: Status,
        *,
        route: RouteInfo | None = None,
        **params: Any,
    ) -> Reply:
        code = key.replace(".", "_")
        reply = Reply(status, (NoticeBlock(turn.t(key, **params), level, code),), turn.locale)
        return replace(reply, route=route) if route is not None else reply


def _changes(plan: Plan, catalog: MarketCatalog) -> list[Plan]:
    """⚙'s choices: a dca's amount halved and doubled and its interval a day or a week; a grid's
    levels halved and doubled and its amount per level doubled. Ones the symbol's filters refuse
    are left out; each is inline (never saved until ▶)."""
    p = plan.params
    if isinstance(p, DcaParams):
        other = Interval.of("1w" if p.interval.text == "1d" else "1d")
        made: list[DcaParams | GridParams] = [
            replace(p, quote_amount=p.quote_amount / 2),
            replace(p, quote_amount=p.quote_amount * 2),
            replace(p, interval=other),
        ]
    else:
        assert isinstance(p, GridParams)
        made = [
            replace(p, grids=max(p.grids // 2, MIN_GRIDS)),
            replace(p, grids=min(p.grids * 2, MAX_GRIDS)),
            replace(p, quote_per_grid=p.quote_per_grid * 2),
        ]
    out: list[Plan] = []
    for params in made:
        if params == p:
            continue
        try:
            validate(params, catalog)
        except InvalidParams:
            continue
        out.append(replace(plan, params=params, strategy=None, assumed=()))
    return out


def _variant(plan: Plan) -> Plan:
    """↔: the same strategy with its main value doubled (a dca's amount, a grid's levels)."""
    p = plan.params
    if isinstance(p, DcaParams):
        return replace(plan, params=replace(p, quote_amount=p.quote_amount * 2), strategy=None)
    assert isinstance(p, GridParams)
    return replace(plan, params=replace(p, grids=min(p.grids * 2, MAX_GRIDS)), strategy=None)


def _block(plan: Plan, r: Result) -> BacktestBlock:
    shown = to_json(plan.params).items()
    params = tuple((k, str(v)) for k, v in shown if v is not None and k not in ("symbol", "symbols", "notes"))
    return BacktestBlock(
        plan.params.kind, r.symbol, r.base, params, r.interval, r.start, r.end, r.candles,
        sum(g.count for g in r.gaps), r.start_cash, r.return_pct, r.hold_return_pct, r.max_drawdown_pct,
        r.buys, r.sells, r.fees, r.cash, r.holdings, r.final_equity, r.source,
        plan.strategy.name if plan.strategy is not None else None,
    )  # fmt: skip


def _sentence(plan: Plan, catalog: MarketCatalog) -> dict[str, str]:
    p = plan.params
    words = {"base": catalog.base_of(plan.symbol), "days": str(plan.days)}
    if isinstance(p, DcaParams):
        return {**words, "amount": plain(p.quote_amount), "interval": p.interval.text}
    assert isinstance(p, GridParams)
    return {**words, "lower": plain(p.lower), "upper": plain(p.upper), "grids": str(p.grids),
            "per": plain(p.quote_per_grid)}  # fmt: skip


def _label(turn: Turn, plan: Plan, catalog: MarketCatalog) -> str:
    p = plan.params
    if isinstance(p, AiParams):
        return turn.t("backtest.label.ai", interval=p.interval.text)
    if isinstance(p, DcaParams):
        return turn.t("backtest.label.dca", amount=plain(p.quote_amount), interval=p.interval.text)
    assert isinstance(p, GridParams)
    return turn.t("backtest.label.grid", grids=p.grids, per=plain(p.quote_per_grid))


def _route(task: Task) -> RouteInfo:
    by = task.origin if task.origin in ("rule", "model") else None
    return RouteInfo(SKILL, "run", _shown(task.slots), by=by)


def _shown(slots: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in slots.items() if k != "inline"} | (
        {"inline": dict(slots["inline"])} if isinstance(slots.get("inline"), dict) else {}
    )


ACTIONS: dict[str, ActionSpec[BacktestSkill]] = {
    "run": ActionSpec(run=BacktestSkill.execute, writes=False),
    "paper": ActionSpec(run=BacktestSkill.execute, writes=False),  # redirected before it starts
}
