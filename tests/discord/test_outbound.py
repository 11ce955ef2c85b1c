"""Messages nobody asked for, on Discord: DMs and channel messages through the running client in
a simulated Discord (simcord), with the core's pausing and delivery log around the sender."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import simcord

from adapters.discord.outbound import DiscordOutbound
from core.clock import FixedClock
from core.markets import MarketCatalog
from core.outbound import DeliveryResult, DeliveryStatus, Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import NoticeBlock, Reply, Status, TextBlock
from tests.discord.fakes import NOW, PNG_SIGNATURE, ScriptedHandler


@dataclass
class Outbox:
    env: simcord.Env
    out: RecordedOutbound
    log: MemoryDeliveryLog

    async def send(self, destination: Destination, reply: Reply, kind: str = "alert") -> DeliveryResult:
        return await self.out.send(destination, reply, kind=kind, job_id="job-9")


@pytest.fixture
def outbox(env: simcord.Env) -> Outbox:
    router = PlatformRouter()
    router.attach("discord", DiscordOutbound(env.bot, MarketCatalog()))  # the running client
    log = MemoryDeliveryLog()
    return Outbox(env, RecordedOutbound(router, log, FixedClock(NOW)), log)


def alert(handler: ScriptedHandler) -> Reply:
    quote = handler._quote("BTCUSDT", "70012.5")
    return Reply(Status.COMPLETED, (NoticeBlock("BTC crossed 70,000 USDT", code="alert"), quote), "en")


async def test_an_alert_reaches_a_person_as_a_dm_with_the_quote_card(
    outbox: Outbox, handler: ScriptedHandler
) -> None:
    alice = outbox.env.create_user("alice")

    result = await outbox.send(Destination.direct("discord", str(alice.id)), alert(handler))

    assert result.ok
    [message] = alice.dm_channel.history()
    assert message.content == "BTC crossed 70,000 USDT"
    [embed] = message.embeds
    assert embed.title == "Bitcoin · BTC/USDT"
    assert {str(f.name): str(f.value) for f in embed.fields}["Best ask"] == "**70,012.50** USDT"
    [record] = outbox.log.records
    assert (record.kind, record.status, record.job_id) == ("alert", DeliveryStatus.SENT, "job-9")


async def test_a_channel_gets_the_message_with_its_chart(outbox: Outbox, handler: ScriptedHandler) -> None:
    guild = outbox.env.create_guild()
    channel = guild.create_text_channel("signals")
    bob = guild.add_member(outbox.env.create_user("bob"))
    reply = handler._history("btc", "en")

    assert (await outbox.send(Destination.chat("discord", str(channel.id)), reply, kind="report")).ok

    [message] = channel.history(viewer=bob)  # public: everyone in the channel sees it
    [attachment] = message.attachments
    assert (await attachment.read()).startswith(PNG_SIGNATURE)
    assert message.embeds[0].image.url == "attachment://btcusdt-history.png"


async def test_a_person_who_cannot_be_dmed_is_blocked_and_paused(
    outbox: Outbox, handler: ScriptedHandler
) -> None:
    other_bot = outbox.env.create_user("otherbot", bot=True)  # Discord refuses DMs to bots: 50007
    dest = Destination.direct("discord", str(other_bot.id))

    first = await outbox.send(dest, alert(handler))
    second = await outbox.send(dest, alert(handler), kind="fill")

    assert (first.status, first.error_code) == (DeliveryStatus.BLOCKED, "cannot_dm")
    assert (second.status, second.error_code) == (DeliveryStatus.PAUSED, "cannot_dm")
    posts = [r for r in outbox.env.http_requests if r.method == "POST" and r.path.endswith("/messages")]
    assert len(posts) == 1  # the paused destination was not tried again
    assert [r.status for r in await outbox.log.undelivered(dest, NOW)] == ["blocked", "paused"]


async def test_a_deleted_channel_is_blocked(outbox: Outbox, handler: ScriptedHandler) -> None:
    result = await outbox.send(Destination.chat("discord", "123456789012345678"), alert(handler))
    assert (result.status, result.error_code) == (DeliveryStatus.BLOCKED, "unknown_channel")
    assert await outbox.log.paused(Destination.chat("discord", "123456789012345678")) is not None


async def test_missing_permissions_in_a_channel_is_blocked(outbox: Outbox, handler: ScriptedHandler) -> None:
    guild = outbox.env.create_guild()
    channel = guild.create_text_channel("read-only")
    outbox.env.inject_error(
        "POST", f"/channels/{channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    result = await outbox.send(Destination.chat("discord", str(channel.id)), alert(handler))
    assert (result.status, result.error_code) == (DeliveryStatus.BLOCKED, "missing_permissions")


async def test_a_server_error_is_a_retryable_failure_and_pauses_nothing(
    outbox: Outbox, handler: ScriptedHandler
) -> None:
    guild = outbox.env.create_guild()
    channel = guild.create_text_channel("general")
    outbox.env.inject_error("POST", f"/channels/{channel.id}/messages", status=503, times=None)
    dest = Destination.chat("discord", str(channel.id))

    result = await outbox.send(dest, alert(handler))

    assert (result.status, result.error_code, result.retryable) == (DeliveryStatus.FAILED, "http_503", True)
    assert await outbox.log.paused(dest) is None


async def test_a_personal_notice_for_someone_in_a_guild_channel_goes_to_their_dm(outbox: Outbox) -> None:
    guild = outbox.env.create_guild()
    channel = guild.create_text_channel("general")
    alice = outbox.env.create_user("alice")
    guild.add_member(alice)
    bob = guild.add_member(outbox.env.create_user("bob"))
    personal = Reply(Status.COMPLETED, (TextBlock("Your order filled: 0.1 BTC"),), "en", audience="private")

    here = Destination("discord", chat_id=str(channel.id), user_id=str(alice.id))
    assert (await outbox.send(here, personal, kind="fill")).ok
    assert channel.history(viewer=bob) == []
    [dm] = alice.dm_channel.history()
    assert dm.content == "Your order filled: 0.1 BTC"

    whole = await outbox.send(Destination.chat("discord", str(channel.id)), personal, kind="fill")
    assert (whole.status, whole.error_code, whole.retryable) == (
        DeliveryStatus.FAILED,
        "private_to_channel",
        False,
    )
    assert channel.history(viewer=bob) == []


async def test_a_reply_asking_for_a_secret_is_never_sent_as_a_notice(outbox: Outbox) -> None:
    alice = outbox.env.create_user("alice")
    question = Reply(Status.NEEDS_INPUT, (TextBlock("Your API secret?"),), "en", expects_secret="api_secret")
    result = await outbox.send(Destination.direct("discord", str(alice.id)), question)
    assert result.error_code == "unsupported_reply"
    assert alice.dm_channel.history() == []


async def test_a_personal_notice_to_a_dm_conversation_stays_in_that_dm(outbox: Outbox) -> None:
    alice = outbox.env.create_user("alice")
    personal = Reply(
        Status.COMPLETED, (TextBlock("Your trader stopped: daily loss limit"),), "en", audience="private"
    )
    conversation = Destination("discord", chat_id=str(alice.dm_channel.id), user_id=str(alice.id))

    assert (await outbox.send(conversation, personal, kind="trader_stopped")).ok
    [dm] = alice.dm_channel.history()
    assert dm.content == "Your trader stopped: daily loss limit"
