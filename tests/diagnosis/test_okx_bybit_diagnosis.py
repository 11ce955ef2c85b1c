"""exchange_diagnosis on OKX and Bybit accounts, through ccxt against the local fakes
(tests/trading/fake_okx.py, fake_bybit.py): the clock, a signed read and the exchange's own
refusal codes, read-only always."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from core.workspace.accounts import ExchangeAccount
from tests.diagnosis.conftest import BOX, ScriptedClient, ScriptedExchanges, make_desk, only, outcomes
from tests.trading import fake_bybit, fake_okx


@pytest.fixture
def okx() -> Iterator[fake_okx.FakeOkx]:
    with fake_okx.FakeOkx() as server:
        yield server


@pytest.fixture
def bybit() -> Iterator[fake_bybit.FakeBybit]:
    with fake_bybit.FakeBybit() as server:
        yield server


def live(okx: fake_okx.FakeOkx, bybit: fake_bybit.FakeBybit) -> CcxtExchanges:
    endpoints = {"okx": Endpoints(okx.base_url, None), "bybit": Endpoints(bybit.base_url, None)}
    return CcxtExchanges(BOX, endpoints, timeout_seconds=5)


async def test_healthy_okx_and_bybit_keys_pass(okx: fake_okx.FakeOkx, bybit: fake_bybit.FakeBybit) -> None:
    desk = make_desk(live(okx, bybit))
    await desk.account(
        "okx-main", "okx", api_key=fake_okx.KEY, api_secret=fake_okx.SECRET, passphrase=fake_okx.PASSPHRASE
    )
    await desk.account("bybit-main", "bybit", api_key=fake_bybit.KEY, api_secret=fake_bybit.SECRET)
    for name in ("okx-main", "bybit-main"):
        block = only(await desk.chat.say(f"diagnose my {name} account"))
        checks = outcomes(block)
        assert checks["key_format"] == checks["server_time"] == checks["signed_read"] == "ok", block
        assert block.cause_code == "exchange_ok"
    assert okx.order_posts == bybit.order_posts == 0  # read-only, always


async def test_a_wrong_okx_passphrase_is_named(okx: fake_okx.FakeOkx, bybit: fake_bybit.FakeBybit) -> None:
    desk = make_desk(live(okx, bybit))
    await desk.account(
        "okx-main", "okx", api_key=fake_okx.KEY, api_secret=fake_okx.SECRET, passphrase="Not-The-One-9"
    )
    block = only(await desk.chat.say("why does my okx account not work"))
    check = next(c for c in block.checks if c.name == "signed_read")
    assert (check.outcome, check.code) == ("failed", "50105")
    assert block.cause_code == "passphrase_wrong"


async def test_a_wrong_bybit_secret_is_a_signature_error(
    okx: fake_okx.FakeOkx, bybit: fake_bybit.FakeBybit
) -> None:
    desk = make_desk(live(okx, bybit))
    await desk.account("bybit-main", "bybit", api_key=fake_bybit.KEY, api_secret="x" * 36)
    block = only(await desk.chat.say("帮我诊断一下 bybit 账户"))
    check = next(c for c in block.checks if c.name == "signed_read")
    assert (check.outcome, check.code) == ("failed", "10004")
    assert block.cause_code == "signature_invalid"


async def test_a_bybit_clock_off_by_a_minute_is_clock_skew(
    okx: fake_okx.FakeOkx, bybit: fake_bybit.FakeBybit
) -> None:
    bybit.clock_skew_ms = -60_000
    desk = make_desk(live(okx, bybit))
    await desk.account("bybit-main", "bybit", api_key=fake_bybit.KEY, api_secret=fake_bybit.SECRET)
    block = only(await desk.chat.say("diagnose my bybit account"))
    assert outcomes(block)["server_time"] == "failed"
    assert block.cause_code == "clock_skew"


class _SlowClock(ScriptedClient):
    """An exchange that reads its clock as the request arrives and answers 2.4 s later."""

    async def server_time(self) -> datetime:
        read = datetime.now(UTC)
        await asyncio.sleep(2.4)
        return read


class _SlowExchanges(ScriptedExchanges):
    def client(self, account: ExchangeAccount) -> ScriptedClient:
        return _SlowClock({})


async def test_a_slow_answer_about_the_time_is_no_clock_skew() -> None:
    """Half the round trip (1.2 s) is what the midpoint may be off by: more than the 1 s a clock
    may be ahead, so a right clock on a slow or busy link must not be told to sync."""
    desk = make_desk(_SlowExchanges({}))
    await desk.account(
        "main", "okx", api_key="0f3e6c1a-1b2c-4d5e-8f90-123456789abc", api_secret="A" * 32, passphrase="p"
    )
    block = only(await desk.chat.say("diagnose my okx account"))
    assert outcomes(block)["server_time"] == "ok", block
    assert block.cause_code != "clock_skew"
