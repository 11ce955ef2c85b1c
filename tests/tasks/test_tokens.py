"""Confirmation tokens, in their one module: issuing, reusing a valid pair, claiming, cancelled buttons."""

from __future__ import annotations

from datetime import timedelta

from core.events import ChatKind, ConversationKey
from core.memory_store import MemoryStateStore
from core.ports import ClaimOutcome
from core.state import ConversationState, Task, TaskStatus
from core.tasks import tokens
from core.turn import Turn
from tests.fakes import NOW

KEY = ConversationKey("console", "c", "alice")
LABELS = ("Delete", "Cancel")


def turn(store: MemoryStateStore, minutes: int = 0) -> Turn:
    return Turn(KEY, ChatKind.PRIVATE, ConversationState(), "en", NOW + timedelta(minutes=minutes), store)


def task() -> Task:
    return Task(
        id="t1",
        skill="s",
        action="delete",
        status=TaskStatus.AWAITING_CONFIRMATION,
        created_at=NOW,
        updated_at=NOW,
    )


async def test_a_valid_pair_is_shown_again_and_an_expired_one_replaced() -> None:
    store, t = MemoryStateStore(), task()
    first = await tokens.confirmation(turn(store), t, LABELS, ("danger", "secondary"), {"kind": "s.confirm"})
    assert (t.confirm_token, t.cancel_token) == (first[0].token, first[1].token)
    assert t.confirm_expires_at == NOW + tokens.CONFIRM_TTL
    again = await tokens.confirmation(
        turn(store, 4), t, LABELS, ("danger", "secondary"), {"kind": "s.confirm"}
    )
    assert [b.token for b in again] == [b.token for b in first]  # one pair, however often shown
    fresh = await tokens.confirmation(
        turn(store, 6), t, LABELS, ("danger", "secondary"), {"kind": "s.confirm"}
    )
    assert {b.token for b in fresh}.isdisjoint(b.token for b in first)


async def test_the_pair_is_one_group_claimed_once_and_only_by_its_user() -> None:
    store, t = MemoryStateStore(), task()
    confirm, _ = await tokens.confirmation(
        turn(store), t, LABELS, ("danger", "secondary"), {"kind": "s.confirm"}
    )
    assert (await store.claim_token(confirm.token, "mallory", NOW)).outcome is ClaimOutcome.NOT_YOURS
    assert (await tokens.claim_cancel(turn(store), t)).outcome is ClaimOutcome.CLAIMED
    assert (await tokens.claim_confirm(turn(store), t)).outcome is ClaimOutcome.USED  # the group is spent


async def test_forgetting_and_remembering_cancelled_buttons() -> None:
    store, t = MemoryStateStore(), task()
    state = ConversationState()
    await tokens.confirmation(turn(store), t, LABELS, ("danger", "secondary"), {"kind": "s.confirm"})
    assert tokens.pending(t)
    spent = (t.confirm_token, t.cancel_token)
    tokens.remember_cancelled(state, t)
    tokens.forget(t)
    assert not tokens.pending(t) and t.confirm_expires_at is None
    assert all(tok is not None and tokens.was_cancelled(state, tok) for tok in spent)
    for n in range(30):  # only the newest are kept
        other = task()
        other.confirm_token, other.cancel_token = f"c{n}", f"x{n}"
        tokens.remember_cancelled(state, other)
    assert len(state.extra["cancelled_buttons"]) == tokens.CANCELLED_BUTTONS_KEPT
    assert tokens.was_cancelled(state, "x29") and not tokens.was_cancelled(state, "c0")


def test_only_the_tokens_module_touches_confirmation_tokens() -> None:
    import re
    from pathlib import Path

    core = Path(__file__).resolve().parents[2] / "core"
    fields = re.compile(
        r"confirm_token|cancel_token|confirm_expires_at|cancelled_buttons|\.claim_token\(|issue_tokens"
    )
    allowed = {
        "tasks/tokens.py",
        "state.py",
        "ports.py",
        "memory_store.py",
        "turn.py",
        "conversation/leases.py",
    }  # the module, the model, the port and what a turn reaches the store through
    offenders = [
        f"{path.relative_to(core)}:{n}"
        for path in core.rglob("*.py")
        if str(path.relative_to(core)) not in allowed
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if fields.search(line)
    ]
    assert offenders == []
