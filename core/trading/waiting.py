"""Where a resting order waits, in words: the side of the book it waits on, the price there now,
how far it still has to move, and its expiry. Pure (an order and a book in, a sentence out), so
that everything that answers "why has it not filled" (the orders skill, the order diagnosis)
says the same thing; its texts are core/trading/texts.toml's."""

from __future__ import annotations

from decimal import Decimal

from core.formatting import format_price
from core.market import Book
from core.texts import Locale, t
from core.trading import resting
from core.trading.model import QUOTE_ASSET, Order


def _pct(value: Decimal) -> str:
    return format(abs(value * 100).quantize(Decimal("0.01")), "f")


def explain(locale: Locale, order: Order, book: Book | None) -> str:
    """One paragraph on ``order`` against ``book`` (None: no quote could be had)."""
    kind = t(locale, f"orders.type.{order.order_type}")
    price = order.trigger_price if order.trigger_price is not None else order.limit_price
    head = t(
        locale, "orders.why.head", no=order.id, kind=kind, side=t(locale, f"orders.side_word.{order.side}"),
        quantity=format(order.quantity.normalize(), "f"), base=order.symbol.removesuffix(QUOTE_ASSET),
        price=format_price(price) if price is not None else "?",
    )  # fmt: skip
    if book is None or price is None:
        return f"{head}{t(locale, 'orders.why.no_book')}"
    # A limit buy fills from the asks; a sell, and every trigger, is watched on the bids.
    waits_on = "ask" if order.side == "buy" and order.order_type == "limit" else "bid"
    now = book.ask if waits_on == "ask" else book.bid
    moves_up = order.order_type == "take_profit" or (order.order_type == "limit" and order.side == "sell")
    direction = "up" if moves_up else "down"
    text = t(
        locale, f"orders.why.waits.{waits_on}.{direction}",
        now=format_price(now), price=format_price(price), distance=_pct(resting.distance(now, price)),
    )  # fmt: skip
    expiry = (
        t(locale, "orders.why.expires", at=order.expires_at.strftime("%Y-%m-%d %H:%M UTC"))
        if order.expires_at
        else t(locale, "orders.why.gtc")
    )
    return f"{head}{text}{expiry}"
