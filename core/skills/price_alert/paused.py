"""Paused alerts, when their person is back: a destination that blocked the bot had its alerts
paused; the next message from there proves it reachable, so they are resumed and the person is
told (once, in that answer)."""

from __future__ import annotations

import logging
from collections import OrderedDict
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
CLEAN_KEPT = 10_000  # conversations remembered as clean (oldest forgotten first)


class ResumePausedAlerts:
    """core.skills.base.InboundHook: run before each message's answer."""

    def __init__(self, store: AlertStore, deliveries: DeliveryLog | None, catalog: MarketCatalog) -> None:
        self.store = store
        self.deliveries = deliveries
        self.catalog = catalog
        # Conversations found with nothing paused, and when: asked again only after CLEAN_FOR, so a
        # busy chat costs one read a minute, not one per message. A pause made meanwhile (by any
        # process) is told at the first message after that.
        self._clean: OrderedDict[str, datetime] = OrderedDict()

    async def on_inbound(self, turn: Turn) -> Sequence[Block]:
        seen = f"{turn.chat_kind.value}|{turn.key.as_str()}"
        clean_since = self._clean.get(seen)
        if clean_since is not None and turn.now - clean_since < CLEAN_FOR:
            return ()
        blocks = await self._comeback(turn)
        self._clean.pop(seen, None)
        if not blocks:
            self._clean[seen] = turn.now
            while len(self._clean) > CLEAN_KEPT:
                self._clean.popitem(last=False)
        return blocks

    async def _comeback(self, turn: Turn) -> Sequence[Block]:
        places = list(reachable_from(turn.key, turn.chat_kind))
        if turn.chat_kind is ChatKind.GROUP:  # the bot can hear this chat again: it may speak there
            places.append(Destination.chat(turn.key.platform, turn.key.chat_id, turn.key.thread_id))
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
