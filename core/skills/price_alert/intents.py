"""The price alerts' intents: an alert asked for, listed or deleted ("当 BTC 跌破 80000 提醒我",
"list my alerts", "cancel my SOL alert"); the alert reading reads the coin, condition and level.
Listing before deleting before creating on a tie, as their rules ran."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import COIN

SKILL = "price_alert"
ALERT = ("verb.notify", "noun.alert", "own.alert")

INTENTS = (
    intent(SKILL, "query", one_of=ALERT, may=["verb.query", "ask.which"], priority=-1),
    intent(SKILL, "delete", one_of=ALERT, may=["verb.delete", "verb.cancel", COIN], priority=-2),
    intent(SKILL, "create", one_of=ALERT, may=[COIN, "verb.create", "verb.cross"], priority=-3),
)
