"""Single-use button tokens: issuing a group, the confirm / cancel pair, claiming, and the
memory of buttons a cancel spent.

A token is a short random string bound to one conversation (and so to one user); tokens issued
together are one group and pressing one spends them all (StateStore.claim_token, one
compare-and-set, across processes). A confirmation is such a pair kept on its task: shown again
(after a side question, a resume), the same pair is reused while valid, so however many copies
of it exist one compare-and-set decides; a typed "确认" / "取消" spends the same tokens.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

from core.events import ConversationKey
from core.ports import ActionToken, TokenClaim
from core.reply import Button
from core.services import ServiceKey
from core.state import ConversationState, Task

if TYPE_CHECKING:
    from core.turn import Turn

ButtonStyle = Literal["primary", "secondary", "danger"]

CONFIRM_TTL = timedelta(minutes=5)  # a confirmation button lives this long
CANCELLED_BUTTONS_KEPT = 20
_CANCELLED = "cancelled_buttons"  # ConversationState.extra key


class TokenStore(Protocol):
    """Where tokens are issued and spent: the state store, or a turn's hold on it."""

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None: ...

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim: ...


# Where tokens are issued outside a turn (a job's message with buttons, e.g. an alert's card): the
# state store. A button pressed later is claimed like any other, bound to the key it was issued for.
BUTTON_TOKENS: Final = ServiceKey[TokenStore]("button tokens")


def new_token() -> str:
    return secrets.token_urlsafe(12)  # 16 chars: fits Telegram's 64-byte callback_data


async def issue(
    store: TokenStore,
    key: ConversationKey,
    now: datetime,
    options: Sequence[tuple[str, dict[str, Any]]],
    *,
    ttl: timedelta,
    styles: Sequence[ButtonStyle],
) -> tuple[Button, ...]:
    """One group of single-use tokens, one per (label, payload) option."""
    group = secrets.token_hex(6)
    tokens = [
        ActionToken(
            token=new_token(),
            group_id=group,
            key=key,
            payload=payload,
            created_at=now,
            expires_at=now + ttl,
        )
        for _, payload in options
    ]
    await store.issue_tokens(tokens)
    return tuple(
        Button(label, tok.token, styles[i])
        for i, ((label, _), tok) in enumerate(zip(options, tokens, strict=True))
    )


class Collected:
    """A TokenStore that keeps the tokens it is asked to issue, stored later in one write
    (``issue_collected``): a job building several messages with buttons (an alert check's cards)
    stores all their tokens at once, before it sends any."""

    def __init__(self) -> None:
        self.tokens: list[ActionToken] = []

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        self.tokens.extend(tokens)

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
        raise NotImplementedError("collected tokens are issued, not claimed, here")


async def issue_collected(store: TokenStore, collected: Collected) -> None:
    """Store what ``collected`` kept, in one write (nothing when it kept nothing)."""
    if collected.tokens:
        await store.issue_tokens(collected.tokens)


async def confirmation(
    turn: Turn,
    task: Task,
    labels: tuple[str, str],
    styles: tuple[ButtonStyle, ButtonStyle],
    confirm_payload: dict[str, Any],
) -> tuple[Button, Button]:
    """The task's confirm / cancel buttons: its valid pair again, else a fresh pair (kept on the task)."""
    if (
        task.confirm_token is not None
        and task.cancel_token is not None
        and task.confirm_expires_at is not None
        and task.confirm_expires_at > turn.now
    ):
        return (
            Button(labels[0], task.confirm_token, styles[0]),
            Button(labels[1], task.cancel_token, styles[1]),
        )
    confirm, cancel = await issue(
        turn.store,
        turn.key,
        turn.now,
        [(labels[0], confirm_payload), (labels[1], {"kind": "task.cancel", "task_id": task.id})],
        ttl=CONFIRM_TTL,
        styles=styles,
    )
    task.confirm_token, task.cancel_token = confirm.token, cancel.token
    task.confirm_expires_at = turn.now + CONFIRM_TTL
    return confirm, cancel


def pending(task: Task) -> bool:
    """The task holds a confirm / cancel pair (typed yes / no may spend it)."""
    return task.confirm_token is not None and task.cancel_token is not None


def is_pair_of(task: Task, token: str) -> bool:
    """``token`` is the task's pending confirm or cancel button."""
    return token in (task.confirm_token, task.cancel_token)


def expired(task: Task, now: datetime) -> bool:
    """The task's pair is past its time: the confirmation can no longer run."""
    return task.confirm_expires_at is not None and now >= task.confirm_expires_at


async def claim(store: TokenStore, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
    """Spend a pressed button's token: one compare-and-set, across processes, and only from the
    conversation (platform, chat, user, thread) it was issued in."""
    return await store.claim_token(token, key, now)


def forget(task: Task) -> None:
    """The task's pair is spent or dead (pressed, typed, cancelled, paused): drop it."""
    task.confirm_token = task.cancel_token = None
    task.confirm_expires_at = None


async def claim_confirm(turn: Turn, task: Task) -> TokenClaim:
    """Spend the task's confirm token (a typed "确认"), as a button press would."""
    assert task.confirm_token is not None
    return await claim(turn.store, task.confirm_token, turn.key, turn.now)


async def claim_cancel(turn: Turn, task: Task) -> TokenClaim:
    """Spend the task's cancel token first, so a confirm racing in cannot run afterwards."""
    assert task.cancel_token is not None
    return await claim(turn.store, task.cancel_token, turn.key, turn.now)


def remember_cancelled(state: ConversationState, task: Task) -> None:
    """Note the buttons a cancel spent, so a later press hears "cancelled", not "already used"."""
    spent = [tok for tok in (task.confirm_token, task.cancel_token) if tok]
    if spent:
        kept = [*state.extra.get(_CANCELLED, []), *spent]
        state.extra[_CANCELLED] = kept[-CANCELLED_BUTTONS_KEPT:]


def was_cancelled(state: ConversationState, token: str) -> bool:
    return token in state.extra.get(_CANCELLED, [])
