"""How long a failed job waits before its next attempt: exponential, capped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta


@dataclass(frozen=True, slots=True)
class Backoff:
    """``first`` seconds after the first failed attempt, times ``factor`` after each further one,
    never more than ``cap``. With the defaults and 5 attempts: 30 s, 1 min, 2 min, 4 min, then
    dead (about 7.5 min after the first failure)."""

    first: float = 30.0
    factor: float = 2.0
    cap: float = 3600.0

    def __post_init__(self) -> None:
        if self.first <= 0 or self.factor < 1 or self.cap < self.first:
            raise ValueError("backoff needs first > 0, factor >= 1 and cap >= first")

    def delay(self, failed_attempts: int) -> timedelta:
        """The wait after ``failed_attempts`` (1 = the first attempt just failed)."""
        exponent = max(failed_attempts, 1) - 1
        # Capped before it can overflow: factor ** exponent grows fast for long-lived jobs.
        seconds = self.first
        for _ in range(exponent):
            seconds *= self.factor
            if seconds >= self.cap:
                return timedelta(seconds=self.cap)
        return timedelta(seconds=min(seconds, self.cap))
