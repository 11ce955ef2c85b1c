"""The exchange accounts' intents: a table (core/language/lexicon/intents/exchange_accounts.toml);
an account named after its kind's word is read here ("删除账户 my traders"), and one of theirs by its
name alone ("show me the details of vault")."""

from __future__ import annotations

from core.language.intents import table
from core.language.normalize import CLAUSE_MARKS
from core.language.slots import After, Read, Slots
from core.language.tagger import Reading

SKILL = "exchange_management"


def _theirs(reading: Reading) -> dict[str, str] | None:
    tag = reading.first("own.account")
    return None if tag is None else {"name": tag.value}


def _the_one(reading: Reading) -> dict[str, str] | None:
    """The one account of theirs named in the question's clause ("主号是哪个交易所的", "what's set up
    under savings"); none when several are, or it is said in another clause ("有哪些？主号和小号都列
    出来": the list)."""
    asked = reading.first("ask.which")
    names = {
        str(t.value)
        for t in reading.tags
        if "own.account" in t.concepts
        and asked is not None
        and not CLAUSE_MARKS.intersection(reading.scanned[min(t.end, asked.end) : max(t.start, asked.start)])
    }
    return {"name": names.pop()} if len(names) == 1 else None


_NAMED = Slots(After("target_ref", "noun.account", need=True))
_THEIRS = Slots(Read("target_ref", _theirs, need=True))
_FILLS = {"theirs_if": Slots(Read("target_ref", _the_one)), "named": _NAMED, "theirs": _THEIRS}
INTENTS = table(SKILL, "exchange_accounts", _FILLS).intents
