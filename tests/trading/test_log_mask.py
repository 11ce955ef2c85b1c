"""Nothing secret in any log at any level (issue 22): at DEBUG, ccxt logs every signed request
with its headers (X-MBX-APIKEY, OK-ACCESS-KEY / -SIGN / -PASSPHRASE, X-BAPI-API-KEY / -SIGN) and
Binance's ``signature=`` query. Through the process's own logging set-up and a signed call to each
local exchange fake, no captured record carries the key, the secret or the passphrase: not in its
message, its arguments, its exception text or the line a handler writes."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from adapters.secrets import FernetSecretBox, generate_key, log_mask
from bot.cli import _setup_logging
from bot.settings import Settings
from core.workspace.accounts import ExchangeAccount
from tests.fakes import NOW
from tests.trading import fake_binance, fake_bybit, fake_okx
from tests.trading.fake_exchange import FakeExchange

VENUES: dict[str, tuple[Callable[[], FakeExchange], dict[str, str], str]] = {
    "binance": (
        fake_binance.FakeBinance,
        {"api_key": fake_binance.KEY, "api_secret": fake_binance.SECRET},
        "X-MBX-APIKEY",
    ),
    "okx": (
        fake_okx.FakeOkx,
        {"api_key": fake_okx.KEY, "api_secret": fake_okx.SECRET, "passphrase": fake_okx.PASSPHRASE},
        "OK-ACCESS-KEY",
    ),
    "bybit": (
        fake_bybit.FakeBybit,
        {"api_key": fake_bybit.KEY, "api_secret": fake_bybit.SECRET},
        "X-BAPI-API-KEY",
    ),
}


@pytest.fixture
def debug_logging(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    root = logging.getLogger()
    level = root.level
    settings = Settings(_env_file=None, log_level="DEBUG", market="demo")  # type: ignore[call-arg]
    _setup_logging(settings)  # what every deskmate process does first
    root.setLevel(logging.DEBUG)
    caplog.set_level(logging.DEBUG)
    try:
        yield caplog
    finally:
        log_mask.uninstall()
        root.setLevel(level)


def _leaks(records: list[logging.LogRecord], secrets: list[str]) -> list[str]:
    formatter = logging.Formatter("%(name)s %(message)s")
    found = []
    for record in records:
        texts = [record.getMessage(), repr(record.args), record.exc_text or "", record.stack_info or ""]
        texts.append(formatter.format(record))
        found += [f"{record.name}: {s[:4]}…" for s in secrets for t in texts if s in t]
    return found


@pytest.mark.parametrize("exchange", list(VENUES))
async def test_signed_calls_at_debug_log_no_key_secret_or_passphrase(
    exchange: str, debug_logging: pytest.LogCaptureFixture
) -> None:
    make, creds, header = VENUES[exchange]
    box = FernetSecretBox(generate_key())
    sealed = {name: box.encrypt(value) for name, value in creds.items()}
    account = ExchangeAccount("7", "console:u", "main", exchange, sealed, None, NOW, NOW)
    with make() as fake:
        live = CcxtExchanges(box, {exchange: Endpoints(fake.base_url, None)}, timeout_seconds=5.0)
        client = live.client(account)
        try:
            balances = await client.balances()
            placed = await client.market_order(
                "BTCUSDT", "buy", Decimal("0.001"), "dmmask1", Decimal("90000")
            )
        finally:
            await client.aclose()
    assert balances and placed.client_order_id == "dmmask1"  # the calls were signed and accepted
    records = debug_logging.records
    signed = [r.getMessage() for r in records if r.name.startswith("ccxt") and header in r.getMessage()]
    assert len(signed) >= 2, "ccxt logged no signed request at DEBUG: nothing was checked"
    assert all(f"{header}': '***'" in line for line in signed), signed[0]
    assert _leaks(records, list(creds.values())) == []


async def test_an_exception_carrying_a_secret_is_logged_masked(
    debug_logging: pytest.LogCaptureFixture,
) -> None:
    box = FernetSecretBox(generate_key())
    secret = "opened-secret-" + "x" * 20
    box.decrypt(box.encrypt(secret))
    log = logging.getLogger("deskmate.test")

    def fail(value: Any) -> None:
        raise RuntimeError(f"upstream said: bad key {value}")

    try:
        fail(secret)
    except RuntimeError:
        log.exception("call failed for %s", secret)
    log.debug(
        "headers %s", {"Authorization": "Bearer sk-unregistered-token-123", "X-BAPI-SIGN": "abcdef123456"}
    )
    log.debug("GET /api/v3/account?timestamp=1&signature=0a1b2c3d4e5f60718293 passphrase=Hunter2Hunter2")
    log.debug("Authorization: Bearer sk-another-unregistered-456")
    records = debug_logging.records
    assert (
        _leaks(
            records, [secret, "sk-unregistered-token-123", "abcdef123456", "0a1b2c3d4e5f6", "Hunter2Hunter2"]
        )
        == []
    )
    assert "'Authorization': '***'" in records[1].getMessage() and "signature=***" in records[2].getMessage()
    assert records[3].getMessage() == "Authorization: Bearer ***"
    assert records[0].exc_text is not None and "upstream said: bad key ***" in records[0].exc_text
