"""The model diagnosis's intent: a model provider named with a failure ("deepseek 返回 402
Insufficient Balance" is the provider's error, not the account's balance)."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import PROVIDER

MODEL_SKILL = "model_diagnosis"

MODEL_INTENTS = (intent(MODEL_SKILL, "diagnose", need=[PROVIDER], one_of=["verb.fail", "verb.diagnose"]),)
