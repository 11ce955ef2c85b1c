"""Nothing secret in a log line, at any level, from any library.

Two things are masked in every record the process logs (message, arguments, exception text,
stack):

- every secret this process has opened or sealed (the secret box registers each plain value the
  moment it decrypts or encrypts one), wherever it appears;
- the values of the headers and parameters that carry credentials or signatures on the exchanges
  and model providers (``X-MBX-APIKEY``, OKX's ``OK-ACCESS-*``, Bybit's ``X-BAPI-*``,
  ``Authorization``, ``signature=``, ``passphrase`` ...), even for a secret not opened here.

A filter on the root logger only sees records logged on the root logger itself, so ``install``
also wraps the record factory: every record is masked as it is made, before any handler (or a
test's capture) sees it. A record with nothing to mask is left untouched, so the platform
filters that look at a record's format string (Telegram's update dumps) still recognise it.
"""

from __future__ import annotations

import logging
import re
import threading
import traceback
from collections.abc import Callable, Mapping
from typing import Any

MASK = "***"
_MIN_LENGTH = 6  # shorter values are too common in ordinary text to be masked on sight

_HEADERS = (
    "X-MBX-APIKEY",
    "OK-ACCESS-KEY",
    "OK-ACCESS-SIGN",
    "OK-ACCESS-PASSPHRASE",
    "X-BAPI-API-KEY",
    "X-BAPI-SIGN",
    "Authorization",
    "Proxy-Authorization",
    "X-Api-Key",
    "api-key",
)
_PARAMETERS = (
    "signature",
    "sign",
    "passphrase",
    "password",
    "apiKey",
    "api_key",
    "apiSecret",
    "api_secret",
    "secret",
    "secretKey",
)
# A name, then ':' or '=' (quoted or not, as in a dict's repr, a header line, a query string or
# JSON), then the value up to a quote, separator or space; "Bearer"/"Basic" schemes are kept.
_NAMES = frozenset(n.lower() for n in (*_HEADERS, *_PARAMETERS))
_MAX_DEPTH = 6
_NAMED_VALUE = re.compile(
    r"(?<![\w-])(?P<name>"
    + "|".join(re.escape(n) for n in sorted({*_HEADERS, *_PARAMETERS}, key=len, reverse=True))
    + r")(?![\w-])(?P<between>['\"]?\s*[:=]\s*['\"]?(?:(?:Bearer|Basic|Token)\s+)?)"
    + r"(?P<value>[^\s'\",&;}\]\)]+)",
    re.IGNORECASE,
)


class SecretMask(logging.Filter):
    """Masks opened secrets and credential-carrying fields in a record (in place; never drops it)."""

    def __init__(self) -> None:
        super().__init__()
        self._secrets: frozenset[str] = frozenset()
        self._lock = threading.Lock()

    def add(self, *secrets: str | None) -> None:
        """Mask these values from now on (blank and very short ones are ignored)."""
        new = {s.strip() for s in secrets if s and len(s.strip()) >= _MIN_LENGTH}
        if new - self._secrets:
            with self._lock:
                self._secrets = self._secrets | new

    def mask(self, text: str) -> str:
        secrets = self._secrets
        if secrets:
            for secret in sorted(secrets, key=len, reverse=True):
                if secret in text:
                    text = text.replace(secret, MASK)
        return _NAMED_VALUE.sub(_mask_value, text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format is the handler's to report
            message = None
        if message is not None and self.mask(message) != message:
            # Masked piece by piece first, so a record keeps its shape for the filters that
            # recognise it by its format string or arguments (Telegram, Discord)...
            if isinstance(record.msg, str):
                record.msg = self.mask(record.msg)
            record.args = self._masked(record.args, 0)  # type: ignore[assignment]
            # ...and as a whole when a secret only appears once the pieces are put together.
            final = record.getMessage()
            if self.mask(final) != final:
                record.msg, record.args = self.mask(final), None
        if record.exc_info and record.exc_info[0] is not None and not record.exc_text:
            text = "".join(traceback.format_exception(*record.exc_info)).rstrip("\n")
            masked = self.mask(text)
            if masked != text:
                record.exc_text = masked  # the formatter uses this instead of formatting again
                record.exc_info = None  # the exception itself still holds the secret
        elif record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self.mask(record.stack_info)
        return True

    def _masked(self, value: object, depth: int) -> object:
        """``value`` with its secrets masked; containers are copied, never changed in place."""
        if isinstance(value, str):
            return self.mask(value)
        if depth > _MAX_DEPTH:
            return value
        if isinstance(value, Mapping):
            return {
                k: MASK if isinstance(k, str) and k.lower() in _NAMES else self._masked(v, depth + 1)
                for k, v in value.items()
            }
        if type(value) is list or type(value) is tuple:  # not a named tuple: its fields are typed
            return type(value)(self._masked(v, depth + 1) for v in value)
        return value


def _mask_value(match: re.Match[str]) -> str:
    return f"{match['name']}{match['between']}{MASK}"


SECRET_MASK = SecretMask()
"""The process's one mask: the secret box registers into it, ``install`` puts it on the logs."""


def opened(*secrets: str | None) -> None:
    """Register secrets this process now holds in clear, so no log line can carry them."""
    SECRET_MASK.add(*secrets)


_install_lock = threading.Lock()
_installed = False


def install() -> None:
    """Mask every record of the process: a filter on the root logger and its handlers, and the
    record factory (records of other loggers reach the root's handlers without its filters)."""
    global _installed
    root = logging.getLogger()
    with _install_lock:
        if SECRET_MASK not in root.filters:
            root.addFilter(SECRET_MASK)
        for handler in root.handlers:
            if SECRET_MASK not in handler.filters:
                handler.addFilter(SECRET_MASK)
        if _installed:
            return
        _installed = True
        make: Callable[..., logging.LogRecord] = logging.getLogRecordFactory()

        def masked_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = make(*args, **kwargs)
            SECRET_MASK.filter(record)
            return record

        logging.setLogRecordFactory(masked_record)


def uninstall() -> None:
    """Undo ``install`` (tests that must leave the logging set-up as they found it)."""
    global _installed
    root = logging.getLogger()
    with _install_lock:
        root.removeFilter(SECRET_MASK)
        for handler in root.handlers:
            handler.removeFilter(SECRET_MASK)
        if _installed:
            _installed = False
            logging.setLogRecordFactory(_plain_factory)


_plain_factory = logging.getLogRecordFactory()
