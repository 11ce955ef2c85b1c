"""The console's sender for messages nobody asked for: collected in memory, for the CLI to print
(`deskmate tick`). Whatever platform a destination names, nothing leaves the process."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adapters.console.render import blocks_json, render_text, save_images
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryResult
from core.reply import Reply


@dataclass(frozen=True, slots=True)
class Notification:
    destination: Destination
    reply: Reply
    kind: str

    def as_json(self, out_dir: Path) -> dict[str, Any]:
        """The `deskmate tick --json` form: text as `deskmate ask` prints it, the same block JSON
        as `deskmate ask --json` (charts saved as PNGs under ``out_dir``)."""
        images = save_images(self.reply, out_dir)
        return {
            "platform": self.destination.platform,
            "chat": self.destination.chat_id,
            "user": self.destination.user_id,
            "kind": self.kind,
            "text": render_text(self.reply, images, numbered_buttons=False),
            "blocks": blocks_json(self.reply, images),
            # Pressed with `deskmate ask --press TOKEN` as the person (and chat) they belong to.
            "buttons": [{"label": b.label, "token": b.token} for b in self.reply.buttons],
        }


class CollectingOutbound:
    """core.outbound.ports.PlatformOutbound that keeps every message, in order."""

    def __init__(self) -> None:
        self.notifications: list[Notification] = []

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        self.notifications.append(Notification(destination, reply, kind))
        return DeliveryResult.sent()
