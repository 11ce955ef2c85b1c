"""The trading service: the one order path for conversations and jobs alike.

``plan`` sizes an intent against the book, the symbol's filters, the fee, the balances and the
account's caps (a summary; nothing stored). ``place`` executes it exactly once per client order
id: the id is claimed in storage first (unique), then a paper order fills in one transaction
with its balances, fill, position and audit rows, and a live order goes to the exchange under
that id. A live order whose request timed out is never sent again blindly: it is looked up by
its client order id first. Every order and fill is audited in the transaction that records it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Final

from core.clock import Clock
from core.market import Book, BookData, MarketError
from core.markets import MarketCatalog, SymbolRules
from core.services import ServiceKey
from core.tasks.audit import AuditEntry
from core.trading import filters, risk
from core.trading.model import (
    QUOTE_ASSET,
    AccountKind,
    Balance,
    Fill,
    NewOrder,
    Order,
    OrderIntent,
    OrderPlan,
    OrderStatus,
    Position,
    Rejection,
    Trade,
)
from core.trading.paper import settle
from core.trading.ports import (
    ExchangeClient,
    ExchangeError,
    ExchangeOrder,
    LiveExchanges,
    OrderSnapshot,
    OrderStore,
    Settlement,
    fills_of,
)
from core.trading.positions import PositionView, view
from core.trading.risk import RiskLimits
from core.trading.sizing import (
    DEFAULT_TAKER_FEE,
    budget_of,
    fee_of,
    quantity_for_quote,
    quantity_of_holding,
    smallest_buy,
)
from core.workspace.accounts import ExchangeAccount
from core.workspace.exchanges import PAPER_DEFAULT_BALANCE

log = logging.getLogger(__name__)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # a what-if fill's time: never stored

UNSUPPORTED = "unsupported_symbol"
RULES_UNKNOWN = "rules_unknown"  # listed, but its filters are not known yet (before the refresh)
NOT_PLACED = "not_placed"  # a timed-out order the exchange says it never received


def kind_of(account: ExchangeAccount) -> AccountKind:
    return "paper" if account.exchange == "paper" else "live"


@dataclass(frozen=True, slots=True)
class TradingConfig:
    taker_fee: Decimal = DEFAULT_TAKER_FEE
    limits: RiskLimits = field(default_factory=RiskLimits)


@dataclass(frozen=True, slots=True)
class AccountBalances:
    assets: tuple[Balance, ...]
    equity: Decimal  # USDT, valuing each coin at its best bid
    unpriced: tuple[str, ...] = ()  # coins that could not be valued (no quote): left out of equity


@dataclass(frozen=True, slots=True)
class Placed:
    """The order as stored after ``place``; ``duplicate``: it had already run (same client id)."""

    order: Order
    plan: OrderPlan | None
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class PaperOrder:
    """A planned paper order: what OrderStore.place_paper writes, and the plan it came from."""

    new: NewOrder
    audit: AuditEntry
    outcome: Fill | Rejection
    base: str
    starting_usdt: Decimal
    settle_audit: AuditEntry
    plan: OrderPlan


@dataclass(frozen=True, slots=True)
class PriceMoved:
    """The price moved beyond the tolerance since the summary: nothing was placed."""

    plan: OrderPlan
    reference: Decimal


@dataclass(frozen=True, slots=True)
class MaxBuy:
    symbol: str
    quantity: Decimal  # the most one market buy can take now (balance, fee, step and caps)
    by_balance: Decimal  # what the free USDT alone allows
    price: Decimal  # the ask it was computed at
    free_quote: Decimal
    fee_rate: Decimal
    step: Decimal
    capped: bool  # a cap, not the balance, limits it
    least: Decimal = Decimal(0)  # the smallest buy the pair allows (its minimums, up to the step)
    least_cost: Decimal = Decimal(0)  # what that smallest buy costs now, fee included


@dataclass(frozen=True, slots=True)
class _AccountState:
    balances: list[Balance]
    limits: RiskLimits
    order: Order | None  # the order already holding the client order id asked about


class TradingService:
    def __init__(
        self,
        orders: OrderStore,
        books: BookData,
        catalog: MarketCatalog,
        clock: Clock,
        live: LiveExchanges | None = None,
        config: TradingConfig | None = None,
    ) -> None:
        self.orders = orders
        self.books = books
        self.catalog = catalog
        self.clock = clock
        self.live = live
        self.config = config or TradingConfig()

    # -- reads -------------------------------------------------------------------------------

    def rules(self, symbol: str) -> SymbolRules | None:
        return self.catalog.rules(symbol)

    async def limits(self, account: ExchangeAccount) -> RiskLimits:
        return await self.orders.limits(account.id) or self.config.limits

    async def raw_balances(self, account: ExchangeAccount) -> list[Balance]:
        if kind_of(account) == "paper":
            return await self.orders.paper_balances(account.id, starting_usdt(account))
        client = self._client(account)
        try:
            return await client.balances()
        finally:
            await client.aclose()

    async def balances(self, account: ExchangeAccount) -> AccountBalances:
        assets = [b for b in await self.raw_balances(account) if b.total > 0 or b.asset == QUOTE_ASSET]
        equity, unpriced = await self._equity(assets)
        assets.sort(key=lambda b: (b.asset != QUOTE_ASSET, b.asset))
        return AccountBalances(tuple(assets), equity, unpriced)

    async def positions(self, account: ExchangeAccount) -> list[PositionView]:
        held = [p for p in await self.orders.positions(account.id) if p.quantity > 0]
        if kind_of(account) == "live":
            # The exchange's balances are the truth; deskmate's fills give the entry where it knows it.
            known = {p.asset: p for p in held}
            held = []
            for bal in await self.raw_balances(account):
                if bal.asset == QUOTE_ASSET or bal.total <= 0:
                    continue
                mine = known.get(bal.asset)
                if mine is not None and mine.quantity == bal.total:
                    held.append(mine)
                else:
                    held.append(Position(bal.asset, bal.total, Decimal(0)))
        books = await self._books([f"{p.asset}{QUOTE_ASSET}" for p in held])
        views = []
        for p in held:
            symbol = f"{p.asset}{QUOTE_ASSET}"
            book = books.get(symbol)
            views.append(view(p, symbol, book.bid if book else None))
        return views

    async def trades(self, account: ExchangeAccount, limit: int = 10) -> list[Trade]:
        return await self.orders.trades(account.id, limit)

    async def max_buy(self, account: ExchangeAccount, symbol: str) -> MaxBuy | Rejection:
        rules = self.rules(symbol)
        if rules is None:
            return self._no_rules(symbol)
        book = await self.books.get_book(symbol)
        state = await self._state(account, None)
        balances = state.balances
        free = next((b.free for b in balances if b.asset == QUOTE_ASSET), Decimal(0))
        rate = self.config.taker_fee
        by_balance = quantity_for_quote(free, book.ask, rate, rules)
        limits = state.limits
        equity, _ = await self._equity(balances)
        cap_notional = min(limits.max_order_notional, limits.max_equity_share * equity)
        by_cap = quantity_for_quote(cap_notional * (1 + rate), book.ask, rate, rules)
        quantity = min(by_balance, by_cap)
        least, least_cost = smallest_buy(book.ask, rate, rules)
        return MaxBuy(
            symbol,
            quantity,
            by_balance,
            book.ask,
            free,
            rate,
            rules.step_size,
            capped=by_cap < by_balance,
            least=least,
            least_cost=least_cost,
        )

    # -- planning ----------------------------------------------------------------------------

    async def plan(self, account: ExchangeAccount, intent: OrderIntent) -> OrderPlan:
        """What ``intent`` would trade now, with the reason it cannot when it cannot."""
        return (await self.plan_with_limits(account, intent))[0]

    async def plan_with_limits(
        self, account: ExchangeAccount, intent: OrderIntent
    ) -> tuple[OrderPlan, RiskLimits]:
        """``plan``, and the account's caps it was checked against (read with the balances:
        a summary or a confirmation that shows them reads them once)."""
        book = await self.books.get_book(intent.symbol)
        state = await self._state(account, None)
        return await self._plan(intent, book, state), state.limits

    async def _state(self, account: ExchangeAccount, client_order_id: str | None) -> _AccountState:
        """The balances and caps an order is planned against (and the order already holding
        ``client_order_id``): a paper account's in one read of the store."""
        if kind_of(account) == "paper":
            snap = await self.orders.snapshot(account.id, client_order_id, starting_usdt(account))
            assert snap.balances is not None
            return _AccountState(snap.balances, snap.limits or self.config.limits, snap.order)
        snap = await self.orders.snapshot(account.id, client_order_id, None)
        balances = await self.raw_balances(account)
        return _AccountState(balances, snap.limits or self.config.limits, snap.order)

    async def _plan(self, intent: OrderIntent, book: Book, state: _AccountState) -> OrderPlan:
        rules = self.rules(intent.symbol)
        price = book.ask if intent.side == "buy" else book.bid
        balances = state.balances
        equity, _ = await self._equity(balances, known={intent.symbol: book})
        rate = self.config.taker_fee
        if rules is None:
            refused = self._no_rules(intent.symbol)
            return OrderPlan(intent, price, Decimal(0), Decimal(0), Decimal(0), QUOTE_ASSET, equity, refused)
        free = {b.asset: b.free for b in balances}
        quantity = self._quantity(intent, price, rules, free)
        notional = quantity * price
        fee = fee_of(notional, rate)
        plan = OrderPlan(intent, price, quantity, notional, fee, QUOTE_ASSET, equity)
        rejection: Rejection | None = (
            filters.check_market_order(rules, quantity, price)
            or self._balance_check(plan, free)
            or risk.check_caps(plan, state.limits, _committed(balances))
        )
        return replace(plan, rejection=rejection) if rejection else plan

    def _no_rules(self, symbol: str) -> Rejection:
        """No filters to check an order against: never guessed. A listed coin's come with the
        catalog's refresh from the exchange; any other coin is not traded here."""
        if self.catalog.is_supported(symbol):
            coin = self.catalog.base_of(symbol)
            return Rejection(RULES_UNKNOWN, f"{symbol}: filters not known yet", "symbol", {"coin": coin})
        return Rejection(UNSUPPORTED, f"{symbol} is not traded here", "symbol")

    def _quantity(
        self, intent: OrderIntent, price: Decimal, rules: SymbolRules, free: dict[str, Decimal]
    ) -> Decimal:
        if intent.unit == "base":
            return intent.amount  # as asked: off-step quantities fail LOT_SIZE, as on Binance
        if intent.unit == "quote":
            return quantity_for_quote(intent.amount, price, self.config.taker_fee, rules)
        if intent.side == "buy":  # "all my USDT", "half my USDT"
            budget = budget_of(free.get(QUOTE_ASSET, Decimal(0)), intent.share)
            return quantity_for_quote(budget, price, self.config.taker_fee, rules)
        return quantity_of_holding(free.get(intent.base, Decimal(0)), intent.share, rules)

    @staticmethod
    def _balance_check(plan: OrderPlan, free: dict[str, Decimal]) -> Rejection | None:
        balances = {a: Balance(a, f) for a, f in free.items()}
        fill = Fill(
            plan.intent.symbol, plan.intent.side, plan.quantity, plan.price, plan.notional,
            plan.fee, plan.fee_asset, _EPOCH, "",
        )  # fmt: skip
        outcome = settle(balances, fill, plan.intent.base)
        return outcome if isinstance(outcome, Rejection) else None

    # -- placing -----------------------------------------------------------------------------

    async def record_refusal(
        self, account: ExchangeAccount, plan: OrderPlan, client_order_id: str, audit: AuditEntry
    ) -> Order:
        """An order deskmate itself refused before asking for a confirmation (a filter such as
        the 5 USDT minimum, a cap, the balance): stored as a refused order with its reason, so
        the order diagnosis and the history see it like one the exchange refused."""
        if plan.rejection is None:
            raise ValueError("only a refused plan is recorded as refused")
        intent = plan.intent
        new = NewOrder(
            client_order_id, audit.owner, account.id, account.name, kind_of(account), account.exchange,
            intent.symbol, intent.side, plan.quantity, self.clock.now(),
        )  # fmt: skip
        claim = await self.orders.claim(new, self._audit(audit, "order", new_detail(new, plan)))
        if claim.order.status.final:
            return claim.order
        return await self.orders.settle(
            client_order_id,
            Settlement(OrderStatus.REJECTED, rejection=plan.rejection),
            intent.base,
            self._audit(audit, "order_rejected", {"code": plan.rejection.code}, outcome="refused"),
        )

    async def place(
        self,
        account: ExchangeAccount,
        intent: OrderIntent,
        client_order_id: str,
        audit: AuditEntry,
        *,
        reference_price: Decimal | None = None,
    ) -> Placed | PriceMoved:
        """Execute ``intent`` once under ``client_order_id``. ``reference_price``: the price the
        user saw; a move beyond the account's tolerance returns PriceMoved and places nothing.
        Raises MarketError when no quote can be had (nothing is claimed then)."""
        state = await self._state(account, client_order_id)
        existing = state.order
        if existing is not None and existing.status.final:
            return Placed(existing, None, duplicate=True)
        book = await self.books.get_book(intent.symbol)
        plan = await self._plan(intent, book, state)
        moved = reference_price is not None and risk.moved(
            reference_price, plan.price, state.limits.price_tolerance
        )
        if existing is None and reference_price is not None and moved:
            return PriceMoved(plan, reference_price)
        if kind_of(account) == "paper":
            # Claimed, paid for and filled (or refused) in one transaction of the store.
            paper = self._paper(account, plan, client_order_id, audit)
            placed = await self.orders.place_paper(
                paper.new, paper.audit, paper.outcome, paper.base, paper.starting_usdt, paper.settle_audit
            )
            return Placed(placed.order, plan, duplicate=not placed.created)
        now = self.clock.now()
        new = NewOrder(
            client_order_id, audit.owner, account.id, account.name, "live", account.exchange,
            intent.symbol, intent.side, plan.quantity, now,
        )  # fmt: skip
        ordered = self._audit(audit, "order", new_detail(new, plan))
        claim = await self.orders.claim(new, ordered)
        order = claim.order
        if order.status.final:
            return Placed(order, plan, duplicate=True)
        if plan.rejection is not None:
            settled_order = await self.orders.settle(
                client_order_id,
                Settlement(OrderStatus.REJECTED, rejection=plan.rejection),
                intent.base,
                self._audit(audit, "order_rejected", {"code": plan.rejection.code}, outcome="refused"),
            )
            return Placed(settled_order, plan)
        return Placed(await self._place_live(account, order, plan, audit, fresh=claim.created), plan)

    async def paper_order(
        self,
        account: ExchangeAccount,
        intent: OrderIntent,
        client_order_id: str,
        audit: AuditEntry,
        snapshot: OrderSnapshot,
    ) -> PaperOrder | Placed:
        """A paper order planned against ``snapshot`` (its balances and caps, read beforehand
        with other reads), ready for a write that also records something else (a trader's
        tick: core.traders.ports.TickUnit); Placed when the snapshot holds the order already
        final. The write settles it against the balances it locks, as ``place`` does, so a
        snapshot a moment old never spends the same USDT twice. Raises MarketError when no
        quote can be had."""
        if kind_of(account) != "paper" or snapshot.balances is None:
            raise ValueError("paper_order: a paper account and its balances")
        if snapshot.order is not None and snapshot.order.status.final:
            return Placed(snapshot.order, None, duplicate=True)
        state = _AccountState(snapshot.balances, snapshot.limits or self.config.limits, snapshot.order)
        book = await self.books.get_book(intent.symbol)
        plan = await self._plan(intent, book, state)
        return self._paper(account, plan, client_order_id, audit)

    def _paper(
        self, account: ExchangeAccount, plan: OrderPlan, client_order_id: str, audit: AuditEntry
    ) -> PaperOrder:
        intent = plan.intent
        now = self.clock.now()
        new = NewOrder(
            client_order_id, audit.owner, account.id, account.name, "paper", account.exchange,
            intent.symbol, intent.side, plan.quantity, now,
        )  # fmt: skip
        outcome: Fill | Rejection = plan.rejection or Fill(
            intent.symbol, intent.side, plan.quantity, plan.price, plan.notional, plan.fee,
            plan.fee_asset, now, client_order_id,
        )  # fmt: skip
        settled = (
            self._audit(audit, "order_rejected", {"code": plan.rejection.code}, outcome="refused")
            if plan.rejection is not None
            else self._audit(audit, "fill", {})
        )
        ordered = self._audit(audit, "order", new_detail(new, plan))
        return PaperOrder(new, ordered, outcome, intent.base, starting_usdt(account), settled, plan)

    async def _place_live(
        self, account: ExchangeAccount, order: Order, plan: OrderPlan, audit: AuditEntry, *, fresh: bool
    ) -> Order:
        intent = plan.intent
        cid = order.client_order_id
        client = self._client(account)
        try:
            found: ExchangeOrder | None = None
            if not fresh:  # claimed before (a crash, a timeout): ask the exchange before anything
                try:
                    found = await client.order_by_client_id(intent.symbol, cid)
                except ExchangeError as exc:
                    return await self._unknown(order, exc, intent.base, audit)
            if found is None:
                try:
                    found = await client.market_order(
                        intent.symbol, intent.side, plan.quantity, cid, plan.price
                    )
                except ExchangeError as exc:
                    if not exc.uncertain:
                        return await self._rejected(order, exc, intent.base, audit)
                    log.warning("live order %s: %s; looking it up by its client order id", cid, exc.fault)
                    try:
                        found = await client.order_by_client_id(intent.symbol, cid)
                    except ExchangeError as again:
                        return await self._unknown(order, again, intent.base, audit)
                    if found is None:
                        gone = ExchangeError("rejected", NOT_PLACED, f"{exc.code}: {exc.message}")
                        return await self._rejected(order, gone, intent.base, audit)
            return await self._settle_found(order, found, plan, audit)
        finally:
            await client.aclose()

    async def _settle_found(
        self, order: Order, found: ExchangeOrder, plan: OrderPlan, audit: AuditEntry
    ) -> Order:
        intent = plan.intent
        if found.status == "filled" or (found.status != "open" and found.quantity > 0):
            settlement = Settlement(
                OrderStatus.FILLED, fills_of(found, intent.symbol, intent.side), None, found.exchange_order_id
            )
            return await self.orders.settle(
                order.client_order_id, settlement, intent.base, self._audit(audit, "fill", {})
            )
        if found.status == "open":
            return await self._unknown(
                order, ExchangeError("timeout", "open", "still open"), intent.base, audit
            )
        rejection = Rejection(found.status, f"the exchange reports the order {found.status}", found.status)
        settlement = Settlement(
            OrderStatus.REJECTED, rejection=rejection, exchange_order_id=found.exchange_order_id
        )
        return await self.orders.settle(
            order.client_order_id,
            settlement,
            intent.base,
            self._audit(audit, "order_rejected", {"code": found.status}, outcome="failed"),
        )

    async def _rejected(self, order: Order, exc: ExchangeError, base: str, audit: AuditEntry) -> Order:
        rejection = Rejection(exc.code, exc.message, exc.fault)
        return await self.orders.settle(
            order.client_order_id,
            Settlement(OrderStatus.REJECTED, rejection=rejection),
            base,
            self._audit(audit, "order_rejected", {"code": exc.code}, outcome="failed"),
        )

    async def _unknown(self, order: Order, exc: ExchangeError, base: str, audit: AuditEntry) -> Order:
        rejection = Rejection(exc.code, exc.message, exc.fault)
        return await self.orders.settle(
            order.client_order_id,
            Settlement(OrderStatus.UNKNOWN, rejection=rejection),
            base,
            self._audit(audit, "order_unknown", {"code": exc.code}, outcome="failed"),
        )

    # -- helpers -----------------------------------------------------------------------------

    def _client(self, account: ExchangeAccount) -> ExchangeClient:
        if self.live is None:
            raise ExchangeError("unsupported", "no_live", "live trading is not configured")
        return self.live.client(account)

    async def _books(self, symbols: Sequence[str]) -> dict[str, Book]:
        wanted = [s for s in dict.fromkeys(symbols) if self.catalog.get(s) is not None]

        async def one(symbol: str) -> Book | None:
            try:
                return await self.books.get_book(symbol)
            except MarketError:
                return None

        found = await asyncio.gather(*(one(s) for s in wanted))
        return {s: b for s, b in zip(wanted, found, strict=True) if b is not None}

    async def _equity(
        self, balances: Sequence[Balance], known: dict[str, Book] | None = None
    ) -> tuple[Decimal, tuple[str, ...]]:
        known = dict(known or {})
        coins = [b for b in balances if b.asset != QUOTE_ASSET and b.total > 0]
        missing = [f"{b.asset}{QUOTE_ASSET}" for b in coins if f"{b.asset}{QUOTE_ASSET}" not in known]
        known.update(await self._books(missing))
        equity = sum((b.total for b in balances if b.asset == QUOTE_ASSET), Decimal(0))
        unpriced = []
        for b in coins:
            book = known.get(f"{b.asset}{QUOTE_ASSET}")
            if book is None:
                unpriced.append(b.asset)
            else:
                equity += b.total * book.bid
        return equity, tuple(unpriced)

    @staticmethod
    def _audit(
        template: AuditEntry, action: str, detail: dict[str, str], *, outcome: str = "ok"
    ) -> AuditEntry:
        return replace(template, action=action, outcome=outcome, detail={**template.detail, **detail})  # type: ignore[arg-type]


def _committed(balances: Sequence[Balance]) -> Decimal:
    """USDT held back by resting buys: it counts toward the caps (core.trading.risk)."""
    return sum((b.locked for b in balances if b.asset == QUOTE_ASSET), Decimal(0))


def starting_usdt(account: ExchangeAccount) -> Decimal:
    return account.paper_balance if account.paper_balance is not None else PAPER_DEFAULT_BALANCE


def new_detail(new: NewOrder, plan: OrderPlan) -> dict[str, str]:
    return {
        "client_order_id": new.client_order_id,
        "symbol": new.symbol,
        "side": new.side,
        "quantity": format(new.quantity.normalize(), "f"),
        "price": format(plan.price.normalize(), "f"),
        "kind": new.kind,
    }


TRADING: Final = ServiceKey[TradingService]("trading service")
