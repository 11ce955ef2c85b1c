"""A fake OKX spot API (v5) on 127.0.0.1 for the live trading path (ccxt talks to it). It checks what
the real one checks on a private call: OK-ACCESS-KEY (50111), the passphrase (50105), the
timestamp within 30 s (50102), the base64 HMAC-SHA256 of timestamp + method + request path (with
its query) + body under the secret (50113). It places market orders by clOrdId (used once: 51016)
and rests limit orders (ordType limit: listed by /trade/orders-pending, cancelled by clOrdId,
filled by ``fill_limit``), sized in the base coin (``tgtCcy=base_ccy``; anything else is refused,
so a buy sized in USDT by mistake shows), acknowledges them without fill data as OKX does (the
adapter reads them back), finds an order by instId + clOrdId (51603 when none), and lists fills.
Endpoints: /api/v5/public/instruments, /public/time, /account/balance, /trade/order (POST, GET),
/trade/batch-orders (what ccxt posts a single order to), /trade/fills and /trade/fills-history.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl

from tests.trading.fake_exchange import FakeExchange, Fill, Limit

KEY = "8c2f6a1e-4b7d-4e21-9a3c-5f0d2e7b1c94"  # the shape of an OKX key (a UUID)
SECRET = "FAKEOKXSECRET0123456789ABCDEF0123"
PASSPHRASE = "Fake-Passphrase-1"
MIN_SIZE = {"BTCUSDT": "0.00001", "ETHUSDT": "0.0001"}


def _inst(symbol: str) -> str:
    return f"{symbol.removesuffix('USDT')}-USDT"


def _symbol(inst_id: str) -> str:
    return inst_id.replace("-", "")


def _error(code: str, msg: str, status: int = 200) -> tuple[int, Any, float]:
    return status, {"code": code, "msg": msg, "data": []}, 0


class FakeOkx(FakeExchange):
    def __init__(self, key: str = KEY, secret: str = SECRET, passphrase: str = PASSPHRASE) -> None:
        super().__init__()
        self.key, self.secret, self.passphrase = key, secret, passphrase
        self.order_bodies: list[dict[str, Any]] = []  # every POST /trade/order, as sent
        # Conditional (stop) and OCO (take-profit + stop-loss, one order) algo orders by
        # algoClOrdId, as OKX renders them (/trade/order-algo).
        self.algos: dict[str, dict[str, Any]] = {}

    def answer(
        self, method: str, path: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float]:
        params = dict(parse_qsl(query))
        if path == "/api/v5/public/instruments":
            return 200, {"code": "0", "msg": "", "data": [self._instrument(s) for s in MIN_SIZE]}, 0
        if path == "/api/v5/public/time":
            return 200, {"code": "0", "msg": "", "data": [{"ts": str(self.now_ms())}]}, 0
        problem = self._auth(method, path, query, body, headers)
        if problem is not None:
            return problem
        if path == "/api/v5/account/balance":
            return self._ok([self._balance()])
        if path in ("/api/v5/trade/order", "/api/v5/trade/batch-orders") and method == "POST":
            # ccxt places a single order through batch-orders (a list of one); both are OKX's.
            self.order_posts += 1
            sent = json.loads(body or "{}")
            batch = sent if isinstance(sent, list) else [sent]
            self.order_bodies.extend(batch)
            if self.drop_orders:
                return 503, {"code": "50001", "msg": "Service temporarily unavailable"}, self.stall_seconds
            if len(batch) != 1:
                return _error("51000", "the fake places one order per request")
            return self._place(batch[0])
        if path == "/api/v5/trade/order-algo" and method == "POST":
            self.order_posts += 1
            sent = json.loads(body or "{}")
            self.order_bodies.append(sent)
            if self.drop_orders:
                return 503, {"code": "50001", "msg": "Service temporarily unavailable"}, self.stall_seconds
            return self._place_algo(sent)
        if path in ("/api/v5/trade/cancel-order", "/api/v5/trade/cancel-batch-orders") and method == "POST":
            sent = json.loads(body or "{}")
            cid = str((sent[0] if isinstance(sent, list) and sent else sent).get("clOrdId", ""))
            limit = self.resting.get(cid)
            if limit is None or limit.state != "open":
                return self._rejected(cid, "51400", "Cancellation failed as the order does not exist")
            limit.state = "cancelled"
            return self._ok([{"ordId": limit.order_id, "clOrdId": cid, "sCode": "0", "sMsg": ""}])
        if path == "/api/v5/trade/orders-pending":  # market orders fill at once: only limits rest
            inst = params.get("instId")
            listed = [self._limit(o) for o in self.resting.values() if o.state == "open"]
            return self._ok([o for o in listed if inst in (None, o["instId"])])
        if path == "/api/v5/trade/orders-algo-pending":
            listed = [
                a for a in self.algos.values()
                if a["state"] == "live" and params.get("ordType") in (None, a["ordType"])
                and params.get("instId") in (None, a["instId"])
            ]  # fmt: skip
            return self._ok(listed)
        if path == "/api/v5/trade/order-algo" and method == "GET":
            algo = self.algos.get(params.get("algoClOrdId", ""))
            if algo is None:
                return _error("51603", "Order does not exist")
            return self._ok([algo])
        if path == "/api/v5/trade/cancel-algos" and method == "POST":
            wanted = json.loads(body or "[]")
            data = []
            for item in wanted:
                algo = self.algos.get(str(item.get("algoClOrdId")))
                if algo is None or algo["state"] != "live":
                    return _error("51603", "Order does not exist")
                algo["state"] = "canceled"
                data.append(
                    {"algoId": algo["algoId"], "algoClOrdId": algo["algoClOrdId"], "sCode": "0", "sMsg": ""}
                )
            return self._ok(data)
        if path == "/api/v5/trade/order" and method == "GET" and "ordId" in params:
            by_id = next((f for f in self.fills.values() if f.order_id == params["ordId"]), None)
            if by_id is None:
                return _error("51603", "Order does not exist")
            return self._ok([self._order(by_id)])
        if path == "/api/v5/trade/order" and method == "GET" and params.get("clOrdId") in self.resting:
            limit = self.resting[params["clOrdId"]]
            if _inst(limit.symbol) != params.get("instId"):
                return _error("51603", "Order does not exist")
            return self._ok([self._limit(limit)])
        if path == "/api/v5/trade/order" and method == "GET":
            found = self.fills.get(params.get("clOrdId", ""))
            if found is None or _inst(found.symbol) != params.get("instId"):
                return _error("51603", "Order does not exist")
            return self._ok([self._order(found)])
        if path in ("/api/v5/trade/fills", "/api/v5/trade/fills-history"):
            if params.get("instType") not in (None, "SPOT"):
                return _error("51000", "Parameter instType error")
            inst = params.get("instId")
            fills = [f for f in self.fills.values() if inst in (None, _inst(f.symbol))]
            return self._ok([self._fill(f) for f in reversed(fills)][: int(params.get("limit", "100"))])
        return _error("404", f"no route {method} {path}", 404)

    @staticmethod
    def _ok(data: list[dict[str, Any]]) -> tuple[int, Any, float]:
        return 200, {"code": "0", "msg": "", "data": data}, 0

    def _auth(
        self, method: str, path: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float] | None:
        lower = {k.lower(): v for k, v in headers.items()}
        if lower.get("ok-access-key") != self.key:
            return _error("50111", "Invalid OK-ACCESS-KEY", 401)
        if lower.get("ok-access-passphrase") != self.passphrase:
            return _error("50105", "Invalid OK-ACCESS-PASSPHRASE", 401)
        stamp = lower.get("ok-access-timestamp", "")
        try:
            sent = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
        except ValueError:
            return _error("50112", "Invalid OK-ACCESS-TIMESTAMP", 401)
        if abs(sent.timestamp() * 1000 - self.now_ms()) > 30_000:
            return _error("50102", "Timestamp request expired", 401)
        request = path + (f"?{query}" if query else "")
        expected = base64.b64encode(
            hmac.new(
                self.secret.encode(), f"{stamp}{method}{request}{body}".encode(), hashlib.sha256
            ).digest()
        ).decode()
        if not hmac.compare_digest(lower.get("ok-access-sign", ""), expected):
            return _error("50113", "Invalid Sign", 401)
        return None

    def _instrument(self, symbol: str) -> dict[str, Any]:
        base = symbol.removesuffix("USDT")
        return {
            "instType": "SPOT", "instId": _inst(symbol), "baseCcy": base, "quoteCcy": "USDT",
            "settleCcy": "", "ctVal": "", "ctMult": "", "ctValCcy": "", "uly": "", "instFamily": "",
            "lever": "", "lotSz": MIN_SIZE[symbol], "minSz": MIN_SIZE[symbol], "tickSz": "0.1",
            "maxLmtSz": "9999999999", "maxMktSz": "1000000", "state": "live", "listTime": "1606468572000",
            "expTime": "", "alias": "", "category": "1", "optType": "", "stk": "",
        }  # fmt: skip

    def _balance(self) -> dict[str, Any]:
        details = [
            {"ccy": ccy, "availBal": str(v), "frozenBal": "0", "cashBal": str(v), "eq": str(v)}
            for ccy, v in self.balances.items()
        ]
        return {"uTime": str(self.now_ms()), "totalEq": "", "details": details}

    def _place(self, order: dict[str, Any]) -> tuple[int, Any, float]:
        cid = str(order.get("clOrdId") or "")
        if not cid or cid in self.fills:
            return (
                _error("51016", "Duplicated clOrdId") if cid else _error("51000", "Parameter clOrdId error")
            )
        symbol, side = _symbol(str(order.get("instId", ""))), str(order.get("side", ""))
        if symbol in MIN_SIZE and order.get("ordType") == "limit" and order.get("tdMode") == "cash":
            return self._place_limit(cid, symbol, side, order)
        if symbol not in MIN_SIZE or order.get("ordType") != "market" or order.get("tdMode") != "cash":
            return _error("51000", "Parameter error")
        if side == "buy" and order.get("tgtCcy") != "base_ccy":
            return _error("51000", "Parameter tgtCcy error: the fake sizes market buys in the base coin only")
        quantity = Decimal(str(order.get("sz", "0")))
        if quantity < Decimal(MIN_SIZE[symbol]):
            return self._rejected(
                cid, "51020", "Order amount should be greater than the min available amount"
            )
        filled = self.fill(symbol, side, quantity, cid)
        if filled is None:
            return self._rejected(cid, "51008", "Order failed. Insufficient USDT balance in account.")
        ack = {"ordId": filled.order_id, "clOrdId": cid, "tag": "", "sCode": "0", "sMsg": "Order placed"}
        return 200, {"code": "0", "msg": "", "data": [ack]}, self.stall_seconds if self.stall_orders else 0

    def _place_limit(self, cid: str, symbol: str, side: str, order: dict[str, Any]) -> tuple[int, Any, float]:
        """A limit order: it rests on the book (state live) until ``fill_limit`` or a cancel."""
        if cid in self.resting:
            return _error("51016", "Duplicated clOrdId")
        quantity, price = Decimal(str(order.get("sz", "0"))), Decimal(str(order.get("px") or "0"))
        if price <= 0 or quantity < Decimal(MIN_SIZE[symbol]):
            return self._rejected(cid, "51000", "Parameter px or sz error")
        limit = self.rest_limit(symbol, side, quantity, price, cid)
        ack = {"ordId": limit.order_id, "clOrdId": cid, "tag": "", "sCode": "0", "sMsg": "Order placed"}
        return 200, {"code": "0", "msg": "", "data": [ack]}, self.stall_seconds if self.stall_orders else 0

    def _limit(self, o: Limit) -> dict[str, Any]:
        state = {"open": "live", "cancelled": "canceled", "filled": "filled"}[o.state]
        done = o.filled
        return {
            "instType": "SPOT", "instId": _inst(o.symbol), "ordId": o.order_id, "clOrdId": o.client_order_id,
            "tag": "", "px": str(o.price), "sz": str(o.quantity), "ordType": "limit", "side": o.side,
            "tdMode": "cash", "accFillSz": str(done), "fillPx": str(o.price) if done else "",
            "fillSz": str(done), "avgPx": str(o.price) if done else "", "state": state,
            "fee": str(-o.fee), "feeCcy": o.fee_asset or "USDT", "cTime": str(o.at_ms), "uTime": str(o.at_ms),
            "fillTime": str(o.at_ms) if done else "",
        }  # fmt: skip

    def _place_algo(self, order: dict[str, Any]) -> tuple[int, Any, float]:
        """A conditional order: a stop-loss (slTriggerPx) or take-profit (tpTriggerPx) that waits
        for its trigger (state live); slOrdPx / tpOrdPx -1 sells at market once triggered."""
        cid = str(order.get("algoClOrdId") or "")
        if not cid or cid in self.algos:
            return (
                _error("51016", "Duplicated algoClOrdId")
                if cid
                else _error("51000", "Parameter algoClOrdId error")
            )
        symbol, kind = _symbol(str(order.get("instId", ""))), order.get("ordType")
        if symbol not in MIN_SIZE or kind not in ("conditional", "oco") or order.get("tdMode") != "cash":
            return _error("51000", "Parameter error")
        bid = self.bid[symbol]
        sl, tp = order.get("slTriggerPx"), order.get("tpTriggerPx")
        if kind == "oco" and not (sl and tp):
            return self._rejected(
                cid, "51000", "Parameter error: an OCO order needs tpTriggerPx and slTriggerPx"
            )
        if (sl and Decimal(str(sl)) >= bid) or (tp and Decimal(str(tp)) <= bid) or not (sl or tp):
            return self._rejected(cid, "51277", "TP trigger price cannot be lower than the last price")
        self._next_id += 1
        now = str(self.now_ms())
        self.algos[cid] = {
            "instType": "SPOT", "instId": order["instId"], "algoId": str(self._next_id), "algoClOrdId": cid,
            "clOrdId": "", "ordType": kind, "side": order.get("side"), "sz": str(order.get("sz")),
            "actualSide": "", "tdMode": "cash", "state": "live", "slTriggerPx": sl or "",
            "slOrdPx": order.get("slOrdPx") or "",
            "tpTriggerPx": tp or "", "tpOrdPx": order.get("tpOrdPx") or "", "ordId": "", "actualSz": "",
            "actualPx": "", "cTime": now, "uTime": now,
        }  # fmt: skip
        ack = {"algoId": str(self._next_id), "algoClOrdId": cid, "clOrdId": "", "sCode": "0", "sMsg": ""}
        return 200, {"code": "0", "msg": "", "data": [ack]}, self.stall_seconds if self.stall_orders else 0

    def trigger(self, algo_client_id: str, leg: str | None = None) -> None:
        """The bid crossed a conditional order's trigger (an OCO's ``leg``: "tp" or "sl"): it
        places its market sell (state effective, ``ordId`` the order it placed, ``actualSide``
        the leg that fired), which fills at the bid."""
        algo = self.algos[algo_client_id]
        algo["actualSide"] = leg or ("tp" if algo["tpTriggerPx"] and not algo["slTriggerPx"] else "sl")
        filled = self.fill(
            _symbol(algo["instId"]), str(algo["side"]), Decimal(algo["sz"]), f"algo-{algo_client_id}"
        )
        assert filled is not None
        algo.update(state="effective", ordId=filled.order_id, actualSz=algo["sz"], uTime=str(self.now_ms()))

    @staticmethod
    def _rejected(cid: str, code: str, msg: str) -> tuple[int, Any, float]:
        data = [{"ordId": "", "clOrdId": cid, "tag": "", "sCode": code, "sMsg": msg}]
        return 200, {"code": "1", "msg": "All operations failed", "data": data}, 0

    def _order(self, f: Fill) -> dict[str, Any]:
        return {
            "instType": "SPOT", "instId": _inst(f.symbol), "ordId": f.order_id, "clOrdId": f.client_order_id,
            "tag": "", "px": "", "sz": str(f.quantity), "ordType": "market", "side": f.side,
            "tdMode": "cash", "tgtCcy": "base_ccy", "accFillSz": str(f.quantity), "fillPx": str(f.price),
            "fillSz": str(f.quantity), "avgPx": str(f.price), "state": "filled",
            "fee": str(-f.fee), "feeCcy": f.fee_asset, "cTime": str(f.at_ms), "uTime": str(f.at_ms),
            "fillTime": str(f.at_ms),
        }  # fmt: skip

    def _fill(self, f: Fill) -> dict[str, Any]:
        return {
            "instType": "SPOT", "instId": _inst(f.symbol), "tradeId": f.trade_id, "ordId": f.order_id,
            "clOrdId": f.client_order_id, "billId": f.trade_id, "tag": "", "fillPx": str(f.price),
            "fillSz": str(f.quantity), "side": f.side, "execType": "T", "feeCcy": f.fee_asset,
            "fee": str(-f.fee), "ts": str(f.at_ms),
        }  # fmt: skip
