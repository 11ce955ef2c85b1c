"""`make bench`'s routing row reads the figures bench.routing.per_message names (a renamed way of
reading broke the whole `make bench` once: KeyError 'language layer')."""

from __future__ import annotations

import pytest

import bench.__main__ as bench_main
import bench.routing


def test_the_routing_row_prints_every_way_per_message_names(monkeypatch: pytest.MonkeyPatch) -> None:
    figures = {
        bench.routing.ENGINE: (0.4, 2.5, 7),
        bench.routing.ROUTER: (0.3, 0.9, 7),
        bench.routing.RULES: (0.5, 1.3, 7),
    }
    monkeypatch.setattr(bench.routing, "per_message", lambda rounds: figures)
    [(name, value)] = bench_main.bench_routing()
    assert "7 corpus messages" in name and "read_asks" in name
    assert value.startswith("0.400 ms / 2.500 ms [0.300 ms / 0.900 ms; 0.500 ms / 1.300 ms]")
