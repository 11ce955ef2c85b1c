"""A confirmation whose process died half-way: found out after the grace period, told plainly,
and the user can run it again or cancel it. Within the grace period nothing changes."""

from __future__ import annotations

import pytest

from core.state import TaskStatus
from tests.workspace.conftest import Desk, add_binance_account, button, codes, text_of

OWNER = "console:user-1"
GRACE = 120  # seconds


class ProcessDied(BaseException):
    """Stands in for kill -9: nothing after it runs (not even an ``except Exception``)."""


async def claimed_elsewhere(desk: Desk) -> None:
    """A confirmation whose confirm button another process claimed, then died."""
    await add_binance_account(desk.chat)
    confirm = await desk.chat.say("删除交易所 主账户")
    claim = await desk.states.claim_token(button(confirm, "确认删除").token, desk.chat.key, desk.clock.now())
    assert claim.outcome == "claimed"


async def test_within_the_grace_period_a_claimed_confirmation_is_already_handled(desk: Desk) -> None:
    await claimed_elsewhere(desk)
    desk.clock.advance(GRACE - 10)
    assert codes(await desk.chat.say("确认")) == ["already_handled"]
    assert codes(await desk.chat.say("取消")) == ["already_handled"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1


async def test_after_the_grace_period_typed_confirm_runs_it_once_and_says_why(desk: Desk) -> None:
    await claimed_elsewhere(desk)
    desk.clock.advance(GRACE + 10)
    done = await desk.chat.say("确认")
    assert codes(done) == ["confirmation_not_run", "account_deleted"]
    assert "没有执行" in text_of(done)
    assert await desk.workspace.accounts.owned(OWNER) == []
    assert [e.outcome for e in await desk.workspace.audit.recent(OWNER) if e.action == "delete"] == ["ok"]
    assert codes(await desk.chat.say("确认")) == ["nothing_to_confirm"]


@pytest.mark.parametrize("how", ["取消", "/cancel", "button"])
async def test_after_the_grace_period_it_can_be_cancelled(desk: Desk, how: str) -> None:
    await add_binance_account(desk.chat)
    confirm = await desk.chat.say("删除交易所 主账户")
    await desk.states.claim_token(button(confirm, "确认删除").token, desk.chat.key, desk.clock.now())
    desk.clock.advance(GRACE + 10)
    if how == "button":
        cancelled = await desk.chat.press(button(confirm, "取消"))
    elif how == "/cancel":
        cancelled = await desk.chat.command("cancel")
    else:
        cancelled = await desk.chat.say(how)
    assert codes(cancelled) == ["confirmation_not_run", "cancelled"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    assert (await desk.states.load_state(desk.chat.key)).active is None


async def test_after_the_grace_period_pressing_confirm_again_runs_it(desk: Desk) -> None:
    await add_binance_account(desk.chat)
    confirm = await desk.chat.say("删除交易所 主账户")
    await desk.states.claim_token(button(confirm, "确认删除").token, desk.chat.key, desk.clock.now())
    desk.clock.advance(GRACE + 10)
    done = await desk.chat.press(button(confirm, "确认删除"))
    assert codes(done) == ["confirmation_not_run", "account_deleted"]
    assert await desk.workspace.accounts.owned(OWNER) == []


def die_on(desk: Desk, method: str, *, after: bool) -> None:
    """The process dies in the accounts repository's ``method``: before it writes, or after its
    transaction (the change with its audit row) committed."""
    real = getattr(desk.workspace.accounts, method)

    async def dying(*args: object, **kwargs: object) -> object:
        if not after:
            raise ProcessDied
        await real(*args, **kwargs)
        raise ProcessDied

    setattr(desk.workspace.accounts, method, dying)


async def test_a_crash_before_the_delete_ran_is_found_out_and_offered_again(desk: Desk) -> None:
    await add_binance_account(desk.chat)
    await desk.chat.say("删除交易所 主账户")
    real = desk.workspace.accounts.delete
    die_on(desk, "delete", after=False)
    with pytest.raises(ProcessDied):
        await desk.chat.say("确认")
    desk.workspace.accounts.delete = real  # type: ignore[method-assign]
    assert codes(await desk.chat.say("BTC 价格")) == ["busy"]  # still "executing" within the grace
    desk.clock.advance(GRACE + 10)
    later = await desk.chat.say("BTC 价格")
    # Told what happened, the price answered, and the confirmation offered again with fresh buttons.
    assert codes(later)[0] == "interrupted_not_run"
    assert "confirm_delete" in codes(later) and later.buttons
    state = await desk.states.load_state(desk.chat.key)
    assert state.active is not None and state.active.status is TaskStatus.AWAITING_CONFIRMATION
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    done = await desk.chat.press(button(later, "确认删除"))
    assert codes(done) == ["account_deleted"]
    assert [e.outcome for e in await desk.workspace.audit.recent(OWNER) if e.action == "delete"] == ["ok"]


async def test_a_crash_after_the_delete_ran_is_reported_done_and_audited_once(desk: Desk) -> None:
    # The audit row commits with the delete, so the recovery finds it there and adds none.
    await add_binance_account(desk.chat)
    await desk.chat.say("删除交易所 主账户")
    die_on(desk, "delete", after=True)
    with pytest.raises(ProcessDied):
        await desk.chat.say("确认")
    desk.clock.advance(GRACE + 10)
    later = await desk.chat.say("我的交易所账户")
    assert codes(later)[0] == "interrupted_done" and "已经完成" in text_of(later)
    assert later.route.action == "query"  # and the question is answered
    assert await desk.workspace.accounts.owned(OWNER) == []
    audit = [e for e in await desk.workspace.audit.recent(OWNER) if e.action == "delete"]
    assert [e.outcome for e in audit] == ["ok"]


async def test_a_crash_mid_update_checks_the_record(desk: Desk) -> None:
    """An update that did run (the record's change time is the task's) is reported done."""
    await add_binance_account(desk.chat)
    await desk.chat.say("把主账户的 API key 换一下")
    await desk.chat.say("Q2h4bmV3a2V5Zm9ydGhlbWFpbmFjY291bnQxMjM0NTY3ODkwYWJjZGVmZ2hpams")
    die_on(desk, "update", after=True)
    with pytest.raises(ProcessDied):
        await desk.chat.say("确认")
    desk.clock.advance(GRACE + 10)
    later = await desk.chat.say("list my exchange accounts")
    assert codes(later)[0] == "interrupted_done"
    updates = [e for e in await desk.workspace.audit.recent(OWNER) if e.action == "update"]
    assert [e.outcome for e in updates] == ["ok"]
