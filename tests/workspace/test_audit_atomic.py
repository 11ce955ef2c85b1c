"""A change and its audit row are one: no change without its row, no row without its change."""

from __future__ import annotations

import pytest

from core.workspace.accounts import AccountChanges, NewExchangeAccount
from core.workspace.memory import MemoryWorkspace
from tests.fakes import NOW
from tests.workspace.conftest import add_binance_account, audit_entry, button, codes, make_desk

OWNER = "console:user-1"


async def test_the_memory_repositories_apply_nothing_when_the_audit_write_fails() -> None:
    workspace = MemoryWorkspace()
    accounts = workspace.accounts
    kept = await accounts.create(
        NewExchangeAccount(OWNER, "Main", "paper", {}, None, NOW), audit_entry(OWNER)
    )
    workspace.audit.fail_writes = True
    with pytest.raises(RuntimeError):
        await accounts.create(NewExchangeAccount(OWNER, "Second", "paper", {}, None, NOW), audit_entry(OWNER))
    with pytest.raises(RuntimeError):
        await accounts.update(
            OWNER, kept.id, AccountChanges(name="Renamed"), NOW, audit_entry(OWNER, "update")
        )
    with pytest.raises(RuntimeError):
        await accounts.delete(OWNER, kept.id, audit_entry(OWNER, "delete"))
    assert [a.name for a in await accounts.owned(OWNER)] == ["Main"]
    assert [e.action for e in workspace.audit.entries] == ["create"]


async def test_every_change_made_in_a_conversation_has_its_audit_row() -> None:
    desk = make_desk()
    await add_binance_account(desk.chat, name="Main")
    renamed = await desk.chat.say("rename account Main to Primary")
    assert codes(renamed) == ["account_updated"]
    confirm = await desk.chat.say("delete exchange account Primary")
    assert codes(await desk.chat.press(button(confirm, "Delete"))) == ["account_deleted"]
    rows = [(e.action, e.outcome, e.target_name) for e in await desk.workspace.audit.recent(OWNER)]
    assert rows == [("delete", "ok", "Primary"), ("update", "ok", "Primary"), ("create", "ok", "Main")]
    assert len({e.target_id for e in await desk.workspace.audit.recent(OWNER)}) == 1  # one record, one id


async def test_a_failing_audit_write_fails_the_task_and_changes_nothing() -> None:
    desk = make_desk()
    desk.workspace.audit.fail_writes = True  # type: ignore[attr-defined]
    await desk.chat.say("add a paper account")

    reply = await desk.chat.say("practice")

    assert codes(reply) == ["action_failed"] and reply.status.value == "failed"
    assert await desk.workspace.accounts.owned(OWNER) == []
    state = await desk.states.load_state(desk.chat.key)
    assert state.active is None and state.last_completed is not None
    assert state.last_completed.status.value == "failed"
