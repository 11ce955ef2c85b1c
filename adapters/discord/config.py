"""The Discord adapter's own settings (bot/ maps its settings onto this)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class DiscordConfig:
    """What the adapter needs to run.

    ``token`` is never shown in a repr (and so never in a log line or a traceback's locals).
    ``dev_guild_id``: sync the slash commands to this one guild, where changes show at once,
    instead of globally (global commands can take a while to reach every client).
    """

    token: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
