"""A fired price alert on Telegram: the card through the running bot (flood control included) to
the person's private chat or to a group, its re-arm / delete buttons as an inline keyboard."""

from __future__ import annotations

from adapters.telegram.outbound import TelegramOutbound
from core.clock import FixedClock
from core.outbound import Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from tests.alerts.cards import card
from tests.telegram.conftest import start_harness
from tests.telegram.fakes import NOW, ScriptedCore


async def test_the_card_reaches_a_private_chat_and_a_group_with_its_buttons() -> None:
    harness = await start_harness(ScriptedCore())
    try:
        router = PlatformRouter()
        router.attach("telegram", TelegramOutbound(harness.app.bot))
        out = RecordedOutbound(router, MemoryDeliveryLog(), FixedClock(NOW))
        dm, _ = await card(Destination.direct("telegram", "42"), "telegram:42:42:", "zh")
        group, _ = await card(Destination.chat("telegram", "-100777"), "telegram:-100777:42:")

        assert (await out.send(Destination.direct("telegram", "42"), dm, kind="alert")).ok
        assert (await out.send(Destination.chat("telegram", "-100777"), group, kind="alert")).ok

        first, second = harness.api.of("sendMessage")
        assert first.params["chat_id"] == 42 and second.params["chat_id"] == -100777
        assert "BTC 已跌破 80,000.00：现价 79,950.12" in first.params["text"]
        assert "<b>BTC/USDT</b>" in first.params["text"]  # the quote card, with its time and source
        assert "价格提醒 #3f9c01ab" in first.params["text"]
        labels = [b["text"] for row in first.params["reply_markup"]["inline_keyboard"] for b in row]
        assert labels == ["重新启用", "删除提醒"]
        assert all(
            b["callback_data"].startswith("dm:")
            for row in second.params["reply_markup"]["inline_keyboard"]
            for b in row
        )
    finally:
        await harness.app.shutdown()
