"""Discord's sender for messages nobody asked for (core.outbound.ports.PlatformOutbound).

A DM to a user (a direct destination) or a message in a channel or thread, rendered by the same
render.py as answers (embeds, chart attachments, buttons). There is no interaction to answer,
so nothing is ephemeral: a personal (private) reply meant for someone in a guild channel goes
to their DM instead, and one for a channel as a whole is refused.

Refusals: Forbidden (50007 "Cannot send messages to this user", missing access or
permissions) and NotFound (unknown channel or user) are BLOCKED, so the core pauses the
destination; 5xx and network errors are retryable failures (discord.py has already waited out
rate limits and retried 5xx itself); other 4xx are failures not worth retrying.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord

from adapters.discord.render import render
from core.markets import MarketCatalog
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryResult
from core.reply import Reply

logger = logging.getLogger(__name__)

PLATFORM = "discord"
_FORBIDDEN = {50007: "cannot_dm", 50001: "missing_access", 50013: "missing_permissions"}
_NOT_FOUND = {10003: "unknown_channel", 10013: "unknown_user"}


class PrivateToChannel(Exception):
    """A personal reply addressed to a whole channel."""


class DiscordOutbound:
    def __init__(self, client: discord.Client, catalog: MarketCatalog | None = None) -> None:
        self._client = client
        self._catalog = catalog

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        if destination.platform != PLATFORM:
            return DeliveryResult.failed("wrong_platform", retryable=False)
        if reply.expects_secret is not None:  # only an answer to the asker may collect a secret
            return DeliveryResult.failed("unsupported_reply", retryable=False)
        try:
            channel = await self._channel(destination, reply)
            await channel.send(**render(reply, self._catalog, ephemeral=False).send_kwargs())
        except ValueError:
            return DeliveryResult.failed("bad_destination", retryable=False)
        except PrivateToChannel:
            return DeliveryResult.failed("private_to_channel", retryable=False)
        except discord.Forbidden as exc:
            return DeliveryResult.blocked(_FORBIDDEN.get(exc.code, "forbidden"))
        except discord.NotFound as exc:
            return DeliveryResult.blocked(_NOT_FOUND.get(exc.code, "not_found"))
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                return DeliveryResult.failed(f"http_{exc.status}", retryable=True)
            logger.warning("Discord refused a %s notice: %s %s", kind, exc.status, exc.code)
            return DeliveryResult.failed(f"http_{exc.status}", retryable=False)
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            logger.info("Discord unreachable for a %s notice: %s", kind, type(exc).__name__)
            return DeliveryResult.failed("network_error", retryable=True)
        return DeliveryResult.sent()

    async def _channel(self, destination: Destination, reply: Reply) -> Any:
        """Where to post (a DMChannel, a guild channel or thread, or a partial one)."""
        if destination.chat_id is None:
            return await self._dm(destination)
        channel_id = int(destination.thread_id or destination.chat_id)  # a thread is a channel
        if reply.audience != "private":
            # No lookup needed to post: the id is enough (one request, not two).
            return self._client.get_channel(channel_id) or self._client.get_partial_messageable(channel_id)
        channel = self._client.get_channel(channel_id) or await self._client.fetch_channel(channel_id)
        if isinstance(channel, discord.DMChannel):
            return channel
        if destination.user_id is None:
            raise PrivateToChannel(channel_id)
        return await self._dm(destination)

    async def _dm(self, destination: Destination) -> discord.DMChannel:
        if destination.user_id is None:
            raise ValueError("a DM needs a user")
        return await self._client.create_dm(discord.Object(id=int(destination.user_id)))
