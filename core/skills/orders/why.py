"""Why a resting order has not filled: for each open order (of the coin asked about, else all),
the side of the book it waits on, the price there now and how far it still has to move, and its
expiry; with no open order, how the latest resting order ended (filled, cancelled, expired,
refused and why). Read from the order records and one book per symbol."""

from __future__ import annotations

from decimal import Decimal

from core.formatting import format_price
from core.market import Book, MarketError
from core.trading import resting
from core.trading.model import RESTING_TYPES, Order
from core.trading.service import TradingService
from core.turn import Turn


def _pct(value: Decimal) -> str:
    return format(abs(value * 100).quantize(Decimal("0.01")), "f")


def explain(turn: Turn, order: Order, book: Book | None) -> str:
    kind = turn.t(f"orders.type.{order.order_type}")
    price = order.trigger_price if order.trigger_price is not None else order.limit_price
    head = turn.t(
        "orders.why.head", no=order.id, kind=kind, side=turn.t(f"orders.side_word.{order.side}"),
        quantity=format(order.quantity.normalize(), "f"), base=order.symbol.removesuffix("USDT"),
        price=format_price(price) if price is not None else "?",
    )  # fmt: skip
    if book is None or price is None:
        return f"{head}{turn.t('orders.why.no_book')}"
    waits_on = "ask" if order.side == "buy" and order.order_type == "limit" else "bid"
    now = book.ask if waits_on == "ask" else book.bid
    moves_up = order.order_type == "take_profit" or (order.order_type == "limit" and order.side == "sell")
    direction = "up" if moves_up else "down"
    text = turn.t(
        f"orders.why.waits.{waits_on}.{direction}",
        now=format_price(now), price=format_price(price), distance=_pct(resting.distance(now, price)),
    )  # fmt: skip
    expiry = (
        turn.t("orders.why.expires", at=order.expires_at.strftime("%Y-%m-%d %H:%M UTC"))
        if order.expires_at
        else turn.t("orders.why.gtc")
    )
    return f"{head}{text}{expiry}"


async def why_not_filled(
    turn: Turn, trading: TradingService, waiting: list[Order], recent: list[Order], symbol: str | None
) -> list[str]:
    """One paragraph per open order; none open: how the latest resting one ended."""
    if symbol:
        waiting = [o for o in waiting if o.symbol == symbol]
        recent = [o for o in recent if o.symbol == symbol]
    if not waiting:
        ended = next((o for o in recent if o.order_type in RESTING_TYPES), None)
        if ended is None:
            return [turn.t("orders.why.none")]
        reason = f" ({ended.error_code} {ended.error_message or ''})".rstrip() if ended.error_code else ""
        return [
            turn.t(
                "orders.why.ended",
                no=ended.id,
                kind=turn.t(f"orders.type.{ended.order_type}"),
                status=turn.t(f"orders.status.{ended.status.value}"),
                reason=reason,
            )
        ]
    books: dict[str, Book | None] = {}
    for symbol_of in dict.fromkeys(o.symbol for o in waiting):
        try:
            books[symbol_of] = await trading.books.get_book(symbol_of)
        except MarketError:
            books[symbol_of] = None
    return [explain(turn, o, books[o.symbol]) for o in waiting]
