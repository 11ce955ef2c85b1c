"""The model diagnosis's intent: a model provider named with a failure ("deepseek 返回 402
Insufficient Balance" is the provider's error, not the account's balance)."""

from __future__ import annotations

from core.language.intents import Intent, intent
from core.language.tagger import COIN, EXCHANGE, PROVIDER

MODEL_SKILL = "model_diagnosis"

MODEL_INTENTS: tuple[Intent, ...] = (
    intent(MODEL_SKILL, "diagnose", need=[PROVIDER], one_of=["verb.fail", "verb.diagnose"]),
)

# The other diagnoses: a problem said (a failure, "why", a check asked for); each diagnosis's rule
# tells whether the problem is its own (an order's rejection, a key's signature, a trader idle).
# Equal readings go to the most specific diagnosis first (``priority``): an order's rejection
# before a balance that does not add up, before the exchange's key, before the model's, before a
# trader's or a strategy's idling ("下单报 -2010" is about the order, not the key).
PROBLEM = (
    "verb.fail",
    "verb.unfilled",
    "verb.diagnose",
    "verb.report",
    "ask.why",
    "error.code",
    "diagnosis.not_done",
)


# Each also explains what it is about (``about``): "my agent is stuck" is a trader's problem, not
# a trader request with a name "is stuck". Broad, their readers deciding: after the intents that
# read a message themselves ("为什么我的挂单还没成交" asks about a resting order).


def _diagnose(skill: str, priority: int, about: tuple[str, ...]) -> tuple[Intent, ...]:
    return (intent(skill, "diagnose", one_of=PROBLEM, may=about, priority=priority, after_rules=True),)


ORDER_INTENTS = _diagnose("order_execution_diagnosis", 6, ("verb.buy", "verb.sell", COIN, "noun.trades"))
BALANCE_INTENTS = _diagnose("balance_position_diagnosis", 5, ("noun.balance", "noun.holdings"))
EXCHANGE_INTENTS = _diagnose(
    "exchange_diagnosis", 4, (EXCHANGE, "noun.account", "own.account", "term.api_key")
)
MODEL_INTENTS += _diagnose(MODEL_SKILL, 3, (PROVIDER, "noun.model", "own.model"))
TRADER_INTENTS = _diagnose("trader_diagnosis", 2, ("noun.trader", "own.trader"))
STRATEGY_INTENTS = _diagnose("strategy_diagnosis", 1, ("noun.strategy", "own.strategy"))
