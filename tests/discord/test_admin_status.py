"""Discord tells the core whether the person may manage the guild or the channel (Administrator,
Manage Server, Manage Channels, as resolved for the interaction); a DM tells nothing."""

from __future__ import annotations

import discord
import simcord

from core.events import Command, TextMessage
from tests.discord.fakes import ScriptedHandler


async def test_manage_permissions_reach_the_core_as_actor_admin(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("alerts")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    owners = guild.create_role("owners", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    boss = guild.add_member(env.create_user("boss"), roles=[owners])
    member = guild.add_member(env.create_user("member"))

    await mod.slash(channel, "price", coin="btc")
    await boss.slash(channel, "ask", text="alert me when BTC goes above 100000")
    await member.slash(channel, "price", coin="btc")

    first, second, third = handler.events
    assert isinstance(first, Command) and first.actor_admin is True
    assert isinstance(second, TextMessage) and second.actor_admin is True
    assert isinstance(third, Command) and third.actor_admin is False


async def test_a_dm_carries_no_admin_status(env: simcord.Env, handler: ScriptedHandler) -> None:
    alice = env.create_user("alice")
    await alice.slash("price", coin="eth")
    [event] = handler.events
    assert event.actor_admin is None
