"""One live account's signed calls, through ccxt's async clients.

- Binance and Binance Testnet (ccxt's sandbox mode), OKX (with its passphrase), Bybit; spot only.
- Base URLs can be overridden per exchange (settings), so tests point ccxt at a local fake.
- Credentials arrive sealed: they are opened when the ccxt client is built for a call, kept only
  by that client, and the client is closed after the operation. Nothing here logs them.
- A market order carries deskmate's client order id (ccxt's unified ``clientOrderId``: Binance
  newClientOrderId, OKX clOrdId, Bybit orderLinkId); the order behind an id is fetched with it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from adapters.exchanges.errors import translate
from core.diagnosis.ports import KeyPermissions
from core.secrets import SecretBox
from core.trading.model import Balance, Resting, Side, Trade
from core.trading.ports import ExchangeError, ExchangeOrder
from core.workspace.accounts import ExchangeAccount

log = logging.getLogger(__name__)

_CCXT_IDS = {"binance": "binance", "binance_testnet": "binance", "okx": "okx", "bybit": "bybit"}
_SANDBOX = frozenset({"binance_testnet"})
# Where deskmate places the exchange's own stop orders: Binance STOP_LOSS / TAKE_PROFIT (/ _LIMIT),
# Bybit's spot TP/SL orders (orderFilter=tpslOrder), OKX's conditional algo orders (their own
# endpoints: order-algo, orders-algo-pending, cancel-algos; ``_okx_*`` below).
_STOP_ORDERS = frozenset({"binance", "binance_testnet", "bybit", "okx"})
_BINANCE = frozenset({"binance", "binance_testnet"})  # OCO lists; fees only in the order's trades
_PAIRS = _BINANCE | {"okx"}  # a take-profit + stop-loss pair as the exchange's own OCO
_BYBIT_TPSL = {"orderFilter": "tpslOrder"}
_TYPES = {
    "LIMIT": "limit", "limit": "limit", "STOP_LOSS": "stop_loss", "TAKE_PROFIT": "take_profit",
    "STOP_LOSS_LIMIT": "stop_limit", "TAKE_PROFIT_LIMIT": "take_profit", "MARKET": "market",
    "market": "market",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Endpoints:
    """An exchange's REST base URLs (None: ccxt's own): live, and testnet / sandbox."""

    base_url: str | None
    testnet_base_url: str | None


def _urls(ccxt_id: str, base: str) -> dict[str, str]:
    base = base.rstrip("/")
    if ccxt_id == "binance":
        return {
            "public": f"{base}/api/v3",
            "private": f"{base}/api/v3",
            "v1": f"{base}/api/v1",
            "sapi": f"{base}/sapi/v1",
        }
    if ccxt_id == "okx":
        return {"rest": base}
    return {k: base for k in ("spot", "futures", "v2", "public", "private")}


def _market(symbol: str) -> str:
    """deskmate's "BTCUSDT" as ccxt's "BTC/USDT"."""
    return f"{symbol.removesuffix('USDT')}/USDT"


def _dec(value: Any) -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(0)


def _time(ms: Any) -> datetime:
    return datetime.fromtimestamp(int(ms) / 1000, UTC) if ms else datetime.now(UTC)


class CcxtClient:
    def __init__(
        self,
        account: ExchangeAccount,
        secrets: SecretBox,
        endpoints: Endpoints | None,
        timeout_seconds: float,
    ) -> None:
        if account.exchange not in _CCXT_IDS:
            raise ExchangeError(
                "unsupported", "unsupported_exchange", f"{account.exchange} cannot trade live"
            )
        self._account = account
        self._secrets = secrets
        self._endpoints = endpoints
        self._timeout_ms = int(timeout_seconds * 1000)
        self._client: Any = None

    def _open(self) -> Any:
        if self._client is not None:
            return self._client
        import ccxt.async_support as ccxt  # lazily: most of a second to import

        exchange = self._account.exchange
        ccxt_id = _CCXT_IDS[exchange]
        creds = self._account.credentials
        config: dict[str, Any] = {
            "apiKey": self._secrets.decrypt(creds["api_key"]),
            "secret": self._secrets.decrypt(creds["api_secret"]),
            "enableRateLimit": True,
            "timeout": self._timeout_ms,
            "options": {"defaultType": "spot", "fetchMarkets": {"types": ["spot"]}, "fetchMargins": False},
        }
        if "passphrase" in creds:
            config["password"] = self._secrets.decrypt(creds["passphrase"])
        if ccxt_id == "okx":
            config["options"] = {"defaultType": "spot", "fetchMarkets": ["spot"]}
        client = getattr(ccxt, ccxt_id)(config)
        client.has["fetchCurrencies"] = False  # a private endpoint per load: spot trading needs none
        sandbox = exchange in _SANDBOX
        if sandbox:
            client.set_sandbox_mode(True)
        base = None
        if self._endpoints is not None:
            base = self._endpoints.testnet_base_url if sandbox else self._endpoints.base_url
        if base:
            client.urls["api"] = _urls(ccxt_id, base)
            if base.startswith("http://"):
                # ccxt's close waits 250 ms for TLS connections to shut down cleanly (aiohttp);
                # a plain-HTTP endpoint (a local gateway or test exchange) has none to wait for.
                client.timeout_on_exit = 0
        self._client = client
        return client

    async def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        client = self._open()
        try:
            return await getattr(client, name)(*args, **kwargs)
        except ExchangeError:
            raise
        except Exception as exc:
            import ccxt.async_support as ccxt

            if not isinstance(exc, ccxt.BaseError):
                raise
            error = translate(exc, _body(client))
            log.warning("%s %s: %s %s", self._account.exchange, name, error.fault, error.code)
            raise error from None

    async def balances(self) -> list[Balance]:
        raw = await self._call("fetch_balance")
        free, used = raw.get("free") or {}, raw.get("used") or {}
        out = []
        for asset in sorted(set(free) | set(used)):
            f, u = _dec(free.get(asset)), _dec(used.get(asset))
            if f > 0 or u > 0:
                out.append(Balance(asset, f, u))
        return out

    async def market_order(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, price: Decimal
    ) -> ExchangeOrder:
        params: dict[str, Any] = {"clientOrderId": client_order_id}
        if self._account.exchange == "okx" and side == "buy":
            params["tgtCcy"] = "base_ccy"  # OKX sizes market buys in the quote asset unless told
        # No price: with one, ccxt turns a Binance market buy into a quoteOrderQty order.
        raw = await self._call("create_order", _market(symbol), "market", side, str(quantity), None, params)
        found = self._order(raw, client_order_id)
        if found.status == "open" or found.quantity == 0:
            # Some exchanges acknowledge a market order before it fills: read it back once.
            again = await self.order_by_client_id(symbol, client_order_id)
            return again or found
        return found

    async def order_by_client_id(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        import ccxt.async_support as ccxt

        client = self._open()
        try:
            if self._account.exchange == "bybit":
                raw = await _bybit_order(client, symbol, client_order_id)
                if raw is None:
                    return None
            else:
                raw = await client.fetch_order(None, _market(symbol), {"clientOrderId": client_order_id})
        except ccxt.OrderNotFound:
            if self._account.exchange == "okx":
                return await self._okx_algo_order(symbol, client_order_id)
            return None
        except ccxt.BaseError as exc:
            raise translate(exc, _body(client)) from None
        order = self._order(raw, client_order_id)
        if order.quantity > 0 and not order.fee_asset and self._account.exchange in _BINANCE:
            order = await self._with_fee(symbol, order)
        return order

    async def _with_fee(self, symbol: str, order: ExchangeOrder) -> ExchangeOrder:
        """Binance's order lookup carries no commission; the order's trades do (GET
        /api/v3/myTrades by orderId, weight 20: asked once, when an order is written back)."""
        params = {"orderId": order.exchange_order_id}
        trades = await self._call("fetch_my_trades", _market(symbol), None, None, params)
        fees = [t.get("fee") or {} for t in trades if str(t.get("order") or "") == order.exchange_order_id]
        fee = sum((_dec(f.get("cost")) for f in fees), Decimal(0))
        asset = next((str(f.get("currency")) for f in fees if f.get("currency")), "")
        return replace(order, fee=fee, fee_asset=asset)

    async def my_trades(self, symbol: str, limit: int) -> list[Trade]:
        raw = await self._call("fetch_my_trades", _market(symbol), None, limit)
        return [
            Trade(
                symbol,
                t["side"],
                _dec(t.get("amount")),
                _dec(t.get("price")),
                _dec(t.get("cost")),
                _dec((t.get("fee") or {}).get("cost")),
                str((t.get("fee") or {}).get("currency") or ""),
                None,
                _time(t.get("timestamp")),
                str(t.get("clientOrderId") or t.get("order") or ""),
            )
            for t in raw
        ]

    def unsupported(self, specs: Sequence[Resting]) -> str | None:
        """Why this exchange cannot place ``specs`` as its own order type (None: it can). A pair
        is Binance's OCO list or OKX's OCO algo order; Bybit's v5 API places spot orders of
        orderFilter Order, tpslOrder or StopOrder only, one trigger each (its spot OCO orders are
        listed by the API but placed in its own app), and two separate TP/SL sells would not
        cancel each other: refused, never emulated with real money."""
        exchange = self._account.exchange
        if len(specs) > 1 and exchange not in _PAIRS:
            return (
                f"{exchange}: its API places no one-cancels-the-other pair on a spot holding "
                "(only a single take-profit or stop-loss)"
            )
        kinds = [s.order_type for s in specs if s.order_type != "limit"]
        if kinds and exchange not in _STOP_ORDERS:
            return f"{exchange}: no {kinds[0]} order here"
        return None

    async def resting_order(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, spec: Resting
    ) -> ExchangeOrder:
        """A limit order on every exchange; the stop types only where deskmate places the
        exchange's own (Binance STOP_LOSS / TAKE_PROFIT, STOP_LOSS_LIMIT; Bybit's spot TP/SL
        orders, through ccxt's stopLossPrice / takeProfitPrice): elsewhere (OKX) refused before
        anything is sent, never emulated with real money."""
        exchange = self._account.exchange
        if (reason := self.unsupported((spec,))) is not None:
            raise ExchangeError("unsupported", "unsupported_order_type", reason)
        if exchange == "okx" and spec.order_type != "limit":
            return await self._okx_conditional(symbol, side, quantity, client_order_id, spec)
        params: dict[str, Any] = {"clientOrderId": client_order_id}
        kind = "limit"
        price = spec.limit_price
        if spec.order_type == "stop_loss":
            kind, params["stopLossPrice"] = "market", str(spec.trigger_price)
        elif spec.order_type == "take_profit":
            kind, params["takeProfitPrice"] = "market", str(spec.trigger_price)
        elif spec.order_type == "stop_limit":
            params["stopLossPrice"] = str(spec.trigger_price)
        raw = await self._call(
            "create_order", _market(symbol), kind, side, str(quantity), str(price) if price else None, params
        )
        return self._order(raw, client_order_id)

    async def pair_order(
        self,
        symbol: str,
        quantity: Decimal,
        take: tuple[str, Decimal],
        stop: tuple[str, Decimal],
        list_id: str,
    ) -> list[ExchangeOrder]:
        """A take-profit + stop-loss pair on a holding as the exchange's own one-cancels-the-other
        order. Binance: POST /api/v3/orderList/oco (a SELL: TAKE_PROFIT above at ``take``'s price,
        STOP_LOSS below at ``stop``'s, each leg under its client order id). OKX: one algo order
        (POST /api/v5/trade/order-algo, ordType oco, tpTriggerPx + slTriggerPx) under the
        take-profit leg's client order id, its algoClOrdId: the pair is one order there. Bybit
        refused before anything is sent: its v5 API places spot orders of orderFilter Order,
        tpslOrder or StopOrder only, each one trigger (its spot OCO orders are listed by the API,
        OcoOrder, but placed in Bybit's own app), and two separate TP/SL sells would not cancel
        each other."""
        exchange = self._account.exchange
        if (reason := self.unsupported((Resting("take_profit"), Resting("stop_loss")))) is not None:
            raise ExchangeError("unsupported", "unsupported_order_type", reason)
        if exchange == "okx":
            return [await self._okx_oco(symbol, quantity, take, stop)]
        (take_id, take_price), (stop_id, stop_price) = take, stop
        params = {
            "symbol": symbol, "side": "SELL", "quantity": str(quantity), "listClientOrderId": list_id,
            "aboveType": "TAKE_PROFIT", "aboveStopPrice": str(take_price), "aboveClientOrderId": take_id,
            "belowType": "STOP_LOSS", "belowStopPrice": str(stop_price), "belowClientOrderId": stop_id,
        }  # fmt: skip
        raw = await self._call("private_post_orderlist_oco", params)
        reports = raw.get("orderReports") if isinstance(raw, dict) else None
        client = self._open()
        await client.load_markets()
        market = client.market(_market(symbol))
        return [
            self._order(client.parse_order(r, market), str(r.get("clientOrderId") or ""))
            for r in reports or []
            if isinstance(r, dict)
        ]

    async def open_orders(self, symbol: str | None) -> list[ExchangeOrder]:
        """Binance GET /api/v3/openOrders weighs 6 for one symbol, 80 for all: asked for all only
        when a person asks "my open orders" (never on a timer)."""
        if symbol is None:
            client = self._open()
            client.options.setdefault("fetchOpenOrders", {})["warnWithoutSymbol"] = False
        raw = await self._call("fetch_open_orders", _market(symbol) if symbol else None)
        if self._account.exchange == "okx":  # its conditional and OCO orders: lists of their own
            algos = []
            for kind in ("conditional", "oco"):
                request = {"ordType": kind, "instType": "SPOT"}
                if symbol:
                    request["instId"] = _okx_inst(symbol)
                answer = await self._call("private_get_trade_orders_algo_pending", request)
                algos += [_okx_algo(a) for a in _okx_data(answer)]
            return [*(self._order(o, str(o.get("clientOrderId") or "")) for o in raw), *algos]
        if self._account.exchange == "bybit":  # its TP/SL orders are a list of their own
            raw = [
                *raw,
                *await self._call(
                    "fetch_open_orders", _market(symbol) if symbol else None, None, None, dict(_BYBIT_TPSL)
                ),
            ]
        return [self._order(o, str(o.get("clientOrderId") or "")) for o in raw]

    async def cancel_order(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        import ccxt.async_support as ccxt

        client = self._open()
        # Bybit cancels a TP/SL order only when told its list (orderFilter): the other list next.
        tries = [{}, _BYBIT_TPSL] if self._account.exchange == "bybit" else [{}]
        for extra in tries:
            try:
                # ccxt's Bybit cancel sends its params as they are: Bybit's own field name there
                field = "orderLinkId" if self._account.exchange == "bybit" else "clientOrderId"
                params = {field: client_order_id, **extra}
                raw = await client.cancel_order(None, _market(symbol), params)
            except ccxt.OrderNotFound:
                continue
            except ccxt.BaseError as exc:
                raise translate(exc, _body(client)) from None
            return self._order(raw, client_order_id)
        if self._account.exchange == "okx":  # a conditional order: cancelled among the algos
            request = [{"instId": _okx_inst(symbol), "algoClOrdId": client_order_id}]
            try:
                await client.private_post_trade_cancel_algos(request)
            except ccxt.OrderNotFound:
                return None
            except ccxt.BaseError as exc:
                raise translate(exc, _body(client)) from None
            return await self._okx_algo_order(symbol, client_order_id)
        return None

    async def _okx_conditional(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, spec: Resting
    ) -> ExchangeOrder:
        """An OKX conditional order (POST /api/v5/trade/order-algo, ordType conditional) under
        ``client_order_id`` as its algoClOrdId: a stop-loss or stop-limit by slTriggerPx, a
        take-profit by tpTriggerPx; the order price -1 (market) or the stop-limit's limit."""
        leg = "tp" if spec.order_type == "take_profit" else "sl"
        body = {
            "instId": _okx_inst(symbol), "tdMode": "cash", "side": side, "ordType": "conditional",
            "sz": str(quantity), "algoClOrdId": client_order_id,
            f"{leg}TriggerPx": str(spec.trigger_price),
            f"{leg}OrdPx": str(spec.limit_price) if spec.limit_price is not None else "-1",
        }  # fmt: skip
        answer = await self._call("private_post_trade_order_algo", body)
        ack = next(iter(_okx_data(answer)), {})
        return ExchangeOrder(
            client_order_id, str(ack.get("algoId") or ""), "open", Decimal(0), Decimal(0), Decimal(0), "",
            datetime.now(UTC), symbol, side, spec.order_type, quantity, spec.limit_price, spec.trigger_price,
        )  # fmt: skip

    async def _okx_oco(
        self, symbol: str, quantity: Decimal, take: tuple[str, Decimal], stop: tuple[str, Decimal]
    ) -> ExchangeOrder:
        """An OKX OCO algo order selling ``quantity``: take profit at ``take``'s trigger, stop loss
        at ``stop``'s, each a market sell once triggered (tpOrdPx / slOrdPx -1), under the
        take-profit leg's client order id (the pair's one algoClOrdId)."""
        (take_id, take_price), (_, stop_price) = take, stop
        body = {
            "instId": _okx_inst(symbol), "tdMode": "cash", "side": "sell", "ordType": "oco",
            "sz": str(quantity), "algoClOrdId": take_id,
            "tpTriggerPx": str(take_price), "tpOrdPx": "-1", "slTriggerPx": str(stop_price), "slOrdPx": "-1",
        }  # fmt: skip
        answer = await self._call("private_post_trade_order_algo", body)
        ack = next(iter(_okx_data(answer)), {})
        return ExchangeOrder(
            take_id, str(ack.get("algoId") or ""), "open", Decimal(0), Decimal(0), Decimal(0), "",
            datetime.now(UTC), symbol, "sell", "take_profit", quantity, None, take_price,
        )  # fmt: skip

    async def _okx_algo_order(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        """A conditional order by its algoClOrdId (GET /api/v5/trade/order-algo); once triggered
        ("effective"), the order it placed (by its ordId) with its fill and fee."""
        import ccxt.async_support as ccxt

        client = self._open()
        try:
            answer = await client.private_get_trade_order_algo({"algoClOrdId": client_order_id})
            algo = next(iter(_okx_data(answer)), None)
            if algo is None:
                return None
            if algo.get("state") == "effective" and algo.get("ordId"):
                raw = await client.fetch_order(str(algo["ordId"]), _market(symbol))
                placed = self._order(raw, client_order_id)
                return replace(placed, client_order_id=client_order_id, order_type=_okx_algo(algo).order_type)
        except ccxt.OrderNotFound:
            return None
        except ccxt.BaseError as exc:
            raise translate(exc, _body(client)) from None
        return _okx_algo(algo)

    async def key_permissions(self) -> KeyPermissions | None:
        """What the key may do (core.diagnosis.ports.PermissionReader): Binance's
        GET /sapi/v1/account/apiRestrictions; None where the exchange offers no such call (the
        Binance testnet has no /sapi)."""
        if self._account.exchange != "binance":
            return None
        raw = await self._call("sapi_get_account_apirestrictions")

        def flag(name: str) -> bool | None:
            value = raw.get(name) if isinstance(raw, dict) else None
            return value if isinstance(value, bool) else None

        return KeyPermissions(
            reading=flag("enableReading"),
            spot_trading=flag("enableSpotAndMarginTrading"),
            withdrawals=flag("enableWithdrawals"),
            ip_restricted=flag("ipRestrict"),
        )

    async def server_time(self) -> datetime:
        return _time(await self._call("fetch_time"))

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

    @staticmethod
    def _order(raw: dict[str, Any], client_order_id: str) -> ExchangeOrder:
        status = {
            "closed": "filled",
            "open": "open",
            "canceled": "cancelled",
            "expired": "cancelled",
            "rejected": "rejected",
        }.get(str(raw.get("status")), "open")
        fees = raw.get("fees") or ([raw["fee"]] if raw.get("fee") else [])
        fee = sum((_dec(f.get("cost")) for f in fees if f), Decimal(0))
        fee_asset = next((str(f.get("currency")) for f in fees if f and f.get("currency")), "")
        filled = _dec(raw.get("filled"))
        cost = _dec(raw.get("cost"))
        if not cost and raw.get("average") is not None:
            cost = filled * _dec(raw.get("average"))
        trigger = raw.get("triggerPrice") or raw.get("stopPrice")
        price = raw.get("price")
        symbol = str(raw.get("symbol") or "").replace("/", "")
        return ExchangeOrder(
            client_order_id=str(raw.get("clientOrderId") or client_order_id),
            exchange_order_id=str(raw.get("id") or ""),
            status=status,  # type: ignore[arg-type]
            quantity=filled,
            quote_amount=cost,
            fee=fee,
            fee_asset=fee_asset,
            at=_time(raw.get("timestamp")),
            symbol=symbol,
            side="sell" if raw.get("side") == "sell" else "buy",
            order_type=_TYPES.get(str((raw.get("info") or {}).get("type") or raw.get("type")), "limit"),
            amount=_dec(raw.get("amount")),
            limit_price=_dec(price) if price else None,
            trigger_price=_dec(trigger) if trigger else None,
        )


async def _bybit_order(client: Any, symbol: str, client_order_id: str) -> dict[str, Any] | None:
    """A Bybit spot order by its orderLinkId, or None. ccxt's fetch_order cannot do it on a
    unified account: it refuses without an ``acknowledged`` flag and, given no order id, sends
    "orderId=None". So the order lists are asked by orderLinkId: recent orders (open, and the
    last 500 closed), the untriggered TP/SL orders (orderFilter=tpslOrder), then the history."""
    await client.load_markets()
    market = client.market(_market(symbol))
    request = {"category": "spot", "symbol": market["id"], "orderLinkId": client_order_id}
    asks: tuple[tuple[Any, dict[str, str]], ...] = (
        (client.private_get_v5_order_realtime, {}),
        (client.private_get_v5_order_realtime, _BYBIT_TPSL),  # a TP/SL order not triggered yet
        (client.private_get_v5_order_history, {}),
    )
    for endpoint, extra in asks:
        response = await endpoint({**request, **extra})
        result = response.get("result") if isinstance(response, dict) else None
        listed = result.get("list") if isinstance(result, dict) else None
        for item in listed or []:
            if isinstance(item, dict) and item.get("orderLinkId") == client_order_id:
                parsed: dict[str, Any] = client.parse_order(item, market)
                return parsed
    return None


def _okx_inst(symbol: str) -> str:
    return f"{symbol.removesuffix('USDT')}-USDT"


def _okx_data(answer: Any) -> list[dict[str, Any]]:
    data = answer.get("data") if isinstance(answer, dict) else None
    return [d for d in data or [] if isinstance(d, dict)]


def _okx_algo(algo: dict[str, Any]) -> ExchangeOrder:
    """An OKX conditional or OCO order as the exchange lists it (not triggered, or cancelled). An
    OCO lists as its take-profit leg (the pair's client order id is that leg's); once triggered,
    its ``actualSide`` says which leg fired ("sl": the stop-loss)."""
    take = bool(algo.get("tpTriggerPx")) and algo.get("actualSide") != "sl"
    trigger = algo.get("tpTriggerPx") if take else algo.get("slTriggerPx")
    limit = algo.get("tpOrdPx") if take else algo.get("slOrdPx")
    limit_price = _dec(limit) if limit and str(limit) != "-1" else None
    kind = "take_profit" if take else ("stop_limit" if limit_price is not None else "stop_loss")
    state = str(algo.get("state") or "")
    status = "open" if state in ("live", "partially_effective") else "cancelled"
    return ExchangeOrder(
        client_order_id=str(algo.get("algoClOrdId") or ""),
        exchange_order_id=str(algo.get("algoId") or ""),
        status=status,  # type: ignore[arg-type]
        quantity=Decimal(0), quote_amount=Decimal(0), fee=Decimal(0), fee_asset="",
        at=_time(algo.get("cTime")),
        symbol=str(algo.get("instId") or "").replace("-", ""),
        side="sell" if algo.get("side") == "sell" else "buy",
        order_type=kind,
        amount=_dec(algo.get("sz")),
        limit_price=limit_price,
        trigger_price=_dec(trigger) if trigger else None,
    )  # fmt: skip


def _body(client: Any) -> str | None:
    body = getattr(client, "last_http_response", None)
    return body if isinstance(body, str) else None


class CcxtExchanges:
    """core.trading.ports.LiveExchanges: a CcxtClient per live account operation."""

    def __init__(
        self,
        secrets: SecretBox,
        endpoints: dict[str, Endpoints] | None = None,
        *,
        timeout_seconds: float = 10.0,
    ) -> None:
        self._secrets = secrets
        self._endpoints = endpoints or {}
        self._timeout = timeout_seconds

    def client(self, account: ExchangeAccount) -> CcxtClient:
        return CcxtClient(account, self._secrets, self._endpoints.get(account.exchange), self._timeout)
