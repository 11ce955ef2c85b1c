"""The strategy skill's intent: a strategy named, theirs or the word ("创建一个BTC定投策略，每天买
50U", "activate strategy dca-weekly"); the strategy reader reads what to do and with what. Tied with
another record's request, a trader's comes first, then a strategy's."""

from __future__ import annotations

from core.language.intents import intent

SKILL = "strategy_management"

INTENTS = (intent(SKILL, "query", one_of=["noun.strategy", "own.strategy"], priority=3, after_rules=True),)
