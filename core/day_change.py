"""The 24-hour change as one line, the same on every platform's quote card:
"24h: +2.31% (+2,030.50 USDT)" / "24 小时：+2.31%（+2,030.50 USDT）"."""

from __future__ import annotations

from core.formatting import format_price
from core.i18n import Locale, t
from core.reply import QuoteBlock


def change_line(block: QuoteBlock, locale: Locale) -> str | None:
    """The quote card's 24-hour line, or None when the card has no change."""
    if block.change_24h is None or block.change_24h_percent is None:
        return None
    percent = f"{block.change_24h_percent:+.2f}%"
    sign = "+" if block.change_24h > 0 else ("-" if block.change_24h < 0 else "")
    amount = f"{sign}{format_price(abs(block.change_24h))}"
    return t(locale, "change.line", percent=percent, amount=amount, asset=block.quote_asset)
