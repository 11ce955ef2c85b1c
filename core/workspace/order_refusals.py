"""Order words shared by market and limit orders: the client order id and why an order was refused."""

from __future__ import annotations

import secrets

from core.trading.model import Rejection
from core.turn import Turn


def new_client_order_id() -> str:
    """30 characters of [a-z0-9]: valid as Binance's newClientOrderId (36), OKX's clOrdId (32,
    alphanumeric) and Bybit's orderLinkId (36)."""
    return "dm" + secrets.token_hex(14)


def why(turn: Turn, rejection: Rejection) -> str:
    """A clear sentence for a rejection, keeping the exchange's own code and message."""
    params = {**rejection.params, "code": rejection.code, "message": rejection.message}
    for key in (
        f"trade.why.{rejection.message.removeprefix('Filter failure: ')}.{rejection.reason}",
        f"trade.why.{rejection.reason}",
        f"trade.why.{rejection.code}",
    ):
        try:
            text = turn.t(key, **params)
        except (KeyError, IndexError):
            continue
        if text != key:
            return text
    return turn.t("trade.why.other", **params)
