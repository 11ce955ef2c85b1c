"""Daily token budgets (per user and site-wide) over a UsageLedger, and an in-memory ledger."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from typing import Literal

from core.planner.ports import UsageLedger

logger = logging.getLogger(__name__)

SITE_SCOPE = "site"


def user_scope(user_id: str) -> str:
    return f"user:{user_id}"


class MemoryUsageLedger:
    """A non-persistent UsageLedger for tests and the console (one process only)."""

    def __init__(self) -> None:
        self._tokens: dict[tuple[str, date], int] = {}

    async def tokens_used(self, scope: str, day: date) -> int:
        return self._tokens.get((scope, day), 0)

    async def add_tokens(self, scopes: Sequence[str], day: date, tokens: int) -> None:
        for scope in scopes:
            self._tokens[(scope, day)] = self._tokens.get((scope, day), 0) + tokens


class TokenBudget:
    """Checks the daily budgets before a model request and charges the tokens after it.

    A budget of ``None`` is unlimited. The check is "already used >= budget": one request may
    overshoot by at most its own size, which keeps the check a single read per scope.
    """

    def __init__(self, ledger: UsageLedger, user_daily: int | None, site_daily: int | None) -> None:
        self.ledger = ledger
        self.user_daily = user_daily
        self.site_daily = site_daily

    async def exceeded(self, user_id: str, day: date) -> Literal["user", "site", "unknown"] | None:
        """Which budget is used up, if any; "unknown" when the ledger cannot be read (fail closed:
        an unreadable ledger must not mean unlimited spend)."""
        try:
            return await self._exceeded(user_id, day)
        except Exception:
            logger.exception("usage ledger unreadable; refusing model requests for now")
            return "unknown"

    async def _exceeded(self, user_id: str, day: date) -> Literal["user", "site"] | None:
        if self.site_daily is not None and await self.ledger.tokens_used(SITE_SCOPE, day) >= self.site_daily:
            return "site"
        if (
            self.user_daily is not None
            and await self.ledger.tokens_used(user_scope(user_id), day) >= self.user_daily
        ):
            return "user"
        return None

    async def charge(self, user_id: str, day: date, tokens: int) -> None:
        """Record spent tokens. A failed write is logged, not raised: the answer was paid for."""
        if tokens <= 0:
            return
        try:
            await self.ledger.add_tokens((user_scope(user_id), SITE_SCOPE), day, tokens)
        except Exception:
            logger.exception("could not record %d model tokens in the usage ledger", tokens)
