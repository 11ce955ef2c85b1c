"""s44: any whole number of days from 2 to 90 is served as asked ("btc past 3 days", "45 days"),
the N full UTC daily closes before today, missing days gaps (never invented); one day is the quote
with its 24-hour change, more than 90 the last 90, each said. Was the nearest of 7, 14, 30, 90."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from bot.catalog import bundled_catalog
from core.clock import FixedClock
from core.memory_store import MemoryStateStore
from core.reply import HistoryBlock, NoticeBlock, Status
from core.skills.price.service import PriceService
from tests.fakes import NOW, Chat, FakeCharts, ScriptedMarket, make_core

YESTERDAY = NOW.date() - timedelta(days=1)


def histories(reply) -> list[HistoryBlock]:
    return [b for b in reply.blocks if isinstance(b, HistoryBlock)]


def codes(reply) -> list[str]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


@pytest.mark.parametrize(
    "text",
    ["btc past 3 days", "how did btc do over the last 3 days", "比特币最近三天咋走的", "大饼过去三天的走势"],
)
async def test_three_days_are_three_closes_before_today(text: str) -> None:
    charts = FakeCharts()
    reply = await Chat(make_core(ScriptedMarket(), charts=charts)).say(text)
    assert reply.status is Status.COMPLETED, reply
    (history,) = histories(reply)
    assert [p.date for p in history.points] == [YESTERDAY - timedelta(days=i) for i in (2, 1, 0)]
    assert reply.route.slots["days"] == 3 and not codes(reply)  # no "nearest window" line
    assert charts.rendered == ["BTCUSDT"]


async def test_a_missing_day_of_three_is_a_gap_never_invented() -> None:
    closes = {YESTERDAY - timedelta(days=2): Decimal("95000"), YESTERDAY: Decimal("97000")}
    market = ScriptedMarket(closes={"BTCUSDT": closes})
    reply = await Chat(make_core(market, charts=FakeCharts())).say("btc past 3 days")
    (history,) = histories(reply)
    assert [p.close for p in history.points] == [Decimal("95000"), None, Decimal("97000")]
    assert history.missing_dates == (YESTERDAY - timedelta(days=1),)
    assert reply.status is Status.PARTIAL and "missing_days" in codes(reply)


async def test_the_service_serves_2_to_90_days_and_refuses_others() -> None:
    clock = FixedClock(NOW)
    service = PriceService(ScriptedMarket(), bundled_catalog(), clock)
    for days in (2, 3, 10, 45, 90):
        history = await service.price_history("BTCUSDT", days)
        assert len(history.points) == days and history.points[-1].date == YESTERDAY
    for days in (0, 1, 91, 365):
        with pytest.raises(ValueError, match=r"2\.\.90"):
            await service.price_history("BTCUSDT", days)


async def test_same_for_another_coin_keeps_the_days_asked() -> None:
    chat = Chat(make_core(ScriptedMarket(), charts=FakeCharts()))
    await chat.say("btc past 3 days")
    reply = await chat.say("same for eth")
    (history,) = histories(reply)
    assert history.symbol == "ETHUSDT" and len(history.points) == 3


@pytest.mark.parametrize(("stored", "served"), [(3, 3), (45, 45), (1, 7), (365, 7), ("30", 7), (True, 7)])
async def test_a_stored_window_is_served_when_it_is_2_to_90_days(stored: object, served: int) -> None:
    """A follow-up reads the stored task's days: 3 and 45 as they are (were the default 7), a
    hand-made one (1, 365, "30", True) the default."""
    store = MemoryStateStore()
    chat = Chat(make_core(ScriptedMarket(), store=store, charts=FakeCharts()))
    await chat.say("btc last 10 days")
    state = await store.load_state(chat.key)
    assert state.last_completed is not None and state.last_completed.slots["days"] == 10
    state.last_completed.slots["days"] = stored
    await store.save_state(chat.key, state)
    (history,) = histories(await chat.say("same for eth"))
    assert len(history.points) == served


async def test_longer_than_90_days_is_the_last_90_said() -> None:
    reply = await Chat(make_core(ScriptedMarket(), charts=FakeCharts())).say("btc last 120 days")
    (history,) = histories(reply)
    assert len(history.points) == 90 and codes(reply)[0] == "range_nearest"
    said = reply.blocks[0].text
    assert "120 days" in said and "at most 90" in said and "nearest" not in said
