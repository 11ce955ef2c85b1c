"""The exchange accounts' intents: a table (core/language/lexicon/intents/exchange_accounts.toml);
an account named after its kind's word is read here ("删除账户 my traders")."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import After, Slots

SKILL = "exchange_management"
_NAMED = Slots(After("target_ref", "noun.account", need=True))
INTENTS = table(SKILL, "exchange_accounts", {"nothing": Slots(), "named": _NAMED}).intents
