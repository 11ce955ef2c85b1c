"""An anonymous group administrator (Telegram: the GroupAnonymousBot writing with sender_chat =
the group) sets the group's price alert through the running Telegram adapter and the real alert
skill; a member writing as some other chat cannot."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.outbound import Destination
from tests.alerts.conftest import AlertDesk, make_alert_desk
from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import GROUP, message, update, user
from tests.telegram.test_admin_status import ANONYMOUS_ADMIN

ASK = "@DeskmateTestBot alert me when BTC goes below 80000"


@pytest.fixture
async def alerts() -> AsyncIterator[tuple[Harness, AlertDesk]]:
    desk = make_alert_desk()
    harness = await start_harness(desk.core)
    yield harness, desk
    await harness.app.shutdown()


async def test_an_anonymous_admin_sets_the_groups_alert(alerts: tuple[Harness, AlertDesk]) -> None:
    tg, desk = alerts
    await tg.feed(update(message(ASK, chat=GROUP, sender=ANONYMOUS_ADMIN, sender_chat=GROUP)))
    [alert] = await desk.alerts.for_destination(Destination.chat("telegram", str(GROUP["id"])))
    assert alert.spec.symbol == "BTCUSDT"
    [reply] = tg.api.of("sendMessage")
    assert reply.params["chat_id"] == GROUP["id"]


async def test_a_member_who_is_not_an_admin_is_still_refused(alerts: tuple[Harness, AlertDesk]) -> None:
    tg, desk = alerts
    tg.api.admins[GROUP["id"]] = [7]
    await tg.feed(update(message(ASK, chat=GROUP, sender=user(42))))
    assert await desk.alerts.for_destination(Destination.chat("telegram", str(GROUP["id"]))) == []
    [reply] = tg.api.of("sendMessage")
    assert "admin" in reply.params["text"].lower()
