"""Why a resting order has not filled: for each open order (of the coin asked about, else all),
where it waits (core.trading.waiting: the side of the book, the price there now, how far it still
has to move, its expiry); with no open order, how the latest resting order ended (filled,
cancelled, expired, refused and why). Read from the order records and one book per symbol."""

from __future__ import annotations

from core.market import Book, MarketError
from core.trading.model import RESTING_TYPES, Order
from core.trading.service import TradingService
from core.trading.waiting import explain
from core.turn import Turn


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
    return [explain(turn.locale, o, books[o.symbol]) for o in waiting]
