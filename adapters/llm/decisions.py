"""DecisionModels (core.traders.ports) over the openai SDK: one completion from a person's own
model config, for an ai trader's decision or the pre-launch "are you there" check.

The config's API key arrives sealed; it is opened here, for this call only, handed to the SDK
and never logged. The client is closed after the call (a trader asks once per interval).
"""

from __future__ import annotations

from typing import Any

from core.planner.ports import ModelError, ModelErrorCode, ModelResponse
from core.secrets import SecretBox, SecretUnavailable
from core.workspace.model_configs import ModelConfig


class OpenAIDecisionModels:
    def __init__(self, secrets: SecretBox) -> None:
        self._secrets = secrets

    async def complete(
        self,
        config: ModelConfig,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109 - bounds the provider call itself
    ) -> ModelResponse:
        from adapters.llm.openai_chat import OpenAIChatModel  # openai: only when a model is asked

        try:
            api_key = self._secrets.decrypt(config.api_key)
        except SecretUnavailable:
            raise ModelError(ModelErrorCode.AUTH, "the stored API key cannot be opened") from None
        model = OpenAIChatModel(api_key, config.base_url, config.model)
        try:
            return await model.complete(messages, [], max_tokens=max_tokens, timeout=timeout)
        finally:
            await model.aclose()
