"""core.diagnosis.ports.ModelProbe over httpx: one tiny chat completion ("ping", one output
token) against an OpenAI-compatible API, reporting exactly what came back (status, content type,
the start of the body) or why nothing did. Raw HTTP rather than the openai SDK, so a wrong base
URL's HTML page or a provider's own error body is seen as it is. The key goes in the
Authorization header of that one request and is never logged."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import httpx

from core.diagnosis.ports import ModelAnswer
from core.workspace.providers import check_base_url

MAX_BODY = 4096


class HttpModelProbe:
    def __init__(self, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._transport = transport  # tests: httpx.MockTransport or a local server

    async def complete(self, base_url: str, model: str, api_key: str, seconds: float) -> ModelAnswer:
        url, problem = check_base_url(base_url)
        if problem == "url_needs_https":
            return ModelAnswer(failure="http_refused", detail=urlsplit(base_url.strip()).hostname or "")
        if url is None:
            return ModelAnswer(failure="invalid_url", detail=problem or "")
        payload: dict[str, object] = {
            "model": model,
            "messages": [{"role": "user", "content": "ping"}],
            "max_tokens": 1,
        }
        headers = {"Authorization": f"Bearer {api_key}", "Accept": "application/json"}
        started = time.monotonic()
        try:
            async with httpx.AsyncClient(
                transport=self._transport, timeout=seconds, follow_redirects=False
            ) as client:
                response = await client.post(f"{url}/chat/completions", json=payload, headers=headers)
                if response.status_code == 400 and "max_completion_tokens" in response.text:
                    # OpenAI's reasoning models refuse max_tokens and name its successor: ask again.
                    payload["max_completion_tokens"] = payload.pop("max_tokens")
                    response = await client.post(f"{url}/chat/completions", json=payload, headers=headers)
        except httpx.TimeoutException:
            return ModelAnswer(failure="timeout", elapsed_ms=_ms(started), detail=f"{seconds:g} s")
        except httpx.HTTPError as exc:  # DNS, refused, TLS: nothing answered
            return ModelAnswer(failure="connect", elapsed_ms=_ms(started), detail=type(exc).__name__)
        return ModelAnswer(
            status=response.status_code,
            content_type=response.headers.get("content-type", "").split(";")[0].strip(),
            body=response.text[:MAX_BODY],
            elapsed_ms=_ms(started),
        )


def _ms(started: float) -> int:
    return round((time.monotonic() - started) * 1000)
