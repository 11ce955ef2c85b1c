"""Resting orders on live accounts: placed on the exchange's own book under deskmate's client
order id (core.trading.ports.ExchangeClient.resting_order), listed from the exchange, cancelled
by client order id.

The order row is stored open first (its client order id claimed), then sent once. A refusal
closes it as rejected with the exchange's code and message; a timeout is never sent again: the
order is looked up by its client order id, kept open when the exchange has it, rejected as not
placed when it has none. A take-profit + stop-loss pair is the exchange's own one-cancels-the-
other order (Binance's OCO list, each leg under its client order id; OKX's OCO algo order, one
order under the take-profit leg's id, both legs shown and cancelled through it); where there is
none (Bybit's API) it is refused plainly at the summary (the client's ``unsupported``, no request)
and again before anything is sent, never emulated with real money.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from core.tasks.audit import AuditEntry
from core.trading.model import Order, OrderStatus, Rejection, Resting
from core.trading.ports import ExchangeClient, ExchangeError, ExchangeOrder
from core.trading.service import NOT_PLACED, TradingService
from core.workspace.accounts import ExchangeAccount

log = logging.getLogger(__name__)

UNSUPPORTED_PAIR = "unsupported_order_type"


async def place(
    trading: TradingService, account: ExchangeAccount, stored: list[Order], audit: AuditEntry
) -> list[Order]:
    if not stored or not stored[0].status.resting:
        return stored  # refused by deskmate, or placed before (the same client order ids)
    if len(stored) > 1:
        return await _place_pair(trading, account, stored, audit)
    order = stored[0]
    spec = Resting(order.order_type, order.limit_price, order.trigger_price, order.expires_at)
    client = trading._client(account)
    try:
        try:
            await client.resting_order(order.symbol, order.side, order.quantity, order.client_order_id, spec)
            return stored
        except ExchangeError as exc:
            return await _after_failure(trading, client, exc, order, stored, audit)
    finally:
        await client.aclose()


async def _place_pair(
    trading: TradingService, account: ExchangeAccount, stored: list[Order], audit: AuditEntry
) -> list[Order]:
    """The take-profit + stop-loss pair as the exchange's own OCO list, sent once; a timeout is
    looked up by the take-profit leg's client order id, never sent again."""
    by_type = {o.order_type: o for o in stored}
    take, stop = by_type.get("take_profit"), by_type.get("stop_loss")
    if take is None or stop is None or take.trigger_price is None or stop.trigger_price is None:
        refusal = Rejection(UNSUPPORTED_PAIR, f"{account.exchange}: no such pair here", "pair")
        return await _reject(trading, stored[0], refusal, audit)
    client = trading._client(account)
    try:
        try:
            await client.pair_order(
                take.symbol, take.quantity, (take.client_order_id, take.trigger_price),
                (stop.client_order_id, stop.trigger_price), f"dl{take.client_order_id[2:]}"[:32],
            )  # fmt: skip
            return stored
        except ExchangeError as exc:
            return await _after_failure(trading, client, exc, take, stored, audit)
    finally:
        await client.aclose()


async def _after_failure(
    trading: TradingService,
    client: ExchangeClient,
    exc: ExchangeError,
    sent: Order,
    stored: list[Order],
    audit: AuditEntry,
) -> list[Order]:
    """What a failed send leaves of ``stored`` (``sent``: the order, or a pair's take-profit leg,
    whose client order id was sent). A refusal rejects it; a timeout is never sent again: it is
    looked up by that client order id, kept open when the exchange has it (or cannot say yet: the
    live check asks again) and rejected as not placed when it has none."""
    if not exc.uncertain:
        return await _reject(trading, sent, Rejection(exc.code, exc.message, exc.fault), audit)
    log.warning("live order %s: %s; looking it up by its client order id", sent.client_order_id, exc.fault)
    try:
        found = await client.order_by_client_id(sent.symbol, sent.client_order_id)
    except ExchangeError:
        return stored  # still unknown: kept open; the exchange's open orders will tell
    if found is None:
        gone = Rejection(NOT_PLACED, f"{exc.code}: {exc.message}", "not_placed")
        return await _reject(trading, sent, gone, audit)
    return stored


async def _reject(
    trading: TradingService, order: Order, rejection: Rejection, audit: AuditEntry
) -> list[Order]:
    entry = replace(
        audit, action="order_rejected", outcome="failed", detail={**audit.detail, "code": rejection.code}
    )
    closed = await trading.orders.close_resting(order.client_order_id, OrderStatus.REJECTED, entry, rejection)
    return closed or [replace(order, status=OrderStatus.REJECTED, error_code=rejection.code)]


async def open_orders(trading: TradingService, account: ExchangeAccount, stored: list[Order]) -> list[Order]:
    client = trading._client(account)
    try:
        listed = await client.open_orders(None)
    finally:
        await client.aclose()
    ours = {o.client_order_id: o for o in stored}
    shown = [ours.get(x.client_order_id) or _as_order(account, x) for x in listed]
    # A pair the exchange keeps as one order (OKX's OCO, listed under its take-profit leg's id):
    # its other leg rests with it, shown beside it.
    seen = {o.client_order_id for o in shown}
    return [
        *shown,
        *(
            o
            for o in stored
            if o.client_order_id not in seen and o.client_order_id in with_pairs(seen, stored)
        ),
    ]


def with_pairs(listed: set[str], stored: Sequence[Order]) -> set[str]:
    """``listed`` (client order ids the exchange lists open) with the other leg of each listed
    pair leg: a pair sent as one order (OKX's OCO) is listed once, and both its legs rest."""
    groups = {o.group_id for o in stored if o.group_id and o.client_order_id in listed}
    return listed | {o.client_order_id for o in stored if o.group_id in groups}


def sent_under(order: Order, stored: Sequence[Order]) -> str:
    """The client order id ``order`` was sent under: its own, or for a take-profit + stop-loss pair
    the take-profit leg's (Binance's OCO list is cancelled whole by either leg; OKX's OCO is one
    algo order under that id)."""
    if order.group_id is None:
        return order.client_order_id
    take = next((o for o in stored if o.group_id == order.group_id and o.order_type == "take_profit"), None)
    return take.client_order_id if take is not None else order.client_order_id


def leg_filled(order: Order, found: ExchangeOrder, stored: Sequence[Order]) -> Order:
    """The pair leg the exchange says filled: OKX answers for its OCO under the take-profit leg's
    id, with the leg that fired as its type (a stop-loss: the stop leg filled, not the take)."""
    if order.group_id is None or found.order_type == order.order_type:
        return order
    other = next(
        (o for o in stored if o.group_id == order.group_id and o.order_type == found.order_type), None
    )
    return other or order


async def cancel(trading: TradingService, account: ExchangeAccount, order: Order) -> ExchangeOrder | None:
    stored = await trading.orders.open_orders(account.id) if order.group_id else []
    client = trading._client(account)
    try:
        return await client.cancel_order(order.symbol, sent_under(order, stored))
    finally:
        await client.aclose()


async def still_open(trading: TradingService, account: ExchangeAccount, symbols: Sequence[str]) -> set[str]:
    """The client order ids the exchange lists open on ``symbols`` (one call per symbol)."""
    client = trading._client(account)
    try:
        listed: set[str] = set()
        for symbol in symbols:
            listed.update(x.client_order_id for x in await client.open_orders(symbol))
        return listed
    finally:
        await client.aclose()


async def look_up(
    trading: TradingService, account: ExchangeAccount, orders: Sequence[Order]
) -> list[tuple[Order, ExchangeOrder | None]]:
    """Each order as the exchange has it under its client order id (None: not found there, or
    the lookup failed: asked again next time)."""
    if not orders:
        return []
    client = trading._client(account)
    found: list[tuple[Order, ExchangeOrder | None]] = []
    try:
        for order in orders:
            try:
                found.append((order, await client.order_by_client_id(order.symbol, order.client_order_id)))
            except ExchangeError as exc:
                log.warning(
                    "live order %s: lookup failed (%s %s)", order.client_order_id, exc.fault, exc.code
                )
                found.append((order, None))
        return found
    finally:
        await client.aclose()


def _as_order(account: ExchangeAccount, x: ExchangeOrder) -> Order:
    """An open order deskmate did not place (from the exchange's app): shown, cancellable."""
    kind = x.order_type if x.order_type in ("limit", "stop_loss", "take_profit", "stop_limit") else "limit"
    return Order(
        x.exchange_order_id, x.client_order_id, account.owner, account.id, account.name, "live",
        account.exchange, x.symbol, x.side, x.amount, None, None, None, None, OrderStatus.OPEN, None, None,
        x.exchange_order_id, x.at, x.at, order_type=kind, limit_price=x.limit_price,  # type: ignore[arg-type]
        trigger_price=x.trigger_price,
    )  # fmt: skip
