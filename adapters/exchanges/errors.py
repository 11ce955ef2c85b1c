"""ccxt's exceptions as core.trading.ports.ExchangeError, keeping the exchange's own code and
message (ccxt puts the response body in the exception text: Binance {"code": -2010, "msg": ...},
OKX {"code": "51008", "msg": ...} or its data[0].sCode / sMsg, Bybit {"retCode": ..., "retMsg": ...})."""

from __future__ import annotations

import json
import re
from typing import Any

from core.trading.ports import ExchangeError, ExchangeFault

_BODY = re.compile(r"\{.*\}", re.DOTALL)
# Control characters and those outside the BMP: the complement of [\x20-\x7e\u00a0-\uffff],
# spelt out because a class over the BMP takes milliseconds to compile (start-up time).
_PRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\U00010000-\U0010ffff]")


def exchange_code(text: str) -> tuple[str, str]:
    """(code, message) from an exchange's JSON error body inside ``text``; ("", text) without one."""
    found = _BODY.search(text)
    if found:
        try:
            body: Any = json.loads(found.group(0))
        except ValueError:
            body = None
        if isinstance(body, dict):
            data = body.get("data")
            if (
                isinstance(data, list)
                and data
                and isinstance(data[0], dict)
                and data[0].get("sCode") not in (None, "0")
            ):
                return str(data[0]["sCode"]), _clean(str(data[0].get("sMsg", "")))
            for code_key, msg_key in (("code", "msg"), ("retCode", "retMsg")):
                if code_key in body and str(body[code_key]) not in ("0", ""):
                    return str(body[code_key]), _clean(str(body.get(msg_key, "")))
    return "", _clean(text)


def _clean(text: str, limit: int = 300) -> str:
    flat = _PRINTABLE.sub(" ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def translate(exc: Exception, last_body: str | None = None) -> ExchangeError:
    """The ExchangeError for a ccxt exception (imported lazily: ccxt is loaded by then). ccxt's
    message does not always carry the exchange's code: the last response body does."""
    import ccxt.async_support as ccxt

    code, message = exchange_code(last_body or "") if last_body else ("", "")
    if not code:
        code, message = exchange_code(str(exc))
    fault: ExchangeFault
    if isinstance(exc, ccxt.RequestTimeout):
        fault = "timeout"
    elif isinstance(exc, ccxt.InvalidNonce):
        fault = "clock"
    elif isinstance(exc, ccxt.AuthenticationError | ccxt.PermissionDenied | ccxt.AccountSuspended):
        fault = "auth"
    elif isinstance(exc, ccxt.ExchangeNotAvailable | ccxt.OnMaintenance):
        fault = "unavailable"
    elif isinstance(exc, ccxt.NetworkError):
        fault = "network"
    else:
        fault = "rejected"
    return ExchangeError(fault, code or type(exc).__name__, message)
