"""The trading domain's records: order intents and plans, orders, fills, balances, positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Literal

Side = Literal["buy", "sell"]
# What the user's amount is in: the coin ("0.01 BTC"), the quote asset ("100 USDT"), all of the
# free coin ("清仓"), or a fraction of it ("half").
AmountUnit = Literal["base", "quote", "all", "fraction"]
AccountKind = Literal["paper", "live"]
# market: fills now. limit: rests until the ask (buy) / bid (sell) reaches ``limit_price``.
# stop_loss / take_profit: a sell of a holding at market once the best bid crosses
# ``trigger_price`` (down / up). stop_limit: a stop_loss that becomes a limit sell at
# ``limit_price`` once triggered.
OrderType = Literal["market", "limit", "stop_loss", "take_profit", "stop_limit"]
RESTING_TYPES: tuple[OrderType, ...] = ("limit", "stop_loss", "take_profit", "stop_limit")
QUOTE_ASSET = "USDT"


class OrderStatus(StrEnum):
    PENDING = "pending"  # claimed (its client order id is taken); not filled yet
    FILLED = "filled"
    REJECTED = "rejected"  # by the filters, the balance, a cap or the exchange: nothing traded
    UNKNOWN = "unknown"  # a live order whose outcome the exchange could not tell yet
    OPEN = "open"  # resting on the book (a limit) or waiting for its trigger (a stop)
    PARTIALLY_FILLED = "partially_filled"  # resting, part of it filled (live exchanges)
    CANCELLED = "cancelled"  # by its owner, or its pair's other order filled (OCO)
    EXPIRED = "expired"  # its expires_at passed before it filled

    @property
    def final(self) -> bool:
        return self in (OrderStatus.FILLED, OrderStatus.REJECTED, OrderStatus.CANCELLED, OrderStatus.EXPIRED)

    @property
    def resting(self) -> bool:
        return self in (OrderStatus.OPEN, OrderStatus.PARTIALLY_FILLED)


@dataclass(frozen=True, slots=True)
class OrderIntent:
    """What was asked: buy or sell, which symbol, how much (in ``unit``)."""

    side: Side
    symbol: str  # "BTCUSDT"
    base: str  # "BTC"
    amount: Decimal  # a quantity, a quote amount or a fraction (1 for "all")
    unit: AmountUnit
    per: int = 1  # a fraction with no exact decimal: "a third" is amount 1, per 3

    @property
    def share(self) -> Fraction:
        """The part of the free balance a fraction ("half", "a third") or "all" sells or spends,
        exact: it is rounded once, to the exchange's step, when the order is sized."""
        return Fraction(1) if self.unit == "all" else Fraction(self.amount) / self.per


@dataclass(frozen=True, slots=True)
class OrderPlan:
    """An intent sized against the book, the filters, the fee and the balances: what would trade."""

    intent: OrderIntent
    price: Decimal  # best ask for a buy, best bid for a sell
    quantity: Decimal
    notional: Decimal  # quantity x price
    fee: Decimal
    fee_asset: str
    equity: Decimal  # the account's equity in USDT at the book's prices
    rejection: Rejection | None = None

    @property
    def equity_share(self) -> Decimal:
        return self.notional / self.equity if self.equity > 0 else Decimal(1)


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why an order cannot (or did not) trade. ``code`` is the exchange's own where there is one
    (Binance: -1013 filter failure, -2010 insufficient balance, -1021 clock skew), else deskmate's
    ("cap_notional", "cap_equity_share", "timeout", ...); ``message`` is the exchange's own text."""

    code: str
    message: str
    reason: str = ""  # a machine-readable detail: "LOT_SIZE", "NOTIONAL", "min_qty", ...
    params: dict[str, str] = field(default_factory=dict)  # figures for the user's sentence


@dataclass(frozen=True, slots=True)
class Order:
    id: str
    client_order_id: str  # the idempotency key, unique across deskmate
    owner: str
    account_id: str
    account_name: str
    kind: AccountKind
    exchange: str
    symbol: str
    side: Side
    quantity: Decimal  # planned, then filled
    price: Decimal | None  # the average fill price once filled
    quote_amount: Decimal | None
    fee: Decimal | None
    fee_asset: str | None
    status: OrderStatus
    error_code: str | None
    error_message: str | None
    exchange_order_id: str | None
    created_at: datetime
    updated_at: datetime
    order_type: OrderType = "market"
    limit_price: Decimal | None = None
    trigger_price: Decimal | None = None
    expires_at: datetime | None = None
    group_id: str | None = None  # a take-profit + stop-loss pair: one filling cancels the other
    locale: str = "en"  # the language of its fill card
    locked_asset: str | None = None  # what a resting paper order holds back (USDT or the coin)
    locked_amount: Decimal = Decimal(0)


@dataclass(frozen=True, slots=True)
class Resting:
    """What makes an order rest: its type, prices, expiry and pair (none for a market order)."""

    order_type: OrderType
    limit_price: Decimal | None = None
    trigger_price: Decimal | None = None
    expires_at: datetime | None = None
    group_id: str | None = None
    locale: str = "en"  # its fill card's language (the conversation's)


@dataclass(frozen=True, slots=True)
class NewOrder:
    client_order_id: str
    owner: str
    account_id: str
    account_name: str
    kind: AccountKind
    exchange: str
    symbol: str
    side: Side
    quantity: Decimal
    now: datetime
    resting: Resting | None = None


@dataclass(frozen=True, slots=True)
class Fill:
    """One execution of an order (a paper order has exactly one)."""

    symbol: str
    side: Side
    quantity: Decimal
    price: Decimal
    quote_amount: Decimal
    fee: Decimal
    fee_asset: str
    at: datetime
    trade_id: str  # the exchange's trade id (paper: the client order id)


@dataclass(frozen=True, slots=True)
class Trade:
    """A recorded fill, as the trade history shows it."""

    symbol: str
    side: Side
    quantity: Decimal
    price: Decimal
    quote_amount: Decimal
    fee: Decimal
    fee_asset: str
    realized_pnl: Decimal | None  # on a sell: against the average entry
    at: datetime
    client_order_id: str


@dataclass(frozen=True, slots=True)
class Balance:
    asset: str
    free: Decimal
    locked: Decimal = Decimal(0)

    @property
    def total(self) -> Decimal:
        return self.free + self.locked


@dataclass(frozen=True, slots=True)
class Position:
    """A coin held, with what it cost: ``cost`` is the USDT paid for ``quantity`` (fees included),
    so the average entry is cost / quantity; ``realized_pnl`` sums the closed part's profit."""

    asset: str
    quantity: Decimal
    cost: Decimal
    realized_pnl: Decimal = Decimal(0)

    @property
    def avg_entry(self) -> Decimal | None:
        return self.cost / self.quantity if self.quantity > 0 else None
