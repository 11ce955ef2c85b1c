"""A trader's errors and invalid decisions, said in the reader's language.

A trader records what went wrong as data: ``last_error`` and a decision's ``error`` are
"<code>: <message>" (an exchange's code, "model_<ModelErrorCode>", deskmate's own code such as
"cap_notional" or "account_gone"); an invalid ai decision's reason is core.traders.ai.Invalid's
"<kind>: <detail>". Shown to a person they become one short localized sentence with the code kept
("余额不足（-2010）", "the model provider failed (HTTP 500)"), never the raw provider text in a
Chinese sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from core.diagnosis.causes import exchange_cause
from core.i18n import Locale, is_zh, t

# The model's answer broke a rule: grouped by what a person can do about it.
INVALID_KINDS = {
    "not_json": "not_json",
    "not_an_object": "not_json",
    "extra_fields": "not_json",
    "bad_action": "not_json",
    "bad_reason": "not_json",
    "bad_number": "not_json",
    "missing_quote_amount": "not_json",
    "missing_quantity": "not_json",
    "symbol_not_allowed": "off_list",
    "oversized": "over_limit",
    "position_limit": "over_limit",
    "rejected": "refused",
}
LATE = "the model answered too late"  # core.traders.runtime's reason for a skipped late answer
BUDGET = "token budget used up for today"  # ... and for a day whose token budget is spent
_HTTP = re.compile(r"(?:error code|status)\D{0,3}(\d{3})", re.IGNORECASE)
_EXCHANGE_CAUSES = {
    "insufficient_balance": "balance",
    "min_notional": "min_notional",
    "lot_size": "lot_size",
    "key_ip_permissions": "key",
    "key_invalid": "key",
    "signature_invalid": "key",
    "key_format": "key",
    "clock_skew": "clock",
    "rate_limited": "rate_limited",
    "ip_banned": "rate_limited",
    "exchange_timeout": "unreachable",
    "exchange_unreachable": "unreachable",
    "exchange_unavailable": "unreachable",
    "invalid_symbol": "symbol",
}
_OWN = {
    "account_gone": "account_gone",
    "strategy_gone": "strategy_gone",
    "unsupported_symbol": "symbol",
    "rules_unknown": "symbol",
    "cap_notional": "cap",
    "cap_equity_share": "cap",
    "market_unavailable": "market",
    "market_blocked": "market",
    "market_timeout": "market",
    "not_placed": "not_placed",
    "no_live": "no_live",
}


def _split(error: str) -> tuple[str, str]:
    code, sep, message = error.partition(":")
    if not sep and " " in error:
        code, _, message = error.partition(" ")
    return code.strip(), message.strip()


def error_text(locale: Locale, error: str | None) -> str:
    """A recorded trader error as one localized sentence with its code ("余额不足，订单被拒绝（-2010）")."""
    if not error:
        return ""
    if error in (LATE, BUDGET):
        return t(locale, "trader.err.model_timeout" if error == LATE else "trader.err.budget")
    code, message = _split(error)
    shown = code
    if code.startswith("model_"):
        kind = code.removeprefix("model_")
        key = "model_config" if "missing or disabled" in message else f"model_{kind}"
        if key == "model_bad_request" or key == "model_bad_response":
            key = "model"
        status = _HTTP.search(message)
        shown = f"HTTP {status.group(1)}" if status else kind
        text = t(locale, f"trader.err.{key}")
        if text == f"trader.err.{key}":
            text = t(locale, "trader.err.model")
    elif code in _OWN:
        text = t(locale, f"trader.err.{_OWN[code]}")
    elif code.lstrip("-").isdigit():
        cause = exchange_cause("binance", code, message)
        text = t(locale, f"trader.err.{_EXCHANGE_CAUSES.get(cause, 'exchange')}")
    else:
        text = t(locale, "trader.err.other")
    return t(locale, "trader.err.with_code", text=text, code=shown)


def invalid_kind(reason: str) -> tuple[str, str]:
    """(kind, detail) of an invalid decision's reason ("symbol_not_allowed: DOGEUSDT")."""
    if reason == LATE:
        return "late", ""
    code, detail = _split(reason)
    return INVALID_KINDS.get(code, "other"), detail


def invalid_summary(locale: Locale, reasons: Iterable[str]) -> str:
    """Each kind of invalid answer once, with how many and the latest detail: "2 次回答不是约定的
    JSON 决策；1 次选了策略列表之外的币（DOGEUSDT）"."""
    counts: Counter[str] = Counter()
    details: dict[str, str] = {}
    for reason in reasons:
        kind, detail = invalid_kind(reason)
        counts[kind] += 1
        details.setdefault(kind, detail)  # newest first: the latest one's detail
    parts = [
        t(locale, f"trader.invalid.{kind}", count=n, detail=details[kind] or "—")
        for kind, n in counts.most_common()
    ]
    return ("；" if is_zh(locale) else "; ").join(parts)
