"""Job kinds: what runs a job of each kind, with its time limit, attempts and backoff.

This is the single entry point for adding job kinds: a skill declares its ``JobKind``s (the
registry collects them from each SkillSpec) and the composition root passes them all to
``JobKinds``; the runner claims only the kinds it has.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from core.clock import Clock
from core.jobs.backoff import Backoff
from core.jobs.model import Enqueued, Job, JobResult
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryResult, Outbound
from core.reply import Reply

if TYPE_CHECKING:
    from core.jobs.queue import JobQueue


@dataclass(frozen=True, slots=True)
class JobContext:
    """What a handler gets beside its job: the time, a voice and a queue."""

    job: Job
    now: datetime  # when the runner started this attempt
    clock: Clock
    outbound: Outbound
    queue: JobQueue

    async def send(self, destination: Destination, reply: Reply, *, kind: str) -> DeliveryResult:
        """Send ``reply`` (recorded with this job's id). Retrying is the handler's call: return
        Retry on a retryable FAILED; a BLOCKED or PAUSED destination will not get better soon."""
        return await self.outbound.send(destination, reply, kind=kind, job_id=self.job.id)

    def deliveries(self, destinations: Sequence[Destination]) -> AbstractAsyncContextManager[None]:
        """Sends to ``destinations`` within, batched where the outbound can (their pauses read at
        once, the sent ones recorded at once: core.outbound.service.RecordedOutbound.batch)."""
        batch = getattr(self.outbound, "batch", None)
        return batch(destinations) if batch is not None else nullcontext()

    async def enqueue(self, kind: str, payload: dict[str, Any] | None = None, **options: Any) -> Enqueued:
        """Queue a follow-up job (see JobQueue.enqueue)."""
        return await self.queue.enqueue(kind, payload, **options)


JobHandler = Callable[[Job, JobContext], Awaitable[JobResult]]
# Called with the jobs of one kind a runner claimed together, before they run: a kind whose
# jobs read the same tables (a tick's traders) reads for them all at once. Only an
# optimisation: whatever it raises is logged, and the jobs run (and read for themselves).
JobPrepare = Callable[[Sequence[Job]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class JobKind:
    """One kind of job. The handler must be safe to run again: a claimant that crashes after its
    side effect (a sent message) and before recording the result gets its job re-run after
    the lease expires (at-least-once; use the payload or your own table to skip done work)."""

    name: str  # "<skill>.<what>", e.g. "alert.check"
    handler: JobHandler = field(repr=False)
    timeout: float = 60.0  # seconds per attempt; past it the attempt fails ("timeout")
    max_attempts: int = 5
    backoff: Backoff = field(default_factory=Backoff)
    prepare: JobPrepare | None = field(default=None, repr=False)
    # Whom a job of this kind may send a message to (None: nobody known beforehand): a runner
    # reads the pauses of the people its claimed jobs tell at once (JobRunner._batched).
    tells: Callable[[Job], Destination | None] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.name or self.timeout <= 0 or self.max_attempts < 1:
            raise ValueError(f"job kind {self.name!r}: needs a name, timeout > 0 and max_attempts >= 1")


class JobKinds(Mapping[str, JobKind]):
    """The registered kinds, by name; a name registered twice is an error."""

    def __init__(self, kinds: Iterable[JobKind] = ()) -> None:
        self._kinds: dict[str, JobKind] = {}
        self._later: list[Callable[[], Iterable[JobKind]]] = []
        self.add(kinds)

    def add(self, kinds: Iterable[JobKind]) -> None:
        """Register more kinds. The composition root does this once, after the skills are built
        (their job kinds are built from the same services as they are, the job queue included)."""
        for kind in kinds:
            if kind.name in self._known():
                raise ValueError(f"job kind {kind.name!r} is registered twice")
            self._kinds[kind.name] = kind

    def add_later(self, kinds: Callable[[], Iterable[JobKind]]) -> None:
        """Register the kinds ``kinds()`` gives, made at the first look at this registry: the
        skills' kinds import their implementations, which a process answering one question
        (`deskmate ask`) need not load."""
        self._later.append(kinds)

    def _known(self) -> dict[str, JobKind]:
        while self._later:
            self.add(self._later.pop(0)())
        return self._kinds

    def __getitem__(self, name: str) -> JobKind:
        return self._known()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._known())

    def __len__(self) -> int:
        return len(self._known())
