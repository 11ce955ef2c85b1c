"""A fired price alert on Discord: the card as a DM or a channel message through the running
client (simcord), the quote as an embed, the alert as another, re-arm / delete as buttons."""

from __future__ import annotations

import simcord

from adapters.discord.outbound import DiscordOutbound
from core.clock import FixedClock
from core.markets import MarketCatalog
from core.outbound import Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from tests.alerts.cards import card
from tests.discord.fakes import NOW


async def test_the_card_reaches_a_dm_and_a_channel_with_its_buttons(env: simcord.Env) -> None:
    router = PlatformRouter()
    router.attach("discord", DiscordOutbound(env.bot, MarketCatalog()))
    out = RecordedOutbound(router, MemoryDeliveryLog(), FixedClock(NOW))
    alice = env.create_user("alice")
    guild = env.create_guild()
    channel = guild.create_text_channel("alerts")

    to_alice = Destination.direct("discord", str(alice.id))
    dm, _ = await card(to_alice, f"discord:dm-1:{alice.id}:")
    assert (await out.send(to_alice, dm, kind="alert")).ok
    to_channel = Destination.chat("discord", str(channel.id))
    public, _ = await card(to_channel, f"discord:{channel.id}:{alice.id}:")
    assert (await out.send(to_channel, public, kind="alert")).ok

    [message] = alice.dm_channel.history()
    assert message.content is not None and "BTC fell below 80,000.00: now 79,950.12" in message.content
    titles = [str(e.title) for e in message.embeds]
    assert any("BTC/USDT" in t for t in titles) and "Price alert #3f9c01ab · BTC/USDT" in titles
    labels = [c.label for row in message.components for c in row.children]  # type: ignore[attr-defined]
    assert labels == ["Re-arm", "Delete alert"]
    [posted] = channel.history()
    assert "Price alert #3f9c01ab · BTC/USDT" in [str(e.title) for e in posted.embeds]
