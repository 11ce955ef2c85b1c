"""What the trading service needs from outside: its storage, and live exchanges.

Storage keeps one aggregate per order (its fills with it) and the paper balances and positions
of an account; every change writes its audit rows in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Final, Literal, Protocol

from core.services import ServiceKey
from core.tasks.audit import AuditEntry
from core.trading.model import (
    Balance,
    Fill,
    NewOrder,
    Order,
    OrderStatus,
    Position,
    Rejection,
    Resting,
    Side,
    Trade,
)
from core.trading.resting import Lock
from core.trading.risk import RiskLimits
from core.workspace.accounts import ExchangeAccount


@dataclass(frozen=True, slots=True)
class Claim:
    """The order row behind a client order id: ``created`` when this call took the id."""

    order: Order
    created: bool


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a pending order ended: filled (its fills), rejected (why), or unknown (live, for now)."""

    status: OrderStatus
    fills: tuple[Fill, ...] = ()
    rejection: Rejection | None = None
    exchange_order_id: str | None = None


@dataclass(frozen=True, slots=True)
class OrderSnapshot:
    """What an order is planned against, read at once: the order already holding the client
    order id (if any), a paper account's balances (None for a live account: the exchange's), and
    the account's own caps (None: the defaults)."""

    order: Order | None
    balances: list[Balance] | None
    limits: RiskLimits | None


class OrderStore(Protocol):
    """Orders, fills, paper balances and positions. Safe across processes: a client order id is
    claimed once (a unique constraint); a pending order settles once (compare-and-set)."""

    async def order(self, client_order_id: str) -> Order | None: ...

    async def recent_orders(self, account_id: str, limit: int) -> list[Order]:
        """The account's latest orders, newest first (any status): what a diagnosis looks at."""
        ...

    async def claim(self, new: NewOrder, audit: AuditEntry) -> Claim:
        """Insert the pending order (and its audit row), or return the order already holding the id."""
        ...

    async def place_paper(
        self,
        new: NewOrder,
        audit: AuditEntry,
        outcome: Fill | Rejection,
        base: str,
        starting_usdt: Decimal,
        settle_audit: AuditEntry,
    ) -> Claim:
        """A paper order in one transaction: the id is claimed (with ``audit``'s row) and the
        order settles at once, filled by ``outcome`` as ``fill_paper`` does or refused by it,
        with ``settle_audit``'s row. An id claimed before is settled the same way if it is still
        pending; one that settled before is returned as it is, ``created`` False (a duplicate)."""
        ...

    async def snapshot(
        self, account_id: str, client_order_id: str | None, starting_usdt: Decimal | None
    ) -> OrderSnapshot:
        """In one read: the order holding ``client_order_id``, the paper balances (when
        ``starting_usdt`` is given: a paper account) and the account's caps."""
        ...

    async def fill_paper(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order:
        """In one transaction: the pending order is filled, the account's balances pay for it
        (core.trading.paper.settle; Binance's -2010 rejects it instead), the fill and the
        position are recorded, with the audit rows. An order no longer pending is returned as it is."""
        ...

    async def settle(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        """Settle a pending (or unknown) order: status, fills and positions, with the audit rows."""
        ...

    async def paper_balances(self, account_id: str, starting_usdt: Decimal) -> list[Balance]:
        """The paper account's balances (the starting USDT until its first trade)."""
        ...

    async def positions(self, account_id: str) -> list[Position]: ...

    async def trades(self, account_id: str, limit: int) -> list[Trade]:
        """Newest first."""
        ...

    async def limits(self, account_id: str) -> RiskLimits | None:
        """The account's own caps, or None for the defaults."""
        ...

    async def set_limits(self, account_id: str, limits: RiskLimits, audit: AuditEntry) -> None: ...

    # -- resting orders (limit, stop-loss, take-profit; core.trading.resting) ----------------

    async def rest(
        self, news: Sequence[NewOrder], lock: Lock | None, starting_usdt: Decimal, audit: AuditEntry
    ) -> list[Order]:
        """In one transaction: the orders (one, or a take-profit + stop-loss pair) are stored open
        and, on paper, ``lock`` moves from free to locked (held by the first order); Binance's
        -2010 rejects them instead. Ids already taken return the orders holding them."""
        ...

    async def open_orders(self, account_id: str) -> list[Order]:
        """The account's resting orders (open or partially filled), oldest first."""
        ...

    async def resting_symbols(self) -> list[str]:
        """The symbols paper orders rest on: what the order check watches."""
        ...

    async def resting_on(self, symbol: str) -> list[Order]:
        """The paper orders resting on ``symbol``, oldest first."""
        ...

    async def fill_resting(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order | None:
        """In one transaction, once: a resting paper order fills (compare-and-set on its status),
        its pair's other order is cancelled, their lock released, the fill settled and recorded
        with the position and audit rows, and its fill card marked due. None: no longer open."""
        ...

    async def close_resting(
        self, client_order_id: str, status: OrderStatus, audit: AuditEntry, rejection: Rejection | None = None
    ) -> list[Order]:
        """Cancel, expire or reject (a live exchange refused it: ``rejection``) a resting order and
        its pair's other order, releasing their lock; the orders closed by this call (none when it
        was no longer open)."""
        ...

    async def live_resting(self, account_id: str) -> list[Order]:
        """The account's live resting orders deskmate placed (open or partially filled), oldest
        first: what the live order check asks the exchange about."""
        ...

    async def fill_live(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order | None:
        """In one transaction, once: a live resting order the exchange filled is recorded filled
        (compare-and-set on its status) with its fills, position and audit rows, its pair's other
        order cancelled, and its fill card marked due. None: no longer open (recorded already)."""
        ...

    async def claim_notices(self, symbol: str) -> list[Order]:
        """The filled orders of ``symbol`` whose fill card is due, each claimed (due -> sending)
        by this call alone: a card is sent at most once, whatever the processes."""
        ...

    async def finish_notice(self, client_order_id: str, outcome: str) -> None:
        """sent / lost (kept as sent: never sent twice) / due again (a retryable failure)."""
        ...


ORDERS: Final = ServiceKey[OrderStore]("order store")


# -- live exchanges ----------------------------------------------------------------------------

ExchangeFault = Literal["rejected", "auth", "clock", "timeout", "network", "unavailable", "unsupported"]


class ExchangeError(Exception):
    """A live exchange call that failed. ``code`` and ``message`` are the exchange's own
    (Binance: "-2010", "Account has insufficient balance for requested action."); ``fault`` says
    what kind of failure it is. ``timeout`` and ``network`` leave an order's fate unknown."""

    def __init__(self, fault: ExchangeFault, code: str, message: str) -> None:
        super().__init__(f"{fault} {code}: {message}")
        self.fault = fault
        self.code = code
        self.message = message

    @property
    def uncertain(self) -> bool:
        """The request may have reached the exchange: an order must be looked up, not resent."""
        return self.fault in ("timeout", "network", "unavailable")


@dataclass(frozen=True, slots=True)
class ExchangeOrder:
    """An order as the exchange reports it."""

    client_order_id: str
    exchange_order_id: str
    status: Literal["filled", "open", "rejected", "cancelled"]
    quantity: Decimal  # executed
    quote_amount: Decimal  # executed, in the quote asset
    fee: Decimal
    fee_asset: str
    at: datetime
    # An open (resting) order as the exchange lists it: what, how much in all, at what price.
    symbol: str = ""
    side: Side = "buy"
    order_type: str = "market"
    amount: Decimal = Decimal(0)  # ordered (``quantity`` is what executed)
    limit_price: Decimal | None = None
    trigger_price: Decimal | None = None


class ExchangeClient(Protocol):
    """One live account's signed calls."""

    async def balances(self) -> list[Balance]: ...

    async def market_order(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, price: Decimal
    ) -> ExchangeOrder:
        """Place a market order under ``client_order_id`` (``price``: the quote it was sized at,
        for exchanges that size market buys in the quote asset). Raises ExchangeError."""
        ...

    async def order_by_client_id(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        """The order placed under ``client_order_id``, or None when the exchange has none."""
        ...

    async def my_trades(self, symbol: str, limit: int) -> list[Trade]: ...

    async def resting_order(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, spec: Resting
    ) -> ExchangeOrder:
        """Place a limit, stop-loss, take-profit or stop-limit order on the exchange's own book
        under ``client_order_id``; an exchange without that type raises ExchangeError
        ("unsupported") before anything is sent. Raises ExchangeError."""
        ...

    def unsupported(self, specs: Sequence[Resting]) -> str | None:
        """Why this exchange cannot place ``specs`` (one resting order, or a take-profit +
        stop-loss pair) as its own order type, or None when it can: asked, with no request, before
        the summary, so a person never confirms an order that cannot be placed."""
        ...

    async def pair_order(
        self,
        symbol: str,
        quantity: Decimal,
        take: tuple[str, Decimal],
        stop: tuple[str, Decimal],
        list_id: str,
    ) -> list[ExchangeOrder]:
        """Sell ``quantity`` of a holding as a take-profit (client order id, trigger) + stop-loss
        pair where one filling cancels the other, as the exchange's own list (Binance OCO); an
        exchange without one raises ExchangeError ("unsupported") before anything is sent."""
        ...

    async def open_orders(self, symbol: str | None) -> list[ExchangeOrder]:
        """The exchange's open orders (of ``symbol``, or of every symbol)."""
        ...

    async def cancel_order(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        """Cancel the order placed under ``client_order_id``; None when the exchange has no open
        order under it (filled or cancelled already)."""
        ...

    async def server_time(self) -> datetime: ...

    async def aclose(self) -> None: ...


class LiveExchanges(Protocol):
    """Opens a live account's client. Credentials arrive sealed; the adapter opens them only
    for the call, and never logs them."""

    def client(self, account: ExchangeAccount) -> ExchangeClient: ...


LIVE_EXCHANGES: Final = ServiceKey[LiveExchanges]("live exchanges")


def fills_of(order: ExchangeOrder, symbol: str, side: Side) -> tuple[Fill, ...]:
    """An exchange's filled order as one fill at its average price."""
    if order.quantity <= 0:
        return ()
    price = order.quote_amount / order.quantity
    return (
        Fill(
            symbol,
            side,
            order.quantity,
            price.quantize(Decimal("0.00000001")),
            order.quote_amount,
            order.fee,
            order.fee_asset,
            order.at,
            order.exchange_order_id or order.client_order_id,
        ),
    )


def sorted_trades(trades: Sequence[Trade]) -> list[Trade]:
    return sorted(trades, key=lambda t: t.at, reverse=True)
