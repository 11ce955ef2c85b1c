"""What diagnoses need from outside, beyond the trading ports: an exchange key's permissions, and
one tiny completion against a model config. Adapters implement them; tests fake them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol, runtime_checkable

from core.services import ServiceKey


@dataclass(frozen=True, slots=True)
class KeyPermissions:
    """What an exchange says an API key may do (None: it did not say)."""

    reading: bool | None
    spot_trading: bool | None
    withdrawals: bool | None
    ip_restricted: bool | None


@runtime_checkable
class PermissionReader(Protocol):
    """An exchange client that can read its own key's permissions (Binance's apiRestrictions).
    Clients of exchanges without such a call simply do not offer it."""

    async def key_permissions(self) -> KeyPermissions | None: ...


ProbeFailure = Literal["timeout", "connect", "http_refused", "invalid_url"]


@dataclass(frozen=True, slots=True)
class ModelAnswer:
    """What one tiny completion got back: an HTTP answer (``status``, its content type and the
    start of its body), or a failure before any answer (``failure``)."""

    status: int | None = None
    content_type: str = ""
    body: str = ""  # at most a few KB, as text
    elapsed_ms: int = 0
    failure: ProbeFailure | None = None
    detail: str = ""  # the failure's short description (never a key)


class ModelProbe(Protocol):
    """Sends one tiny chat completion ("ping", at most one output token) to an OpenAI-compatible
    API. The key is used for that request only and never logged."""

    async def complete(self, base_url: str, model: str, api_key: str, seconds: float) -> ModelAnswer: ...


MODEL_PROBE: Final = ServiceKey[ModelProbe]("model probe")
