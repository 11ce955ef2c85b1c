"""Resting orders beside the market ones: limit buys and sells, stop-loss, take-profit and
stop-limit sells of a holding, and the take-profit + stop-loss pair (one filling cancels the
other) — planned, placed, listed, cancelled, and on paper checked against the book.

Paper: placing locks the order's funds in the same transaction as the order rows
(core.trading.resting); ``check`` is the order check job's work for one symbol: the expired
orders are closed and their funds released, then ONE book (best bid and ask) decides every
order resting on the symbol, however many there are. Binance weight: a bookTicker call for one
symbol weighs 2, so 1,000 resting orders on 50 symbols cost 50 calls a round, weight 100 every
CHECK_EVERY (30 s): 200 a minute of the 6,000 allowed, 3.3 % (tests/orders/test_order_check.py).
Each fill is a compare-and-set in storage, so two tick processes fill an order once.

Live accounts go through core.trading.live_orders (the exchange's own order types).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Final

from core.market import Book
from core.markets import SymbolRules
from core.services import ServiceKey
from core.tasks.audit import AuditEntry
from core.trading import filters, live_orders, resting
from core.trading.model import (
    QUOTE_ASSET,
    Balance,
    Fill,
    NewOrder,
    Order,
    OrderIntent,
    OrderPlan,
    OrderStatus,
    Rejection,
    Resting,
)
from core.trading.ports import ExchangeError, Settlement, fills_of
from core.trading.resting import Lock
from core.trading.risk import RiskLimits, check_caps
from core.trading.service import TradingService, kind_of, starting_usdt
from core.trading.sizing import budget_of, fee_of, quantity_for_quote, quantity_of_holding
from core.workspace.accounts import ExchangeAccount

log = logging.getLogger(__name__)

CHECK_SKILL = "orders"  # the audit's skill name of a fill or an expiry made by the check job
LIVE_CHECK = "live_check"  # the live order check's job name (core.skills.orders.live_check)
NO_EXPIRY = "unsupported_expiry"  # a live order with an expiry: the exchanges keep spot orders GTC


@dataclass(frozen=True, slots=True)
class RestingPlan:
    """A resting order (or a pair) sized and checked; nothing stored."""

    intent: OrderIntent
    specs: tuple[Resting, ...]  # one order, or a take-profit + stop-loss pair
    quantity: Decimal
    book: Book
    lock: Lock | None  # what it holds back on paper (None: a live account's exchange does)
    equity: Decimal
    rejection: Rejection | None = None

    @property
    def reference(self) -> Decimal:
        """The side of the book the order waits on: the ask for a limit buy, else the bid."""
        return resting.reference_of(self.specs[0].order_type, self.intent.side, self.book)


@dataclass(frozen=True, slots=True)
class CheckResult:
    filled: list[Order] = field(default_factory=list)
    expired: list[Order] = field(default_factory=list)
    resting: int = 0  # still resting after the check


def price_of(spec: Resting) -> Decimal:
    """The price a resting order is valued at: its limit, else its trigger."""
    price = spec.limit_price if spec.limit_price is not None else spec.trigger_price
    if price is None:
        raise ValueError("a resting order needs a limit or a trigger price")
    return price


class RestingOrders:
    def __init__(self, trading: TradingService) -> None:
        self.trading = trading
        self.orders = trading.orders

    # -- planning ----------------------------------------------------------------------------

    async def plan(
        self, account: ExchangeAccount, intent: OrderIntent, specs: Sequence[Resting]
    ) -> RestingPlan:
        """What the order would rest as, with the reason it cannot when it cannot. Raises
        MarketError when no book can be had."""
        book = await self.trading.books.get_book(intent.symbol)
        balances = await self.trading.raw_balances(account)
        equity, _ = await self.trading._equity(balances, known={intent.symbol: book})
        specs = tuple(specs)
        rules = self.trading.rules(intent.symbol)
        if rules is None:
            return RestingPlan(
                intent, specs, Decimal(0), book, None, equity, self.trading._no_rules(intent.symbol)
            )
        free = {b.asset: b.free for b in balances}
        rate = self.trading.config.taker_fee
        price = price_of(specs[0])
        if intent.unit == "base":
            quantity = intent.amount
        elif intent.unit == "quote":
            quantity = quantity_for_quote(intent.amount, price, rate, rules)
        elif intent.side == "sell":  # "my BTC": the whole free holding, or a share of it
            quantity = quantity_of_holding(free.get(intent.base, Decimal(0)), intent.share, rules)
        else:
            quantity = quantity_for_quote(
                budget_of(free.get(QUOTE_ASSET, Decimal(0)), intent.share), price, rate, rules
            )
        held = resting.lock_of(intent.side, intent.base, quantity, specs[0].limit_price, rate)
        plan = RestingPlan(
            intent, specs, quantity, book, held if kind_of(account) == "paper" else None, equity
        )
        rejection = self._check(plan, rules, free)
        if rejection is None and kind_of(account) == "live":
            rejection = await self._unsupported(account, specs)
        if rejection is None and kind_of(account) == "live" and any(s.expires_at for s in specs):
            # No spot exchange deskmate trades on keeps an expiry (GTC only): said, never emulated
            # by cancelling real orders on a timer.
            rejection = Rejection(
                NO_EXPIRY, f"{account.exchange}: spot orders have no expiry", "expiry_live",
                {"exchange": account.exchange},
            )  # fmt: skip
        if rejection is None and intent.side == "buy":
            notional = quantity * price
            as_order = OrderPlan(
                intent, price, quantity, notional, fee_of(notional, rate), QUOTE_ASSET, equity
            )
            committed = sum((b.locked for b in balances if b.asset == QUOTE_ASSET), Decimal(0))
            rejection = self._caps(as_order, await self.trading.limits(account), committed)
        return RestingPlan(
            intent, specs, quantity, book, plan.lock, equity, rejection
        ) if rejection else plan  # fmt: skip

    async def _unsupported(self, account: ExchangeAccount, specs: Sequence[Resting]) -> Rejection | None:
        """The exchange's own order type missing (Bybit has no spot OCO pair): refused at the
        summary, before anyone confirms, never emulated with real money. No request is made."""
        if self.trading.live is None:
            return None  # live trading not configured: placing says so
        try:
            client = self.trading.live.client(account)
        except ExchangeError:
            return None  # an exchange deskmate cannot trade on: placing says so
        try:
            reason = client.unsupported(specs)
        finally:
            await client.aclose()
        return None if reason is None else Rejection(live_orders.UNSUPPORTED_PAIR, reason, "unsupported")

    @staticmethod
    def _caps(plan: OrderPlan, limits: RiskLimits, committed: Decimal) -> Rejection | None:
        return check_caps(plan, limits, committed)

    @staticmethod
    def _check(plan: RestingPlan, rules: SymbolRules, free: dict[str, Decimal]) -> Rejection | None:
        for spec in plan.specs:
            refused = resting.wrong_side(
                spec.order_type, plan.intent.side, plan.book, spec.trigger_price, spec.limit_price
            )
            if refused is not None:
                return refused
            for price in (spec.limit_price, spec.trigger_price):
                if price is not None and (refused := filters.check_price(rules, price)):
                    return refused
            refused = filters.check_market_order(rules, plan.quantity, price_of(spec))
            if refused is not None:
                return refused
        held = plan.lock or resting.lock_of(
            plan.intent.side, plan.intent.base, plan.quantity, plan.specs[0].limit_price, Decimal(0)
        )
        outcome = resting.lock({a: Balance(a, f) for a, f in free.items()}, held)
        return outcome if isinstance(outcome, Rejection) else None

    # -- placing, listing, cancelling --------------------------------------------------------

    async def place(
        self, account: ExchangeAccount, plan: RestingPlan, client_order_ids: Sequence[str], audit: AuditEntry
    ) -> list[Order]:
        """Store the order (or pair) open, locking its funds on paper, once per client order id.
        A refused plan is stored refused (the history and the diagnosis see it)."""
        now = self.trading.clock.now()
        intent = plan.intent
        news = [
            NewOrder(
                cid,
                audit.owner,
                account.id,
                account.name,
                kind_of(account),
                account.exchange,
                intent.symbol,
                intent.side,
                plan.quantity,
                now,
                spec,
            )
            for cid, spec in zip(client_order_ids, plan.specs, strict=True)
        ]
        if plan.rejection is not None:
            placed = []
            for new in news:
                claim = await self.orders.claim(new, _audit(audit, "order", {}))
                refusal = _audit(audit, "order_rejected", {"code": plan.rejection.code}, outcome="refused")
                settlement = Settlement(OrderStatus.REJECTED, rejection=plan.rejection)
                placed.append(
                    await self.orders.settle(claim.order.client_order_id, settlement, intent.base, refusal)
                )
            return placed
        stored = await self.orders.rest(news, plan.lock, starting_usdt(account), _audit(audit, "order", {}))
        if kind_of(account) == "paper":
            return stored
        return await live_orders.place(self.trading, account, stored, audit)

    async def open_orders(self, account: ExchangeAccount) -> list[Order]:
        """Paper: the stored resting orders. Live: the exchange's own list (the truth), each
        matched with deskmate's record of it where there is one."""
        stored = await self.orders.open_orders(account.id)
        if kind_of(account) == "paper":
            return stored
        return await live_orders.open_orders(self.trading, account, stored)

    async def tracked(self, account: ExchangeAccount) -> bool:
        """Whether deskmate has orders of its own resting on ``account`` (stored as open)."""
        return bool(await self.orders.open_orders(account.id))

    async def cancel(self, account: ExchangeAccount, order: Order, audit: AuditEntry) -> list[Order]:
        """Cancel one resting order (and its pair's other order): the orders cancelled, none when
        it was not resting any more (filled, expired, cancelled already). A live one is cancelled
        on the exchange by its client order id first."""
        if order.account_id != account.id:
            return []
        if kind_of(account) == "live":
            gone = await live_orders.cancel(self.trading, account, order)
            if gone is None:
                return []
        if await self.orders.order(order.client_order_id) is None:
            return [replace(order, status=OrderStatus.CANCELLED)]  # the exchange's own, not deskmate's
        return await self.orders.close_resting(
            order.client_order_id, OrderStatus.CANCELLED, _audit(audit, "order_cancelled", {})
        )

    # -- the paper check ---------------------------------------------------------------------

    async def check(self, symbol: str, now: datetime) -> CheckResult:
        """Expire, then fill what the book crosses: one book for every order on ``symbol``.
        Raises MarketError when there is no book (nothing fills on a made-up price)."""
        waiting = await self.orders.resting_on(symbol)
        result = CheckResult()
        live: list[Order] = []
        for order in waiting:
            if resting.expired(order, now):
                closed = await self.orders.close_resting(
                    order.client_order_id, OrderStatus.EXPIRED, _job_audit(order, now, "order_expired")
                )
                result.expired.extend(closed)
            else:
                live.append(order)
        gone = {o.client_order_id for o in result.expired}
        live = [o for o in live if o.client_order_id not in gone]
        if not live:
            return result
        book = await self.trading.books.get_book(symbol)
        rate = self.trading.config.taker_fee
        closed_now: set[str] = set()
        for order in live:
            if order.client_order_id in closed_now:
                continue  # its pair's other order filled in this round
            price = resting.crossing(order, book)
            if price is None:
                continue
            notional = order.quantity * price
            fill = Fill(
                symbol, order.side, order.quantity, price, notional, fee_of(notional, rate), QUOTE_ASSET,
                now, order.client_order_id,
            )  # fmt: skip
            base = symbol.removesuffix(QUOTE_ASSET)
            # The balance rows exist since the order locked its funds: no starting balance to seed.
            done = await self.orders.fill_resting(
                order.client_order_id, fill, base, Decimal(0), _job_audit(order, now, "fill")
            )
            if done is not None:
                result.filled.append(done)
                closed_now.update(
                    o.client_order_id for o in live if o.group_id and o.group_id == order.group_id
                )
        return CheckResult(result.filled, result.expired, len(await self.orders.resting_on(symbol)))

    # -- the live write-back -----------------------------------------------------------------

    async def sync_live(self, account: ExchangeAccount, now: datetime) -> CheckResult:
        """Write back what the exchange did to deskmate's live resting orders of ``account``.

        One open-orders call per symbol they rest on (Binance GET /api/v3/openOrders, weight 6);
        an order no longer listed is looked up by its client order id (GET /api/v3/order, weight
        4, once: it is then recorded) and recorded as the exchange has it: filled — its fill at
        the exchange's average price, fee, position and audit rows and its fill card, once (a
        compare-and-set: two processes record it once) — or cancelled / expired there (closed;
        with the part that filled before recorded as its fill). An order the lookup cannot find,
        or a lookup that fails, stays open and is asked again next time. A partial fill stays
        open until the exchange says the order ended."""
        stored = await self.orders.live_resting(account.id)
        result = CheckResult()
        if not stored:
            return result
        still = await live_orders.still_open(self.trading, account, sorted({o.symbol for o in stored}))
        still = live_orders.with_pairs(still, stored)  # OKX lists its OCO once, for both legs
        gone = [o for o in stored if o.client_order_id not in still]
        looked = await live_orders.look_up(self.trading, account, gone)
        # A filled leg first: its pair's other leg, expired on the exchange with it, is then
        # cancelled by the fill, not closed before it (which would close the filled leg too).
        looked.sort(key=lambda pair: 0 if pair[1] is not None and pair[1].status == "filled" else 1)
        for order, found in looked:
            if found is None or found.status == "open":
                continue
            base = order.symbol.removesuffix(QUOTE_ASSET)
            order = live_orders.leg_filled(order, found, stored)
            if found.quantity > 0:  # filled, or cancelled / expired there after a partial fill
                settlement = Settlement(
                    OrderStatus.FILLED if found.status == "filled" else OrderStatus.CANCELLED,
                    fills_of(found, order.symbol, order.side),
                    exchange_order_id=found.exchange_order_id or None,
                )
                done = await self.orders.fill_live(
                    order.client_order_id, settlement, base, _job_audit(order, now, "fill", LIVE_CHECK)
                )
                if done is not None:
                    result.filled.append(done)
            else:  # cancelled in the exchange's app, expired or rejected there
                audit = _job_audit(order, now, "order_cancelled", LIVE_CHECK)
                result.expired.extend(
                    await self.orders.close_resting(order.client_order_id, OrderStatus.CANCELLED, audit)
                )
        left = await self.orders.live_resting(account.id)
        return CheckResult(result.filled, result.expired, len(left))


def _audit(template: AuditEntry, action: str, detail: dict[str, str], *, outcome: str = "ok") -> AuditEntry:
    return TradingService._audit(template, action, detail, outcome=outcome)


def _job_audit(order: Order, now: datetime, action: str, job: str = "check") -> AuditEntry:
    return AuditEntry(
        order.owner, f"job:{CHECK_SKILL}.{job}", now, CHECK_SKILL, action, None, None, "ok",
        {"symbol": order.symbol, "type": order.order_type},
    )  # fmt: skip


RESTING_ORDERS: Final = ServiceKey[RestingOrders]("resting orders")
