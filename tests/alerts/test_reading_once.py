"""An alert message is read once: one rule reads it into the one action it asks for (list,
delete or create), not three rules reading it whole in turn."""

from __future__ import annotations

import pytest

from core.skills.price_alert import reading
from tests.fakes import full_router


def test_the_router_reads_an_alert_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    read = reading.read_alert

    def counted(text: str, coins: reading.CoinNames) -> reading.AlertReading | None:
        reads.append(text)
        return read(text, coins)

    monkeypatch.setattr(reading, "read_alert", counted)
    router = full_router()
    for text in ("alert me when ETH goes above 5000", "比特币跌破80000提醒我"):
        route = router.route(text)
        assert route is not None and (route.skill, route.action) == ("price_alert", "create")
    assert reads == ["alert me when ETH goes above 5000", "比特币跌破80000提醒我"]  # before: 3 rules


def test_an_alert_with_a_cooldown_is_read_whole() -> None:
    route = full_router().route("notify me every time eth crosses above 4000, cooldown 1h")
    assert route is not None and (route.skill, route.action) == ("price_alert", "create")
    assert route.slots["level"] == "4000" and route.slots["repeat"] is True
