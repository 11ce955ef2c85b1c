"""The guides' intent: a question about an exchange, a model provider or the testnet ("币安API怎么
申请", "where do I get a DeepSeek API key", "what is paper trading"). The guide's reader tells a
question from a request that configures something and picks the topic and aspect."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import EXCHANGE, PROVIDER

SKILL = "guidance"

# What a guide also explains, so a question about a model or a key scores above a request to
# configure one; on a tie the guide's reader looks first (it declines a request that configures).
ABOUT = (
    "noun.model", "noun.account", "term.api_key", "term.passphrase",
    "ask.how", "ask.how_much", "ask.what_is", "ask.meaning", "ask.which",
    "outside.advice",  # "should i enable withdrawals on my binance key" asks the guide
)  # fmt: skip

INTENTS = (intent(SKILL, "explain", one_of=[EXCHANGE, PROVIDER, "term.testnet"], may=ABOUT, priority=9),)
