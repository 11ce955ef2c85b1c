"""The glossary's intent: a term (core/language/lexicon/term.toml) with a word asking what it
means ("什么是逐仓", "what's a testnet", "cross vs isolated margin"). "what's" alone also asks
("what's an api key"). The term is the first one named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.language.intents import intent
from core.language.tagger import Reading

SKILL = "glossary"
TERMS = ("term.margin", "term.testnet", "term.passphrase", "term.api_key")


def _term(reading: Reading) -> Mapping[str, Any] | None:
    tag = next((t for t in reading.tags if t.concepts & set(TERMS)), None)
    if tag is None:
        return None
    return {"term": next(c for c in TERMS if c in tag.concepts).removeprefix("term.")}


INTENTS = tuple(
    intent(SKILL, "explain", need=[term], one_of=["ask.meaning", "ask.what_is"], fill=_term) for term in TERMS
)
