"""Keep submitted modal values out of discord.py's debug log.

With DEBUG logging on, discord.py's gateway logs every event it receives in full, and a
modal submission carries what the person typed: an API key or a passphrase. This filter
replaces the values of modal submissions in those log records before any handler sees them.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

GATEWAY_LOGGER = "discord.gateway"
MODAL_SUBMIT = 5  # Discord's interaction type for a modal submission
REDACTED = "[redacted]"


def _redact_components(components: Any) -> Any:
    """The same component tree with every submitted value replaced."""
    if isinstance(components, list):
        return [_redact_components(c) for c in components]
    if not isinstance(components, Mapping):
        return components
    out: dict[str, Any] = {}
    for name, item in components.items():
        if name == "value":
            out[name] = REDACTED
        elif name == "values":
            out[name] = [REDACTED] if item else []
        elif name in ("components", "component"):
            out[name] = _redact_components(item)
        else:
            out[name] = item
    return out


def redact_payload(payload: Any) -> Any:
    """A gateway payload with the values of any modal submission replaced; others as they are."""
    if not isinstance(payload, Mapping):
        return payload
    event = payload.get("d")
    if not isinstance(event, Mapping) or event.get("type") != MODAL_SUBMIT:
        return payload
    data = event.get("data")
    if not isinstance(data, Mapping):
        return payload
    redacted_data = {**data, "components": _redact_components(data.get("components"))}
    if "resolved" in data:
        # Uploaded files and resolved entities are not secrets, but nothing here needs them.
        redacted_data["resolved"] = REDACTED
    return {**payload, "d": {**event, "data": redacted_data}}


class ModalValueRedactor(logging.Filter):
    """Rewrites log records whose arguments include a modal submission; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and any(isinstance(a, Mapping) for a in args):
            record.args = tuple(redact_payload(a) for a in args)
        elif isinstance(args, Mapping):
            record.args = redact_payload(args)
        return True


def install_gateway_redaction() -> None:
    """Attach the redactor to discord.py's gateway logger (once per process)."""
    gateway = logging.getLogger(GATEWAY_LOGGER)
    if not any(isinstance(f, ModalValueRedactor) for f in gateway.filters):
        gateway.addFilter(ModalValueRedactor())
