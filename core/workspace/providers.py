"""The model provider catalog (OpenAI-compatible APIs) and base URL rules."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class Provider:
    key: str
    display: str
    base_url: str | None  # None: the user must give one (custom)
    model: str | None
    aliases: tuple[str, ...]
    # The provider's current chat model names (the first is the default), for suggesting one when
    # a config's model is not found. Written down on CHECKED from the providers' published model
    # lists (nothing is fetched at run time): update them when a provider renames its models.
    models: tuple[str, ...] = ()


PROVIDERS: dict[str, Provider] = {
    p.key: p
    for p in (
        Provider(
            "deepseek",
            "DeepSeek",
            "https://api.deepseek.com",
            "deepseek-chat",
            ("deepseek", "深度求索"),
            ("deepseek-chat", "deepseek-reasoner"),
        ),
        Provider(
            "openai",
            "OpenAI",
            "https://api.openai.com/v1",
            "gpt-4o-mini",
            ("openai", "chatgpt", "gpt"),
            ("gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"),
        ),
        Provider(
            "qwen",
            "Qwen",
            "https://dashscope.aliyuncs.com/compatible-mode/v1",
            "qwen-plus",
            ("qwen", "通义千问", "通义", "千问", "dashscope"),
            ("qwen-plus", "qwen-max", "qwen-turbo"),
        ),
        Provider(
            "kimi",
            "Kimi",
            "https://api.moonshot.cn/v1",
            "moonshot-v1-8k",
            ("kimi", "moonshot", "月之暗面"),
            ("moonshot-v1-8k", "moonshot-v1-32k", "moonshot-v1-128k"),
        ),
        Provider("custom", "Custom", None, None, ("custom", "自定义", "自建")),
    )
}

CHECKED = "2026-12-03"  # when the model names above were written down

# Every name of each, and its key itself (no name is two entries', nor another's key).
_NAMES = {name: p.key for p in PROVIDERS.values() for name in (p.key, *p.aliases)}


def exact_provider(normalized: str) -> str | None:
    """The provider when the whole answer is its name ("DeepSeek", "通义千问")."""
    return _NAMES.get(normalized.strip(" .。!！"))


_LOCAL_NAMES = frozenset({"localhost"})
MAX_URL = 300


def check_base_url(raw: str) -> tuple[str | None, str | None]:
    """(normalized URL, None) or (None, error code).

    HTTPS is required, except for a model served on this machine (localhost, 127.0.0.0/8, ::1):
    an API key must never cross a network in clear text.
    """
    url = raw.strip()
    if not url or len(url) > MAX_URL or any(c.isspace() for c in url):
        return None, "url_invalid"
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError:
        return None, "url_invalid"
    if parts.scheme not in ("http", "https") or not host:
        return None, "url_invalid"
    if parts.username or parts.password:
        return None, "url_has_credentials"
    if parts.query or parts.fragment:
        return None, "url_invalid"
    if parts.scheme == "http" and not is_local_host(host):
        return None, "url_needs_https"
    return url.rstrip("/"), None


def is_local_host(host: str) -> bool:
    host = host.lower().rstrip(".")
    if host in _LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
