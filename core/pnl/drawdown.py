"""Max drawdown of an account's daily equity snapshots.

The largest fall from a running peak to a later trough, in USDT and as a share of that peak. A day
without a snapshot is a gap: nothing is interpolated, the next snapshot is compared with the peak
so far as it is. Fewer than two snapshots: no drawdown can be told (None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An account's equity in USDT at one UTC day's snapshot."""

    account_id: str
    day: date
    equity: Decimal


@dataclass(frozen=True, slots=True)
class Drawdown:
    amount: Decimal  # USDT, >= 0
    share: Decimal  # of the peak, 0..1
    peak_day: date
    trough_day: date


def max_drawdown(snapshots: Sequence[Snapshot]) -> Drawdown | None:
    points = sorted(snapshots, key=lambda s: s.day)
    if len(points) < 2:
        return None
    peak = points[0]
    worst = Drawdown(Decimal(0), Decimal(0), peak.day, peak.day)
    for point in points[1:]:
        if point.equity > peak.equity:
            peak = point
            continue
        fall = peak.equity - point.equity
        if fall > worst.amount:
            share = fall / peak.equity if peak.equity > 0 else Decimal(0)
            worst = Drawdown(fall, share, peak.day, point.day)
    return worst


def underwater(snapshots: Sequence[Snapshot]) -> list[tuple[date, Decimal, Decimal]]:
    """(day, equity, running peak) for each snapshot: what the equity chart shades between."""
    out: list[tuple[date, Decimal, Decimal]] = []
    peak: Decimal | None = None
    for point in sorted(snapshots, key=lambda s: s.day):
        peak = point.equity if peak is None else max(peak, point.equity)
        out.append((point.day, point.equity, peak))
    return out
