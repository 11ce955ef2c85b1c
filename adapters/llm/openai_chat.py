"""ChatModel over any OpenAI-compatible chat completions API, through the openai SDK.

Provider notes:
- SDK retries are off (``max_retries=0``): the planner owns retries, budgets and deadlines.
- "Thinking" modes eat the output budget (800 tokens) and their reasoning is never shown, so use
  a non-thinking model or switch thinking off. DeepSeek: ``deepseek-chat`` is the non-thinking
  mode (``deepseek-reasoner`` thinks). Providers with a switch take it in the request body, which
  ``extra_body`` carries, e.g. ``{"enable_thinking": false}`` (Qwen) or
  ``{"thinking": {"type": "disabled"}}`` (GLM, newer DeepSeek). Any ``reasoning_content`` a
  provider returns is dropped here and never sent back.
- Reasoning models (OpenAI's o-series and gpt-5) refuse ``max_tokens`` and want
  ``max_completion_tokens`` (which also bounds their hidden reasoning). The first such refusal
  (HTTP 400 naming the parameter, so nothing was generated or billed) is answered by sending the
  same request once with ``max_completion_tokens``, and the adapter keeps using it. A reasoning
  model that spends the whole budget thinking returns no content: the planner says "no answer".
- The API key is handed to the SDK only; it is never logged, and provider error text is
  redacted before it is raised.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import openai

from core.planner.ports import ModelError, ModelErrorCode, ModelResponse, ModelUsage, ToolCall
from core.planner.redaction import redact

logger = logging.getLogger(__name__)

_MAX_ERROR_TEXT = 300


class OpenAIChatModel:
    """A ChatModel (core.planner.ports) for one configured model at one base URL."""

    def __init__(
        self,
        api_key: str,
        base_url: str,
        model: str,
        *,
        extra_body: Mapping[str, Any] | None = None,
        client: openai.AsyncOpenAI | None = None,
    ) -> None:
        if not api_key:
            raise ValueError("an API key is required")
        self.model = model
        self.base_url = base_url
        self._extra_body = dict(extra_body) if extra_body else None
        # Which request field carries the output budget; see the module docstring.
        self._budget_field = "max_tokens"
        self._client = client or openai.AsyncOpenAI(api_key=api_key, base_url=base_url, max_retries=0)

    def __repr__(self) -> str:  # never the key
        return f"OpenAIChatModel(model={self.model!r}, base_url={self.base_url!r})"

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109 - bounds the HTTP call itself, not just our wait
    ) -> ModelResponse:
        kwargs: dict[str, Any] = {}
        if tools:
            kwargs["tools"] = tools
            kwargs["tool_choice"] = "auto"
        if self._extra_body:
            kwargs["extra_body"] = self._extra_body
        try:
            try:
                completion = await self._create(messages, max_tokens, timeout, kwargs)
            except openai.BadRequestError as exc:
                if self._budget_field != "max_tokens" or not _wants_max_completion_tokens(exc):
                    raise
                logger.info("model %s takes max_completion_tokens instead of max_tokens", self.model)
                self._budget_field = "max_completion_tokens"
                completion = await self._create(messages, max_tokens, timeout, kwargs)
        except openai.APIError as exc:
            raise _model_error(exc) from None
        except openai.OpenAIError as exc:
            raise ModelError(ModelErrorCode.BAD_RESPONSE, _clean(str(exc))) from None
        except ValueError as exc:
            # A 200 whose body is not JSON (an HTML error page from a proxy, nothing at all, a
            # cut-off body): the SDK's decoder raises JSONDecodeError / UnicodeDecodeError.
            logger.warning("model provider answered 200 with a body that is not JSON")
            raise ModelError(
                ModelErrorCode.BAD_RESPONSE, f"the response was not JSON ({type(exc).__name__})"
            ) from None
        try:
            return _response(completion)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
            # JSON, but not a chat completion (fields of the wrong type, a list, a string...).
            logger.warning("model provider answered 200 with something that is not a completion")
            raise ModelError(
                ModelErrorCode.BAD_RESPONSE, f"not a chat completion ({type(exc).__name__})"
            ) from None

    async def _create(
        self,
        messages: list[dict[str, Any]],
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109
        kwargs: dict[str, Any],
    ) -> Any:
        # Plain dicts in the documented shapes; the budget's field name is chosen at run time.
        params: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "stream": False,
            "timeout": timeout,
            self._budget_field: max_tokens,
            **kwargs,
        }
        return await self._client.chat.completions.create(**params)


def _wants_max_completion_tokens(exc: openai.BadRequestError) -> bool:
    """A 400 refusing ``max_tokens`` ("Unsupported parameter: 'max_tokens' … Use
    'max_completion_tokens' instead.")."""
    message = str(getattr(exc, "message", "") or "")
    return getattr(exc, "param", None) == "max_tokens" or "max_completion_tokens" in message


def _clean(text: str) -> str:
    return redact(text).text[:_MAX_ERROR_TEXT]


def _model_error(exc: openai.APIError) -> ModelError:
    """Map an SDK error to a ModelError code; the provider's text is redacted and shortened."""
    message = _clean(getattr(exc, "message", "") or str(exc))
    if isinstance(exc, openai.APITimeoutError):  # before APIConnectionError: it is a subclass
        return ModelError(ModelErrorCode.TIMEOUT, "the model request timed out")
    if isinstance(exc, openai.APIConnectionError):
        return ModelError(ModelErrorCode.UNAVAILABLE, "could not connect to the model provider")
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        logger.warning("model provider answered HTTP %s", status)
        if status in (401, 403):
            return ModelError(ModelErrorCode.AUTH, message)
        if status == 402:
            return ModelError(ModelErrorCode.QUOTA, message)
        if status == 404:
            return ModelError(ModelErrorCode.MODEL_NOT_FOUND, message)
        if status == 429:
            return ModelError(ModelErrorCode.RATE_LIMITED, message, _retry_after(exc))
        if status >= 500:
            return ModelError(ModelErrorCode.UNAVAILABLE, message)
        return ModelError(ModelErrorCode.BAD_REQUEST, message)
    return ModelError(ModelErrorCode.BAD_RESPONSE, message)


def _retry_after(exc: openai.APIStatusError) -> float | None:
    raw = exc.response.headers.get("retry-after")
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def _response(completion: Any) -> ModelResponse:
    """The parts of a ChatCompletion the planner uses; tolerant of providers' small deviations."""
    choices = getattr(completion, "choices", None) or []
    if not isinstance(choices, list) or not choices:
        raise ModelError(ModelErrorCode.BAD_RESPONSE, "the response had no choices")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise ModelError(ModelErrorCode.BAD_RESPONSE, "the response had no message")
    calls: list[ToolCall] = []
    for index, raw in enumerate(getattr(message, "tool_calls", None) or []):
        function = getattr(raw, "function", None) or getattr(raw, "custom", None)
        name = getattr(function, "name", None) or ""
        arguments = getattr(function, "arguments", None)
        if arguments is None:
            arguments = getattr(function, "input", None) or ""
        # A tool message must carry the call's id; invent a stable one if a provider omits it.
        call_id = getattr(raw, "id", None) or f"call_{index}"
        calls.append(ToolCall(id=str(call_id), name=str(name), arguments=str(arguments)))
    usage = getattr(completion, "usage", None)
    content = getattr(message, "content", None)
    return ModelResponse(
        content=content if isinstance(content, str) else None,
        tool_calls=tuple(calls),
        usage=ModelUsage(
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        ),
        finish_reason=getattr(choice, "finish_reason", None),
    )
