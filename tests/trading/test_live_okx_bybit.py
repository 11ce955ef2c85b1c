"""The live path through ccxt against local fakes of OKX and Bybit (spot, v5): a signed market
order carries deskmate's client order id (OKX clOrdId, Bybit orderLinkId) and is read back by it,
the exchange's refusals keep their codes (signature, clock, balance), a timeout is answered by a
lookup by client order id (never a resend), and trades are listed. Nothing reaches the internet."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from core.clock import FixedClock
from core.markets import MarketCatalog
from core.tasks.audit import AuditEntry
from core.trading.memory import MemoryOrderStore
from core.trading.model import OrderIntent, OrderStatus
from core.trading.ports import ExchangeError
from core.trading.service import Placed, TradingService
from core.workspace.accounts import ExchangeAccount
from core.workspace.memory import MemoryAuditLog, MemorySecretBox
from tests.fakes import NOW, ScriptedMarket
from tests.trading import fake_bybit, fake_okx
from tests.trading.fake_exchange import FakeExchange

BOX = MemorySecretBox()
AUDIT = AuditEntry("console:u", "console:c:u:", NOW, "trade_execution", "buy", None, None, "ok")
BUY = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")


@dataclass(frozen=True)
class Venue:
    exchange: str
    make: Callable[[], FakeExchange]
    creds: dict[str, str]
    order_path: str  # where ccxt posts a market order
    lookup_path: str  # where an order is found by its client order id
    client_id_field: str  # the exchange's name for it
    bad_secret: tuple[str, str]  # (code, fault)
    skew: tuple[str, str]
    poor: tuple[str, str]  # (code, message) of a balance the exchange finds short


OKX = Venue(
    "okx", fake_okx.FakeOkx,
    {"api_key": fake_okx.KEY, "api_secret": fake_okx.SECRET, "passphrase": fake_okx.PASSPHRASE},
    "/api/v5/trade/batch-orders", "/api/v5/trade/order", "clOrdId",
    ("50113", "auth"), ("50102", "clock"),
    ("51008", "Order failed. Insufficient USDT balance in account."),
)  # fmt: skip
BYBIT = Venue(
    "bybit", fake_bybit.FakeBybit,
    {"api_key": fake_bybit.KEY, "api_secret": fake_bybit.SECRET},
    "/v5/order/create", "/v5/order/realtime", "orderLinkId",
    ("10004", "auth"), ("10002", "clock"), ("170131", "Insufficient balance."),
)  # fmt: skip
VENUES = [pytest.param(OKX, id="okx"), pytest.param(BYBIT, id="bybit")]


@pytest.fixture(params=VENUES)
def venue(request: pytest.FixtureRequest) -> Venue:
    found: Venue = request.param
    return found


@pytest.fixture
def fake(venue: Venue) -> Iterator[Any]:
    with venue.make() as server:
        yield server


def account(venue: Venue, **override: str) -> ExchangeAccount:
    creds = {k: BOX.encrypt(v) for k, v in {**venue.creds, **override}.items()}
    return ExchangeAccount("7", "console:u", "main", venue.exchange, creds, None, NOW, NOW)


def live(venue: Venue, fake: FakeExchange, timeout: float = 5.0) -> CcxtExchanges:
    return CcxtExchanges(BOX, {venue.exchange: Endpoints(fake.base_url, None)}, timeout_seconds=timeout)


def service(
    venue: Venue, fake: FakeExchange, timeout: float = 5.0
) -> tuple[TradingService, MemoryOrderStore]:
    market = ScriptedMarket(prices={"BTCUSDT": Decimal("90000.0")}, bids={"BTCUSDT": Decimal("89990.0")})
    orders = MemoryOrderStore(MemoryAuditLog())
    clock = FixedClock(datetime.now(UTC))
    return TradingService(orders, market, MarketCatalog(), clock, live(venue, fake, timeout)), orders


def sent_client_ids(fake: Any) -> list[str]:
    field = "clOrdId" if isinstance(fake, fake_okx.FakeOkx) else "orderLinkId"
    return [str(body.get(field)) for body in fake.order_bodies]


async def test_a_signed_market_order_fills_is_read_back_and_recorded(venue: Venue, fake: Any) -> None:
    trading, orders = service(venue, fake)
    result = await trading.place(account(venue), BUY, "dmlive1", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.FILLED
    order = result.order
    assert (order.quantity, order.quote_amount, order.fee, order.fee_asset) == (
        Decimal("0.001"), Decimal("90.0"), Decimal("0.000001"), "BTC",
    )  # fmt: skip
    assert sent_client_ids(fake) == ["dmlive1"]  # deskmate's id reached the exchange as its own field
    assert fake.fills["dmlive1"].quantity == Decimal("0.001")  # sized in BTC, not in USDT
    # The exchange acknowledges a market order without its fill: the adapter read it back by id.
    assert ("GET", venue.lookup_path) in fake.requests
    (position,) = await orders.positions("7")
    assert position.quantity == Decimal("0.000999")  # the fee in the coin shrinks what was received
    again = await trading.place(account(venue), BUY, "dmlive1", AUDIT)
    assert isinstance(again, Placed) and again.duplicate and fake.order_posts == 1


async def test_an_order_is_found_by_its_client_order_id_and_an_unknown_one_is_none(
    venue: Venue, fake: Any
) -> None:
    client = live(venue, fake).client(account(venue))
    try:
        fake.balances["BTC"] = Decimal("1")
        placed = await client.market_order("BTCUSDT", "sell", Decimal("0.002"), "dmsell", Decimal("89990"))
        found = await client.order_by_client_id("BTCUSDT", "dmsell")
        missing = await client.order_by_client_id("BTCUSDT", "dmnever")
        trades = await client.my_trades("BTCUSDT", 10)
    finally:
        await client.aclose()
    assert placed.status == "filled" and placed.client_order_id == "dmsell"
    assert found is not None and (found.status, found.quantity, found.fee_asset) == (
        "filled",
        Decimal("0.002"),
        "USDT",
    )
    assert found.quote_amount == Decimal("179.98") and found.exchange_order_id == placed.exchange_order_id
    assert missing is None
    (trade,) = trades
    assert (trade.side, trade.quantity, trade.price, trade.fee) == (
        "sell", Decimal("0.002"), Decimal("89990.0"), Decimal("0.17998"),
    )  # fmt: skip


async def test_a_wrong_secret_fails_the_signature_check(venue: Venue, fake: Any) -> None:
    client = live(venue, fake).client(account(venue, api_secret="not-the-secret"))
    try:
        with pytest.raises(ExchangeError) as caught:
            await client.balances()
    finally:
        await client.aclose()
    assert (caught.value.code, caught.value.fault) == venue.bad_secret


async def test_clock_skew_is_refused_and_nothing_is_placed(venue: Venue, fake: Any) -> None:
    fake.clock_skew_ms = 60_000
    trading, _ = service(venue, fake)
    with pytest.raises(ExchangeError) as caught:  # the balances read for the plan fails first
        await trading.place(account(venue), BUY, "dmskew", AUDIT)
    assert (caught.value.code, caught.value.fault) == venue.skew
    assert fake.order_posts == 0


async def test_a_balance_the_exchange_finds_short_keeps_its_code_and_message(venue: Venue, fake: Any) -> None:
    trading, _ = service(venue, fake)
    # The plan reads a rich balance; by the time the order arrives the exchange's book is short.
    fake.balances["USDT"] = Decimal("100000")
    big = replace(BUY, amount=Decimal("0.05"))  # 4,500 USDT

    def short(*args: Any) -> None:
        return None

    fake.fill = short
    result = await trading.place(account(venue), big, "dmpoor", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.REJECTED
    assert (result.order.error_code, result.order.error_message) == venue.poor


async def test_a_timeout_is_answered_by_a_lookup_by_client_order_id_never_a_resend(
    venue: Venue, fake: Any
) -> None:
    fake.stall_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(venue, fake, timeout=1.0)
    result = await trading.place(account(venue), BUY, "dmslow", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.FILLED
    assert result.order.quantity == Decimal("0.001")
    assert fake.order_posts == 1  # placed once: the timeout was followed by a lookup, not a new order
    assert ("GET", venue.lookup_path) in fake.requests


async def test_a_timeout_with_no_order_at_the_exchange_is_not_placed(venue: Venue, fake: Any) -> None:
    fake.drop_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(venue, fake, timeout=1.0)
    result = await trading.place(account(venue), BUY, "dmlost", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.REJECTED
    assert result.order.error_code == "not_placed" and fake.order_posts == 1
    assert not fake.fills
