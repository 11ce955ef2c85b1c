"""The strategy skill's intent: a strategy named, theirs or the word ("创建一个BTC定投策略，每天买
50U", "activate strategy dca-weekly"); the strategy reader reads what to do and with what. Tied with
another record's request, a trader's comes first, then a strategy's."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import COIN

SKILL = "strategy_management"

REPEAT = ("time.repeat", "time.daily", "time.weekday")
INTENTS = (
    # A buy that repeats ("每月1号买200U以太坊", "every monday buy 100 usdt of eth"): a DCA to set
    # up, not an order; the strategy reader reads it.
    intent(SKILL, "create", need=["verb.buy", COIN], one_of=REPEAT, priority=1),
    intent(SKILL, "query", one_of=["noun.strategy", "own.strategy"], priority=3, after_rules=True),
)
