"""A small LRU of rendered charts, keyed by the chart model (everything the picture shows)."""

from __future__ import annotations

from collections import OrderedDict

from adapters.charts.model import ChartModel


class RenderCache:
    """Not thread-safe: only the event loop thread touches it."""

    def __init__(self, max_entries: int = 64) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._max = max_entries
        self._entries: OrderedDict[ChartModel, bytes] = OrderedDict()

    def get(self, key: ChartModel) -> bytes | None:
        png = self._entries.get(key)
        if png is not None:
            self._entries.move_to_end(key)
        return png

    def put(self, key: ChartModel, png: bytes) -> None:
        self._entries[key] = png
        self._entries.move_to_end(key)
        while len(self._entries) > self._max:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
