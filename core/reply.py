"""What the core answers: typed blocks (data, never markup), status, buttons, trace and usage.

Each adapter renders every block type with one fixed template; text that came from a user,
a model or an exchange is always rendered as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal

from core.i18n import Locale


class Status(StrEnum):
    COMPLETED = "completed"
    PARTIAL = "partial"
    FAILED = "failed"
    NEEDS_INPUT = "needs_input"
    AWAITING_CONFIRMATION = "awaiting_confirmation"


@dataclass(frozen=True, slots=True)
class QuoteBlock:
    """The validated current price: Binance's best ask (a reference buying quote)."""

    symbol: str  # e.g. "BTCUSDT"
    base: str  # "BTC"
    quote_asset: str  # "USDT"
    price: Decimal
    price_type: Literal["ask"]
    source: str  # "binance" | "demo"
    fetched_at: datetime  # when deskmate fetched it (UTC), not an exchange time
    # The last 24 hours (Binance /api/v3/ticker/24hr), when it was fetched with the quote.
    change_24h: Decimal | None = None
    change_24h_percent: Decimal | None = None
    # That ticker's 24-hour high and low, when it gave both sane (shown when asked for).
    high_24h: Decimal | None = None
    low_24h: Decimal | None = None

    @property
    def is_demo(self) -> bool:
        return self.source == "demo"


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    date: date
    close: Decimal | None  # None: the exchange returned nothing for that day (a gap)


@dataclass(frozen=True, slots=True)
class HistoryBlock:
    """Daily closes (UTC) oldest first; missing days stay gaps, never invented."""

    symbol: str
    base: str
    quote_asset: str
    points: tuple[HistoryPoint, ...]
    missing_dates: tuple[date, ...]
    source: str
    fetched_at: datetime
    issues: tuple[str, ...] = ()  # error codes of upstream rows rejected while fetching

    @property
    def is_demo(self) -> bool:
        return self.source == "demo"


@dataclass(frozen=True, slots=True)
class ChartBlock:
    """A PNG chart of a history block's closes."""

    png: bytes
    symbol: str
    source: str
    alt: str  # short description, localized


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Plain text (possibly from a model): rendered escaped, never as markup."""

    text: str


@dataclass(frozen=True, slots=True)
class NoteBlock:
    """Words a model wrote, shown as the assistant's note and never as a fact.

    ``label`` (in the reply's language) says so above it, apart from the tool-backed cards.
    ``text`` is already plain: tags stripped, links defanged, unverified figures and claims of
    actions nobody took removed, and capped in length (``capped``) by core.planner. Renderers
    escape it as any other text and never turn it into links or markup.
    """

    text: str
    label: str
    capped: bool = False


@dataclass(frozen=True, slots=True)
class NoticeBlock:
    """A localized message from deskmate itself: a question, a warning, an error."""

    text: str
    level: Literal["info", "warning", "error"] = "info"
    code: str | None = None  # machine-readable reason, e.g. "unsupported_symbol"


@dataclass(frozen=True, slots=True)
class DetailsBlock:
    """A titled list of label/value rows (workspace summaries). Values are plain text."""

    title: str
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class OrderBlock:
    """An order as it ended: filled (at ``price``, the average fill) or rejected (``error_code`` and
    ``error_message`` are the exchange's own, e.g. -1013 "Filter failure: LOT_SIZE")."""

    account: str
    kind: Literal["paper", "live"]
    symbol: str
    side: Literal["buy", "sell"]
    quantity: Decimal
    price: Decimal | None
    quote_amount: Decimal | None
    fee: Decimal | None
    fee_asset: str | None
    status: Literal["filled", "rejected", "unknown", "open", "partially_filled", "cancelled", "expired"]
    client_order_id: str
    error_code: str | None = None
    error_message: str | None = None
    # A resting order (limit, stop-loss, take-profit): its type, prices and expiry; ``order_no``
    # the short number a person cancels it by ("撤销 #12").
    order_type: Literal["market", "limit", "stop_loss", "take_profit", "stop_limit"] = "market"
    limit_price: Decimal | None = None
    trigger_price: Decimal | None = None
    expires_at: datetime | None = None
    order_no: str | None = None


@dataclass(frozen=True, slots=True)
class AssetBalance:
    asset: str
    free: Decimal
    locked: Decimal


@dataclass(frozen=True, slots=True)
class BalanceBlock:
    """An account's balances and its equity in USDT (coins valued at their best bid)."""

    account: str
    kind: Literal["paper", "live"]
    assets: tuple[AssetBalance, ...]
    equity_usdt: Decimal
    unpriced: tuple[str, ...] = ()  # coins left out of the equity: no quote could be had


@dataclass(frozen=True, slots=True)
class PositionItem:
    symbol: str
    quantity: Decimal
    avg_entry: Decimal | None  # None: bought outside deskmate, entry unknown
    price: Decimal | None  # the best bid now
    unrealized_pnl: Decimal | None


@dataclass(frozen=True, slots=True)
class PositionsBlock:
    account: str
    kind: Literal["paper", "live"]
    items: tuple[PositionItem, ...]


@dataclass(frozen=True, slots=True)
class TradeItem:
    time: datetime
    symbol: str
    side: Literal["buy", "sell"]
    quantity: Decimal
    price: Decimal
    fee: Decimal
    fee_asset: str


@dataclass(frozen=True, slots=True)
class TradesBlock:
    account: str
    kind: Literal["paper", "live"]
    items: tuple[TradeItem, ...]  # newest first


@dataclass(frozen=True, slots=True)
class DiagnosisCheck:
    """One check of a diagnosis, in the order it ran. ``name`` is machine-readable ("server_time"),
    ``label`` and ``detail`` are localized; ``code`` is the exchange's or provider's own code
    ("-1021", "http_402") or deskmate's where there is none."""

    name: str
    label: str
    outcome: Literal["ok", "failed", "skipped", "unknown"]  # unknown: ran, but could not tell
    detail: str = ""
    code: str | None = None


@dataclass(frozen=True, slots=True)
class DiagnosisBlock:
    """A diagnosis as a checklist: what happened, the checks that ran (fixed order), why (the
    cause) and what to do now (the next steps), all localized by the skill that ran it."""

    skill: str  # "exchange_diagnosis", "model_diagnosis", ...
    title: str
    happened: str
    checks: tuple[DiagnosisCheck, ...]
    cause: str
    next_steps: tuple[str, ...]
    cause_code: str | None = None  # machine-readable cause, e.g. "clock_skew"


@dataclass(frozen=True, slots=True)
class AlertBlock:
    """A price alert: what it watches, whether it is on, and where it is delivered."""

    id: str
    symbol: str  # "BTCUSDT"
    base: str
    quote_asset: str
    condition: Literal["above", "below", "move"]
    level: Decimal  # a price for above / below, a percent for a move
    window: Literal["1h", "24h"] | None  # a move's window
    status: Literal["active", "triggered", "paused"]
    channel: str  # "private" (the person's private chat) or "chat:<id>" (a group or channel)
    repeat: bool = False
    cooldown_minutes: int | None = None
    source: str = "binance"  # the market it watches; "demo" is labelled demo
    name: str | None = None  # the person's name for it ("dip buyer"), if they gave one

    @property
    def is_demo(self) -> bool:
        return self.source == "demo"


@dataclass(frozen=True, slots=True)
class PnlLine:
    """A coin's or a trader's share of a P&L report (``name``: the symbol, or the trader's name;
    "" for the manual trades on the account)."""

    name: str
    realized: Decimal
    unrealized: Decimal | None  # None: nothing held, or held with no bid to value it at
    fees: Decimal
    total: Decimal | None = None


@dataclass(frozen=True, slots=True)
class PnlRow:
    """One UTC day, week (from Monday) or month of a P&L table."""

    start: date
    realized: Decimal
    fees: Decimal
    trades: int


@dataclass(frozen=True, slots=True)
class PnlBlock:
    """One account's profit and loss (core.pnl): realized in the period, unrealized now at the best
    bid, fees (already inside both), their total; per coin and per trader; win rate and profit
    factor over the positions closed in the period; the max drawdown of its daily equity."""

    account: str
    kind: Literal["paper", "live"]
    period: str  # "all", "today", "yesterday", "week", "last_week", "month", "last_month", "days"
    start: datetime | None
    end: datetime
    realized: Decimal
    unrealized: Decimal | None  # None: something held could not be valued
    fees: Decimal
    total: Decimal | None
    by_symbol: tuple[PnlLine, ...] = ()
    by_trader: tuple[PnlLine, ...] = ()
    win_rate: Decimal | None = None  # 0..1 of the closed positions; None: none closed
    profit_factor: Decimal | None = None  # None: no losing position to divide by
    closed: int = 0
    max_drawdown: Decimal | None = None  # share of the peak, 0..1; None: under two snapshots
    max_drawdown_usdt: Decimal | None = None
    snapshots: int = 0
    view: str = "summary"  # what was asked: summary, by_symbol, by_trader, win_rate, drawdown, table
    grain: Literal["day", "week", "month"] | None = None
    rows: tuple[PnlRow, ...] = ()
    trader: str | None = None  # a report of this trader's orders alone
    days: int = 0
    unpriced: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BacktestBlock:
    """A strategy replayed over history (core.backtest): its parameters, the window and the
    figures. Percentages are percent (12.5 for +12.5 %); ``source`` "demo" is labelled demo."""

    kind: Literal["dca", "grid", "ai"]
    symbol: str
    base: str
    params: tuple[tuple[str, str], ...]  # (field, value) as stored ("quote_amount", "50")
    interval: str  # the candles' ("1h", "1d")
    start: datetime
    end: datetime
    candles: int
    gaps: int  # candles missing from the window (reported, never filled)
    start_cash: Decimal
    return_pct: Decimal
    hold_return_pct: Decimal
    max_drawdown_pct: Decimal
    buys: int
    sells: int
    fees: Decimal
    cash: Decimal
    holdings: Decimal
    final_equity: Decimal
    source: str = "binance"
    strategy: str | None = None  # the saved strategy's name; None: given inline
    # "partial": it stopped before the window's end (an ai run's budget or model): the figures
    # are over the candles it got to (``end``)
    status: Literal["complete", "partial"] = "complete"
    model_calls: int | None = None  # an ai strategy's: the model calls made
    tokens: int | None = None  # and the tokens they used (as the model reported them)

    @property
    def is_demo(self) -> bool:
        return self.source == "demo"


Block = (
    QuoteBlock
    | HistoryBlock
    | ChartBlock
    | TextBlock
    | NoteBlock
    | NoticeBlock
    | DetailsBlock
    | OrderBlock
    | BalanceBlock
    | PositionsBlock
    | TradesBlock
    | DiagnosisBlock
    | AlertBlock
    | PnlBlock
    | BacktestBlock
)


@dataclass(frozen=True, slots=True)
class Button:
    """A button carrying a short opaque token (resolved by the core on press)."""

    label: str
    token: str
    style: Literal["primary", "secondary", "danger"] = "secondary"


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a turn: the route decision, a tool call, a model request."""

    kind: Literal["route", "tool", "model", "store", "input"]
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    latency_ms: float = 0.0
    outcome: Literal["ok", "error", "skipped"] = "ok"
    error_code: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Usage:
    model_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.model_requests + other.model_requests,
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
        )


@dataclass(frozen=True, slots=True)
class RouteInfo:
    """The route a turn took, as reported to callers (`deskmate ask --json`)."""

    skill: str | None
    action: str | None = None
    slots: dict[str, Any] = field(default_factory=dict)
    by: Literal["rule", "model"] | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    status: Status
    blocks: tuple[Block, ...]
    locale: Locale
    buttons: tuple[Button, ...] = ()
    trace: tuple[TraceStep, ...] = ()
    usage: Usage = Usage()
    route: RouteInfo = RouteInfo(skill=None)
    # "private": personal data; Discord answers ephemerally, Telegram only in a private chat.
    audience: Literal["public", "private"] = "public"
    # The inbound message carried a secret: the adapter deletes it where the platform allows.
    delete_inbound: bool = False
    # False for replies the adapter may drop silently in a group (e.g. "unknown command").
    important: bool = True
    # The question asks for a secret (its slot name, e.g. "api_secret"): Discord collects the
    # answer in a modal; Telegram deletes the message that carries it (delete_inbound).
    expects_secret: str | None = None
