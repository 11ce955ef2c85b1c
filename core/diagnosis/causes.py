"""Error codes -> causes -> next steps: the knowledge of every diagnosis, as data.

A cause is a machine-readable name ("clock_skew"); its sentence is ``dx.cause.<name>`` and each
of its steps ``dx.step.<step>`` (core/diagnosis/texts.toml, zh + en). Codes are the exchanges' and
providers' own: Binance's negative codes, OKX's five-digit ones, Bybit's retCodes, HTTP statuses
as "http_<status>". The steps never suggest raising a system limit (deskmate's caps, the
exchange's filters): they say how to fit within them.
"""

from __future__ import annotations

import re

# cause -> its next steps, in the order to try them
STEPS: dict[str, tuple[str, ...]] = {
    # exchanges
    "clock_skew": ("sync_clock", "retry"),
    "signature_invalid": ("recopy_secret", "replace_credentials"),
    "key_format": ("recopy_key", "replace_credentials"),
    "key_ip_permissions": (
        "check_key_exists",
        "check_ip_whitelist",
        "check_permissions",
        "check_environment",
    ),
    "key_invalid": ("check_key_exists", "check_environment", "replace_credentials"),
    "permission_denied": ("check_permissions", "never_withdrawals"),
    "withdrawals_enabled": ("disable_withdrawals", "check_ip_whitelist"),
    "ip_not_whitelisted": ("check_ip_whitelist",),
    "testnet_key_on_mainnet": ("use_testnet_account", "or_create_mainnet_key"),
    "mainnet_key_on_testnet": ("use_mainnet_account", "or_create_testnet_key"),
    "environment_mismatch": ("check_environment", "replace_credentials"),
    "passphrase_wrong": ("recheck_passphrase", "replace_passphrase"),
    "passphrase_missing": ("replace_passphrase",),
    "insufficient_balance": ("check_balance", "smaller_order"),
    "balance_short": ("smaller_order", "check_balance"),
    "balance_covers_now": ("retry_now",),
    "order_rejected": ("read_exchange_message", "retry"),
    "duplicate_order": ("check_order_history",),
    "lot_size": ("fit_step", "see_rules"),
    "price_filter": ("fit_tick", "see_rules"),
    "min_notional": ("raise_amount_to_minimum", "see_rules"),
    "max_quantity": ("split_order", "see_rules"),
    "filter_failure": ("see_rules",),
    "invalid_symbol": ("check_symbol",),
    "rate_limited": ("wait_retry", "fewer_requests"),
    "ip_banned": ("wait_ban", "fewer_requests"),
    "exchange_timeout": ("check_network", "check_order_history"),
    "exchange_unreachable": ("check_network", "retry"),
    "exchange_unavailable": ("wait_retry",),
    "exchange_error": ("read_exchange_message", "retry"),
    "no_live_account": ("add_account", "paper_needs_no_keys"),
    "exchange_ok": ("exchange_ok_next",),
    "partly_checked": ("check_unconfirmed", "exchange_ok_next"),
    # orders, balances and positions
    "risk_cap_notional": ("smaller_than_cap", "check_max_buy"),
    "risk_cap_share": ("smaller_than_cap", "check_max_buy"),
    "order_unknown": ("check_order_history",),
    "order_pending": ("check_order_history", "confirm_again"),
    "order_not_placed": ("retry",),
    "no_failed_order": ("paste_error",),
    "order_ok": ("exchange_ok_next",),
    "order_resting": ("resting_fills_itself",),
    "order_cancelled": ("place_again",),
    "order_expired": ("place_again",),
    "traded_outside": ("outside_explained", "check_trades"),
    "history_mismatch": ("outside_explained", "check_trades"),
    "paper_ledger_mismatch": ("report_paper_mismatch",),
    "balances_consistent": ("balances_ok_next",),
    "no_accounts": ("add_account", "paper_needs_no_keys"),
    # traders and strategies
    "named_missing": ("use_listed_name",),
    "trader_named_none": ("create_trader",),
    "strategy_named_none": ("create_strategy",),
    "no_traders": ("create_trader",),
    "trader_ok": ("trader_ok_next",),
    "trader_error": ("read_last_error", "start_again"),
    "trader_stopped": ("start_again",),
    "trader_account_gone": ("pick_account",),
    "trader_strategy_gone": ("pick_strategy",),
    "trader_no_model": ("pick_model",),
    "trader_holding": ("holding_explained", "check_strategy"),
    "trader_model_invalid": ("model_invalid_explained", "diagnose_model"),
    "trader_skipping": ("skipping_explained", "diagnose_model"),
    "trader_tick_errors": ("read_last_error", "diagnose_exchange"),
    "trader_unfunded": ("fund_account", "smaller_strategy_amount"),
    "trader_model_errors": ("diagnose_model",),
    "strategy_invalid": ("fix_strategy", "see_rules"),
    "no_strategies": ("create_strategy",),
    "strategy_ok": ("strategy_ok_next",),
    "grid_out_of_range": ("grid_range",),
    "strategy_unused": ("use_strategy",),
    # models
    "model_key_invalid": ("recopy_model_key", "update_model_key"),
    "model_balance": ("top_up", "update_model_key"),
    "model_quota": ("top_up", "wait_retry"),
    "model_not_found": ("use_listed_model",),
    "model_wrong_path": ("check_base_url",),
    "model_rate_limited": ("wait_retry", "fewer_requests"),
    "model_provider_down": ("wait_retry", "provider_status"),
    "model_timeout": ("check_network", "wait_retry"),
    "model_not_json": ("check_base_url",),
    "model_http_refused": ("use_https",),
    "model_unreachable": ("check_base_url", "check_network"),
    "model_bad_request": ("check_model_name", "check_base_url"),
    "model_error": ("read_provider_message",),
    "no_model_config": ("add_model",),
    "model_disabled": ("enable_model",),
    "model_ok": ("model_ok_next",),
}

_BINANCE = {
    "-1021": "clock_skew",
    "-1022": "signature_invalid",
    "-2014": "key_format",
    "-2015": "key_ip_permissions",
    "-1121": "invalid_symbol",
    "-1003": "rate_limited",
    "-1015": "rate_limited",
    "-2011": "order_rejected",
}
_OKX = {
    "50101": "environment_mismatch",  # "APIKey does not match current environment" (demo vs live)
    "50102": "clock_skew",
    "50112": "clock_skew",
    "50103": "key_invalid",
    "50111": "key_invalid",
    "50104": "passphrase_missing",
    "50105": "passphrase_wrong",
    "50110": "ip_not_whitelisted",
    "50113": "signature_invalid",
    "50011": "rate_limited",
    "51001": "invalid_symbol",
    "51008": "insufficient_balance",
}
_BYBIT = {
    "10002": "clock_skew",
    "10003": "key_invalid",
    "10004": "signature_invalid",
    "10005": "permission_denied",
    "10006": "rate_limited",
    "10010": "ip_not_whitelisted",
    "170131": "insufficient_balance",
}
_BY_SOURCE = {"binance": _BINANCE, "okx": _OKX, "bybit": _BYBIT}
_FILTERS = (
    (re.compile(r"lot_size", re.I), "lot_size"),
    (re.compile(r"price_filter|percent_price", re.I), "price_filter"),
    (re.compile(r"notional", re.I), "min_notional"),
    (re.compile(r"market_lot_size", re.I), "lot_size"),
    (re.compile(r"max_num", re.I), "filter_failure"),
)


def exchange_cause(source: str, code: str, message: str = "", fault: str | None = None) -> str:
    """The cause of an exchange error: by the exchange's code (and, for -1013 and -2010, the
    message that says which filter or which rejection), else by the kind of failure."""
    if code == "-1013":
        for pattern, cause in _FILTERS:
            if pattern.search(message):
                return cause
        return "filter_failure"
    if code == "-2010":
        lowered = message.lower()
        if "insufficient" in lowered or "余额不足" in lowered:
            return "insufficient_balance"
        if "duplicate" in lowered:
            return "duplicate_order"
        return "order_rejected"
    if code in ("http_429",):
        return "rate_limited"
    if code == "http_418":
        return "ip_banned"
    table = _BY_SOURCE.get(source, {})
    if code in table:
        return table[code]
    for other in _BY_SOURCE.values():  # a code from a paste whose exchange was not said
        if code in other:
            return other[code]
    if code in ("max_quantity",):
        return "max_quantity"
    return {
        "clock": "clock_skew",
        "auth": "key_ip_permissions",
        "timeout": "exchange_timeout",
        "network": "exchange_unreachable",
        "unavailable": "exchange_unavailable",
    }.get(fault or "", "exchange_error")


def model_cause(status: int | None, kind: str | None = None, message: str = "") -> str:
    """The cause of a model provider's answer: by HTTP status, refined by the error's type."""
    lowered = f"{kind or ''} {message}".lower()
    if "insufficient_quota" in lowered or ("quota" in lowered and status == 429):
        return "model_quota"
    if status in (401, 403):
        return "model_key_invalid"
    if status == 402:
        return "model_balance"
    if status == 404:
        mentions_model = "model" in lowered or "模型" in lowered
        return "model_not_found" if mentions_model else "model_wrong_path"
    if status == 429:
        return "model_rate_limited"
    if status is not None and status >= 500:
        return "model_provider_down"
    if status in (400, 422):
        return "model_not_found" if "model" in lowered and "exist" in lowered else "model_bad_request"
    return "model_error"


def is_exchange_code(source: str, code: str) -> bool:
    return source in _BY_SOURCE or code.startswith("-")
