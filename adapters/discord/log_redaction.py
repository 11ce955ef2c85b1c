"""Keep what people type out of discord.py's debug log.

With DEBUG logging on, discord.py's gateway logs every event it receives in full: a modal
submission carries what the person typed (an API key, a passphrase), and a slash command carries
its option values (`/ask` free text, where someone may paste a key anyway). This filter replaces
those values in the log records before any handler sees them.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

GATEWAY_LOGGER = "discord.gateway"
APPLICATION_COMMAND = 2  # Discord's interaction type for a slash command
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


def _redact_options(options: Any) -> Any:
    """Slash command options with every typed value replaced (subcommands included)."""
    if not isinstance(options, list):
        return options
    out = []
    for option in options:
        if isinstance(option, Mapping):
            option = {**option}
            if "value" in option:
                option["value"] = REDACTED
            if "options" in option:
                option["options"] = _redact_options(option["options"])
        out.append(option)
    return out


def redact_payload(payload: Any) -> Any:
    """A gateway payload with the values of modal submissions and slash command options
    replaced; other payloads as they are."""
    if not isinstance(payload, Mapping):
        return payload
    event = payload.get("d")
    if not isinstance(event, Mapping) or event.get("type") not in (MODAL_SUBMIT, APPLICATION_COMMAND):
        return payload
    data = event.get("data")
    if not isinstance(data, Mapping):
        return payload
    if event.get("type") == APPLICATION_COMMAND:
        if "options" not in data:
            return payload
        return {**payload, "d": {**event, "data": {**data, "options": _redact_options(data["options"])}}}
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
