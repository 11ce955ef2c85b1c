"""A running trader's fill reaches its owner as a Discord DM, through the running client in a
simulated Discord (simcord)."""

from __future__ import annotations

import pytest
import simcord

from adapters.discord.outbound import DiscordOutbound
from core.events import ConversationKey
from core.markets import MarketCatalog
from core.outbound import PlatformRouter
from tests.traders.conftest import make_desk
from tests.traders.test_notifications import _fill


@pytest.mark.usefixtures("handler")
async def test_a_fill_reaches_a_discord_dm(env: simcord.Env) -> None:
    alice = env.create_user("alice")
    router = PlatformRouter()
    router.attach("discord", DiscordOutbound(env.bot, MarketCatalog()))
    desk = make_desk(key=ConversationKey("discord", "dm", str(alice.id)), sender=router)
    await _fill(desk)
    [message] = alice.dm_channel.history()
    assert "交易员「alpha」买入" in message.content
