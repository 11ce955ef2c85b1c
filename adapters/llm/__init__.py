"""Chat model adapters: OpenAI-compatible APIs (DeepSeek by default) through the openai SDK."""

from adapters.llm.openai_chat import OpenAIChatModel

__all__ = ["OpenAIChatModel"]
