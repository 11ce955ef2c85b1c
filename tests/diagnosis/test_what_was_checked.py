"""A diagnosis says what it knows (issue 24): a check that could not tell is unknown (❔, never
✅) and points to no cause; a testnet that cannot be reached is "couldn't check", not "doesn't
work there"; a -2010 is told with the balance seen against the order; a key refused (-2015)
while reading balances or planning an order is told as a key / IP whitelist / permission
problem, never "temporarily unreachable". Against the local fake Binance, through ccxt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from adapters.exchanges import CcxtExchanges, Endpoints
from core.diagnosis.layout import check_line, sections
from core.reply import NoticeBlock, Reply
from core.tasks.audit import AuditEntry
from core.trading.model import NewOrder, OrderStatus, Rejection
from core.trading.ports import Settlement
from core.workspace.accounts import ExchangeAccount, NewExchangeAccount
from tests.diagnosis.conftest import BOX, make_desk, only, outcomes, steps_text
from tests.trading.conftest import OWNER, TradeDesk, make_trade_desk
from tests.trading.fake_binance import KEY, SECRET, FakeBinance

CJK = re.compile(r"[\u4e00-\u9fff]")
ASK_DIAGNOSIS = {"zh": "诊断一下我的币安账户", "en": "diagnose my binance account"}


@pytest.fixture
def mainnet() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        yield server


def endpoints(mainnet: FakeBinance, testnet_url: str = "http://127.0.0.1:9") -> CcxtExchanges:
    # Nothing listens on port 9: the testnet cannot be reached.
    table = {"binance": Endpoints(mainnet.base_url, None), "binance_testnet": Endpoints(None, testnet_url)}
    return CcxtExchanges(BOX, table, timeout_seconds=3)


def rendered(block: object, locale: str) -> str:
    return "\n".join(line for s in sections(block, locale) for line in s.lines)  # type: ignore[arg-type]


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_permissions_the_exchange_did_not_state_are_unknown_never_a_tick(
    mainnet: FakeBinance, locale: str
) -> None:
    mainnet.restrictions = {}  # the endpoint answers, but says nothing about the key
    desk = make_desk(endpoints(mainnet))
    await desk.account("main", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say(ASK_DIAGNOSIS[locale]))
    assert outcomes(block)["permissions"] == "unknown"
    line = next(check_line(c) for c in block.checks if c.name == "permissions")
    assert not line.startswith("✅") and line.startswith("❔")
    assert "?" not in line and ("未知" in line if locale == "zh" else "unknown" in line)
    assert block.cause_code == "partly_checked"  # not "nothing wrong found"
    assert ("无法确认" if locale == "zh" else "could not be confirmed") in block.cause
    assert "✅" not in block.happened and bool(CJK.search(rendered(block, locale))) is (locale == "zh")


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_unreadable_permissions_call_is_unknown(mainnet: FakeBinance, locale: str) -> None:
    mainnet.restrictions = None  # the endpoint is missing on this server: an error, not an answer
    desk = make_desk(endpoints(mainnet))
    await desk.account("主账户", "binance", api_key=KEY, api_secret=SECRET)
    block = only(await desk.chat.say(ASK_DIAGNOSIS[locale]))
    assert outcomes(block)["permissions"] == "unknown"
    assert block.cause_code == "partly_checked"


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_unreachable_testnet_is_couldnt_check_not_doesnt_work(
    mainnet: FakeBinance, locale: str
) -> None:
    desk = make_desk(endpoints(mainnet))
    other = "testnetKey" + "x" * 54  # refused by mainnet (-2015); the testnet is down
    await desk.account("主账户", "binance", api_key=other, api_secret="testnetSecret" + "y" * 51)
    block = only(await desk.chat.say(ASK_DIAGNOSIS[locale]))
    env = next(c for c in block.checks if c.name == "environment")
    assert env.outcome == "unknown"
    assert ("连不上" in env.detail) if locale == "zh" else ("couldn't check" in env.detail)
    assert "不能用" not in env.detail and "does not work" not in env.detail
    assert block.cause_code == "key_ip_permissions"  # from the check that ran: mainnet's -2015
    steps = steps_text(block)
    assert ("白名单" in steps) if locale == "zh" else ("whitelist" in steps)


async def live_account(desk: TradeDesk, name: str = "主账户") -> ExchangeAccount:
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    sealed = {"api_key": BOX.encrypt(KEY), "api_secret": BOX.encrypt(SECRET)}
    return await desk.workspace.accounts.create(
        NewExchangeAccount(OWNER, name, "binance", sealed, None, now), audit
    )


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_2010_whose_balance_covers_the_order_now_says_so(mainnet: FakeBinance, locale: str) -> None:
    mainnet.balances["USDT"] = Decimal("1000")
    desk = make_trade_desk(live=endpoints(mainnet))
    account = await live_account(desk)
    cid = "dm" + "a" * 28
    audit = AuditEntry(OWNER, "test", desk.clock.now(), "trade_execution", "buy", None, None, "ok")
    new = NewOrder(
        cid, OWNER, account.id, account.name, "live", "binance", "BTCUSDT", "buy", Decimal("0.00111"),
        desk.clock.now(),
    )  # fmt: skip
    await desk.orders.claim(new, audit)
    refused = Rejection("-2010", "Account has insufficient balance for requested action.")
    await desk.orders.settle(cid, Settlement(OrderStatus.REJECTED, rejection=refused), "BTC", audit)
    block = only(await desk.chat.say("为什么我的订单失败了" if locale == "zh" else "why did my order fail"))
    balance = next(c for c in block.checks if c.name == "balance")
    assert balance.outcome == "ok" and "1000" in balance.detail
    assert block.cause_code == "balance_covers_now"
    assert "1000" in block.cause and "99.99" in block.cause
    assert "不够这笔订单" not in block.cause and "does not cover" not in block.cause
    assert bool(CJK.search(block.cause)) is (locale == "zh")


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_2010_short_of_balance_quotes_both_figures(mainnet: FakeBinance, locale: str) -> None:
    mainnet.balances["USDT"] = Decimal("40")
    desk = make_trade_desk(live=endpoints(mainnet))
    account = await live_account(desk)
    cid = "dm" + "b" * 28
    audit = AuditEntry(OWNER, "test", desk.clock.now(), "trade_execution", "buy", None, None, "ok")
    new = NewOrder(
        cid, OWNER, account.id, account.name, "live", "binance", "BTCUSDT", "buy", Decimal("0.00111"),
        desk.clock.now(),
    )  # fmt: skip
    await desk.orders.claim(new, audit)
    refused = Rejection("-2010", "Account has insufficient balance for requested action.")
    await desk.orders.settle(cid, Settlement(OrderStatus.REJECTED, rejection=refused), "BTC", audit)
    block = only(await desk.chat.say("为什么我的订单失败了" if locale == "zh" else "why did my order fail"))
    assert outcomes(block)["balance"] == "failed"
    assert block.cause_code == "balance_short" and "40" in block.cause and "99.99" in block.cause


def notices(reply: Reply) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@pytest.mark.parametrize(
    ("locale", "ask", "word"),
    [
        ("zh", "主账户的余额", "白名单"),
        ("en", "balance of main", "whitelist"),
        ("zh", "用主账户买 100 USDT 的 BTC", "白名单"),
        ("en", "buy 100 USDT of BTC on main", "whitelist"),
    ],
)
async def test_a_refused_key_is_never_told_as_unreachable(
    mainnet: FakeBinance, locale: str, ask: str, word: str
) -> None:
    mainnet.signed_answer = (401, {"code": -2015, "msg": "Invalid API-key, IP, or permissions for action."})
    desk = make_trade_desk(live=endpoints(mainnet))
    await live_account(desk, "主账户" if locale == "zh" else "main")
    said = notices(await desk.chat.say(ask))
    assert "-2015" in said and word in said, said
    assert "暂时无法访问" not in said and "can't be reached" not in said
