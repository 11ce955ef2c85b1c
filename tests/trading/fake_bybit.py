"""A fake Bybit spot API (v5, a unified trading account) on 127.0.0.1 for the live trading path. It
checks what the real one checks on a private call: X-BAPI-API-KEY (10003), the timestamp against
X-BAPI-RECV-WINDOW (10002), the hex HMAC-SHA256 of timestamp + key + recv window + query (GET) or
body (POST) under the secret (10004). It places market orders by orderLinkId (used once: 170141),
sized in the base coin only with ``marketUnit=baseCoin`` (a market buy without it is sized in
USDT, as Bybit does), acknowledges them without fill data as Bybit does, rests limit orders
(orderType Limit: listed open by /v5/order/realtime, cancelled by orderLinkId, filled by
``fill_limit``), finds orders by orderLinkId or orderId in /v5/order/realtime and
/v5/order/history, and lists executions.
Endpoints: /v5/market/instruments-info, /market/time, /user/query-api, /account/info,
/account/wallet-balance, /order/create, /order/realtime, /order/history, /execution/list.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl

from tests.trading.fake_exchange import FakeExchange, Fill, Limit

KEY = "fakeBybitKey0123456"
SECRET = "fakeBybitSecret0123456789abcdefghijkl"
MIN_QTY = {"BTCUSDT": "0.000011", "ETHUSDT": "0.00062"}
STEP = {"BTCUSDT": "0.000001", "ETHUSDT": "0.00001"}


def _error(code: int, msg: str, status: int = 200) -> tuple[int, Any, float]:
    return status, {"retCode": code, "retMsg": msg, "result": {}, "retExtInfo": {}, "time": 0}, 0


class FakeBybit(FakeExchange):
    def __init__(self, key: str = KEY, secret: str = SECRET) -> None:
        super().__init__()
        self.key, self.secret = key, secret
        self.order_bodies: list[dict[str, Any]] = []  # every POST /v5/order/create, as sent
        # Spot TP/SL orders (orderFilter=tpslOrder) waiting for their trigger, by orderLinkId,
        # as Bybit renders them; listed by /v5/order/realtime only when asked for that list.
        self.tpsl: dict[str, dict[str, Any]] = {}

    def answer(
        self, method: str, path: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float]:
        params = dict(parse_qsl(query))
        if path == "/v5/market/instruments-info":
            if params.get("category") != "spot":
                return self._ok({"category": params.get("category", ""), "list": [], "nextPageCursor": ""})
            return self._ok({"category": "spot", "list": [self._instrument(s) for s in MIN_QTY]})
        if path == "/v5/market/time":
            now = self.now_ms()
            return self._ok({"timeSecond": str(now // 1000), "timeNano": str(now * 1_000_000)})
        problem = self._auth(method, query, body, headers)
        if problem is not None:
            return problem
        if path == "/v5/user/query-api":
            return self._ok({"readOnly": 0, "uta": 1, "unified": 0, "permissions": {"Spot": ["SpotTrade"]}})
        if path == "/v5/account/info":
            return self._ok({"unifiedMarginStatus": 6, "marginMode": "REGULAR_MARGIN"})
        if path == "/v5/account/wallet-balance":
            if params.get("accountType") != "UNIFIED":
                return _error(10001, "accountType only support UNIFIED.")
            return self._ok({"list": [self._wallet()]})
        if path == "/v5/order/create" and method == "POST":
            self.order_posts += 1
            order = json.loads(body or "{}")
            self.order_bodies.append(order)
            if self.drop_orders:
                status, payload, _ = _error(10016, "Server error.", 503)
                return status, payload, self.stall_seconds
            return self._place(order)
        if path == "/v5/order/cancel" and method == "POST":
            sent = json.loads(body or "{}")
            limit = self.resting.get(str(sent.get("orderLinkId")))
            if sent.get("orderFilter") in (None, "Order") and limit is not None and limit.state == "open":
                limit.state = "cancelled"
                return self._ok({"orderId": limit.order_id, "orderLinkId": limit.client_order_id})
            found = self.tpsl.get(str(sent.get("orderLinkId")))
            if (
                sent.get("orderFilter") != "tpslOrder"
                or found is None
                or found["orderStatus"] != "Untriggered"
            ):
                return _error(170213, "Order does not exist.")
            found["orderStatus"] = "Deactivated"
            return self._ok({"orderId": found["orderId"], "orderLinkId": found["orderLinkId"]})
        if path in ("/v5/order/realtime", "/v5/order/history"):
            listed: list[dict[str, Any]] = []
            if path == "/v5/order/history" or params.get("orderFilter") != "tpslOrder":
                listed += [self._order(f) for f in self.fills.values()]
                listed += [
                    self._limit(o) for o in self.resting.values()
                    if o.state == "open" or path == "/v5/order/history"
                ]  # fmt: skip
            if path == "/v5/order/history" or params.get("orderFilter") == "tpslOrder":
                open_only = path == "/v5/order/realtime"
                listed += [
                    o for o in self.tpsl.values() if o["orderStatus"] == "Untriggered" or not open_only
                ]
            found = [
                o
                for o in listed
                if params.get("orderLinkId") in (None, o["orderLinkId"])
                and params.get("orderId") in (None, o["orderId"])
                and params.get("symbol") in (None, o["symbol"])
            ]
            return self._ok({"category": "spot", "list": found, "nextPageCursor": ""})
        if path == "/v5/execution/list":
            fills = [f for f in self.fills.values() if params.get("symbol") in (None, f.symbol)]
            limit = int(params.get("limit", "50"))
            listed = [self._execution(f) for f in reversed(fills)][:limit]
            return self._ok({"category": "spot", "list": listed, "nextPageCursor": ""})
        return _error(404, f"no route {method} {path}", 404)

    def _ok(self, result: dict[str, Any]) -> tuple[int, Any, float]:
        return (
            200,
            {"retCode": 0, "retMsg": "OK", "result": result, "retExtInfo": {}, "time": self.now_ms()},
            0,
        )

    def _auth(
        self, method: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float] | None:
        lower = {k.lower(): v for k, v in headers.items()}
        if lower.get("x-bapi-api-key") != self.key:
            return _error(10003, "API key is invalid.", 401)
        stamp, window = lower.get("x-bapi-timestamp", "0"), lower.get("x-bapi-recv-window", "5000")
        now = self.now_ms()
        if not (now - int(window) <= int(stamp) < now + 1000):
            return _error(
                10002,
                f"invalid request, please check your server timestamp or recv_window param. "
                f"req_timestamp[{stamp}],server_timestamp[{now}],recv_window[{window}]",
            )
        payload = f"{stamp}{self.key}{window}{body if method == 'POST' else query}"
        expected = hmac.new(self.secret.encode(), payload.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(lower.get("x-bapi-sign", ""), expected):
            return _error(10004, "error sign! origin_string[...]", 401)
        return None

    def _instrument(self, symbol: str) -> dict[str, Any]:
        return {
            "symbol": symbol, "baseCoin": symbol.removesuffix("USDT"), "quoteCoin": "USDT", "innovation": "0",
            "status": "Trading", "marginTrading": "none",
            "lotSizeFilter": {
                "basePrecision": STEP[symbol], "quotePrecision": "0.00000001", "minOrderQty": MIN_QTY[symbol],
                "maxOrderQty": "1000", "minOrderAmt": "5", "maxOrderAmt": "2000000",
            },
            "priceFilter": {"tickSize": "0.01"},
        }  # fmt: skip

    def _wallet(self) -> dict[str, Any]:
        coins = [{"coin": c, "walletBalance": str(v), "locked": "0"} for c, v in self.balances.items()]
        return {"accountType": "UNIFIED", "coin": coins}

    def _place(self, order: dict[str, Any]) -> tuple[int, Any, float]:
        cid = str(order.get("orderLinkId") or "")
        if cid in self.fills:
            return _error(170141, "Duplicate clientOrderId.")
        symbol, side = str(order.get("symbol", "")), str(order.get("side", "")).lower()
        if order.get("orderFilter") == "tpslOrder" and symbol in MIN_QTY:
            return self._rest_tpsl(order)
        if order.get("category") == "spot" and symbol in MIN_QTY and order.get("orderType") == "Limit":
            return self._place_limit(cid, symbol, side, order)
        if order.get("category") != "spot" or symbol not in MIN_QTY or order.get("orderType") != "Market":
            return _error(10001, "params error")
        qty = Decimal(str(order.get("qty", "0")))
        unit = order.get("marketUnit") or ("quoteCoin" if side == "buy" else "baseCoin")
        # In USDT (Bybit's default for a market buy): the quantity is what that buys at the ask.
        quantity = qty if unit == "baseCoin" else (qty / self.ask[symbol]).quantize(Decimal(STEP[symbol]))
        if quantity < Decimal(MIN_QTY[symbol]) or quantity * self.ask[symbol] < 5:
            return _error(170140, "Order value exceeded lower limit.")
        filled = self.fill(symbol, side, quantity, cid)
        if filled is None:
            return _error(170131, "Insufficient balance.")
        answer = self._ok({"orderId": filled.order_id, "orderLinkId": cid})
        return answer[0], answer[1], self.stall_seconds if self.stall_orders else 0

    def _place_limit(self, cid: str, symbol: str, side: str, order: dict[str, Any]) -> tuple[int, Any, float]:
        """A limit order: it rests on the book (New) until ``fill_limit`` or a cancel."""
        if cid in self.resting or cid in self.tpsl:
            return _error(170141, "Duplicate clientOrderId.")
        qty, price = Decimal(str(order.get("qty", "0"))), Decimal(str(order.get("price") or "0"))
        if price <= 0 or qty < Decimal(MIN_QTY[symbol]) or qty * price < 5:
            return _error(170140, "Order value exceeded lower limit.")
        limit = self.rest_limit(symbol, side, qty, price, cid)
        answer = self._ok({"orderId": limit.order_id, "orderLinkId": cid})
        return answer[0], answer[1], self.stall_seconds if self.stall_orders else 0

    @staticmethod
    def _limit(o: Limit) -> dict[str, Any]:
        status = {"open": "New", "cancelled": "Cancelled", "filled": "Filled"}[o.state]
        done = o.filled
        return {
            "orderId": o.order_id, "orderLinkId": o.client_order_id, "symbol": o.symbol,
            "side": o.side.capitalize(), "orderType": "Limit", "price": str(o.price), "qty": str(o.quantity),
            "timeInForce": "GTC", "orderStatus": status, "avgPrice": str(o.price) if done else "",
            "cumExecQty": str(done), "cumExecValue": str(done * o.price), "cumExecFee": str(o.fee),
            "cumFeeDetail": {o.fee_asset: str(o.fee)} if done else {}, "leavesQty": str(o.quantity - done),
            "createdTime": str(o.at_ms), "updatedTime": str(o.at_ms), "category": "spot",
        }  # fmt: skip

    def _rest_tpsl(self, order: dict[str, Any]) -> tuple[int, Any, float]:
        """A spot TP/SL order: it waits for its trigger (status Untriggered). Refused as Bybit
        does: no trigger price, or a trigger the last price is already past."""
        cid, symbol = str(order.get("orderLinkId") or ""), str(order["symbol"])
        if cid in self.tpsl or cid in self.fills:
            return _error(170141, "Duplicate clientOrderId.")
        if not order.get("triggerPrice") or order.get("orderType") not in ("Market", "Limit"):
            return _error(10001, "params error")
        trigger, last = Decimal(str(order["triggerPrice"])), self.bid[symbol]
        falling = str(order.get("triggerDirection")) == "2"
        if (falling and trigger >= last) or (not falling and trigger <= last):
            return _error(170133, "Order price cannot be lower than the trigger price.")
        self._next_id += 1
        now = self.now_ms()
        self.tpsl[cid] = {
            "orderId": str(self._next_id), "orderLinkId": cid, "symbol": symbol,
            "side": str(order.get("side")), "orderType": str(order.get("orderType")),
            "price": str(order.get("price") or "0"), "qty": str(order.get("qty")),
            "triggerPrice": str(trigger), "triggerDirection": 2 if falling else 1, "orderFilter": "tpslOrder",
            "timeInForce": "GTC",
            "orderStatus": "Untriggered", "avgPrice": "", "cumExecQty": "0", "cumExecValue": "0",
            "cumExecFee": "0", "leavesQty": str(order.get("qty")), "createdTime": str(now),
            "updatedTime": str(now), "category": "spot", "stopOrderType": "tpslOrder",
        }  # fmt: skip
        answer = self._ok({"orderId": str(self._next_id), "orderLinkId": cid})
        return answer[0], answer[1], self.stall_seconds if self.stall_orders else 0

    def trigger(self, client_order_id: str, price: str, fee: str) -> None:
        """The bid crossed a TP/SL order's trigger: it sold its quantity at ``price`` (Filled)."""
        o = self.tpsl[client_order_id]
        qty = Decimal(o["qty"])
        o.update(
            orderStatus="Filled", avgPrice=price, cumExecQty=o["qty"], cumExecValue=str(qty * Decimal(price)),
            cumExecFee=fee, cumFeeDetail={"USDT": fee}, leavesQty="0", updatedTime=str(self.now_ms()),
        )  # fmt: skip

    @staticmethod
    def _order(f: Fill) -> dict[str, Any]:
        return {
            "orderId": f.order_id, "orderLinkId": f.client_order_id, "symbol": f.symbol,
            "side": f.side.capitalize(), "orderType": "Market", "price": "0", "qty": str(f.quantity),
            "marketUnit": "baseCoin", "timeInForce": "IOC", "orderStatus": "Filled", "avgPrice": str(f.price),
            "cumExecQty": str(f.quantity), "cumExecValue": str(f.notional), "cumExecFee": str(f.fee),
            "cumFeeDetail": {f.fee_asset: str(f.fee)}, "leavesQty": "0", "createdTime": str(f.at_ms),
            "updatedTime": str(f.at_ms), "category": "spot", "reduceOnly": False,
        }  # fmt: skip

    @staticmethod
    def _execution(f: Fill) -> dict[str, Any]:
        return {
            "symbol": f.symbol, "orderId": f.order_id, "orderLinkId": f.client_order_id,
            "side": f.side.capitalize(), "orderPrice": "0", "orderQty": str(f.quantity),
            "orderType": "Market", "execFee": str(f.fee), "feeCurrency": f.fee_asset, "execId": f.trade_id,
            "execPrice": str(f.price),
            "execQty": str(f.quantity), "execType": "Trade", "execValue": str(f.notional),
            "execTime": str(f.at_ms), "isMaker": False, "feeRate": "0.001",
        }  # fmt: skip
