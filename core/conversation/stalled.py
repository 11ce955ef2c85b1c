"""A confirmation spent by a process that died before it acted on it.

Claiming the token comes first; the task is marked "executing" (and saved) before anything
irreversible happens. So a token that was spent long ago while its task still awaits the
confirmation means nothing ran: the process that claimed it died (or stalled past its lease,
and its save will be refused). Within ``CLAIM_GRACE`` the claimer may still be on its way (it
waits for the conversation at most a minute), so the answer stays "already handled"; after it,
the user's confirm or cancel counts, with a word about what happened.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from core.ports import ClaimOutcome, TokenClaim
from core.reply import NoticeBlock
from core.turn import Turn

CLAIM_GRACE = timedelta(minutes=2)


def stalled(claim: TokenClaim, now: datetime) -> bool:
    """The token was spent more than CLAIM_GRACE ago (whether its task moved on is the caller's
    check, under the conversation's lease)."""
    return (
        claim.outcome is ClaimOutcome.USED
        and claim.claimed_at is not None
        and now - claim.claimed_at > CLAIM_GRACE
    )


def not_run(turn: Turn, what: str) -> NoticeBlock:
    return NoticeBlock(turn.t("task.confirmation_not_run", what=what), "warning", "confirmation_not_run")
