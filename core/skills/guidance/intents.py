"""The guides' intent: a question about an exchange, a model provider or the testnet ("币安API怎么
申请", "where do I get a DeepSeek API key", "what is paper trading"). The guide's reader tells a
question from a request that configures something and picks the topic and aspect."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import EXCHANGE, PROVIDER

SKILL = "guidance"

INTENTS = (intent(SKILL, "explain", one_of=[EXCHANGE, PROVIDER, "term.testnet"]),)
