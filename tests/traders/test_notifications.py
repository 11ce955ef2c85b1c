"""What a running trader tells its owner reaches them privately on each platform, through that
platform's real sender: a Telegram private chat (recording Bot API) and the console's collector
here, a Discord DM (simcord) in tests/discord/test_trader_notifications.py."""

from __future__ import annotations

from adapters.console.outbound import CollectingOutbound
from adapters.telegram.outbound import TelegramOutbound
from core.events import ConversationKey
from core.outbound import PlatformRouter
from core.reply import NoticeBlock
from tests.telegram.conftest import start_harness
from tests.telegram.fakes import ScriptedCore
from tests.traders.conftest import TraderDesk, dca, make_desk


async def _fill(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    reply = await desk.chat.say("创建一个交易员 叫 alpha 并启动")
    assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks], reply
    await desk.tick()


async def test_a_fill_reaches_a_telegram_private_chat() -> None:
    harness = await start_harness(ScriptedCore())
    try:
        router = PlatformRouter()
        router.attach("telegram", TelegramOutbound(harness.app.bot))
        desk = make_desk(key=ConversationKey("telegram", "42", "42"), sender=router)
        await _fill(desk)
        [call] = harness.api.of("sendMessage")
        assert call.params["chat_id"] == 42
        assert "交易员「alpha」买入" in call.params["text"] and "BTC" in call.params["text"]
    finally:
        await harness.app.shutdown()


async def test_a_fill_reaches_the_console() -> None:
    console = CollectingOutbound()
    desk = make_desk(sender=console)
    await _fill(desk)
    [note] = console.notifications
    assert note.kind == "fill" and note.destination.user_id == "user-1" and note.reply.audience == "private"
    [block] = note.reply.blocks
    assert isinstance(block, NoticeBlock) and "alpha" in block.text
