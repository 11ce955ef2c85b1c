"""The live path through ccxt against a local fake Binance: signatures, clock skew (-1021),
insufficient balance (-2010), filters (-1013), and a timeout answered by a lookup by client
order id (never a blind resend). Nothing reaches the internet."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from core.clock import FixedClock
from core.engine import Core
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.reply import Status
from core.tasks.audit import AuditEntry
from core.trading.memory import MemoryOrderStore
from core.trading.model import OrderIntent, OrderStatus
from core.trading.ports import ExchangeError
from core.trading.service import Placed, TradingService
from core.workspace.accounts import ExchangeAccount
from core.workspace.memory import MemoryAuditLog, MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.trading.conftest import codes, confirm_button, order_of
from tests.trading.fake_binance import KEY, SECRET, FakeBinance
from tests.workspace.conftest import Chat

BOX = MemorySecretBox()


@pytest.fixture
def fake() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        yield server


def account(secret: str = SECRET) -> ExchangeAccount:
    creds = {"api_key": BOX.encrypt(KEY), "api_secret": BOX.encrypt(secret)}
    return ExchangeAccount("7", "console:u", "main", "binance", creds, None, NOW, NOW)


def live(fake: FakeBinance, timeout: float = 5.0) -> CcxtExchanges:
    return CcxtExchanges(BOX, {"binance": Endpoints(fake.base_url, None)}, timeout_seconds=timeout)


def service(fake: FakeBinance, timeout: float = 5.0) -> tuple[TradingService, MemoryOrderStore]:
    market = ScriptedMarket(prices={"BTCUSDT": Decimal("90000.00")}, bids={"BTCUSDT": Decimal("89990.00")})
    orders = MemoryOrderStore(MemoryAuditLog())
    clock = FixedClock(datetime.now(UTC))
    return TradingService(orders, market, MarketCatalog(), clock, live(fake, timeout)), orders


AUDIT = AuditEntry("console:u", "console:c:u:", NOW, "trade_execution", "buy", None, None, "ok")
BUY = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")


async def test_a_signed_market_order_fills_and_is_recorded(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    result = await trading.place(account(), BUY, "dmlive1", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.FILLED
    order = result.order
    assert (order.quantity, order.quote_amount, order.fee, order.fee_asset) == (
        Decimal("0.001"), Decimal("90.0"), Decimal("0.000001"), "BTC",
    )  # fmt: skip
    assert fake.orders["dmlive1"]["side"] == "BUY"  # the client order id reached the exchange
    assert fake.balances["BTC"] == Decimal("0.000999")
    (position,) = await orders.positions("7")
    assert position.quantity == Decimal("0.000999")  # a fee in the coin shrinks what was received
    again = await trading.place(account(), BUY, "dmlive1", AUDIT)
    assert isinstance(again, Placed) and again.duplicate and fake.order_posts == 1


async def test_a_wrong_secret_fails_the_signature_check(fake: FakeBinance) -> None:
    client = live(fake).client(account(secret="not-the-secret"))
    try:
        with pytest.raises(ExchangeError) as caught:
            await client.balances()
    finally:
        await client.aclose()
    assert (caught.value.code, caught.value.message) == ("-1022", "Signature for this request is not valid.")


async def test_clock_skew_is_minus_1021_and_nothing_is_placed(fake: FakeBinance) -> None:
    fake.clock_skew_ms = 60_000
    trading, _ = service(fake)
    with pytest.raises(ExchangeError) as caught:  # the balances read for the plan fails first
        await trading.place(account(), BUY, "dmskew", AUDIT)
    assert caught.value.fault == "clock" and caught.value.code == "-1021"
    assert caught.value.message == "Timestamp for this request is outside of the recvWindow."
    assert fake.order_posts == 0


async def test_an_order_refused_at_the_exchange_keeps_its_code_and_message(fake: FakeBinance) -> None:
    trading, _ = service(fake)
    fake.balances["USDT"] = Decimal("1000")
    acc = account()
    # Fool the local balance check (the exchange's balance drops after the plan): -2010 comes back.
    real = fake._account

    def rich() -> dict[str, object]:
        return {**real(), "balances": [{"asset": "USDT", "free": "100000", "locked": "0"}]}

    fake._account = rich  # type: ignore[method-assign]
    big = replace(BUY, amount=Decimal("0.05"))  # 4,500 USDT > 1,000 held
    result = await trading.place(acc, big, "dmpoor", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.REJECTED
    assert (result.order.error_code, result.order.error_message) == (
        "-2010", "Account has insufficient balance for requested action.",
    )  # fmt: skip


async def test_filters_at_the_exchange_are_minus_1013(fake: FakeBinance) -> None:
    client = live(fake).client(account())
    try:
        with pytest.raises(ExchangeError) as caught:
            await client.market_order("BTCUSDT", "buy", Decimal("0.00002"), "dmtiny", Decimal("90000"))
    finally:
        await client.aclose()
    assert (caught.value.code, caught.value.message) == ("-1013", "Filter failure: NOTIONAL")


async def test_a_timeout_is_answered_by_a_lookup_by_client_order_id_never_a_resend(fake: FakeBinance) -> None:
    fake.stall_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(fake, timeout=1.0)
    result = await trading.place(account(), BUY, "dmslow", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.FILLED
    assert fake.order_posts == 1  # placed once: the timeout was followed by a GET, not a new POST
    assert ("GET", "/api/v3/order") in fake.requests


async def test_a_timeout_with_no_order_at_the_exchange_is_not_placed(fake: FakeBinance) -> None:
    fake.drop_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(fake, timeout=1.0)
    result = await trading.place(account(), BUY, "dmlost", AUDIT)
    assert isinstance(result, Placed) and result.order.status is OrderStatus.REJECTED
    assert result.order.error_code == "not_placed" and fake.order_posts == 1


async def test_a_live_order_by_conversation_is_confirmed_from_a_live_summary(fake: FakeBinance) -> None:
    clock = FixedClock(datetime.now(UTC))
    market = ScriptedMarket(
        prices={"BTCUSDT": Decimal("90000.00")}, bids={"BTCUSDT": Decimal("89990.00")}, clock=clock
    )
    workspace = MemoryWorkspace()
    skills = full_skills(
        market, clock, secrets=BOX, accounts=workspace.accounts, models=workspace.models,
        audit=workspace.audit, live=live(fake),
    )  # fmt: skip
    chat = Chat(Core(store=MemoryStateStore(), skills=skills, clock=clock))
    await chat.say("添加一个币安交易所账户")
    await chat.say("主账户")
    await chat.say(KEY)
    assert codes(await chat.say(SECRET)) == ["account_created"]
    summary = await chat.say("用主账户买 0.001 BTC")
    assert summary.status is Status.AWAITING_CONFIRMATION
    assert "实盘（真实资金）" in str(summary.blocks)
    assert KEY not in str(summary) and SECRET not in str(summary)
    done = await chat.press(confirm_button(summary))
    assert order_of(done).status == "filled" and order_of(done).kind == "live"
    assert fake.order_posts == 1


async def test_closing_a_client_on_a_plain_http_endpoint_waits_for_no_tls_shutdown(fake: FakeBinance) -> None:
    """ccxt's close sleeps 250 ms for TLS connections to wind down; on a plain-HTTP endpoint
    there are none, and every live turn or check that closes its client paid it."""
    local = live(fake).client(account())
    exchange = local._open()
    assert exchange.timeout_on_exit == 0
    await local.aclose()
    real = CcxtExchanges(BOX, {}, timeout_seconds=5.0).client(account())
    assert real._open().timeout_on_exit == 250  # https: ccxt's own wait is kept
    await real.aclose()
