"""Error messages people paste into the chat, read into (source, code, message, HTTP status).

What people paste is whatever their tool printed: a Binance body (``{"code":-2015,"msg":...}``),
python-binance's ``APIError(code=-1022): Signature for this request is not valid.``, an OKX body
(``{"code":"50113","msg":"Invalid Sign"}`` or its ``data[0].sCode``), Bybit's ``retCode`` /
``retMsg``, the openai SDK's ``Error code: 402 - {'error': {...}}``, or just "返回 402". Pure:
no IO, and nothing pasted is ever executed or trusted beyond these fields.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any, Literal

Source = Literal["binance", "okx", "bybit", "model", "http"]

MAX_PASTE = 4000  # a longer paste is read up to here (a whole log helps nobody)


@dataclass(frozen=True, slots=True)
class PastedError:
    """``code``: the exchange's own ("-2015", "50113", "10003"), or "http_402" for a bare HTTP
    status; ``message``: its text, cleaned; ``status``: the HTTP status where one was given."""

    source: Source
    code: str
    message: str = ""
    status: int | None = None
    kind: str | None = None  # an OpenAI-style error's type / code ("insufficient_quota")


_OBJECT = re.compile(r"\{.*\}", re.DOTALL)
_BINANCE_CODE = re.compile(r"(?:code\s*[=:：]\s*)?(?<![\w.-])(-[12]\d{3})(?!\d)")
_OKX_CODE = re.compile(r"(?<!\d)(5[0-9]{4})(?!\d)")
_BYBIT_CODE = re.compile(r"(?:retcode|ret_code)\D{0,4}(\d{5,6})", re.IGNORECASE)
_STATUS = re.compile(
    r"(?:http(?:/\d(?:\.\d)?)?|status(?:\s*code)?|error\s*code|状态码|错误码|返回|报错|错误|code)"
    r"\s*[:：=]?\s*([1-5]\d\d)(?!\d)",
    re.IGNORECASE,
)
_BARE_STATUS = re.compile(r"(?<![\d.\-])(4(?:0[0-9]|1[0-9]|2[0-9])|5(?:0[0-9]))(?![\d.%])")
# Control characters and those outside the BMP: the complement of [\x20-\x7e\u00a0-\uffff],
# spelt out because a class over the BMP takes milliseconds to compile (start-up time).
_PRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\U00010000-\U0010ffff]")

# Phrases that name an error without its code (what the exchange or provider says in words).
_PHRASE_TEXTS: tuple[tuple[str, Source, str], ...] = (
    (r"outside of the recvwindow|timestamp for this request", "binance", "-1021"),
    (
        r"signature for this request is not valid|invalid signature|签名(?:错误|无效|不正确)",
        "binance",
        "-1022",
    ),
    (r"api-key format invalid", "binance", "-2014"),
    (r"invalid api-key, ip, or permissions", "binance", "-2015"),
    (r"filter failure", "binance", "-1013"),
    (r"invalid symbol", "binance", "-1121"),
    (r"insufficient balance for requested action", "binance", "-2010"),
    (
        r"ok-access-passphrase|passphrase (?:incorrect|error|wrong)|passphrase.{0,20}(?:错误|不对|不正确)",
        "okx",
        "50105",
    ),
    (r"insufficient_quota", "model", "http_429"),
    (r"model[_ ]not[_ ]found|model .{0,60} does not exist|模型不存在", "model", "http_404"),
    (r"insufficient balance|余额不足", "model", "http_402"),
    (r"incorrect api key|invalid api key|invalid_api_key|authentication fails", "model", "http_401"),
    (r"rate limit|too many requests|请求过多|限流", "http", "http_429"),
)
# What a provider's error type would have said, for errors recognised by their words.
_PHRASE_KINDS = {
    "http_404": "model_not_found",
    "http_429": "insufficient_quota",
    "http_401": "invalid_api_key",
}
_PHRASES = tuple((re.compile(p, re.IGNORECASE), s, c) for p, s, c in _PHRASE_TEXTS)


def parse_pasted(text: str, *, bare_status: bool = False) -> PastedError | None:
    """The error a message carries, or None. ``bare_status``: a lone 4xx / 5xx number counts
    ("deepseek 返回 402" says so; "buy 100 USDT" does not), for callers that know the message
    is about a failure."""
    text = text[:MAX_PASTE]
    found = _from_object(text)
    if found is not None:
        return found
    binance = _BINANCE_CODE.search(text)
    if binance:
        return PastedError("binance", binance.group(1), _message_after(text, binance.end()))
    bybit = _BYBIT_CODE.search(text)
    if bybit:
        return PastedError("bybit", bybit.group(1), _message_after(text, bybit.end()))
    if re.search(r"okx|欧易|okex", text, re.IGNORECASE):
        okx = _OKX_CODE.search(text)
        if okx:
            return PastedError("okx", okx.group(1), _message_after(text, okx.end()))
    for pattern, source, code in _PHRASES:
        if pattern.search(text):  # the words of a known error: its own text, never the user's
            kind = _PHRASE_KINDS.get(code) if source == "model" else None
            return PastedError(source, code, _official(code, text), _status_of(code), kind)
    status = _STATUS.search(text) or (_BARE_STATUS.search(text) if bare_status else None)
    if status:
        value = int(status.group(1))
        return PastedError("http", f"http_{value}", "", value)
    return None


# The exchanges' own texts for codes recognised by their words.
OFFICIAL = {
    "-1021": "Timestamp for this request is outside of the recvWindow.",
    "-1022": "Signature for this request is not valid.",
    "-2014": "API-key format invalid.",
    "-2015": "Invalid API-key, IP, or permissions for action.",
    "-1121": "Invalid symbol.",
    "-2010": "Account has insufficient balance for requested action.",
    "50105": "Request header OK-ACCESS-PASSPHRASE incorrect.",
}


def _official(code: str, text: str) -> str:
    if code == "-1013":
        which = _FILTER.search(text)
        return f"Filter failure: {which.group(1).upper()}" if which else ""
    return OFFICIAL.get(code, "")


_FILTER = re.compile(r"filter failure\s*[:：]?\s*([a-z_]+)", re.IGNORECASE)


def _status_of(code: str) -> int | None:
    return int(code[5:]) if code.startswith("http_") else None


def _from_object(text: str) -> PastedError | None:
    """A JSON (or Python repr) error body inside the text."""
    match = _OBJECT.search(text)
    if match is None:
        return None
    body = _load(match.group(0))
    if not isinstance(body, dict):
        return None
    before = text[: match.start()]
    status_match = _STATUS.search(before)
    status = int(status_match.group(1)) if status_match else None
    error = body.get("error")
    if isinstance(error, dict):  # OpenAI-compatible providers
        kind = error.get("code") or error.get("type")
        message = clean(str(error.get("message", "")))
        code = f"http_{status}" if status else _model_code(str(kind or ""), message)
        return PastedError("model", code, message, status, str(kind) if kind else None)
    data = body.get("data")
    if (
        isinstance(data, list)
        and data
        and isinstance(data[0], dict)
        and data[0].get("sCode") not in (None, "0")
    ):
        return PastedError("okx", str(data[0]["sCode"]), clean(str(data[0].get("sMsg", ""))), status)
    if "retCode" in body and str(body["retCode"]) != "0":
        return PastedError("bybit", str(body["retCode"]), clean(str(body.get("retMsg", ""))), status)
    if "code" in body and str(body["code"]) not in ("0", "", "200"):
        code = str(body["code"])
        message = clean(str(body.get("msg", body.get("message", ""))))
        if code.startswith("-"):
            return PastedError("binance", code, message, status)
        if code.isdigit() and len(code) == 5:
            return PastedError("okx", code, message, status)
        if code.isdigit() and len(code) == 3:
            return PastedError("http", f"http_{code}", message, int(code))
    return None


def _model_code(kind: str, message: str) -> str:
    """An OpenAI-style error without its HTTP status: the status its type implies."""
    lowered = f"{kind} {message}".lower()
    for needle, code in (
        ("insufficient_quota", "http_429"),
        ("rate_limit", "http_429"),
        ("invalid_api_key", "http_401"),
        ("authentication", "http_401"),
        ("model_not_found", "http_404"),
        ("does not exist", "http_404"),
        ("insufficient balance", "http_402"),
        ("server_error", "http_500"),
    ):
        if needle in lowered:
            return code
    return "model_error"


def _load(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        pass
    try:  # the openai SDK prints the body as a Python dict: literals only, never evaluated code
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def _message_after(text: str, end: int) -> str:
    rest = text[end:].lstrip(" ):：,，-\"'")
    return clean(rest.split("\n", 1)[0], 200)


_KEYLIKE = re.compile(r"[A-Za-z0-9_-]{24,}")


def _masked(match: re.Match[str]) -> str:
    token = match.group(0)
    return f"{token[:4]}****{token[-4:]}"


def clean(text: str, limit: int = 300) -> str:
    """Printable, one line, at most ``limit`` characters, anything shaped like a key or a secret
    masked (a pasted log may carry one): safe to keep and show back as text."""
    flat = _KEYLIKE.sub(_masked, " ".join(_PRINTABLE.sub(" ", text).split()))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
