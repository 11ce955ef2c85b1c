"""What the local fake exchanges share: an HTTP server on 127.0.0.1 (tests.local_server; ccxt
talks to it), the spot book they fill market orders from, and the knobs of the timeout tests.

A subclass answers ``answer(method, path, query, body, headers)`` with (status, JSON payload,
seconds to wait before answering) and keeps its own wire format; ``fill`` does the bookkeeping
every one of them does the same way: check the balance, move the assets, charge 0.1 % in what
was received, record the fill.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Self
from urllib.parse import urlparse

from tests.local_server import LocalJsonServer, Reply

FEE_RATE = Decimal("0.001")


@dataclass
class Fill:
    """One filled market order, as the fake keeps it (each exchange renders its own JSON)."""

    order_id: str
    client_order_id: str
    symbol: str  # "BTCUSDT"
    side: str  # "buy" | "sell"
    quantity: Decimal
    price: Decimal
    fee: Decimal
    fee_asset: str
    at_ms: int
    trade_id: str

    @property
    def notional(self) -> Decimal:
        return self.quantity * self.price


@dataclass
class Limit:
    """A limit order resting on the fake's book (OKX and Bybit; each renders its own JSON): open
    until ``fill_limit`` fills it whole at its price, or a cancel."""

    order_id: str
    client_order_id: str
    symbol: str
    side: str  # "buy" | "sell"
    quantity: Decimal
    price: Decimal
    at_ms: int
    state: str = "open"  # open | cancelled | filled
    fee: Decimal = Decimal(0)
    fee_asset: str = ""

    def __getitem__(self, key: str) -> Any:  # fake.resting[cid]["state"]
        return getattr(self, key)

    @property
    def filled(self) -> Decimal:
        return self.quantity if self.state == "filled" else Decimal(0)


class FakeExchange:
    """The server and the book; subclasses speak one exchange's API."""

    def __init__(self) -> None:
        self.ask = {"BTCUSDT": Decimal("90000.0"), "ETHUSDT": Decimal("3500.0")}
        self.bid = {"BTCUSDT": Decimal("89990.0"), "ETHUSDT": Decimal("3499.5")}
        self.balances = {"USDT": Decimal("1000"), "BTC": Decimal("0"), "ETH": Decimal("0")}
        self.fills: dict[str, Fill] = {}  # by client order id
        self.clock_skew_ms = 0  # added to the server's clock
        self.stall_orders = False  # place the order, then answer only after ``stall_seconds``
        self.drop_orders = False  # wait ``stall_seconds``, place nothing, answer an error
        self.stall_seconds = 3.0
        self.requests: list[tuple[str, str]] = []  # (method, path)
        self.order_posts = 0
        self.resting: dict[str, Limit] = {}  # limit orders on the book (OKX, Bybit), by client id
        self._lock = threading.Lock()
        self._next_id = 1000
        self._server = LocalJsonServer(self._respond)

    def _respond(self, method: str, target: str, body: str, headers: dict[str, str]) -> Reply:
        url = urlparse(target)
        with self._lock:
            self.requests.append((method, url.path))
            status, payload, delay = self.answer(method, url.path, url.query, body, headers)
        return Reply(status, payload, delay=delay)

    @property
    def base_url(self) -> str:
        return self._server.base_url

    def __enter__(self) -> Self:
        self._server.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.__exit__(*exc)

    def answer(
        self, method: str, path: str, query: str, body: str, headers: dict[str, str]
    ) -> tuple[int, Any, float]:
        raise NotImplementedError

    def now_ms(self) -> int:
        return int(time.time() * 1000) + self.clock_skew_ms

    def rest_limit(self, symbol: str, side: str, quantity: Decimal, price: Decimal, cid: str) -> Limit:
        self._next_id += 1
        found = Limit(str(self._next_id), cid, symbol, side, quantity, price, self.now_ms())
        self.resting[cid] = found
        return found

    def fill_limit(self, client_order_id: str, fee: str, fee_asset: str = "USDT") -> None:
        """The book came to a resting limit order: it filled whole at its price."""
        found = self.resting[client_order_id]
        found.state, found.fee, found.fee_asset = "filled", Decimal(fee), fee_asset

    def fill(self, symbol: str, side: str, quantity: Decimal, client_order_id: str) -> Fill | None:
        """Fill a market order at the ask / bid; None when the balance does not cover it."""
        base = symbol.removesuffix("USDT")
        price = self.ask[symbol] if side == "buy" else self.bid[symbol]
        notional = quantity * price
        if side == "buy":
            if self.balances["USDT"] < notional:
                return None
            fee, fee_asset = quantity * FEE_RATE, base
            self.balances["USDT"] -= notional
            self.balances[base] += quantity - fee
        else:
            if self.balances[base] < quantity:
                return None
            fee, fee_asset = notional * FEE_RATE, "USDT"
            self.balances[base] -= quantity
            self.balances["USDT"] += notional - fee
        self._next_id += 1
        found = Fill(
            str(self._next_id), client_order_id, symbol, side, quantity, price, fee, fee_asset,
            self.now_ms(), f"t{self._next_id}",
        )  # fmt: skip
        self.fills[client_order_id] = found
        return found
