"""Error messages people paste into the chat, read into (source, code, message, HTTP status).

What people paste is whatever their tool printed: a Binance body (``{"code":-2015,"msg":...}``),
python-binance's ``APIError(code=-1022): Signature for this request is not valid.``, an OKX body
(``{"code":"50113","msg":"Invalid Sign"}`` or its ``data[0].sCode``), Bybit's ``retCode`` /
``retMsg``, the openai SDK's ``Error code: 402 - {'error': {...}}``, or just "返回 402". Pure:
no IO, and nothing pasted is ever executed or trusted beyond these fields.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

from core.language.lexicon import phrases
from core.language.phrases import find

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


@dataclass(frozen=True, slots=True)
class Known:
    """An error known by its words (phrases/pasted.toml): a concept's, or a concept's with ``then``'s
    at most ``within`` characters after them on one line; the exchange's text, the provider's type."""

    words: str
    source: Source
    code: str
    official: str = ""
    kind: str | None = None
    then: str = ""
    within: int = 0


_OKX_HEADER = "Request header OK-ACCESS-PASSPHRASE incorrect."
# The first whose words are in the paste wins: an exchange's longer text before a provider's
# shorter one ("insufficient balance for requested action" is Binance's -2010).
KNOWN: tuple[Known, ...] = (
    Known("recv_window", "binance", "-1021", "Timestamp for this request is outside of the recvWindow."),
    Known("bad_signature", "binance", "-1022", "Signature for this request is not valid."),
    Known("key_format", "binance", "-2014", "API-key format invalid."),
    Known("key_refused", "binance", "-2015", "Invalid API-key, IP, or permissions for action."),
    Known("filter_failure", "binance", "-1013"),  # its text names the filter (_filter)
    Known("bad_symbol", "binance", "-1121", "Invalid symbol."),
    Known("exchange_balance", "binance", "-2010", "Account has insufficient balance for requested action."),
    Known("bad_passphrase", "okx", "50105", _OKX_HEADER),
    Known("passphrase", "okx", "50105", _OKX_HEADER, then="wrong", within=20),
    Known("quota", "model", "http_429", kind="insufficient_quota"),
    Known("no_model", "model", "http_404", kind="model_not_found"),
    Known("model", "model", "http_404", kind="model_not_found", then="does_not_exist", within=62),
    Known("model_balance", "model", "http_402"),
    Known("bad_model_key", "model", "http_401", kind="invalid_api_key"),
    Known("rate_limit", "http", "http_429"),
)


def _said(text: str, known: Known) -> tuple[int, int] | None:
    """Where the paste says ``known``'s words (and its ``then`` after them), or None."""
    for start, end in _spans(text, known.words):
        if not known.then:
            return start, end
        for later, last in _spans(text, known.then):
            if 0 <= later - end <= known.within and "\n" not in text[end:later]:
                return start, last
    return None


def _spans(text: str, concept: str) -> list[tuple[int, int]]:
    """The concept's words in ``text``, spaced as written: "rate limit", never the "ratelimit" of
    Binance's "rateLimits" (a phrase's Latin words are also found without their spaces)."""
    words = phrases("pasted").concepts[f"pasted.{concept}"].words
    spans = find("pasted", text, f"pasted.{concept}", every=True, whole=False)
    return [(s, e) for s, e in spans if unicodedata.normalize("NFKC", text[s:e]).lower() in words]


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
    if _spans(text, "okx"):
        okx = _OKX_CODE.search(text)
        if okx:
            return PastedError("okx", okx.group(1), _message_after(text, okx.end()))
    for known in KNOWN:
        said = _said(text, known)
        if said is not None:  # the words of a known error: its own text, never the user's
            official = _filter(text, said[1]) if known.code == "-1013" else known.official
            http = int(known.code[5:]) if known.code.startswith("http_") else None
            return PastedError(known.source, known.code, official, http, known.kind)
    status = _STATUS.search(text) or (_BARE_STATUS.search(text) if bare_status else None)
    if status:
        value = int(status.group(1))
        return PastedError("http", f"http_{value}", "", value)
    return None


def _filter(text: str, end: int) -> str:
    """ "Filter failure: LOT_SIZE": the filter's name after the words (they end at ``end``)."""
    rest = text[end:].lstrip().removeprefix(":").removeprefix("：").lstrip()
    name = "".join(itertools.takewhile(lambda c: c.isascii() and (c.isalpha() or c == "_"), rest))
    return f"Filter failure: {name.upper()}" if name else ""


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
