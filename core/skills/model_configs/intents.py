"""The model config skill's intent: a model named, theirs, the word or a provider ("配置一个
DeepSeek 模型", "delete my openai model config"); the workspace reading reads what to do and with
what. On a tie it comes after traders and strategies, before exchange accounts."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import PROVIDER

SKILL = "model_management"

INTENTS = (
    intent(SKILL, "query", one_of=["noun.model", "own.model", PROVIDER], priority=2, after_rules=True),
)
