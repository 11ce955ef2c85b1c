"""The notices every price answer shares, whether the rule path or the planner produced it."""

from __future__ import annotations

import math
from collections.abc import Iterable

from core.i18n import Locale, has_message, t
from core.reply import Block, HistoryBlock, NoticeBlock


def market_error_notice(locale: Locale, code: str, retry_after: float | None) -> NoticeBlock:
    """A market failure in words (a code without its own text gets the generic one)."""
    key = f"market.{code}" if has_message(f"market.{code}") else "market.internal"
    wait = retry_after if retry_after else 60.0
    text = t(locale, key, seconds=math.ceil(wait), minutes=max(1, math.ceil(wait / 60)))
    return NoticeBlock(text, "error", code)


def missing_days_notice(locale: Locale, history: HistoryBlock) -> NoticeBlock:
    dates = ", ".join(d.isoformat() for d in history.missing_dates)
    return NoticeBlock(t(locale, "price.missing_days", dates=dates), "warning", "missing_days")


def demo_notice(locale: Locale, blocks: Iterable[Block]) -> list[NoticeBlock]:
    """The "demo data" label when any card shows demo data; nothing otherwise."""
    if any(getattr(b, "source", None) == "demo" for b in blocks):
        return [NoticeBlock(t(locale, "price.demo_notice"), "info", "demo_data")]
    return []
