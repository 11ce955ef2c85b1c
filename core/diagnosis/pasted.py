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
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from core.language.lexicon import phrases
from core.language.normalize import has_cjk, simplified
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


_BARE = frozenset(range(400, 430)) | frozenset(range(500, 510))  # a lone status ("返回 402")


_RANGE = ("到", "至", "~", "～")  # beside a number: an end of a range


def _runs(text: str) -> Iterator[tuple[int, int]]:
    """Where each run of decimal digits is: (start, end)."""
    at = 0
    for digits, group in itertools.groupby(text, str.isdecimal):
        size = sum(1 for _ in group)
        if digits:
            yield at, at + size
        at += size


def _codes(text: str) -> Iterator[tuple[str, str, int]]:
    """(source, code, where it ends) of the codes in ``text``, in order: Binance's "-2015" (a
    sign, four digits: "-1xxx" / "-2xxx", not inside a Latin word, a number or a dash; Chinese
    words stand glued to it: "币安报错-1021") and an OKX-like five digits "5xxxx" (counted beside
    OKX's name only)."""
    for start, end in _runs(text):
        before = text[max(start - 2, 0) : start - 1] if start > 1 else ""
        if end - start == 4 and text[start - 1 : start] == "-" and text[start] in "12":
            # "btc网格 1到-1003", "-1003到1": a range's bound beside 到 / 至 / ~, no code
            ranged = before in _RANGE or text[end : end + 1] in _RANGE
            if not ((before.isalnum() and not has_cjk(before)) or before in ("_", ".", "-") or ranged):
                yield "binance", text[start - 1 : end], end
        elif end - start == 5 and text[start] == "5" and text[start:end].isascii():
            yield "okx", text[start:end], end


def _after(text: str, concept: str) -> Iterator[str]:
    """What follows each of the concept's words, its spaces and one ":" / "=" skipped."""
    for _, end in find("pasted", text, f"pasted.{concept}", every=True, whole=False):
        rest = text[end:].lstrip()
        yield rest[1:].lstrip() if rest[:1] in (":", "：", "=") else rest


def _status(text: str) -> int | None:
    """An HTTP status after its word ("HTTP/1.1 402", "status code: 429", "返回 402")."""
    return next(
        (
            int(r[:3])
            for r in _after(text, "status")
            if next(_runs(r[:4]), None) == (0, 3) and r[0] in "12345"
        ),
        None,
    )


def _bare_status(text: str) -> int | None:
    """A lone 4xx / 5xx number ("deepseek 返回 402"): not "4.02", "1-402", "402.5" or "402%"."""
    for start, end in _runs(text):
        lone = text[start - 1 : start] not in (".", "-") and text[end : end + 1] not in (".", "%")
        if lone and text[start:end].isascii() and end - start == 3 and int(text[start:end]) in _BARE:
            return int(text[start:end])
    return None


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
    # The words are read in simplified characters, one for one ("餘額不足", "狀態碼 402", "歐易"),
    # so every offset is the typed text's: what is quoted back is sliced from what was typed.
    seen = simplified(text)
    codes = list(_codes(seen))
    binance = next((c for c in codes if c[0] == "binance"), None)
    if binance is not None:
        return PastedError("binance", binance[1], _message_after(text, binance[2]))
    for _, after in find("pasted", seen, "pasted.bybit_code", every=True, whole=False):
        rest = text[after:]  # "retCode": 10003: 5 or 6 digits, at most 4 other characters before
        start, end = next(_runs(rest[:11]), (9, 0))
        if start <= 4 and end - start >= 5 and not any(c.isdecimal() for c in rest[:start]):
            code = rest[start : min(end, start + 6)]
            return PastedError("bybit", code, _message_after(rest, start + len(code)))
    okx = next((c for c in codes if c[0] == "okx"), None) if _spans(seen, "okx") else None
    if okx is not None:
        return PastedError("okx", okx[1], _message_after(text, okx[2]))
    for known in KNOWN:
        said = _said(seen, known)
        if said is not None:  # the words of a known error: its own text, never the user's
            official = _filter(text, said[1]) if known.code == "-1013" else known.official
            http = int(known.code[5:]) if known.code.startswith("http_") else None
            return PastedError(known.source, known.code, official, http, known.kind)
    status = _status(seen) or (_bare_status(seen) if bare_status else None)
    if status is not None:
        return PastedError("http", f"http_{status}", "", status)
    return None


def _filter(text: str, end: int) -> str:
    """ "Filter failure: LOT_SIZE": the filter's name after the words (they end at ``end``)."""
    rest = text[end:].lstrip().removeprefix(":").removeprefix("：").lstrip()
    name = "".join(itertools.takewhile(lambda c: c.isascii() and (c.isalpha() or c == "_"), rest))
    return f"Filter failure: {name.upper()}" if name else ""


def _from_object(text: str) -> PastedError | None:
    """A JSON (or Python repr) error body inside the text."""
    start, end = text.find("{"), text.rfind("}")
    body = _load(text[start : end + 1]) if 0 <= start < end else None
    if not isinstance(body, dict):
        return None
    status = _status(text[:start])
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
    """An OpenAI-style error without its HTTP status: the status its type implies (the words of
    phrases/pasted.toml's status_<code>, first found in this order)."""
    said = f"{kind} {message}"
    code = next(
        (c for c in ("429", "401", "404", "402", "500") if _spans(said, f"status_{c}")),
        None,
    )
    return f"http_{code}" if code else "model_error"


def _load(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        pass
    try:  # the openai SDK prints the body as a Python dict: literals only, never evaluated code
        return ast.literal_eval(raw)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):  # "{{1: 2}}": a set of dicts
        return None


def _message_after(text: str, end: int) -> str:
    rest = text[end:].lstrip(" ):：,，-\"'")
    return clean(rest.split("\n", 1)[0], 200)


_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def clean(text: str, limit: int = 300) -> str:
    """Printable, one line, at most ``limit`` characters, anything shaped like a key or a secret
    masked (a pasted log may carry one): safe to keep and show back as text."""
    # Control characters and those outside the BMP made spaces; runs of 24 key characters masked.
    flat = " ".join("".join(c if " " <= c < "\x7f" or "\x9f" < c <= "\uffff" else " " for c in text).split())
    runs = ("".join(g) for _, g in itertools.groupby(flat, _KEY_CHARS.__contains__))
    flat = "".join(f"{r[:4]}****{r[-4:]}" if len(r) >= 24 and r[0] in _KEY_CHARS else r for r in runs)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
