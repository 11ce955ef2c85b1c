"""A small LRU of rendered charts, validated by the points they were drawn from."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, date

from core.reply import HistoryBlock, HistoryPoint

# (symbol, last UTC day of the window, source): one chart per market and day.
CacheKey = tuple[str, date, str]
# Everything else the picture depends on. A later fetch on the same day may fill a gap, so the
# key alone is not enough: a hit also needs the same points.
Fingerprint = tuple[tuple[HistoryPoint, ...], str, str]


def cache_key(history: HistoryBlock) -> CacheKey:
    last_day = history.points[-1].date if history.points else history.fetched_at.astimezone(UTC).date()
    return (history.symbol, last_day, history.source)


def fingerprint(history: HistoryBlock) -> Fingerprint:
    return (history.points, history.base, history.quote_asset)


@dataclass(frozen=True, slots=True)
class _Entry:
    fingerprint: Fingerprint
    png: bytes


class RenderCache:
    """Not thread-safe: only the event loop thread touches it."""

    def __init__(self, max_entries: int = 64) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._max = max_entries
        self._entries: OrderedDict[CacheKey, _Entry] = OrderedDict()

    def get(self, key: CacheKey, fp: Fingerprint) -> bytes | None:
        entry = self._entries.get(key)
        if entry is None or entry.fingerprint != fp:
            return None
        self._entries.move_to_end(key)
        return entry.png

    def put(self, key: CacheKey, fp: Fingerprint, png: bytes) -> None:
        self._entries[key] = _Entry(fp, png)
        self._entries.move_to_end(key)
        while len(self._entries) > self._max:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
