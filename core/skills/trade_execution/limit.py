"""Limit orders by conversation ("以 85000 挂单买 0.01 BTC", "limit sell 0.5 ETH at 4000"): read
with their price by the trade rule, summarized (limit, quantity, funds locked, distance from the
price now), confirmed, then placed resting (core.trading.orders) under the task's client order
id — never a market order at another price."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from core.language.values import refusal_in, refusal_message
from core.market import MarketError
from core.reply import Block, DetailsBlock, NoticeBlock, Reply, Status
from core.state import Task
from core.tasks.actions import Done
from core.trading.model import Order, OrderIntent, OrderStatus, Rejection, Resting
from core.trading.orders import RestingPlan
from core.trading.ports import ExchangeError
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount
from core.workspace.order_expiry import EXPIRY, fixed_expiry, out_of_range, unread
from core.workspace.order_refusals import new_client_order_id, why
from core.workspace.order_talk import order_block, refusal_text, summary, watch
from core.workspace.trade_shares import amount_parts

if TYPE_CHECKING:
    from core.skills.trade_execution.skill import TradeSkill

LIMIT_PRICE = "limit_price"
ORDER_ID = "order_id"


def _intent(skill: TradeSkill, task: Task) -> OrderIntent:
    symbol = str(task.slots["symbol"])
    unit, value, per = amount_parts(str(task.slots["amount"]))
    side = "sell" if task.slots.get("side") == "sell" else "buy"
    return OrderIntent(side, symbol, skill.catalog.base_of(symbol), value, unit, per)  # type: ignore[arg-type]


def _spec(skill: TradeSkill, turn: Turn, task: Task) -> Resting:
    expires = fixed_expiry(task.slots, skill.clock.now())  # "for 24 hours", "今天有效": fixed once
    return Resting(
        "limit", limit_price=Decimal(str(task.slots[LIMIT_PRICE])), expires_at=expires, locale=turn.locale
    )


async def planned(skill: TradeSkill, turn: Turn, task: Task) -> tuple[ExchangeAccount, RestingPlan]:
    account = await skill.account(turn, task)
    return account, await skill.resting.plan(account, _intent(skill, task), (_spec(skill, turn, task),))


async def refuse(skill: TradeSkill, turn: Turn, task: Task) -> Reply | None:
    """A price the value grammar refused, or an order that cannot rest: said before any confirm."""
    for name in (LIMIT_PRICE, EXPIRY):
        refused = refusal_in(task.slots.get(name))
        if refused is not None:
            text = refusal_message(turn.locale, *refused)
            return skill.private_reply(
                turn, task, Status.FAILED, (NoticeBlock(text, "error", "value_refused"),)
            )
    if (typed := out_of_range(task.slots.get(EXPIRY))) is not None:
        text = turn.t("orders.expiry_range", typed=typed)
        return skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", "expiry_range"),))
    if (typed := unread(task.slots.get(EXPIRY))) is not None:  # "for 30 seconds": never GTC
        text = turn.t("orders.expiry_unread", typed=typed)
        return skill.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", "expiry_unread"),))
    try:
        account, plan = await planned(skill, turn, task)
    except MarketError:
        return skill._notice_reply(
            turn, task, "trade.market_down", "market_unavailable", base=skill.base(task)
        )
    except ExchangeError as exc:
        return skill._exchange_failed(turn, task, exc)
    if plan.rejection is not None:
        await skill.resting.place(account, plan, (new_client_order_id(),), skill.audit_entry(turn, task))
        text = refusal_text(turn, plan.rejection) or why(turn, plan.rejection)
        return skill.private_reply(
            turn, task, Status.FAILED, (NoticeBlock(text, "error", plan.rejection.code),)
        )
    return None


async def preview(skill: TradeSkill, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
    account, plan = await planned(skill, turn, task)
    task.slots.setdefault(ORDER_ID, new_client_order_id())
    return summary(turn, account, plan)


async def place(skill: TradeSkill, turn: Turn, task: Task) -> Done:
    cid = str(task.slots.setdefault(ORDER_ID, new_client_order_id()))
    existing = await skill.orders.order(cid)
    try:
        account, plan = await planned(skill, turn, task)
        orders = (
            [existing]
            if existing is not None
            else await skill.resting.place(account, plan, (cid,), skill.audit_entry(turn, task))
        )
    except MarketError:
        return skill._failed(turn, task, "trade.market_down", "market_unavailable", base=skill.base(task))
    except ExchangeError as exc:
        return Done(skill._exchange_failed(turn, task, exc), ok=False)
    order = orders[0]
    block = order_block(order)
    if order.status is OrderStatus.REJECTED:
        text = (refusal_text(turn, plan.rejection) if plan.rejection else None) or why(
            turn, plan.rejection or _rejection(order)
        )
        reply = skill.private_reply(
            turn, task, Status.FAILED, (NoticeBlock(text, "error", "order_rejected"), block)
        )
        return Done(reply, ok=False)
    await watch(skill.jobs, order)
    text = turn.t(
        "orders.placed" if order.kind == "paper" else "orders.placed_live",
        no=order.id,
        what=turn.t("orders.type.limit"),
        side=turn.t(f"orders.side_word.{order.side}"),
        quantity=format(order.quantity.normalize(), "f"),
        base=skill.catalog.base_of(order.symbol),
    )
    blocks: list[Block] = [NoticeBlock(text, "info", "order_open"), block]
    return Done(
        skill.private_reply(turn, task, Status.COMPLETED, blocks), detail={"order": order.client_order_id}
    )


def _rejection(order: Order) -> Rejection:
    return Rejection(order.error_code or "", order.error_message or "")
