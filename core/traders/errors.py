"""A trader's errors and invalid decisions, said in the reader's language.

A trader records what went wrong as data: ``last_error`` and a decision's ``error`` are
"<code>: <message>" (an exchange's code, "model_<ModelErrorCode>", deskmate's own code such as
"cap_notional" or "account_gone"); an invalid ai decision's reason is core.traders.ai.Invalid's
"<kind>: <detail>". Shown to a person they become one short localized sentence with the code kept
("余额不足（-2010）", "the model provider failed (HTTP 500)"), never the raw provider text in a
Chinese sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from core import lazy_re as re
from core.diagnosis.causes import exchange_cause
from core.i18n import Locale, register, t

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

register(
    {
        "trader.err.balance": {
            "zh": "余额不足，订单被拒绝",
            "en": "insufficient balance: the order was refused",
        },
        "trader.err.min_notional": {
            "zh": "订单金额低于最小下单金额",
            "en": "the order is below the minimum amount",
        },
        "trader.err.lot_size": {
            "zh": "下单数量不符合交易对规则",
            "en": "the quantity does not fit the symbol's rules",
        },
        "trader.err.key": {
            "zh": "交易所拒绝了 API Key（Key、IP 白名单或权限）",
            "en": "the exchange refused the API key (the key, its IP whitelist or its permissions)",
        },
        "trader.err.clock": {"zh": "本机时间与交易所不同步", "en": "this machine's clock is out of sync"},
        "trader.err.rate_limited": {"zh": "请求太频繁，被交易所限流", "en": "rate-limited by the exchange"},
        "trader.err.unreachable": {"zh": "连不上交易所", "en": "the exchange could not be reached"},
        "trader.err.symbol": {"zh": "交易对不可交易", "en": "the symbol is not tradable here"},
        "trader.err.account_gone": {
            "zh": "交易员的账户已不存在",
            "en": "the trader's account no longer exists",
        },
        "trader.err.strategy_gone": {
            "zh": "交易员的策略已不存在",
            "en": "the trader's strategy no longer exists",
        },
        "trader.err.cap": {"zh": "超过账户的单笔风控上限", "en": "over the account's cap per order"},
        "trader.err.market": {"zh": "暂时拿不到行情", "en": "no market data right now"},
        "trader.err.not_placed": {"zh": "订单没有送达交易所", "en": "the order never reached the exchange"},
        "trader.err.no_live": {"zh": "未配置实盘交易", "en": "live trading is not configured"},
        "trader.err.exchange": {"zh": "交易所拒绝了订单", "en": "the exchange refused the order"},
        "trader.err.model_config": {
            "zh": "模型配置不存在或已停用",
            "en": "the model config is missing or disabled",
        },
        "trader.err.model_auth": {
            "zh": "模型服务拒绝了 API Key",
            "en": "the model provider refused the API key",
        },
        "trader.err.model_quota": {
            "zh": "模型服务额度已用完",
            "en": "the model provider's credit is used up",
        },
        "trader.err.model_rate_limited": {"zh": "模型服务限流", "en": "rate-limited by the model provider"},
        "trader.err.model_unavailable": {
            "zh": "模型服务暂时不可用",
            "en": "the model provider is unavailable",
        },
        "trader.err.model_timeout": {"zh": "模型回答超时", "en": "the model answered too late"},
        "trader.err.model_not_found": {"zh": "模型名称不存在", "en": "the model name does not exist"},
        "trader.err.model": {"zh": "模型请求失败", "en": "the model request failed"},
        "trader.err.budget": {
            "zh": "当日模型 token 预算已用完",
            "en": "the day's model token budget is used up",
        },
        "trader.err.other": {"zh": "出错", "en": "an error"},
        "trader.err.with_code": {"zh": "{text}（{code}）", "en": "{text} ({code})"},
        # an invalid ai decision, by kind
        "trader.invalid.not_json": {
            "zh": "{count} 次回答不是约定的 JSON 决策",
            "en": "{count}× not a JSON decision in the agreed shape",
        },
        "trader.invalid.off_list": {
            "zh": "{count} 次选了策略列表之外的币（{detail}）",
            "en": "{count}× asked for a coin not on the strategy's list ({detail})",
        },
        "trader.invalid.over_limit": {
            "zh": "{count} 次金额或仓位超过策略上限（{detail}）",
            "en": "{count}× over the strategy's limit for an order or a position ({detail})",
        },
        "trader.invalid.refused": {
            "zh": "{count} 次下单会被拒绝（{detail}）",
            "en": "{count}× an order that would be refused ({detail})",
        },
        "trader.invalid.late": {"zh": "{count} 次模型回答太晚", "en": "{count}× answered too late"},
        "trader.invalid.other": {"zh": "{count} 次其他无效回答", "en": "{count}× otherwise invalid"},
        "trader.note.invalid": {
            "zh": "交易员「{name}」的模型最近的回答无效，没有下单：{kinds}。说「诊断交易员{name}」看详情。"
            "（每个交易员每小时最多提醒一次）",
            "en": "Trader “{name}”: the model's recent answers were invalid, nothing was ordered: {kinds}. "
            "Say “diagnose trader {name}” for details. (At most one such notice per trader an hour.)",
        },
    }
)


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
    return ("；" if locale == "zh" else "; ").join(parts)
