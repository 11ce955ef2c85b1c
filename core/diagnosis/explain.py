"""An exchange's refusal in one sentence, for the answers that meet it outside a diagnosis (a
balance, an order): the precise cause by the exchange's code and its first step ("-2015: the
key, its IP whitelist or its permissions"), never "temporarily unreachable" for a refused key."""

from __future__ import annotations

from core.diagnosis.causes import STEPS, exchange_cause
from core.diagnosis.report import say
from core.i18n import Locale
from core.trading.ports import ExchangeError

OUTAGES = frozenset({"timeout", "network", "unavailable"})  # nothing was said about the request


def is_outage(exc: ExchangeError) -> bool:
    """The exchange could not be reached or did not answer: not a refusal of the request."""
    return exc.fault in OUTAGES


def refusal(locale: Locale, exchange: str, exc: ExchangeError) -> tuple[str, str]:
    """(cause, sentence) for an exchange's refusal: why, and what to do first."""
    source = "binance" if exchange in ("paper", "binance", "binance_testnet") else exchange
    cause = exchange_cause(source, exc.code, exc.message, exc.fault)
    params = {"code": exc.code, "message": exc.message}
    why = say(locale, f"dx.cause.{cause}", params)
    step = say(locale, f"dx.step.{STEPS[cause][0]}", params)
    return cause, say(locale, "dx.explain", {"why": why, "step": step})
