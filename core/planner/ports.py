"""Ports the planner needs: a chat model (OpenAI-style tool calling) and a token usage ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

# The notice code of a request no tool covers (core.planner.compose sets it, core.conversation.unrouted
# reads it without importing the planner's loop).
UNSUPPORTED = "unsupported_request"


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call the model proposed: a request, not a command (the server validates it)."""

    id: str
    name: str
    arguments: str  # the raw JSON string the model produced, parsed only by the validator


@dataclass(frozen=True, slots=True)
class ModelUsage:
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True, slots=True)
class ModelResponse:
    """One chat completion, reduced to what the planner uses.

    A provider's reasoning text (``reasoning_content``) is deliberately not carried: it is never
    shown to users and never sent back.
    """

    content: str | None
    tool_calls: tuple[ToolCall, ...] = ()
    usage: ModelUsage = ModelUsage()
    finish_reason: str | None = None


class ModelErrorCode:
    AUTH = "auth"  # 401 / 403: the key is wrong or lacks access
    MODEL_NOT_FOUND = "model_not_found"  # 404
    QUOTA = "quota"  # 402: the provider account has no credit left
    RATE_LIMITED = "rate_limited"  # 429
    UNAVAILABLE = "unavailable"  # 5xx, connection refused / reset
    TIMEOUT = "timeout"
    BAD_REQUEST = "bad_request"  # other 4xx
    BAD_RESPONSE = "bad_response"  # a 2xx we could not understand


class ModelError(Exception):
    """A model request that produced no usable response. ``code`` is one of ModelErrorCode.

    ``message`` must never contain credentials (adapters redact provider text before raising).
    """

    def __init__(self, code: str, message: str = "", retry_after: float | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code
        self.retry_after = retry_after


class ChatModel(Protocol):
    """Port: an OpenAI-compatible chat completion endpoint with tool calling.

    ``tools`` empty means "no tools offered in this request" (the adapter then sends neither
    ``tools`` nor ``tool_choice``). Implementations must not retry on their own: the planner owns
    retries and budgets. Failures raise ModelError; cancellation must propagate.
    """

    async def complete(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
        *,
        max_tokens: int,
        # Also handed to the HTTP client so the provider call itself is bounded, not just awaited.
        timeout: float,  # noqa: ASYNC109
    ) -> ModelResponse: ...


class UsageLedger(Protocol):
    """Port: persisted daily token counters per scope ("user:<id>" or "site"), UTC days."""

    async def tokens_used(self, scope: str, day: date) -> int:
        """Tokens recorded for ``scope`` on ``day`` (0 when none)."""
        ...

    async def add_tokens(self, scopes: Sequence[str], day: date, tokens: int) -> None:
        """Atomically add ``tokens`` to each scope's counter for ``day``."""
        ...
