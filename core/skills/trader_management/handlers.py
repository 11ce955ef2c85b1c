"""trader_management's executors: one small handler per action, each given the skill (its
replies, audit rows and targets) and working through the skill's ``TraderDeps``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.i18n import is_zh
from core.planner.ports import ModelError, ModelErrorCode
from core.reply import Block, DetailsBlock, NoticeBlock, Reply, Status
from core.skills.trader_management.deps import ALL, MAX_STATUS, NO_MODEL, stale_start, stopped_by
from core.skills.trader_management.present import (
    account_of,
    checks_for,
    details,
    interval_text,
    strategy_text,
)
from core.skills.trader_management.rules import KEPT_FIELDS
from core.state import Task
from core.tasks.actions import Done
from core.tasks.errors import NotFound
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.tasks.refs import resolve
from core.traders.checks import CheckFailure, prelaunch
from core.traders.model import NewTrader, Trader, TraderChanges, TraderState
from core.traders.runtime import STALE_TICK, schedule
from core.turn import Turn
from core.workspace import record_actions
from core.workspace.exchanges import PAPER_DEFAULT_BALANCE
from core.workspace.model_configs import ModelConfig
from core.workspace.records import audit_update

if TYPE_CHECKING:
    from core.skills.trader_management.skill import TraderSkill


async def create_trader(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    owner = owner_of(turn)
    strategy = await skill.deps.strategies.get(owner, str(task.slots["strategy"]))
    if strategy is None:
        raise NotFound(str(task.slots["strategy"]))
    chosen_model = str(task.slots.get("model") or NO_MODEL)
    model_id = chosen_model if strategy.kind == "ai" and chosen_model != NO_MODEL else None
    created = await skill.deps.traders.create(
        NewTrader(
            owner=owner,
            name=str(task.slots["name"]),
            account_id=str(task.slots["account"]),
            strategy_id=strategy.id,
            model_id=model_id,
            auto_start=task.slots.get("auto_start") == "on",
            daily_summary=task.slots.get("daily_summary") == "on",
            now=turn.now,
        ),
        skill.audit_entry(turn, task),
    )
    blocks: list[Block] = []
    if task.slots.get("paper_opened"):
        blocks.append(
            NoticeBlock(
                turn.t("trader.opened_paper", name=task.slots["paper_opened"], balance=PAPER_DEFAULT_BALANCE),
                code="paper_account_opened",
            )
        )
    blocks.append(NoticeBlock(turn.t("trader.created", name=created.name), code="trader_created"))
    status = Status.COMPLETED
    trader = created
    if created.auto_start:
        started, notes = await launch(skill, turn, task, created)
        blocks += notes
        trader = started or created
        if started is None:
            status = Status.PARTIAL
    blocks.append(await details(skill.deps, turn, trader, trader.name))
    return Done(skill.private_reply(turn, task, status, blocks), skill.as_target(trader))


async def delete_trader(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    return await record_actions.delete_record(skill, turn, task)  # every record skill's delete


async def start_trader(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    trader = await skill.records.current(turn, task)
    if trader is None:
        raise NotFound((task.target_ref or {}).get("id", ""))
    started, notes = await launch(skill, turn, task, trader)
    status = Status.COMPLETED if started is not None else Status.FAILED
    blocks = [*notes, *await kept_said(skill, turn, task, trader)]
    blocks.append(await details(skill.deps, turn, started or trader, trader.name))
    return Done(
        skill.private_reply(turn, task, status, blocks), skill.as_target(trader), ok=started is not None
    )


async def kept_said(skill: TraderSkill, turn: Turn, task: Task, trader: Trader) -> list[Block]:
    """ "start rex using main": a start changes none of the trader's fields (rules.KEPT), so the one
    it was told to use is said not changed, with the words that change it, never left to be guessed."""
    field, _, said = str(task.slots.get("kept") or "").partition(":")
    if field not in KEPT_FIELDS or not said:
        return []
    account = await account_of(skill.deps, trader) if field == "account" else None
    current = account.name if account is not None else "-"
    text = turn.t(f"trader.kept.{field}", name=trader.name, said=said, current=current)
    return [NoticeBlock(text, "info", "field_not_changed")]


async def strategy_parameter(skill: TraderSkill, turn: Turn, task: Task, trader: Trader) -> Reply:
    """ "set rex's interval to 4h": the interval is rex's strategy's setting, not rex's; nothing is
    changed, and the reply names the strategy and the exact words that change it there."""
    field, _, value = str(task.slots["parameter"]).partition(":")
    strategy = await skill.deps.strategies.get(owner_of(turn), trader.strategy_id or "")
    what = turn.t(f"strategy.field.{field}")
    if strategy is None:
        text = turn.t("trader.parameter_no_strategy", name=trader.name, field=what)
    else:
        key = "trader.parameter_of_strategy" if value else "trader.parameter_of_strategy_bare"
        text = turn.t(key, name=trader.name, field=what, strategy=strategy.name, value=value)
    return skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "info", "strategy_parameter"),))


async def launch(
    skill: TraderSkill, turn: Turn, task: Task, trader: Trader
) -> tuple[Trader | None, list[Block]]:
    """Pre-launch checks, then running with its tick job queued; or why not (nothing changed)."""
    owner = owner_of(turn)
    audit = replace(skill.audit_entry(turn, task, target=skill.as_target(trader)), action="start")
    startable = [TraderState.STOPPED, TraderState.ERROR]
    if stale_start(trader, turn.now):
        startable.append(TraderState.STARTING)
    claimed = await skill.deps.traders.transition(
        owner, trader.id, startable, TraderState.STARTING, turn.now, None
    )
    if claimed is None:  # started (or deleted) meanwhile by another chat or process
        current = await skill.deps.traders.get(owner, trader.id)
        if current is None:
            raise NotFound(trader.id)
        return None, [NoticeBlock(turn.t("trader.already_running", name=trader.name), code="already_running")]
    failure = await prelaunch_check(skill, turn, claimed)
    if failure is not None:
        await skill.deps.traders.transition(
            owner, trader.id, (TraderState.STARTING,), TraderState.STOPPED,
            turn.now, replace(audit, outcome="refused", detail={"check": failure.check}),
            error=turn.t(failure.key, **failure.params),
        )  # fmt: skip
        reply = check_reply(skill, turn, task, trader, failure)
        return None, list(reply.blocks)
    running = await skill.deps.traders.transition(
        owner, trader.id, (TraderState.STARTING,), TraderState.RUNNING, turn.now, audit, new_run=True
    )
    if running is None:  # stopped while its checks ran
        return None, [
            NoticeBlock(turn.t("trader.not_running", name=trader.name, state=""), code="not_running")
        ]
    await ensure_job(skill, turn, running)
    strategy = await skill.deps.strategies.get(owner, running.strategy_id or "")
    every = interval_text(turn.locale, strategy)
    what = strategy_text(turn, strategy, skill.deps.catalog) if strategy else ""
    started = NoticeBlock(
        turn.t("trader.started", name=running.name, strategy=what, interval=every), code="trader_started"
    )
    checks = NoticeBlock(
        turn.t("trader.checks_passed")
        + " "
        + " · ".join(turn.t(f"trader.check.{c}") for c in checks_for(strategy)),
        code="checks_passed",
    )
    return running, [checks, started]


async def ensure_job(skill: TraderSkill, turn: Turn, trader: Trader) -> None:
    """The run's tick job, due now (a second call finds the first: one job per run)."""
    if skill.deps.jobs is not None and trader.state.active:
        await schedule(skill.deps.jobs, trader, turn.now, turn.locale)


async def prelaunch_check(skill: TraderSkill, turn: Turn, trader: Trader) -> CheckFailure | None:
    owner = owner_of(turn)
    account = await account_of(skill.deps, trader)
    strategy = await skill.deps.strategies.get(owner, trader.strategy_id or "")
    model = await skill.deps.model_configs.get(owner, trader.model_id) if trader.model_id else None
    return await prelaunch(
        name=trader.name,
        account=account,
        strategy=strategy,
        model=model,
        trading=skill.deps.trading,
        catalog=skill.deps.catalog,
        models=skill.deps.models or _NoModels(),
        locale=turn.locale,
    )


def check_reply(skill: TraderSkill, turn: Turn, task: Task, trader: Trader, failure: CheckFailure) -> Reply:
    reason = turn.t(failure.key, **failure.params)
    check = turn.t(f"trader.check.{failure.check}")
    text = turn.t("trader.check_failed", name=trader.name, check=check, reason=reason)
    return skill.private_reply(
        turn, task, Status.FAILED, (NoticeBlock(text, "error", f"check_failed_{failure.check}"),)
    )


async def stop_trader(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    owner = owner_of(turn)
    ref = task.target_ref or {}
    stale = turn.now - STALE_TICK
    if ref.get("id") == ALL:
        running = [t for t in await skill.records.owned(owner) if stopped_by(t, ref)]
        stopped: list[str] = []
        stopping: list[str] = []
        for each in running:
            audit = skill.audit_entry(turn, task, target=skill.as_target(each))
            after = await skill.deps.traders.stop(owner, each.id, turn.now, audit, stale_before=stale)
            if after is not None:
                (stopping if after.state is TraderState.STOPPING else stopped).append(each.name)
        sep = "、" if is_zh(turn.locale) else ", "
        names = sep.join(stopped + stopping) or "—"
        blocks: list[Block] = [
            NoticeBlock(
                turn.t("trader.stopped_all", count=len(stopped) + len(stopping), names=names),
                code="traders_stopped",
            )
        ]
        if stopping:
            text = turn.t("trader.stopping_some", names=sep.join(stopping))
            blocks.append(NoticeBlock(text, code="trader_stopping"))
        return Done(
            skill.private_reply(turn, task, Status.COMPLETED, tuple(blocks)),
            detail={"count": str(len(stopped) + len(stopping))},
        )
    trader = await skill.records.current(turn, task)
    if trader is None:
        raise NotFound(ref.get("id", ""))
    audit = skill.audit_entry(turn, task, target=skill.as_target(trader))
    after = await skill.deps.traders.stop(owner, trader.id, turn.now, audit, stale_before=stale)
    if after is None:
        state = turn.t(f"trader.state.{trader.state.value}")
        notice = NoticeBlock(turn.t("trader.not_running", name=trader.name, state=state), code="not_running")
        return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice,)), skill.as_target(trader))
    if after.state is TraderState.STOPPING:
        notice = NoticeBlock(turn.t("trader.stopping", name=trader.name), code="trader_stopping")
    else:
        notice = NoticeBlock(turn.t("trader.stopped", name=trader.name), code="trader_stopped")
    card = await details(skill.deps, turn, after, after.name)
    return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice, card)), skill.as_target(after))


async def update_trader(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    trader = await skill.records.current(turn, task)
    if trader is None:
        raise NotFound((task.target_ref or {}).get("id", ""))
    owner = owner_of(turn)
    field = str(task.slots["field"])
    changes = TraderChanges()
    if field == "name":
        changes = TraderChanges(name=str(task.slots["new_name"]))
    elif field == "account":
        changes = TraderChanges(account_id=str(task.slots["account"]))
    elif field == "strategy":
        strategy = await skill.deps.strategies.get(owner, str(task.slots["strategy"]))
        if strategy is None:
            raise NotFound(str(task.slots["strategy"]))
        changes = TraderChanges(strategy_id=strategy.id, clear_model=strategy.kind != "ai")
    elif field == "model":
        changes = TraderChanges(model_id=str(task.slots["model"]))
    else:
        on = task.slots.get(field) == "on"
        changes = TraderChanges(auto_start=on) if field == "auto_start" else TraderChanges(daily_summary=on)
    audit = audit_update(skill, turn, task, trader, field)
    updated = await skill.deps.traders.update(owner, trader.id, changes, turn.now, audit)
    notice = NoticeBlock(turn.t("trader.updated", name=updated.name), code="trader_updated")
    card = await details(skill.deps, turn, updated, updated.name)
    return Done(
        skill.private_reply(turn, task, Status.COMPLETED, (notice, card)),
        skill.as_target(updated),
        {"fields": field},
    )


async def query_traders(skill: TraderSkill, turn: Turn, task: Task) -> Done:
    owner = owner_of(turn)
    traders = await skill.records.owned(owner)
    if not traders:
        notice = NoticeBlock(turn.t("trader.none"), code=skill.records.none_code)
        return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice,)))
    ref = task.target_ref or {}
    chosen = traders
    if ref.get("strategy") and not ref.get("id"):  # "is my grid still running": the traders running it
        return await _running_strategy(skill, turn, task, traders)
    if ref.get("id") and ref["id"] != ALL:
        chosen = [t for t in traders if t.id == ref["id"]]
    elif ref.get("name") or ref.get("recent") or ref.get("names"):
        targets = [skill.as_target(t) for t in traders]
        matches = resolve(ref, targets, turn.state.recent_refs.get(skill.ref_kind))
        if not matches and ref.get("name"):  # "BTC agent 怎么样" for "BTC 定投交易员": a part of the name
            key = name_key(ref["name"])
            matches = [t for t in targets if key in name_key(t.name)]
        if matches:
            chosen = [t for t in traders if t.id in {m.id for m in matches}]
        elif not task.slots.get("status"):
            names = ", ".join(t.name for t in traders)
            text = turn.t("flow.not_found", ref=ref.get("name", ""), kind=skill.kind_label(turn), names=names)
            return Done(
                skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", "not_found"),)),
                ok=False,
            )
    if task.slots.get("status") or len(chosen) == 1:
        shown = sorted(chosen, key=lambda t: (not t.state.active, t.name))[:MAX_STATUS]
        blocks = [await details(skill.deps, turn, t, t.name, status=True) for t in shown]
        target = skill.as_target(shown[0]) if len(shown) == 1 else None
        return Done(skill.private_reply(turn, task, Status.COMPLETED, blocks), target)
    rows = []
    for t in chosen:
        strategy = await skill.deps.strategies.get(owner, t.strategy_id or "")
        what = strategy_text(turn, strategy, skill.deps.catalog) if strategy else "—"
        rows.append((t.name, f"{turn.t(f'trader.state.{t.state.value}')} · {what}"))
    table = DetailsBlock(turn.t("trader.list_title", count=len(chosen)), tuple(rows))
    return Done(skill.private_reply(turn, task, Status.COMPLETED, (table,)))


async def _running_strategy(skill: TraderSkill, turn: Turn, task: Task, traders: list[Trader]) -> Done:
    """The traders running the strategy asked about ("我的網格策略還在跑嗎"), each with its state;
    none running it, or no such strategy, said so."""
    from core.skills.trader_management.mentions import KIND_LABELS
    from core.skills.trader_management.skill import meant_strategies  # the skill imports this module

    ref = task.target_ref or {}
    strategies = await skill.deps.strategies.owned(owner_of(turn))
    meant = meant_strategies(strategies, task)
    if not meant:
        names = ", ".join(s.name for s in strategies)
        text = turn.t(
            "flow.not_found", ref=ref.get("strategy", ""), kind=turn.t(KIND_LABELS["strategy"]), names=names
        )
        notice = NoticeBlock(text, "error", "not_found")
        return Done(skill.private_reply(turn, task, Status.FAILED, (notice,)), ok=False)
    ids = {s.id for s in meant}
    chosen = sorted((t for t in traders if t.strategy_id in ids), key=lambda t: (not t.state.active, t.name))
    if not chosen:
        name = ", ".join(s.name for s in meant)
        notice = NoticeBlock(turn.t("trader.none_on_strategy", name=name), code="none_running")
        return Done(skill.private_reply(turn, task, Status.COMPLETED, (notice,)))
    blocks = [await details(skill.deps, turn, t, t.name, status=True) for t in chosen[:MAX_STATUS]]
    target = skill.as_target(chosen[0]) if len(chosen) == 1 else None
    return Done(skill.private_reply(turn, task, Status.COMPLETED, blocks), target)


class _NoModels:
    """No model gateway in this composition: an ai trader's model check says so."""

    async def complete(
        self,
        config: ModelConfig,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109 - the port's signature
    ) -> Any:
        raise ModelError(ModelErrorCode.UNAVAILABLE, "no model gateway")
