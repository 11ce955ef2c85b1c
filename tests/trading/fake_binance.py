"""A fake Binance spot API on 127.0.0.1 for the live trading path (ccxt talks to it).

It checks what the real one checks: the X-MBX-APIKEY header and the HMAC-SHA256 signature of the
query and body under the account's secret (-1022 / -2015), the timestamp within recvWindow
(-1021), LOT_SIZE and NOTIONAL (-1013), the balance (-2010), a client order id used once; it
fills market orders at its ask / bid, and finds an order by origClientOrderId (-2013 when none).
``stall_orders``: accept an order, then answer only after ``stall_seconds`` (a timeout).
"""

from __future__ import annotations

import hashlib
import hmac
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl

from tests.trading.fake_exchange import FakeExchange

KEY = "fakeBinanceKey0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH"
SECRET = "fakeBinanceSecret0123456789abcdefghijklmnopqrstuvwxyzABCD"

FILTERS = {
    "BTCUSDT": ("0.01", "0.00001", "0.00001", "9000", "5"),
    "ETHUSDT": ("0.01", "0.0001", "0.0001", "9000", "5"),
}


class FakeBinance(FakeExchange):
    def __init__(self, key: str = KEY, secret: str = SECRET) -> None:
        super().__init__()
        self.key, self.secret = key, secret
        # GET /sapi/v1/account/apiRestrictions (None: the endpoint is missing, as on the testnet)
        self.restrictions: dict[str, Any] | None = {
            "ipRestrict": False,
            "enableReading": True,
            "enableSpotAndMarginTrading": True,
            "enableWithdrawals": False,
            "enableMargin": False,
            "enableFutures": False,
        }
        self.signed_answer: tuple[int, dict[str, Any]] | None = None  # forced on every signed call
        self.ask = {"BTCUSDT": Decimal("90000.00"), "ETHUSDT": Decimal("3500.00")}
        self.bid = {"BTCUSDT": Decimal("89990.00"), "ETHUSDT": Decimal("3499.50")}
        self.orders: dict[str, dict[str, Any]] = {}  # by client order id, as Binance renders them
        self.trades: list[dict[str, Any]] = []  # GET /api/v3/myTrades: resting orders' fills

    # -- the API ------------------------------------------------------------------------------

    def answer(
        self, method: str, path: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float]:
        if path == "/api/v3/exchangeInfo":
            return 200, self._exchange_info(), 0
        if path == "/api/v3/time":
            return 200, {"serverTime": self.now_ms()}, 0
        if path == "/api/v3/ping":
            return 200, {}, 0
        params = dict(parse_qsl(query)) | dict(parse_qsl(body))
        problem = self._auth(query, body, params, headers)
        if problem is not None:
            return problem[0], problem[1], 0
        if self.signed_answer is not None:
            return self.signed_answer[0], self.signed_answer[1], 0
        if path == "/api/v3/account":
            return 200, self._account(), 0
        if path == "/sapi/v1/account/apiRestrictions" and self.restrictions is not None:
            return 200, {**self.restrictions, "createTime": self.now_ms()}, 0
        if path == "/api/v3/order" and method == "POST":
            self.order_posts += 1
            if self.drop_orders:
                return self._dropped()
            return self._place(params)
        if path == "/api/v3/orderList/oco" and method == "POST":
            self.order_posts += 1
            if self.drop_orders:
                return self._dropped()
            return self._oco(params)
        if path == "/api/v3/openOrders":
            listed = [o for o in self.orders.values() if o["status"] == "NEW"]
            return 200, [o for o in listed if o["symbol"] == params.get("symbol", o["symbol"])], 0
        if path == "/api/v3/order" and method == "DELETE":
            found = self.orders.get(params.get("origClientOrderId", ""))
            if found is None or found["status"] != "NEW":
                return 400, {"code": -2011, "msg": "Unknown order sent."}, 0
            found["status"] = "CANCELED"
            for other in self.orders.values():  # an OCO leg cancels its whole list
                if found["orderListId"] != -1 and other["orderListId"] == found["orderListId"]:
                    other["status"] = "CANCELED"
            return 200, found, 0
        if path == "/api/v3/order" and method == "GET":
            cid = params.get("origClientOrderId", "")
            found = self.orders.get(cid)
            if found is None:
                return 400, {"code": -2013, "msg": "Order does not exist."}, 0
            return 200, found, 0
        if path == "/api/v3/myTrades":
            wanted = params.get("orderId")
            return 200, [t for t in self.trades if wanted is None or str(t["orderId"]) == wanted], 0
        return 404, {"code": -1, "msg": f"no route {method} {path}"}, 0

    def _auth(
        self, query: str, body: str, params: dict[str, str], headers: dict[str, str]
    ) -> tuple[int, dict[str, Any]] | None:
        lower = {k.lower(): v for k, v in headers.items()}
        sent = lower.get("x-mbx-apikey") or ""
        if not sent.isalnum():
            return 401, {"code": -2014, "msg": "API-key format invalid."}
        if sent != self.key:
            return 401, {"code": -2015, "msg": "Invalid API-key, IP, or permissions for action."}
        signed = "&".join(p for p in (query, body) if p)
        payload, _, signature = signed.rpartition("&signature=")
        expected = hmac.new(self.secret.encode(), payload.encode(), hashlib.sha256).hexdigest()
        if not signature or not hmac.compare_digest(signature, expected):
            return 400, {"code": -1022, "msg": "Signature for this request is not valid."}
        window = int(params.get("recvWindow", "5000"))
        timestamp = int(params.get("timestamp", "0"))
        now = self.now_ms()
        if timestamp >= now + 1000 or now - timestamp > window:
            return 400, {"code": -1021, "msg": "Timestamp for this request is outside of the recvWindow."}
        return None

    def _exchange_info(self) -> dict[str, Any]:
        symbols = []
        for symbol, (tick, step, min_qty, max_qty, notional) in FILTERS.items():
            base = symbol.removesuffix("USDT")
            symbols.append(
                {
                    "symbol": symbol,
                    "status": "TRADING",
                    "baseAsset": base,
                    "baseAssetPrecision": 8,
                    "quoteAsset": "USDT",
                    "quotePrecision": 8,
                    "quoteAssetPrecision": 8,
                    "orderTypes": [
                        "LIMIT",
                        "LIMIT_MAKER",
                        "MARKET",
                        "STOP_LOSS",
                        "STOP_LOSS_LIMIT",
                        "TAKE_PROFIT",
                        "TAKE_PROFIT_LIMIT",
                    ],
                    "isSpotTradingAllowed": True,
                    "isMarginTradingAllowed": False,
                    "permissions": ["SPOT"],
                    "permissionSets": [["SPOT"]],
                    "filters": [
                        {
                            "filterType": "PRICE_FILTER",
                            "minPrice": tick,
                            "maxPrice": "1000000",
                            "tickSize": tick,
                        },
                        {"filterType": "LOT_SIZE", "minQty": min_qty, "maxQty": max_qty, "stepSize": step},
                        {"filterType": "NOTIONAL", "minNotional": notional, "applyMinToMarket": True},
                    ],
                }
            )
        return {"timezone": "UTC", "serverTime": self.now_ms(), "rateLimits": [], "symbols": symbols}

    def _account(self) -> dict[str, Any]:
        return {
            "canTrade": True,
            "accountType": "SPOT",
            "balances": [{"asset": a, "free": str(v), "locked": "0"} for a, v in self.balances.items()],
            "permissions": ["SPOT"],
        }

    def _dropped(self) -> tuple[int, Any, float]:
        """An order the exchange never got: a 503 after ``stall_seconds`` (the client's timeout)."""
        unable = {"code": -1001, "msg": "Internal error; unable to process your request."}
        return 503, unable, self.stall_seconds

    def _place(self, params: dict[str, str]) -> tuple[int, Any, float]:
        symbol, side = params.get("symbol", ""), params.get("side", "")
        cid = params.get("newClientOrderId", "")
        if cid in self.orders:
            return 400, {"code": -2010, "msg": "Duplicate order sent."}, 0
        if params.get("type", "MARKET") != "MARKET":
            return self._rest(params)
        _tick, step, min_qty, max_qty, min_notional = FILTERS[symbol]
        quantity = Decimal(params.get("quantity", "0"))
        if (
            quantity < Decimal(min_qty)
            or quantity > Decimal(max_qty)
            or (quantity - Decimal(min_qty)) % Decimal(step)
        ):
            return 400, {"code": -1013, "msg": "Filter failure: LOT_SIZE"}, 0
        price = self.ask[symbol] if side == "BUY" else self.bid[symbol]
        notional = quantity * price
        if notional < Decimal(min_notional):
            return 400, {"code": -1013, "msg": "Filter failure: NOTIONAL"}, 0
        base = symbol.removesuffix("USDT")
        commission = quantity * Decimal("0.001") if side == "BUY" else notional * Decimal("0.001")
        if side == "BUY":
            if self.balances["USDT"] < notional:
                return (
                    400,
                    {"code": -2010, "msg": "Account has insufficient balance for requested action."},
                    0,
                )
            self.balances["USDT"] -= notional
            self.balances[base] += quantity - commission
        else:
            if self.balances[base] < quantity:
                return (
                    400,
                    {"code": -2010, "msg": "Account has insufficient balance for requested action."},
                    0,
                )
            self.balances[base] -= quantity
            self.balances["USDT"] += notional - commission
        self._next_id += 1
        now = self.now_ms()
        order = {
            "symbol": symbol,
            "orderId": self._next_id,
            "orderListId": -1,
            "clientOrderId": cid,
            "transactTime": now,
            "time": now,
            "updateTime": now,
            "price": "0.00000000",
            "origQty": str(quantity),
            "executedQty": str(quantity),
            "cummulativeQuoteQty": str(notional),
            "status": "FILLED",
            "timeInForce": "GTC",
            "type": "MARKET",
            "side": side,
            "fills": [
                {
                    "price": str(price),
                    "qty": str(quantity),
                    "commission": str(commission),
                    "commissionAsset": base if side == "BUY" else "USDT",
                    "tradeId": self._next_id,
                }
            ],
        }
        self.orders[cid] = order
        return 200, order, self.stall_seconds if self.stall_orders else 0

    def _rest(self, params: dict[str, str]) -> tuple[int, Any, float]:
        """A LIMIT / STOP_LOSS / TAKE_PROFIT (/ _LIMIT) order: it rests on the book (status NEW).
        What the real one checks first: a stop on the wrong side (-2010 "would trigger
        immediately"); the funds are not locked here (the tests ask only about the order)."""
        kind, side, symbol = params["type"], params["side"], params["symbol"]
        stop = params.get("stopPrice")
        if stop is not None:
            bid = self.bid[symbol]
            below = kind.startswith("STOP_LOSS")
            if (below and Decimal(stop) >= bid) or (not below and Decimal(stop) <= bid):
                return 400, {"code": -2010, "msg": "Order would trigger immediately."}, 0
        self._next_id += 1
        now = self.now_ms()
        order = {
            "symbol": symbol, "orderId": self._next_id, "orderListId": -1,
            "clientOrderId": params["newClientOrderId"], "transactTime": now, "time": now, "updateTime": now,
            "price": params.get("price", "0.00000000"), "origQty": params["quantity"], "executedQty": "0",
            "cummulativeQuoteQty": "0", "status": "NEW", "timeInForce": params.get("timeInForce", "GTC"),
            "type": kind, "side": side, "stopPrice": stop or "0.00000000", "fills": [],
        }  # fmt: skip
        self.orders[params["newClientOrderId"]] = order
        return 200, order, self.stall_seconds if self.stall_orders else 0

    def _oco(self, params: dict[str, str]) -> tuple[int, Any, float]:
        """POST /api/v3/orderList/oco: a SELL's TAKE_PROFIT above and STOP_LOSS below the bid, one
        list; either on the wrong side is refused as the real one does."""
        symbol, bid = params["symbol"], self.bid[params["symbol"]]
        above, below = Decimal(params["aboveStopPrice"]), Decimal(params["belowStopPrice"])
        if params["side"] != "SELL" or above <= bid or below >= bid:
            return 400, {"code": -1131, "msg": "Order would trigger immediately."}, 0
        self._next_id += 1
        list_id, now = self._next_id, self.now_ms()
        reports = []
        for kind, cid, stop in (
            ("STOP_LOSS", params["belowClientOrderId"], below),
            ("TAKE_PROFIT", params["aboveClientOrderId"], above),
        ):
            self._next_id += 1
            order = {
                "symbol": symbol, "orderId": self._next_id, "orderListId": list_id, "clientOrderId": cid,
                "transactTime": now, "time": now, "updateTime": now, "price": "0.00000000",
                "origQty": params["quantity"], "executedQty": "0", "cummulativeQuoteQty": "0",
                "status": "NEW", "timeInForce": "GTC", "type": kind, "side": "SELL", "stopPrice": str(stop),
                "fills": [],
            }  # fmt: skip
            self.orders[cid] = order
            reports.append(order)
        answer = {
            "orderListId": list_id, "contingencyType": "OCO", "listStatusType": "EXEC_STARTED",
            "listOrderStatus": "EXECUTING", "listClientOrderId": params["listClientOrderId"],
            "transactionTime": now, "symbol": symbol,
            "orders": [
                {"symbol": symbol, "orderId": o["orderId"], "clientOrderId": o["clientOrderId"]}
                for o in reports
            ],
            "orderReports": reports,
        }  # fmt: skip
        return 200, answer, self.stall_seconds if self.stall_orders else 0

    def fill_resting(self, client_order_id: str, price: str, commission: str, asset: str) -> None:
        """The book came to a resting order: it fills whole at ``price`` (status FILLED; its trade,
        with the commission, in myTrades — Binance's order lookup carries none)."""
        order = self.orders[client_order_id]
        qty = Decimal(order["origQty"])
        quote = qty * Decimal(price)
        now = self.now_ms()
        order.update(status="FILLED", executedQty=str(qty), cummulativeQuoteQty=str(quote), updateTime=now)
        for other in self.orders.values():  # the rest of its OCO list expires
            if (
                order["orderListId"] != -1
                and other is not order
                and other["orderListId"] == order["orderListId"]
            ):
                other["status"] = "EXPIRED"
        self._next_id += 1
        self.trades.append({
            "symbol": order["symbol"], "id": self._next_id, "orderId": order["orderId"], "orderListId": -1,
            "price": price, "qty": str(qty), "quoteQty": str(quote), "commission": commission,
            "commissionAsset": asset, "time": now, "isBuyer": order["side"] == "BUY", "isMaker": True,
            "isBestMatch": True,
        })  # fmt: skip
