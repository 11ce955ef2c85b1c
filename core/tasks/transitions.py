r"""The task state machine: every legal status move, and the one function that makes one.

```
identified -> collecting -> awaiting_confirmation -> executing -> completed
                                                              \-> failed
any open state -> interrupted (resumable) | cancelled | expired | failed
```

``move`` is the only code in core that assigns ``Task.status``; a move the table does not allow
raises ``IllegalTransition`` (a bug, never a user error). Moving a task to the status it already
has is not a move: nothing changes and nothing is traced (e.g. asking the next slot while
collecting).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from core.reply import TraceStep
from core.state import Task, TaskStatus

S = TaskStatus

# from -> the statuses it may move to. Terminal statuses move nowhere.
ALLOWED: Mapping[TaskStatus, frozenset[TaskStatus]] = {
    S.IDENTIFIED: frozenset(
        {S.COLLECTING, S.AWAITING_CONFIRMATION, S.EXECUTING, S.FAILED, S.CANCELLED, S.EXPIRED}
    ),
    S.COLLECTING: frozenset(
        {S.AWAITING_CONFIRMATION, S.EXECUTING, S.FAILED, S.CANCELLED, S.EXPIRED, S.INTERRUPTED}
    ),
    S.AWAITING_CONFIRMATION: frozenset(
        # collecting: a resumed confirmation whose answers no longer hold is asked again
        {S.COLLECTING, S.EXECUTING, S.FAILED, S.CANCELLED, S.EXPIRED, S.INTERRUPTED}
    ),
    # collecting: the store refused a name taken meanwhile, so it is asked again
    S.EXECUTING: frozenset({S.COMPLETED, S.FAILED, S.COLLECTING}),
    # back to where it was paused (Task.resume_status), or dropped
    S.INTERRUPTED: frozenset({S.IDENTIFIED, S.COLLECTING, S.AWAITING_CONFIRMATION, S.CANCELLED, S.EXPIRED}),
    S.COMPLETED: frozenset(),
    S.FAILED: frozenset(),
    S.CANCELLED: frozenset(),
    S.EXPIRED: frozenset(),
}


class IllegalTransition(RuntimeError):
    """A status move the table does not allow: a defect in the calling code."""

    def __init__(self, task: Task, to: TaskStatus) -> None:
        super().__init__(f"task {task.id} ({task.skill}.{task.action}): {task.status.value} -> {to.value}")
        self.source = task.status
        self.target = to


def allowed(source: TaskStatus, target: TaskStatus) -> bool:
    return target in ALLOWED[source]


def move(task: Task, to: TaskStatus, now: datetime, trace: list[TraceStep] | None = None) -> bool:
    """Move ``task`` to ``to`` (and stamp it); False when it already was there. Raises
    IllegalTransition for a move the table forbids. Each real move is traced when ``trace`` is given."""
    if task.status is to:
        return False
    if not allowed(task.status, to):
        raise IllegalTransition(task, to)
    if trace is not None:
        trace.append(
            TraceStep(
                "store", "task_transition", {"task": task.id, "from": task.status.value, "to": to.value}
            )
        )
    task.status = to
    task.updated_at = now
    return True


def interrupt(task: Task, now: datetime, trace: list[TraceStep] | None = None) -> None:
    """Pause an open task where it is, remembering the step to resume at."""
    source = task.status
    move(task, S.INTERRUPTED, now, trace)
    task.resume_status = source


def resume(task: Task, now: datetime, trace: list[TraceStep] | None = None) -> None:
    """Bring an interrupted task back to the step it was paused at."""
    target = task.resume_status or S.COLLECTING
    move(task, target, now, trace)
    task.resume_status = None
