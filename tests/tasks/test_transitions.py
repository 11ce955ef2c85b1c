"""The task status table: every allowed move, every forbidden one, and that nothing else moves a task."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from core.reply import TraceStep
from core.state import Task, TaskStatus
from core.tasks import transitions
from core.tasks.transitions import IllegalTransition, move
from tests.fakes import NOW

S = TaskStatus
# The design's state machine, written out pair by pair (independently of the module's table).
EXPECTED = {
    (S.IDENTIFIED, S.COLLECTING),
    (S.IDENTIFIED, S.AWAITING_CONFIRMATION),
    (S.IDENTIFIED, S.EXECUTING),
    (S.IDENTIFIED, S.FAILED),
    (S.IDENTIFIED, S.CANCELLED),
    (S.IDENTIFIED, S.EXPIRED),
    (S.COLLECTING, S.AWAITING_CONFIRMATION),
    (S.COLLECTING, S.EXECUTING),
    (S.COLLECTING, S.FAILED),
    (S.COLLECTING, S.CANCELLED),
    (S.COLLECTING, S.EXPIRED),
    (S.COLLECTING, S.INTERRUPTED),
    (S.AWAITING_CONFIRMATION, S.COLLECTING),
    (S.AWAITING_CONFIRMATION, S.EXECUTING),
    (S.AWAITING_CONFIRMATION, S.FAILED),
    (S.AWAITING_CONFIRMATION, S.CANCELLED),
    (S.AWAITING_CONFIRMATION, S.EXPIRED),
    (S.AWAITING_CONFIRMATION, S.INTERRUPTED),
    (S.EXECUTING, S.COMPLETED),
    (S.EXECUTING, S.FAILED),
    (S.EXECUTING, S.COLLECTING),
    (S.INTERRUPTED, S.IDENTIFIED),
    (S.INTERRUPTED, S.COLLECTING),
    (S.INTERRUPTED, S.AWAITING_CONFIRMATION),
    (S.INTERRUPTED, S.CANCELLED),
    (S.INTERRUPTED, S.EXPIRED),
}
PAIRS = [(a, b) for a, b in itertools.product(TaskStatus, TaskStatus) if a is not b]


def task(status: TaskStatus) -> Task:
    return Task(id="t1", skill="s", action="a", status=status, created_at=NOW, updated_at=NOW)


def test_the_table_is_the_designed_state_machine() -> None:
    allowed = {(a, b) for a, targets in transitions.ALLOWED.items() for b in targets}
    assert allowed == EXPECTED
    assert set(transitions.ALLOWED) == set(TaskStatus)  # every status has a row


@pytest.mark.parametrize(("source", "target"), sorted(EXPECTED))
def test_every_allowed_move_moves_stamps_and_traces(source: TaskStatus, target: TaskStatus) -> None:
    t = task(source)
    trace: list[TraceStep] = []
    later = NOW.replace(minute=59)
    assert move(t, target, later, trace) is True
    assert (t.status, t.updated_at) == (target, later)
    assert trace == [
        TraceStep("store", "task_transition", {"task": "t1", "from": source.value, "to": target.value})
    ]


@pytest.mark.parametrize(("source", "target"), [p for p in PAIRS if p not in EXPECTED])
def test_every_other_move_raises_and_changes_nothing(source: TaskStatus, target: TaskStatus) -> None:
    t = task(source)
    trace: list[TraceStep] = []
    with pytest.raises(IllegalTransition) as refused:
        move(t, target, NOW.replace(minute=59), trace)
    assert (refused.value.source, refused.value.target) == (source, target)
    assert (t.status, t.updated_at, trace) == (source, NOW, [])


@pytest.mark.parametrize("status", list(TaskStatus))
def test_staying_put_is_no_move(status: TaskStatus) -> None:
    t = task(status)
    trace: list[TraceStep] = []
    assert move(t, status, NOW.replace(minute=59), trace) is False
    assert (t.updated_at, trace) == (NOW, [])


def test_terminal_statuses_move_nowhere() -> None:
    for status in (S.COMPLETED, S.FAILED, S.CANCELLED, S.EXPIRED):
        assert transitions.ALLOWED[status] == frozenset()


def test_interrupt_and_resume_come_back_to_the_same_step() -> None:
    t = task(S.AWAITING_CONFIRMATION)
    transitions.interrupt(t, NOW)
    assert (t.status, t.resume_status) == (S.INTERRUPTED, S.AWAITING_CONFIRMATION)
    transitions.resume(t, NOW)
    assert (t.status, t.resume_status) == (S.AWAITING_CONFIRMATION, None)
    with pytest.raises(IllegalTransition):
        transitions.interrupt(task(S.EXECUTING), NOW)  # a running action is never paused


def test_no_code_in_core_sets_a_status_but_the_transitions_module() -> None:
    core = Path(__file__).resolve().parents[2] / "core"
    assigning = re.compile(r"\.status\s*=[^=]|\bstatus\s*=\s*TaskStatus\.")
    offenders = [
        f"{path.relative_to(core.parent)}:{n}"
        for path in core.rglob("*.py")
        if path.name != "transitions.py" and path.parent.name != "__pycache__"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if assigning.search(line)
    ]
    assert offenders == []
