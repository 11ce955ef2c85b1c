"""Keep the bot token (and webhook secret), and what people typed, out of logs.

The token is part of every Bot API URL: httpx logs each request URL at INFO level, and
python-telegram-bot logs its API URL at DEBUG. At DEBUG it also prints every incoming update,
text included, and people type API keys into DMs. Filters on those loggers rewrite such records
before any handler sees them.
"""

from __future__ import annotations

import logging
import threading

_MASK = "***"
_NOT_LOGGED = "<update content not logged>"
# python-telegram-bot's DEBUG lines that print whole incoming updates, and with them whatever
# people typed (API keys and secrets are typed into DMs): their payload is dropped.
_UPDATE_DUMPS = frozenset({"Processing update %s", "Webhook received data: %s"})
_API_RESULT = "Call to Bot API endpoint `%s` finished with return value `%s`"


class SecretRedactor(logging.Filter):
    """Replaces registered secrets in a record's final message."""

    def __init__(self) -> None:
        super().__init__()
        self._secrets: set[str] = set()
        self._lock = threading.Lock()

    def add(self, *secrets: str | None) -> None:
        with self._lock:
            self._secrets.update(s for s in secrets if s and len(s) >= 6)

    def redact(self, text: str) -> str:
        for secret in sorted(self._secrets, key=len, reverse=True):
            text = text.replace(secret, _MASK)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        _drop_update_content(record)
        message = record.getMessage()
        cleaned = self.redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def _drop_update_content(record: logging.LogRecord) -> None:
    args = record.args
    if record.msg in _UPDATE_DUMPS:
        record.args = (_NOT_LOGGED,)
    elif record.msg == _API_RESULT and isinstance(args, tuple) and args and args[0] == "getUpdates":
        record.args = (args[0], _NOT_LOGGED)


REDACTOR = SecretRedactor()
_installed_on: set[str] = set()


def protect(token: str, *others: str | None) -> SecretRedactor:
    """Register the token (and its secret half) and filter the loggers that may print it.

    A filter on a logger only sees records created on that very logger, so it goes on every
    logger of python-telegram-bot (they all exist once it is imported) and of the HTTP client.
    """
    REDACTOR.add(token, token.partition(":")[2], *others)
    names = {"httpx", "httpcore", "telegram", "telegram.ext", "telegram.Bot", "telegram.ext.ExtBot"}
    names.update(
        n for n in logging.root.manager.loggerDict if n.startswith(("telegram.", "httpx.", "httpcore."))
    )
    for name in names - _installed_on:
        logging.getLogger(name).addFilter(REDACTOR)
        _installed_on.add(name)
    return REDACTOR
