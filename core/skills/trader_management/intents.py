"""The trader skill's intents: a table (core/language/lexicon/intents/trader_management.toml) of
which action the words say, each with the fill that reads its slots from the tags
(core.skills.trader_management.rules)."""

from __future__ import annotations

from core.language.intents import SlotFill, table
from core.skills.trader_management.rules import (
    running_strategy,
    slots_for,
    started_strategy,
    stopped_strategy,
    used_update,
)

SKILL = "trader_management"
_FILLS: dict[str, SlotFill] = {
    **{action: slots_for(action) for action in ("query", "start", "stop", "delete", "create", "update")},
    "stopped_strategy": stopped_strategy,
    "started_strategy": started_strategy,
    "running_strategy": running_strategy,
    "used_update": used_update,
}
INTENTS = table(SKILL, "trader_management", _FILLS).intents
