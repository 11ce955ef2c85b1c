"""An in-memory OrderStore for unit tests and one-process runs: the SQL store's rules (a client
order id claimed once, a pending order settled once, balances paid in the fill's step, audit rows
with every change), without durability."""

from __future__ import annotations

import itertools
from dataclasses import replace
from decimal import Decimal

from core.tasks.audit import AuditEntry, AuditLog
from core.trading.model import (
    QUOTE_ASSET,
    Balance,
    Fill,
    NewOrder,
    Order,
    OrderStatus,
    Position,
    Rejection,
    Trade,
)
from core.trading.paper import settle as settle_paper
from core.trading.ports import Claim, Settlement
from core.trading.positions import apply_fill
from core.trading.risk import RiskLimits


class MemoryOrderStore:
    def __init__(self, audit: AuditLog) -> None:
        self.audit = audit
        self.orders: dict[str, Order] = {}
        self.balances: dict[str, dict[str, Balance]] = {}
        self.positions_by: dict[str, dict[str, Position]] = {}
        self.trade_log: dict[str, list[Trade]] = {}
        self.caps: dict[str, RiskLimits] = {}
        self._ids = itertools.count(1)

    async def order(self, client_order_id: str) -> Order | None:
        return self.orders.get(client_order_id)

    async def recent_orders(self, account_id: str, limit: int) -> list[Order]:
        mine = [o for o in self.orders.values() if o.account_id == account_id]
        return sorted(mine, key=lambda o: (o.created_at, int(o.id)), reverse=True)[:limit]

    async def claim(self, new: NewOrder, audit: AuditEntry) -> Claim:
        found = self.orders.get(new.client_order_id)
        if found is not None:
            return Claim(found, created=False)
        order = Order(
            str(next(self._ids)), new.client_order_id, new.owner, new.account_id, new.account_name,
            new.kind, new.exchange, new.symbol, new.side, new.quantity, None, None, None, None,
            OrderStatus.PENDING, None, None, None, new.now, new.now,
        )  # fmt: skip
        await self.audit.record(_target(audit, order))
        self.orders[new.client_order_id] = order
        return Claim(order, created=True)

    async def fill_paper(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order:
        order = self.orders[client_order_id]
        if order.status is not OrderStatus.PENDING:
            return order
        balances = self._balances(order.account_id, starting_usdt)
        outcome = settle_paper(balances, fill, base)
        if isinstance(outcome, Rejection):
            rejected = replace(
                audit, action="order_rejected", outcome="refused", detail={"code": outcome.code}
            )
            return await self.settle(
                client_order_id, Settlement(OrderStatus.REJECTED, rejection=outcome), base, rejected
            )
        done = await self.settle(client_order_id, Settlement(OrderStatus.FILLED, (fill,)), base, audit)
        balances.update(outcome)
        return done

    async def settle(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        order = self.orders[client_order_id]
        if order.status.final:
            return order
        fills = settlement.fills
        quantity = sum((f.quantity for f in fills), Decimal(0)) if fills else order.quantity
        quote = sum((f.quote_amount for f in fills), Decimal(0)) if fills else None
        rejection = settlement.rejection
        updated = replace(
            order,
            status=settlement.status,
            quantity=quantity,
            price=(quote / quantity).quantize(Decimal("0.00000001")) if quote and quantity else None,
            quote_amount=quote,
            fee=sum((f.fee for f in fills), Decimal(0)) if fills else None,
            fee_asset=fills[0].fee_asset if fills else None,
            error_code=rejection.code if rejection else None,
            error_message=rejection.message if rejection else None,
            exchange_order_id=settlement.exchange_order_id,
            updated_at=fills[-1].at if fills else order.updated_at,
        )
        await self.audit.record(_target(audit, updated))
        positions = self.positions_by.setdefault(order.account_id, {})
        for fill in fills:
            position, realized = apply_fill(positions.get(base), base, fill)
            positions[base] = position
            trade = Trade(
                fill.symbol, fill.side, fill.quantity, fill.price, fill.quote_amount, fill.fee,
                fill.fee_asset, realized, fill.at, client_order_id,
            )  # fmt: skip
            self.trade_log.setdefault(order.account_id, []).append(trade)
        self.orders[client_order_id] = updated
        return updated

    async def paper_balances(self, account_id: str, starting_usdt: Decimal) -> list[Balance]:
        return list(self._balances(account_id, starting_usdt).values())

    def _balances(self, account_id: str, starting_usdt: Decimal) -> dict[str, Balance]:
        return self.balances.setdefault(account_id, {QUOTE_ASSET: Balance(QUOTE_ASSET, starting_usdt)})

    async def positions(self, account_id: str) -> list[Position]:
        return sorted(self.positions_by.get(account_id, {}).values(), key=lambda p: p.asset)

    async def trades(self, account_id: str, limit: int) -> list[Trade]:
        return list(reversed(self.trade_log.get(account_id, [])))[:limit]

    async def limits(self, account_id: str) -> RiskLimits | None:
        return self.caps.get(account_id)

    async def set_limits(self, account_id: str, limits: RiskLimits, audit: AuditEntry) -> None:
        await self.audit.record(audit)
        self.caps[account_id] = limits


def _target(audit: AuditEntry, order: Order) -> AuditEntry:
    detail = {**audit.detail, "client_order_id": order.client_order_id, "status": order.status.value}
    return replace(audit, target_id=order.id, target_name=order.client_order_id, detail=detail)
