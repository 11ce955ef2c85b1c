"""Paused alerts, when their person is back: a destination that blocked the bot had its alerts
paused; the next message from there proves it reachable, so they are resumed and the person is
told (once, in that answer)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from core.events import ChatKind
from core.outbound.destination import Destination, reachable_from
from core.outbound.ports import DeliveryLog
from core.reply import Block, NoticeBlock
from core.skills.price_alert import messages as _messages  # noqa: F401 - the "alert." texts
from core.skills.price_alert.ports import AlertStore
from core.turn import Turn

log = logging.getLogger(__name__)


class ResumePausedAlerts:
    """core.skills.base.InboundHook: run before each message's answer."""

    def __init__(self, store: AlertStore, deliveries: DeliveryLog | None) -> None:
        self.store = store
        self.deliveries = deliveries

    async def on_inbound(self, turn: Turn) -> Sequence[Block]:
        places = list(reachable_from(turn.key, turn.chat_kind))
        if turn.chat_kind is ChatKind.GROUP:  # the bot can hear this chat again: it may speak there
            places.append(Destination.chat(turn.key.platform, turn.key.chat_id, turn.key.thread_id))
        resumed = await self.store.resume(places, turn.now)
        if not resumed:
            return ()
        if self.deliveries is not None:
            for place in {a.destination for a in resumed}:
                await self.deliveries.resume(place)
        reasons = {a.paused_reason for a in resumed}
        reason = "bot_blocked" if "bot_blocked" in reasons else "other"
        text = turn.t("alert.resumed", n=len(resumed), reason=turn.t(f"alert.reason.{reason}"))
        return (NoticeBlock(text, "warning", "alerts_resumed"),)
