"""Persistent token buttons: owner, other member, double press, expiry, rebuilt client."""

from __future__ import annotations

from datetime import timedelta

import simcord

from adapters.discord import build_client
from core.events import ButtonPress
from core.markets import MarketCatalog
from tests.discord.conftest import CONFIG
from tests.discord.fakes import ScriptedHandler
from tests.fakes import COMMANDS


async def _quote_with_buttons(
    env: simcord.Env,
) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor, simcord.ResponseMessage]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    result = await alice.slash(channel, "price", coin="btc")
    assert result.response is not None
    return channel, alice, bob, result.response


def _button_labels(message: simcord.ResponseMessage) -> list[str]:
    return [c["label"] for row in message.components for c in row["components"]]


def _price(message: simcord.ResponseMessage) -> str:
    return str(message.embeds[0].fields[0].value)


async def test_buttons_carry_the_core_token(env: simcord.Env) -> None:
    _, _, _, message = await _quote_with_buttons(env)

    [row] = message.components
    assert [(c["label"], c["custom_id"]) for c in row["components"]] == [
        ("Refresh", "dm:b:t1a"),
        ("Dismiss", "dm:b:t1b"),
    ]


async def test_owner_press_edits_the_message_to_the_outcome_without_buttons(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    _, alice, _, message = await _quote_with_buttons(env)

    press = await alice.click(message, label="Refresh")

    assert press.acknowledged
    assert press.followups == []
    assert _price(message) == "**68,000.50** USDT"
    assert message.components == []
    event = handler.events[-1]
    assert isinstance(event, ButtonPress)
    assert event.token == "t1a"
    assert event.key.user_id == str(alice.id)


async def test_another_member_is_told_privately_and_nothing_changes(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    _, alice, bob, message = await _quote_with_buttons(env)

    press = await bob.click(message, label="Refresh")

    [note] = press.followups
    assert note.ephemeral
    assert note.content == "⚠️ These buttons are for someone else."
    assert _button_labels(message) == ["Refresh", "Dismiss"]
    assert _price(message) == "**67,890.12** USDT"
    # The owner's buttons still work afterwards.
    await alice.click(message, label="Dismiss")
    assert message.content == "Dismissed."
    assert message.components == []


async def test_second_press_of_a_double_click_says_used(env: simcord.Env, handler: ScriptedHandler) -> None:
    """Two presses arrive before either is answered (a double click): one wins."""
    _, alice, _, message = await _quote_with_buttons(env)
    handler.delay = 30.0  # both presses are in flight together

    first = await alice.click(message, label="Refresh")
    second = await alice.click(message, label="Dismiss")
    await env.advance_time(30)

    assert first.followups == []
    [note] = second.followups
    assert note.ephemeral
    assert note.content == "⚠️ That button was already used."
    assert _price(message) == "**68,000.50** USDT"  # the first press's outcome stays
    assert message.components == []


async def test_expired_press_says_so_and_drops_the_buttons(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    _, alice, _, message = await _quote_with_buttons(env)
    handler.now += timedelta(minutes=11)  # tokens live 10 minutes

    press = await alice.click(message, label="Refresh")

    [note] = press.followups
    assert note.ephemeral
    assert note.content == "⚠️ That button has expired."
    assert message.components == []
    assert _price(message) == "**67,890.12** USDT"  # the card itself stays


async def test_buttons_still_work_after_the_client_is_rebuilt(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    _, alice, _, message = await _quote_with_buttons(env)
    # A restart: a new process builds a new client and handler over the same persistent store.
    restarted = ScriptedHandler(store=handler.store)
    await env.restart_bot(build_client(CONFIG, restarted, catalog=MarketCatalog(), commands=COMMANDS))

    await alice.click(message, label="Refresh")

    [event] = restarted.events
    assert isinstance(event, ButtonPress) and event.token == "t1a"
    assert _price(message) == "**68,000.50** USDT"
    assert message.components == []


async def test_buttons_work_in_a_dm(env: simcord.Env, handler: ScriptedHandler) -> None:
    carol = env.create_user("carol")
    result = await carol.slash("price", coin="eth")
    assert result.response is not None

    await carol.click(result.response, label="Dismiss")

    assert result.response.content == "Dismissed."
    assert result.response.components == []
