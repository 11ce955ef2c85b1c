"""Slash commands through a simulated Discord (simcord) with a scripted core."""

from __future__ import annotations

import discord
import pytest
import simcord

from core.events import ChatKind, Command, TextMessage
from tests.discord.fakes import PNG_SIGNATURE, ScriptedHandler, tiny_png


def _world(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return channel, alice, bob


def _fields(embed: discord.Embed) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in embed.fields}


async def test_price_in_a_guild_is_a_public_quote_card(env: simcord.Env, handler: ScriptedHandler) -> None:
    channel, alice, bob = _world(env)

    result = await alice.slash(channel, "price", coin="btc")

    assert result.response is not None
    assert not result.ephemeral
    [embed] = result.response.embeds
    assert embed.title == "Bitcoin · BTC/USDT"
    fields = _fields(embed)
    assert fields["Best ask"] == "**67,890.12** USDT"
    assert fields["Source"] == "Binance"
    assert fields["Fetched"] == "2024-05-08 09:30:00 UTC"
    assert "DEMO" not in embed.title
    # Everyone in the channel sees it.
    assert any(m.id == result.response.id for m in channel.history(viewer=bob))
    [event] = handler.events
    assert isinstance(event, Command)
    assert (event.name, event.args) == ("price", "btc")
    assert event.key.platform == "discord"
    assert event.key.chat_id == str(channel.id)
    assert event.key.user_id == str(alice.id)
    assert event.key.thread_id is None
    assert event.chat_kind is ChatKind.GROUP
    assert event.event_id.startswith("dc:")
    assert event.locale_hint == "en-US"


async def test_demo_quote_is_labelled(env: simcord.Env, handler: ScriptedHandler) -> None:
    handler.source = "demo"
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "price", coin="eth")

    assert result.response is not None
    [embed] = result.response.embeds
    assert embed.title == "Ethereum · ETH/USDT · DEMO"
    assert embed.description is not None and "Demo data: not a real market price." in embed.description
    assert _fields(embed)["Source"] == "DEMO (demo)"


async def test_history_has_chart_attachment_closes_and_visible_gap(env: simcord.Env) -> None:
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "history", coin="bitcoin")

    assert result.response is not None and not result.ephemeral
    [attachment] = result.response.attachments
    assert attachment.filename == "btcusdt-history.png"
    png = await attachment.read()
    assert png.startswith(PNG_SIGNATURE)
    assert png == tiny_png()
    [embed] = result.response.embeds
    assert embed.image.url == "attachment://btcusdt-history.png"
    assert embed.title == "Bitcoin · BTC/USDT: daily closes, last 7 days"
    fields = _fields(embed)
    closes = fields["Daily closes (UTC) · USDT"]
    assert "2024-05-01  61,000.50" in closes
    assert "2024-05-07  65,000.00" in closes
    assert "2024-05-03  — no data" in closes  # the gap is shown, not invented
    assert fields["Missing days"] == "2024-05-03"


async def test_ask_goes_through_the_core_as_private_free_text(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    channel, alice, bob = _world(env)

    result = await alice.slash(channel, "ask", text="how is bitcoin doing")

    assert result.response is not None
    assert result.ephemeral
    assert result.response.content == "You said: how is bitcoin doing"
    assert all(m.id != result.response.id for m in channel.history(viewer=bob))
    [event] = handler.events
    assert isinstance(event, TextMessage)
    assert event.text == "how is bitcoin doing"
    assert event.chat_kind is ChatKind.PRIVATE  # like a private chat
    assert event.key.user_id == str(alice.id)


async def test_lang_and_help(env: simcord.Env, handler: ScriptedHandler) -> None:
    channel, alice, _ = _world(env)

    lang = await alice.slash(channel, "lang", language="zh")
    helped = await alice.slash(channel, "help")

    assert lang.ephemeral and lang.response is not None
    assert lang.response.content == "好的，之后用中文回复你。"
    assert helped.ephemeral and helped.response is not None
    assert helped.response.content == "Try /price btc or /history eth."
    assert [(e.name, e.args) for e in handler.events if isinstance(e, Command)] == [
        ("lang", "zh"),
        ("help", ""),
    ]


async def test_price_in_a_dm(env: simcord.Env, handler: ScriptedHandler) -> None:
    carol = env.create_user("carol")

    result = await carol.slash("price", coin="sol")

    assert result.response is not None
    [embed] = result.response.embeds
    assert embed.title == "Solana · SOL/USDT"
    [event] = handler.events
    assert event.chat_kind is ChatKind.PRIVATE
    assert event.key.chat_id == str(carol.dm_channel.id)


async def test_private_reply_to_a_public_command_is_sent_ephemerally(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    channel, alice, bob = _world(env)
    original = handler.handle

    async def private_reply(event, progress=None):  # type: ignore[no-untyped-def]
        from dataclasses import replace

        return replace(await original(event, progress), audience="private")

    handler.handle = private_reply  # type: ignore[method-assign]

    result = await alice.slash(channel, "price", coin="btc")

    assert result.response is not None
    assert result.response.embeds == []  # nothing private in the channel
    assert result.response.content == "I sent you the answer privately (only you can see it)."
    [followup] = result.followups
    assert followup.ephemeral
    assert followup.embeds[0].title == "Bitcoin · BTC/USDT"
    assert all(m.id != followup.id for m in channel.history(viewer=bob))


async def test_slow_answer_is_deferred_before_the_follow_up(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    """The core takes 10 s (more than Discord's 3 s): the interaction is acknowledged first."""
    handler.delay = 10.0
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "price", coin="btc")

    # The core is still working: only the "thinking…" acknowledgement exists.
    assert result.acknowledged and result.deferred
    assert result.response is not None
    assert result.response.flags.loading
    assert result.response.embeds == []
    callbacks = [r for r in env.http_requests if r.path.endswith("/callback")]
    assert [(c.json or {}).get("type") for c in callbacks] == [5]  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE

    await env.advance_time(10)

    assert not result.response.flags.loading
    assert result.response.embeds[0].title == "Bitcoin · BTC/USDT"
    edits = [i for i, r in enumerate(env.http_requests) if r.method == "PATCH" and "@original" in r.path]
    defer_at = env.http_requests.index(callbacks[0])
    assert edits and min(edits) > defer_at


async def test_hostile_text_is_escaped_and_mentions_are_off(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    handler.ask_reply = "@everyone @here **bold** <@123456789012345678> [click](https://evil.example) `x`"
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "ask", text="hi")

    assert result.response is not None
    content = result.response.content
    assert "@\u200beveryone" in content and "@\u200bhere" in content
    assert "@everyone" not in content and "@here" not in content
    assert "\\*\\*bold\\*\\*" in content
    assert "<@\u200b123456789012345678>" in content
    assert "\\[click](https://evil.example)" in content  # the masked link no longer renders
    assert "\\`x\\`" in content
    message = result.response.message
    assert not message.mention_everyone
    assert message.mentions == [] and message.role_mentions == []
    sent = [r for r in env.http_requests if r.method in ("POST", "PATCH") and "/webhooks/" in r.path]
    assert sent and all((r.json or {}).get("allowed_mentions") == {"parse": []} for r in sent)


async def test_hostile_coin_in_a_public_channel_pings_nobody(env: simcord.Env) -> None:
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "price", coin="@everyone")

    assert result.response is not None and not result.ephemeral
    assert result.response.content.startswith("⚠️ @\u200beveryone is not supported")
    assert not result.response.message.mention_everyone
    edits = [r for r in env.http_requests if "/webhooks/" in r.path]
    assert edits and all((r.json or {}).get("allowed_mentions") == {"parse": []} for r in edits)


async def test_error_in_the_core_gives_a_short_private_message(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    handler.fail_with = RuntimeError("upstream exploded")
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "ask", text="hi")

    assert result.acknowledged
    assert result.ephemeral
    assert result.response is not None
    assert not result.response.flags.loading  # never left "thinking" / "did not respond"
    assert result.response.content == "Sorry, something went wrong while answering. Please try again."
    assert "exploded" not in result.response.content


async def test_error_in_a_public_command_still_completes_the_response(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    handler.fail_with = RuntimeError("boom")
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "price", coin="btc")

    assert result.response is not None
    assert not result.response.flags.loading
    assert result.response.content == "Sorry, something went wrong while answering. Please try again."


async def test_chinese_client_gets_chinese_labels(
    env: simcord.Env, handler: ScriptedHandler, zh_client: None
) -> None:
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "price", coin="比特币")

    [event] = handler.events
    assert event.locale_hint == "zh-CN"
    assert isinstance(event, Command) and event.args == "比特币"
    assert result.response is not None
    [embed] = result.response.embeds
    assert embed.title == "比特币 · BTC/USDT"
    fields = _fields(embed)
    assert fields["卖一价"] == "**67,890.12** USDT"
    assert fields["获取时间"] == "2024-05-08 09:30:00 UTC"


async def test_progress_is_shown_then_replaced_by_the_answer(
    env: simcord.Env, handler: ScriptedHandler
) -> None:
    """The core's interim "working…" (with a Cancel button) shows while a long turn runs."""
    import asyncio

    from core.reply import Button, NoticeBlock, Reply, Status, TextBlock

    async def slow_planner(event, progress=None):  # type: ignore[no-untyped-def]
        assert progress is not None
        working = Reply(
            Status.NEEDS_INPUT, (NoticeBlock("Working…"),), "en", buttons=(Button("Cancel", "c1"),)
        )
        await progress(working)
        await asyncio.sleep(30)
        return Reply(Status.COMPLETED, (TextBlock("Here is the answer."),), "en", audience="private")

    handler.handle = slow_planner  # type: ignore[method-assign]
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "ask", text="compare my agents")

    assert result.response is not None and result.ephemeral
    assert result.response.content == "Working…"
    assert [c["label"] for row in result.response.components for c in row["components"]] == ["Cancel"]

    await env.advance_time(30)

    assert result.response.content == "Here is the answer."
    assert result.response.components == []


async def test_a_failure_outside_the_callback_is_answered_by_the_tree_handler(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cannot build the event")

    monkeypatch.setattr("adapters.discord.commands.command_event", broken)
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "help")

    assert result.ephemeral and result.response is not None
    assert result.response.content == "Sorry, something went wrong while answering. Please try again."
    [error] = env.errors  # seen by the tree's error handler (and acknowledged here)
    assert "cannot build the event" in str(error.__cause__ or error)
