"""Paused alerts, when their person is back: a destination that blocked the bot had its alerts
paused; the next message from there proves it reachable, so they are resumed and the person is
told (once, in that answer)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from core.events import ChatKind
from core.formatting import format_price, format_utc
from core.markets import MarketCatalog
from core.outbound.destination import Destination, reachable_from
from core.outbound.ports import DeliveryLog
from core.reply import Block, NoticeBlock
from core.skills.price_alert.describe import condition_text
from core.skills.price_alert.ports import AlertStore
from core.turn import Turn

log = logging.getLogger(__name__)

MISSED_SHOWN = 5  # firings listed one by one; the rest are counted
CLEAN_FOR = timedelta(minutes=1)


class ResumePausedAlerts:
    """core.skills.base.InboundHook: run before each message's answer.

    Which destinations have anything to resume (a paused alert, a firing blocked on its way) is
    read once for every conversation, and again once it is CLEAN_FOR old: a process costs one read
    a minute however many people write, where one per conversation a minute made each new
    conversation's first turn a database round trip (on SQLite a hop to a worker thread), so that
    256 conversations at once answered fewer turns a second than one conversation did. A pause
    made meanwhile (by any process) is told at the first message after the next read, a minute
    at most, as a busy chat's was before."""

    def __init__(self, store: AlertStore, deliveries: DeliveryLog | None, catalog: MarketCatalog) -> None:
        self.store = store
        self.deliveries = deliveries
        self.catalog = catalog
        self._awaiting: set[str] = set()  # destinations with something to resume, as last read
        self._read_at: datetime | None = None
        self._reading: asyncio.Lock | None = None  # one read at a time: the turns of a burst share it

    async def on_inbound(self, turn: Turn) -> Sequence[Block]:
        awaiting = await self._awaiting_return(turn.now)
        if not awaiting:  # nearly always
            return ()
        places = _places(turn)
        if awaiting.isdisjoint(p.as_str() for p in places):
            return ()
        blocks = await self._comeback(turn, places)
        self._awaiting.difference_update(p.as_str() for p in places)  # resumed, or by another process
        return blocks

    async def _awaiting_return(self, now: datetime) -> set[str]:
        if self._fresh(now):
            return self._awaiting
        if self._reading is None:
            self._reading = asyncio.Lock()
        async with self._reading:
            if not self._fresh(now):  # not read by the turn this one waited for
                self._awaiting = set(await self.store.awaiting_return())
                self._read_at = now
        return self._awaiting

    def _fresh(self, now: datetime) -> bool:
        return self._read_at is not None and timedelta(0) <= now - self._read_at < CLEAN_FOR

    async def _comeback(self, turn: Turn, places: list[Destination]) -> Sequence[Block]:
        back = await self.store.resume(places, turn.now)
        if not back.resumed and not back.missed:
            return ()
        if self.deliveries is not None:
            for place in {a.destination for a in back.resumed} | {m.alert.destination for m in back.missed}:
                await self.deliveries.resume(place)
        blocks: list[Block] = []
        if back.missed:
            lines = [
                turn.t(
                    "alert.missed_line",
                    condition=condition_text(m.alert.spec, turn.locale, self.catalog),
                    price=format_price(m.trigger.price),
                    at=format_utc(m.trigger.quoted_at),
                )
                for m in back.missed[:MISSED_SHOWN]
            ]
            more = len(back.missed) - MISSED_SHOWN
            if more > 0:
                lines.append(turn.t("alert.missed_more", n=more))
            text = turn.t("alert.missed", n=len(back.missed)) + "\n" + "\n".join(lines)
            blocks.append(NoticeBlock(text, "warning", "alerts_missed"))
        if back.resumed:
            reasons = {a.paused_reason for a in back.resumed}
            reason = "bot_blocked" if "bot_blocked" in reasons else "other"
            text = turn.t("alert.resumed", n=len(back.resumed), reason=turn.t(f"alert.reason.{reason}"))
            blocks.append(NoticeBlock(text, "warning", "alerts_resumed"))
        return tuple(blocks)


def _places(turn: Turn) -> list[Destination]:
    """Where alerts of the person writing may go: the message proves each reachable again."""
    places = list(reachable_from(turn.key, turn.chat_kind))
    if turn.chat_kind is ChatKind.GROUP:  # the bot can hear this chat again: it may speak there
        places.append(Destination.chat(turn.key.platform, turn.key.chat_id, turn.key.thread_id))
    return places
