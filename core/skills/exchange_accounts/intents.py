"""The exchange accounts' intents: a table (core/language/lexicon/intents/exchange_accounts.toml);
an account named after its kind's word is read here ("删除账户 my traders"), and one of theirs by its
name alone ("show me the details of vault")."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import After, Read, Slots
from core.language.tagger import Reading

SKILL = "exchange_management"


def _theirs(reading: Reading) -> dict[str, str] | None:
    tag = reading.first("own.account")
    return None if tag is None else {"name": tag.value}


_NAMED = Slots(After("target_ref", "noun.account", need=True))
_THEIRS = Slots(Read("target_ref", _theirs, need=True))
INTENTS = table(SKILL, "exchange_accounts", {"nothing": Slots(), "named": _NAMED, "theirs": _THEIRS}).intents
