"""exchange_diagnosis: every exchange code leads to its cause and next step (zh + en), from a
pasted error; live probes through ccxt against a local fake Binance (clock, signature, key,
testnet / mainnet, permissions, bans) and a scripted OKX / Bybit client."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from core.reply import Status
from core.trading.ports import ExchangeError
from tests.diagnosis.conftest import BOX, ScriptedExchanges, make_desk, only, outcomes, steps_text
from tests.trading.fake_binance import KEY, SECRET, FakeBinance

CJK = re.compile(r"[\u4e00-\u9fff]")

# (pasted text, its cause, a word of the first step in en, in zh)
CODES = [
    (
        '{"code":-1021,"msg":"Timestamp for this request is outside of the recvWindow."}',
        "clock_skew",
        "time sync",
        "对时",
    ),
    (
        '{"code":-1022,"msg":"Signature for this request is not valid."}',
        "signature_invalid",
        "secret",
        "Secret",
    ),
    ('{"code":-2014,"msg":"API-key format invalid."}', "key_format", "64 letters", "64 个字母"),
    (
        '{"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}',
        "key_ip_permissions",
        "whitelist",
        "白名单",
    ),
    (
        '{"code":-2010,"msg":"Account has insufficient balance for requested action."}',
        "insufficient_balance",
        "free balance",
        "可用余额",
    ),
    ('{"code":-2010,"msg":"Duplicate order sent."}', "duplicate_order", "order history", "订单记录"),
    (
        '{"code":-2010,"msg":"New order rejected."}',
        "order_rejected",
        "New order rejected.",
        "New order rejected.",
    ),
    ('{"code":-1013,"msg":"Filter failure: LOT_SIZE"}', "lot_size", "step", "步长"),
    ('{"code":-1013,"msg":"Filter failure: PRICE_FILTER"}', "price_filter", "tick", "价格精度"),
    ('{"code":-1013,"msg":"Filter failure: MIN_NOTIONAL"}', "min_notional", "minimum", "最小金额"),
    ('{"code":-1013,"msg":"Filter failure: NOTIONAL"}', "min_notional", "minimum", "最小金额"),
    ('{"code":-1121,"msg":"Invalid symbol."}', "invalid_symbol", "spelling", "写法"),
    (
        'HTTP 429 {"code":-1003,"msg":"Too many requests; current limit is 6000 request weight per '
        '1 MINUTE."}',
        "rate_limited",
        "Wait",
        "等",
    ),
    (
        'HTTP 418 {"code":-1003,"msg":"Way too many requests; IP(1.2.3.4) banned until 1700000000000."}',
        "ip_banned",
        "ban lifts",
        "封禁",
    ),
    (
        'okx {"code":"50105","msg":"Request header OK-ACCESS-PASSPHRASE incorrect."}',
        "passphrase_wrong",
        "passphrase",
        "passphrase",
    ),
    (
        'okx {"code":"50104","msg":"Request header OK-ACCESS-PASSPHRASE cannot be empty."}',
        "passphrase_missing",
        "passphrase",
        "passphrase",
    ),
    ('okx {"code":"50113","msg":"Invalid Sign"}', "signature_invalid", "secret", "Secret"),
    (
        'okx {"code":"50101","msg":"APIKey does not match current environment."}',
        "environment_mismatch",
        "testnet",
        "测试网",
    ),
    (
        'okx {"code":"50110","msg":"Your IP 1.2.3.4 is not included in your API key\'s IP whitelist."}',
        "ip_not_whitelisted",
        "whitelist",
        "白名单",
    ),
    ('bybit {"retCode":10003,"retMsg":"API key is invalid."}', "key_invalid", "still exists", "还在"),
    ('bybit {"retCode":10004,"retMsg":"error sign!"}', "signature_invalid", "secret", "Secret"),
    (
        'bybit {"retCode":10010,"retMsg":"Unmatched IP, please check your API key\'s bound IP addresses."}',
        "ip_not_whitelisted",
        "whitelist",
        "白名单",
    ),
]


@pytest.mark.parametrize(("pasted", "cause", "en_word", "zh_word"), CODES)
async def test_every_exchange_code_has_its_cause_and_next_step(
    pasted: str, cause: str, en_word: str, zh_word: str
) -> None:
    desk = make_desk()
    en = only(await desk.chat.say(f"why does this happen: {pasted}"))
    zh = only(await desk.chat.say(f"为什么报这个错：{pasted}"))
    # An order's own rejection ("Duplicate order sent.") is the order diagnosis's; the rest the exchange's.
    skill = "order_execution_diagnosis" if "order" in pasted.lower() else "exchange_diagnosis"
    for block, word in ((en, en_word), (zh, zh_word)):
        assert block.skill == skill
        assert block.cause_code == cause
        assert block.checks[0].name == "pasted_error" and block.checks[0].outcome == "failed"
        assert word in steps_text(block), (cause, block.next_steps)
    assert not CJK.search(en.cause + steps_text(en)) and CJK.search(zh.cause)


async def test_a_filter_failure_names_the_symbols_rules() -> None:
    desk = make_desk()
    reply = await desk.chat.say('BTC 报错 {"code":-1013,"msg":"Filter failure: LOT_SIZE"}')
    block = only(reply)
    assert block.skill == "exchange_diagnosis"
    assert outcomes(block) == {"pasted_error": "failed", "symbol": "ok"}
    assert "BTCUSDT" in steps_text(block) and "0.00001" in steps_text(block)


async def test_no_live_account_and_no_error_says_there_is_nothing_to_check() -> None:
    desk = make_desk()
    await desk.account("模拟账户", "paper")
    reply = await desk.chat.say("diagnose my exchange account")
    block = only(reply)
    assert reply.route.skill == "exchange_diagnosis" and reply.status is Status.COMPLETED
    assert block.cause_code == "no_live_account" and "paper" in steps_text(block).lower()
    assert reply.audience == "private"


# -- live probes against a local fake Binance ----------------------------------------------------


@pytest.fixture
def mainnet() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        yield server


@pytest.fixture
def testnet() -> Iterator[FakeBinance]:
    with FakeBinance(key="testnetKey" + "x" * 54, secret="testnetSecret" + "y" * 51) as server:
        server.restrictions = None  # the testnet has no /sapi
        yield server


def live(mainnet: FakeBinance, testnet: FakeBinance) -> CcxtExchanges:
    endpoints = {
        "binance": Endpoints(mainnet.base_url, None),
        "binance_testnet": Endpoints(None, testnet.base_url),
    }
    return CcxtExchanges(BOX, endpoints, timeout_seconds=5)


async def test_a_healthy_key_passes_every_check(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    reply = await desk.chat.say("diagnose my binance account")
    block = only(reply)
    assert outcomes(block) == {
        "key_format": "ok",
        "server_time": "ok",
        "signed_read": "ok",
        "permissions": "ok",
        "symbol": "ok",
    }
    assert block.cause_code == "exchange_ok"
    assert ("GET", "/sapi/v1/account/apiRestrictions") in mainnet.requests
    assert not any(p == "/api/v3/order" for _, p in mainnet.requests)  # read-only, always


async def test_clock_skew_is_measured_and_explained(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    mainnet.clock_skew_ms = -8000  # the exchange is 8 s behind: this machine is 8 s ahead
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say("我的币安账户为什么连不上"))
    check = next(c for c in block.checks if c.name == "server_time")
    assert check.outcome == "failed" and check.code == "-1021" and "毫秒" in check.detail
    assert block.cause_code == "clock_skew" and "对时" in block.next_steps[0]


async def test_a_wrong_secret_is_an_invalid_signature(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret="x" * 64)
    block = only(await desk.chat.say("why does binance say invalid signature"))
    assert outcomes(block)["signed_read"] == "failed"
    assert outcomes(block)["environment"] == "ok"  # not a testnet key either
    assert block.cause_code == "signature_invalid"
    assert "x" * 64 not in str(block)


async def test_a_testnet_key_on_mainnet_is_found(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=testnet.key, api_secret=testnet.secret)
    block = only(await desk.chat.say("diagnose my binance account"))
    signed = next(c for c in block.checks if c.name == "signed_read")
    assert (signed.outcome, signed.code) == ("failed", "-2015")
    assert outcomes(block)["environment"] == "failed"
    assert block.cause_code == "testnet_key_on_mainnet"
    assert "testnet" in block.next_steps[0].lower()


async def test_a_mainnet_key_on_the_testnet_is_found(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    desk = make_desk(live(mainnet, testnet))
    await desk.account("测试", "binance_testnet", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say("诊断一下我的测试网账户"))
    assert block.cause_code == "mainnet_key_on_testnet"


async def test_withdrawals_enabled_is_flagged(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    assert mainnet.restrictions is not None
    mainnet.restrictions["enableWithdrawals"] = True
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say("检查一下我的币安账户"))
    assert outcomes(block)["permissions"] == "failed"
    assert block.cause_code == "withdrawals_enabled" and "提现" in block.next_steps[0]


@pytest.mark.parametrize(
    ("status", "body", "cause"),
    [
        (
            429,
            {"code": -1003, "msg": "Too many requests; current limit is 6000 request weight per 1 MINUTE."},
            "rate_limited",
        ),
        (
            418,
            {"code": -1003, "msg": "Way too many requests; IP(127.0.0.1) banned until 1700000000000."},
            "ip_banned",
        ),
        (
            401,
            {"code": -2015, "msg": "Invalid API-key, IP, or permissions for action."},
            "key_ip_permissions",
        ),
        (
            400,
            {"code": -1021, "msg": "Timestamp for this request is outside of the recvWindow."},
            "clock_skew",
        ),
    ],
)
async def test_the_exchanges_answers_to_a_signed_call(
    mainnet: FakeBinance, testnet: FakeBinance, status: int, body: dict[str, object], cause: str
) -> None:
    mainnet.signed_answer = (status, body)
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say("diagnose my binance account"))
    assert outcomes(block)["signed_read"] == "failed"
    assert block.cause_code == cause


async def test_a_key_with_spaces_fails_before_any_call(mainnet: FakeBinance, testnet: FakeBinance) -> None:
    desk = make_desk(live(mainnet, testnet))
    await desk.account("主账户", "binance", api_key=KEY + " ", api_secret=SECRET)
    block = only(await desk.chat.say("diagnose my binance account"))
    assert outcomes(block) == {
        "key_format": "failed",
        "server_time": "skipped",
        "signed_read": "skipped",
        "permissions": "skipped",
        "symbol": "ok",
    }
    assert block.cause_code == "key_format" and not mainnet.requests


async def test_an_unreachable_exchange() -> None:
    endpoints = {"binance": Endpoints("http://127.0.0.1:9", None)}  # nothing listens on port 9
    desk = make_desk(CcxtExchanges(BOX, endpoints, timeout_seconds=2))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say("diagnose my binance account"))
    assert outcomes(block)["server_time"] == "failed"
    assert block.cause_code == "exchange_unreachable"


# -- OKX and Bybit, scripted ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exchange", "error", "cause"),
    [
        (
            "okx",
            ExchangeError("auth", "50105", "Request header OK-ACCESS-PASSPHRASE incorrect."),
            "passphrase_wrong",
        ),
        (
            "okx",
            ExchangeError("auth", "50101", "APIKey does not match current environment."),
            "environment_mismatch",
        ),
        ("okx", ExchangeError("auth", "50110", "Invalid IP"), "ip_not_whitelisted"),
        ("bybit", ExchangeError("auth", "10003", "API key is invalid."), "key_invalid"),
        ("bybit", ExchangeError("auth", "10005", "Permission denied"), "permission_denied"),
    ],
)
async def test_okx_and_bybit_codes(exchange: str, error: ExchangeError, cause: str) -> None:
    desk = make_desk(ScriptedExchanges({exchange: {"balances": error}}))
    creds = {
        "api_key": "0f3e6c1a-1b2c-4d5e-8f90-123456789abc",
        "api_secret": "ABCDEF0123456789ABCDEF0123456789",
    }
    if exchange == "okx":
        creds["passphrase"] = "my-passphrase"
    else:
        creds["api_key"] = "AbCdEf0123456789Gh"
    await desk.account("main", exchange, **creds)
    block = only(await desk.chat.say(f"why does my {exchange} account fail"))
    assert block.cause_code == cause
    assert outcomes(block)["permissions"] == "skipped"


async def test_a_clock_far_behind_on_okx() -> None:
    ahead = datetime.now(UTC) + timedelta(seconds=30)  # the exchange is 30 s ahead of us
    desk = make_desk(ScriptedExchanges({"okx": {"server_time": ahead}}))
    await desk.account(
        "main", "okx", api_key="0f3e6c1a-1b2c-4d5e-8f90-123456789abc", api_secret="A" * 32, passphrase="p"
    )
    block = only(await desk.chat.say("diagnose my okx account"))
    assert outcomes(block)["server_time"] == "failed" and block.cause_code == "clock_skew"
    assert outcomes(block)["permissions"] == "skipped"  # OKX offers no permissions call here


async def test_an_okx_account_without_passphrase() -> None:
    desk = make_desk(ScriptedExchanges({}))
    await desk.account("main", "okx", api_key="0f3e6c1a-1b2c-4d5e-8f90-123456789abc", api_secret="A" * 32)
    block = only(await desk.chat.say("diagnose my okx account"))
    assert block.cause_code == "passphrase_missing"


async def test_several_live_accounts_are_each_checked() -> None:
    desk = make_desk(ScriptedExchanges({}))
    await desk.account("a", "bybit", api_key="AbCdEf0123456789Gh", api_secret="S" * 36)
    await desk.account("b", "bybit", api_key="AbCdEf0123456789Gx", api_secret="S" * 36)
    reply = await desk.chat.say("diagnose my exchange accounts")
    assert [b.title for b in reply.blocks] == ["Exchange diagnosis · a", "Exchange diagnosis · b"]
