"""An in-memory OrderStore for unit tests and one-process runs: the SQL store's rules (a client
order id claimed once, a pending order settled once, balances paid in the fill's step, audit rows
with every change), without durability."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
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
from core.trading.ports import Claim, OrderSnapshot, Settlement
from core.trading.positions import apply_fill
from core.trading.resting import Lock, lock, release
from core.trading.risk import RiskLimits


class MemoryMarketOrders:
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
        order = self._new(new, OrderStatus.PENDING)
        await self.audit.record(_target(audit, order))
        self.orders[new.client_order_id] = order
        return Claim(order, created=True)

    def _new(self, new: NewOrder, status: OrderStatus) -> Order:
        r = new.resting
        return Order(
            str(next(self._ids)), new.client_order_id, new.owner, new.account_id, new.account_name,
            new.kind, new.exchange, new.symbol, new.side, new.quantity, None, None, None, None,
            status, None, None, None, new.now, new.now,
            order_type=r.order_type if r else "market", limit_price=r.limit_price if r else None,
            trigger_price=r.trigger_price if r else None, expires_at=r.expires_at if r else None,
            group_id=r.group_id if r else None, locale=r.locale if r else "en",
        )  # fmt: skip

    async def place_paper(
        self,
        new: NewOrder,
        audit: AuditEntry,
        outcome: Fill | Rejection,
        base: str,
        starting_usdt: Decimal,
        settle_audit: AuditEntry,
    ) -> Claim:
        claim = await self.claim(new, audit)
        if claim.order.status.final:
            return Claim(claim.order, created=False)
        cid = new.client_order_id
        if isinstance(outcome, Rejection):
            settlement = Settlement(OrderStatus.REJECTED, rejection=outcome)
            return Claim(await self.settle(cid, settlement, base, settle_audit), created=True)
        return Claim(await self.fill_paper(cid, outcome, base, starting_usdt, settle_audit), created=True)

    async def snapshot(
        self, account_id: str, client_order_id: str | None, starting_usdt: Decimal | None
    ) -> OrderSnapshot:
        order = self.orders.get(client_order_id) if client_order_id is not None else None
        balances = await self.paper_balances(account_id, starting_usdt) if starting_usdt is not None else None
        return OrderSnapshot(order, balances, self.caps.get(account_id))

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


class MemoryOrderStore(MemoryMarketOrders):
    """The resting orders' steps, as the SQL store takes them (adapters.storage.resting_orders)."""

    def __init__(self, audit: AuditLog) -> None:
        super().__init__(audit)
        self.notices: dict[str, str] = {}

    async def rest(
        self, news: Sequence[NewOrder], held: Lock | None, starting_usdt: Decimal, audit: AuditEntry
    ) -> list[Order]:
        if news[0].client_order_id in self.orders:
            return [self.orders[n.client_order_id] for n in news if n.client_order_id in self.orders]
        orders = [self._new(new, OrderStatus.OPEN) for new in news]
        refused: Rejection | None = None
        if held is not None and held.amount > 0:
            balances = self._balances(news[0].account_id, starting_usdt)
            outcome = lock(balances, held)
            if isinstance(outcome, Rejection):
                refused = outcome
            else:
                balances.update(outcome)
                orders[0] = replace(orders[0], locked_asset=held.asset, locked_amount=held.amount)
        if refused is not None:
            orders = [
                replace(
                    o, status=OrderStatus.REJECTED, error_code=refused.code, error_message=refused.message
                )
                for o in orders
            ]
        for order in orders:
            self.orders[order.client_order_id] = order
            entry = replace(audit, action="order", outcome="refused" if refused else "ok")
            await self.audit.record(_target(entry, order))
        return orders

    async def open_orders(self, account_id: str) -> list[Order]:
        return [o for o in self._by_age() if o.account_id == account_id and o.status.resting]

    def _by_age(self) -> list[Order]:
        return sorted(self.orders.values(), key=lambda o: (o.created_at, int(o.id)))

    async def resting_symbols(self) -> list[str]:
        return sorted({o.symbol for o in self.orders.values() if o.status.resting and o.kind == "paper"})

    async def resting_on(self, symbol: str) -> list[Order]:
        return [o for o in self._by_age() if o.symbol == symbol and o.status.resting and o.kind == "paper"]

    def _group(self, order: Order) -> list[Order]:
        if order.group_id is None:
            return []
        return [
            o for o in self._by_age()
            if o.group_id == order.group_id and o.id != order.id and o.status.resting
        ]  # fmt: skip

    async def fill_resting(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order | None:
        order = self.orders.get(client_order_id)
        if order is None or not order.status.resting:
            return None
        others = self._group(order)
        balances = self._balances(order.account_id, starting_usdt)
        for held in (order, *others):
            balances.update(release(balances, Lock(held.locked_asset or QUOTE_ASSET, held.locked_amount)))
        outcome = settle_paper(balances, fill, base)
        self.orders[client_order_id] = replace(order, status=OrderStatus.PENDING, locked_amount=Decimal(0))
        if isinstance(outcome, Rejection):
            refused = replace(audit, action="order_rejected", outcome="refused")
            return await self.settle(
                client_order_id, Settlement(OrderStatus.REJECTED, rejection=outcome), base, refused
            )
        balances.update(outcome)
        done = await self.settle(client_order_id, Settlement(OrderStatus.FILLED, (fill,)), base, audit)
        self.notices[client_order_id] = "due"
        for other in others:
            closed = replace(
                other, status=OrderStatus.CANCELLED, locked_amount=Decimal(0), updated_at=fill.at
            )
            self.orders[other.client_order_id] = closed
            await self.audit.record(_target(replace(audit, action="order_cancelled"), closed))
        return done

    async def close_resting(
        self, client_order_id: str, status: OrderStatus, audit: AuditEntry, rejection: Rejection | None = None
    ) -> list[Order]:
        order = self.orders.get(client_order_id)
        if order is None or not order.status.resting:
            return []
        closing = [order, *self._group(order)]
        balances = self.balances.get(order.account_id, {})
        closed = []
        for one in closing:
            if one.kind == "paper":
                balances.update(release(balances, Lock(one.locked_asset or QUOTE_ASSET, one.locked_amount)))
            done = replace(one, status=status, locked_amount=Decimal(0), updated_at=audit.at)
            if rejection is not None:
                done = replace(done, error_code=rejection.code, error_message=rejection.message)
            self.orders[one.client_order_id] = done
            await self.audit.record(_target(audit, done))
            closed.append(done)
        return closed

    async def live_resting(self, account_id: str) -> list[Order]:
        return [o for o in await self.open_orders(account_id) if o.kind == "live"]

    async def fill_live(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order | None:
        order = self.orders.get(client_order_id)
        if order is None or not order.status.resting:
            return None
        others = self._group(order)
        self.orders[client_order_id] = replace(order, status=OrderStatus.PENDING)
        done = await self.settle(client_order_id, settlement, base, audit)
        self.notices[client_order_id] = "due"
        at = settlement.fills[-1].at if settlement.fills else audit.at
        for other in others:
            closed = replace(other, status=OrderStatus.CANCELLED, updated_at=at)
            self.orders[other.client_order_id] = closed
            await self.audit.record(_target(replace(audit, action="order_cancelled"), closed))
        return done

    async def claim_notices(self, symbol: str) -> list[Order]:
        due = [
            o for o in self._by_age() if o.symbol == symbol and self.notices.get(o.client_order_id) == "due"
        ]
        for o in due:
            self.notices[o.client_order_id] = "sending"
        return due

    async def finish_notice(self, client_order_id: str, outcome: str) -> None:
        if self.notices.get(client_order_id) == "sending":
            self.notices[client_order_id] = "due" if outcome == "retry" else outcome


def _target(audit: AuditEntry, order: Order) -> AuditEntry:
    detail = {**audit.detail, "client_order_id": order.client_order_id, "status": order.status.value}
    return replace(audit, target_id=order.id, target_name=order.client_order_id, detail=detail)
