"""kill -9 at each step of a confirmed delete: the action runs exactly once, and the next turn
(in another process) tells the truth about it.

A worker process with DESKMATE_TEST_CRASH_AT kills itself with SIGKILL at one step:
- confirmation_shown: right after the confirmation reached the user;
- token_claimed:      right after the confirm button's token was spent (nothing else happened);
- mid_execute:        "executing" is saved, the delete has not run;
- after_write:        the account is deleted with its audit row (one transaction), the
                      conversation not saved.
A second worker then carries on. Within the grace period a half-done confirmation answers as
before ("already handled" / "still running"); a turn after it ("shift": minutes later) finds out
what happened, says so, and lets the user run it again or cancel. Exactly once: the account is
gone (or still there after a cancel) and the audit log holds exactly one successful delete.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.reliability.conftest import stored
from tests.reliability.harness import Worker, notice_codes

pytestmark = pytest.mark.process  # starts other Python processes

LATER = 150  # seconds: past the 2-minute grace, before the 5-minute confirmation expires
NAME = "paper-1"


@pytest.fixture(scope="module")
def carrying_on(db_url: str) -> Iterator[Worker]:
    """The process that carries on after each kill (one per module and backend)."""
    w = Worker(db_url)
    yield w
    w.close()


@pytest.fixture
def worker(carrying_on: Worker, user: str) -> Worker:
    carrying_on.user = user
    return carrying_on


def confirmation(worker: Worker) -> dict[str, Any]:
    assert notice_codes(worker.ask(say="添加一个模拟账户")) == ["ask_name"]
    assert "account_created" in notice_codes(worker.ask(say=NAME))
    return ask_delete(worker)


def ask_delete(worker: Worker) -> dict[str, Any]:
    shown = worker.ask(say=f"删除交易所 {NAME}")
    assert shown["status"] == "awaiting_confirmation", shown
    return shown


def doomed(db_url: str, user: str, point: str) -> Worker:
    """A worker that will kill itself at ``point`` (started now, so it is ready when needed)."""
    return Worker(db_url, user=user, crash_at=point)


def crash(doomed: Worker, point: str, request: dict[str, Any]) -> None:
    doomed.send(request)
    reply = doomed.receive()
    if point != "confirmation_shown":
        assert reply is None, reply  # killed before it could answer
    assert doomed.died_by_kill()
    doomed.close()


def deletes(db_url: str, user: str) -> tuple[bool, list[str]]:
    """(the account still exists, the outcomes of the audited deletes)."""
    _, accounts, audit = stored(db_url, user)
    return any(a.name == NAME for a in accounts), [e.outcome for e in audit if e.action == "delete"]


def test_killed_after_the_confirmation_was_shown(db_url: str, user: str, worker: Worker) -> None:
    killed = doomed(db_url, user, "confirmation_shown")
    assert notice_codes(worker.ask(say="添加一个模拟账户")) == ["ask_name"]
    worker.ask(say=NAME)
    crash(killed, "confirmation_shown", {"say": f"删除交易所 {NAME}"})
    done = worker.ask(say="确认")
    assert notice_codes(done) == ["account_deleted"], done
    assert deletes(db_url, user) == (False, ["ok"])


@pytest.mark.parametrize("then", ["确认", "/cancel"])
def test_killed_after_the_token_was_claimed(db_url: str, user: str, worker: Worker, then: str) -> None:
    killed = doomed(db_url, user, "token_claimed")
    shown = confirmation(worker)
    crash(killed, "token_claimed", {"press": shown["buttons"][0]["token"]})
    # Within the grace period the claimer may still be at work: nothing is done twice.
    assert notice_codes(worker.ask(say="确认")) == ["already_handled"]
    assert deletes(db_url, user) == (True, [])
    later = (
        worker.ask(say="确认", shift=LATER) if then == "确认" else worker.ask(command="cancel", shift=LATER)
    )
    if then == "确认":
        assert notice_codes(later) == ["confirmation_not_run", "account_deleted"], later
        assert deletes(db_url, user) == (False, ["ok"])
    else:
        assert notice_codes(later) == ["confirmation_not_run", "cancelled"], later
        assert deletes(db_url, user) == (True, [])
    state, _, _ = stored(db_url, user)
    assert state.active is None


def test_killed_mid_execute(db_url: str, user: str, worker: Worker) -> None:
    killed = doomed(db_url, user, "mid_execute")
    confirmation(worker)
    crash(killed, "mid_execute", {"say": "确认"})
    # The killed process held the conversation; its lease lapses, then "executing" holds it off.
    assert notice_codes(worker.ask(say="确认")) == ["already_handled"]
    assert deletes(db_url, user) == (True, [])
    later = worker.ask(say="确认", shift=LATER)
    assert notice_codes(later) == ["interrupted_not_run", "account_deleted"], later
    assert deletes(db_url, user) == (False, ["ok"])


@pytest.mark.parametrize("point", ["after_write"])
def test_killed_after_the_delete_ran(db_url: str, user: str, worker: Worker, point: str) -> None:
    killed = doomed(db_url, user, point)
    confirmation(worker)
    crash(killed, point, {"say": "确认"})
    assert notice_codes(worker.ask(say="确认")) == ["already_handled"]
    later = worker.ask(say="确认", shift=LATER)
    assert notice_codes(later) == ["interrupted_done", "nothing_to_confirm"], later
    # Run once, and audited once: the audit row committed with the delete.
    assert deletes(db_url, user) == (False, ["ok"])
    state, _, _ = stored(db_url, user)
    assert state.active is None and state.last_completed is not None
    assert state.last_completed.status == "completed"
    # ... and it is not offered again: a new delete finds nothing to delete.
    again = worker.ask(say=f"删除交易所 {NAME}", shift=LATER)
    assert again["status"] == "failed"
