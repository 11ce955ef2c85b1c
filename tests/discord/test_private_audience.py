"""Replies with audience "private" (workspace data) are never visible in a guild channel."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import simcord

from core.events import ButtonPress, Inbound
from core.ports import ProgressSink
from core.reply import NoticeBlock, Reply, Status, TextBlock
from tests.discord.fakes import ScriptedHandler


def _world(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return channel, alice, bob


def _buttons(message: simcord.ResponseMessage) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


async def test_a_private_answer_to_a_button_on_a_public_card_is_ephemeral(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    channel, alice, bob = _world(env)
    original = handler.handle

    async def private_presses(event: Inbound, progress: ProgressSink | None = None) -> Reply:
        reply = await original(event, progress)
        if isinstance(event, ButtonPress):
            assert progress is not None
            await progress(
                Reply(Status.NEEDS_INPUT, (TextBlock("checking your balance…"),), "en", audience="private")
            )
            return replace(reply, blocks=(TextBlock("Your balance: 12.5 USDT"),), audience="private")
        return reply

    handler.handle = private_presses  # type: ignore[method-assign]
    card = await alice.slash(channel, "price", coin="btc")
    assert card.response is not None and not card.ephemeral

    press = await alice.click(card.response, label="Refresh")

    [private] = press.followups
    assert private.ephemeral and private.content == "Your balance: 12.5 USDT"
    assert card.response.components == []  # the public card only loses its buttons
    assert card.response.embeds[0].title == "Bitcoin · BTC/USDT"
    seen_by_bob = [m.content for m in channel.history(viewer=bob)] + [
        str(e.to_dict()) for m in channel.history(viewer=bob) for e in m.embeds
    ]
    assert not [s for s in seen_by_bob if "balance" in s]


async def test_a_secret_question_answering_a_public_command_goes_out_ephemerally(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    channel, alice, bob = _world(env)

    async def asks_a_secret(event: Inbound, progress: ProgressSink | None = None) -> Reply:
        # A public audience on purpose: a secret prompt is private whatever the core says.
        return Reply(
            Status.NEEDS_INPUT, (NoticeBlock("Your passphrase?"),), "en", expects_secret="passphrase"
        )

    handler.handle = asks_a_secret  # type: ignore[method-assign]

    result = await alice.slash(channel, "price", coin="btc")

    assert result.response is not None and not result.ephemeral
    assert result.response.content == "I sent you the answer privately (only you can see it)."
    assert result.response.components == []
    [prompt] = result.followups
    assert prompt.ephemeral and prompt.content == "Your passphrase?"
    assert [b["custom_id"] for b in _buttons(prompt)] == [f"dm:s:{alice.id}:en:passphrase"]
    assert all(m.id != prompt.id for m in channel.history(viewer=bob))
