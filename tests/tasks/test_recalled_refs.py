"""What "它" / "it" and "刚配的" / "the one I just added" point at is one memory, the conversation's
Recall (core.state): its last coin, record and request, and the last record of each kind. State
saved by earlier versions kept the last record of each kind beside it, as ``recent_refs``: such a
document still loads, and a task saved then with a reference to "the one just added" still finds it."""

from __future__ import annotations

import json

from core.state import ConversationState
from core.tasks.refs import Target, resolve

# A conversation as session 34 saved it: an open delete of "刚配的账户", the account just added.
SAVED_BEFORE = {
    "version": 1,
    "locale": "zh",
    "active": {
        "id": "t1",
        "skill": "exchange_management",
        "action": "delete",
        "target_ref": {"recent": "1"},
        "status": "awaiting_confirmation",
        "created_at": "2026-12-01T10:00:00+00:00",
        "updated_at": "2026-12-01T10:00:05+00:00",
    },
    "recent_refs": {"exchange_account": "acc-42"},
    "recall": {"coin": "BTCUSDT", "record": {"skill": "exchange_management", "name": "主账户"}},
}


def test_state_saved_with_recent_refs_still_loads_and_resolves() -> None:
    state = ConversationState.model_validate_json(json.dumps(SAVED_BEFORE))
    assert state.recent_refs == {"exchange_account": "acc-42"}
    assert state.recall.coin == "BTCUSDT" and state.recall.record is not None
    assert state.active is not None and state.active.target_ref == {"recent": "1"}
    accounts = [Target("acc-1", "副账户"), Target("acc-42", "主账户")]
    found = resolve(state.active.target_ref, accounts, state.recent_refs.get("exchange_account"))
    assert [t.id for t in found] == ["acc-42"]


def test_the_last_records_are_saved_in_recall_once() -> None:
    state = ConversationState(recent_refs={"strategy": "s-7"})
    state.recent_refs["exchange_account"] = "acc-1"  # as a finished task notes what it touched
    saved = json.loads(state.model_dump_json())
    assert "recent_refs" not in saved
    assert saved["recall"]["ids"] == {"strategy": "s-7", "exchange_account": "acc-1"}
    assert ConversationState.model_validate(saved) == state


def test_a_saved_recent_ref_never_overrides_a_newer_recall() -> None:
    both = {"recent_refs": {"strategy": "old"}, "recall": {"ids": {"strategy": "new"}}}
    assert ConversationState.model_validate(both).recent_refs == {"strategy": "new"}
