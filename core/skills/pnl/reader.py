"""The pnl skill's reader: its intents (core/skills/pnl/intents.py) asked directly, as a rule.

The skill is wholly on the language layer (``intents_only``): the registry keeps this reader out of
the rule chain and the layer reads the slots from the tags itself. It is declared as a rule so the
registry knows the actions the skill routes to, like every other skill's."""

from __future__ import annotations

from core.coin_index import CoinIndex
from core.language.intents import IntentEngine
from core.language.tagger import Tagger
from core.routing.router import Route
from core.skills.pnl.intents import INTENTS, SKILL


class PnlReader:
    def __init__(self, coins: CoinIndex | None = None) -> None:
        self.tagger = Tagger(coins)
        self.engine = IntentEngine(INTENTS)

    def route(self, text: str) -> Route | None:
        reading = self.tagger.read(text)
        for scored in self.engine.rank(reading).scored:
            fill = scored.intent.fill
            slots = fill(reading) if fill is not None else None
            if slots is not None:
                return Route(SKILL, scored.intent.action, dict(slots))
        return None
