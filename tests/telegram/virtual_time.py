"""An event loop whose clock moves only when the loop has nothing left to run.

Pacing is about time: a send waits for its second, a typing indicator for a reply that takes a
moment. Measured on the wall clock, such a test says as much about the machine as about the
code: on a busy one, 30 sends to the fake Bot API took over a second, so a burst "in its first
second" was not, and a send that was meant to wait found its slot free. On this loop, time passes
only while every task waits (it jumps to the next timer), so however slow the machine, work that
is ready runs in no time and a timer fires at exactly its time, in order.

``loop.time()`` and everything built on it (``asyncio.sleep``, ``wait_for``, ``call_later``) keep
this clock; the code under test needs nothing injected. While a thread of the default executor
runs (``asyncio.to_thread``), or the loop waits with no timer at all, it waits for real and its
clock follows the wall clock, so a thread's work is not outrun by a timeout. Not for tests that
wait on a socket a thread or process answers: to this loop such a wait is idleness, and a
timeout around it would fire at once.
"""

from __future__ import annotations

import asyncio
import selectors
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.threads = 0  # executor calls not finished yet


class _Selector(selectors.DefaultSelector):
    """Where the loop waits for its next timer: polls once, then moves the clock to that timer."""

    def __init__(self, clock: _Clock) -> None:
        super().__init__()
        self._clock = clock

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if ready or (timeout is not None and timeout <= 0):
            return ready
        if timeout is None or self._clock.threads:
            began = time.monotonic()
            ready = super().select(timeout)
            self._clock.now += time.monotonic() - began
            return ready
        self._clock.now += timeout  # idle until the next timer: it is due now
        return []


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self._clock = _Clock()
        super().__init__(_Selector(self._clock))

    def time(self) -> float:
        return self._clock.now

    def run_in_executor(  # type: ignore[override]
        self, executor: Executor | None, func: Callable[..., Any], *args: Any
    ) -> asyncio.Future[Any]:
        future = super().run_in_executor(executor, func, *args)
        self._clock.threads += 1
        future.add_done_callback(self._thread_done)
        return future

    def _thread_done(self, _: asyncio.Future[Any]) -> None:
        self._clock.threads -= 1
