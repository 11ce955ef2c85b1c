"""The backtest skill: a strategy replayed over history in one turn (core.backtest), its table and
picture, and three buttons: ▶ run it as a paper trader, ⚙ change a parameter, ↔ compare.

▶ starts the request ``backtest.paper`` with the plan, which is never a task of its own: it
redirects to the trader skill's create (its own questions and confirmations), after saving the
strategy when it was given inline — saved only then, because the person asked.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import timedelta
from typing import Any, Final

from core.backtest.engine import policy_for, replay
from core.backtest.history import KLINE_CACHE, MemoryKlineCache, TooLong, load
from core.backtest.model import Result
from core.backtest.picture import BACKTEST_CHARTS, Series
from core.clock import Clock
from core.market import MarketError
from core.markets import MarketCatalog
from core.reply import BacktestBlock, Block, Button, ChartBlock, NoticeBlock, Reply, RouteInfo, Status
from core.routing.router import Route
from core.services import CATALOG, CLOCK, MARKET, Services
from core.skills.backtest.plan import (
    Plan,
    Unclear,
    candle_interval,
    inline_params,
    window_days,
)
from core.state import Task, TaskStatus
from core.strategies import STRATEGIES, DcaParams, GridParams, NewStrategy, Strategy
from core.strategies.intervals import Interval
from core.strategies.params import MAX_GRIDS, MIN_GRIDS, InvalidParams, plain, to_json, validate
from core.tasks.actions import ActionSpec, Done
from core.tasks.audit import AuditEntry
from core.tasks.owner import owner_of
from core.tasks.transitions import move
from core.turn import Turn
from core.workspace.accounts import EXCHANGE_ACCOUNTS

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

    # -- the Skill protocol (one turn; nothing to continue) -------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
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
        try:
            plan = await self.plan(turn, slots)
        except (Unclear, InvalidParams, ValueError):
            return self._notice(turn, "backtest.button_gone", "warning", Status.FAILED)
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
        base = self.catalog.base_of(plan.params.symbol)
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
        days = window_days(slots)
        found = inline_params(slots, self.catalog)
        if found is not None:
            params, assumed = found
            strategy = None
        else:
            strategy = await self._saved(turn, slots)
            params, assumed = strategy.params, []
        if not isinstance(params, DcaParams | GridParams):
            raise Unclear("backtest.ai")
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

    async def backtest(self, turn: Turn, plan: Plan) -> Result:
        window = plan.window(turn.now)
        history = await load(window, self.market, self.cache)  # type: ignore[arg-type]
        if not history.candles:
            raise Unclear("backtest.no_history", coin=self.catalog.base_of(plan.params.symbol))
        rules = self.catalog.rules(plan.params.symbol)
        if rules is None:
            raise Unclear("backtest.no_rules", coin=self.catalog.base_of(plan.params.symbol))
        # In a worker thread: a replay of tens of thousands of candles takes a tenth of a second or
        # more, and on the event loop every other conversation would wait for it.
        return await asyncio.to_thread(
            replay,
            policy_for(plan.params, rules), history.candles, symbol=plan.params.symbol,
            base=self.catalog.base_of(plan.params.symbol), interval=plan.interval, rules=rules,
            gaps=history.gaps, source=history.source,
        )  # fmt: skip

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
            (turn.t("backtest.button.compare"), {"kind": "backtest.compare", "slots": slots}),
        ]
        return await turn.buttons(options, ttl=BUTTON_TTL, styles=["primary", "secondary", "secondary"])

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
    return replace(plan, params=replace(p, grids=min(p.grids * 2, MAX_GRIDS)), strategy=None)


def _block(plan: Plan, r: Result) -> BacktestBlock:
    params = tuple((k, str(v)) for k, v in to_json(plan.params).items() if v is not None and k != "symbol")
    return BacktestBlock(
        plan.params.kind, r.symbol, r.base, params, r.interval, r.start, r.end, r.candles,
        sum(g.count for g in r.gaps), r.start_cash, r.return_pct, r.hold_return_pct, r.max_drawdown_pct,
        r.buys, r.sells, r.fees, r.cash, r.holdings, r.final_equity, r.source,
        plan.strategy.name if plan.strategy is not None else None,
    )  # fmt: skip


def _sentence(plan: Plan, catalog: MarketCatalog) -> dict[str, str]:
    p = plan.params
    words = {"base": catalog.base_of(p.symbol), "days": str(plan.days)}
    if isinstance(p, DcaParams):
        return {**words, "amount": plain(p.quote_amount), "interval": p.interval.text}
    return {**words, "lower": plain(p.lower), "upper": plain(p.upper), "grids": str(p.grids),
            "per": plain(p.quote_per_grid)}  # fmt: skip


def _label(turn: Turn, plan: Plan, catalog: MarketCatalog) -> str:
    p = plan.params
    if isinstance(p, DcaParams):
        return turn.t("backtest.label.dca", amount=plain(p.quote_amount), interval=p.interval.text)
    assert isinstance(p, GridParams)
    return turn.t("backtest.label.grid", grids=p.grids, per=plain(p.quote_per_grid))


def _shown(slots: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in slots.items() if k != "inline"} | (
        {"inline": dict(slots["inline"])} if isinstance(slots.get("inline"), dict) else {}
    )


ACTIONS: dict[str, ActionSpec[BacktestSkill]] = {
    "run": ActionSpec(run=BacktestSkill.execute, writes=False),
    "paper": ActionSpec(run=BacktestSkill.execute, writes=False),  # redirected before it starts
}
