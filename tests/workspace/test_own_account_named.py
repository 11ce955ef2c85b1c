"""An account question or an order naming one of the person's accounts by its name alone ("测试的
余额", "alt balance"): the account is theirs, read through the layer's gazetteer, never the
default account's balance (issue 21: the person's own names)."""

from __future__ import annotations

import pytest

from core.language.gazetteer import Gazetteer
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import full_router

NAMES = Gazetteer.of({"account": ["测试", "Alt"]})


@each(
    ("text", "action", "name"),
    [
        ("测试的余额", "balance", "测试"),
        ("用测试查余额", "balance", "测试"),
        ("测试余额", "balance", "测试"),
        ("alt balance", "balance", "Alt"),
        ("测试的持仓", "positions", "测试"),
    ],
)
def test_a_question_about_their_account_by_its_name(text: str, action: str, name: str) -> None:
    router = full_router()
    plain = router.route(text)
    assert plain is not None and "target_ref" not in plain.slots
    assert router.wants_names(text, plain)  # the engine reads the names for it
    route = router.route(text, RouteContext(names=NAMES))
    assert route is not None and (route.skill, route.action) == ("account_query", action)
    assert route.slots["target_ref"] == {"name": name}


@each("text", ["我的余额", "my balance", "我的持仓"])
def test_a_question_with_every_word_explained_loads_no_names(text: str) -> None:
    router = full_router()
    assert not router.wants_names(text, router.route(text))


@each(
    ("text", "ref"),
    [
        ("用模拟账户买0.01个比特币", {"name": "模拟账户"}),
        ("在主账户里买 100 usdt 的 btc", {"name": "主账户"}),
        ("通过测试账号买btc 10u", {"name": "测试账号"}),
        ("主账户的余额", {"name": "主账户"}),
        ("buy 0.01 btc on my paper account", {"alias": "paper"}),  # paper trading, as "on paper"
        ("sell 500 doge on the paper account", {"alias": "paper"}),
        ("buy 0.1 btc on my practice account", {"alias": "paper"}),
        ("buy btc with account main", {"name": "main"}),
        ("sell eth using test-1 account", {"name": "test-1"}),
        ("buy 100 USDT of BTC on Main", {"name": "Main"}),
        ("positions on my Main?", {"name": "Main"}),
        ("holdings of my Main !", {"name": "Main"}),
        ("balance on binance", {"alias": "binance"}),
        ("buy btc in my account", None),
        ("buy on the dip", None),
    ],
)
def test_an_account_they_may_not_have_is_read_by_its_words(text: str, ref: dict[str, str] | None) -> None:
    """The account an order or a question names is read whether or not the person has it (so the
    answer can say "you have no account called Main"), without a pattern of its own (issue 21)."""
    from core.markets import MarketCatalog
    from core.workspace.account_named import account_ref
    from core.workspace.trade_reading import CoinNames

    assert account_ref(CoinNames(MarketCatalog()).read(text)) == ref


@each(
    ("text", "amount", "name"),
    [
        ("买 BTC 100 USDT 用账户2", "quote:100", "账户2"),
        ("用账户2买2个btc", "base:2", "账户2"),
        ("buy 100 usdt btc on account 2", "quote:100", "2"),
        ("buy 0.5 eth with account 7", "base:0.5", "7"),
    ],
)
def test_a_number_in_the_account_name_is_no_second_amount(text: str, amount: str, name: str) -> None:
    """Before session 35 the account's number was read as a second amount and the order refused
    ("two numbers"), or, said after 账户, the account was not read at all."""
    route = full_router().route(text)
    assert route is not None and route.action == "buy"
    assert route.slots["amount"] == amount
    assert route.slots["target_ref"] == {"name": name}


def test_an_account_named_after_its_kind_is_theirs() -> None:
    """ "用账户 main 买" / "账户2": the kind's word before the name, as after it ("主账户")."""
    from core.tasks.refs import Target, resolve

    accounts = [Target("1", "main"), Target("2", "2"), Target("3", "账户9")]
    assert [t.id for t in resolve({"name": "账户 main"}, accounts, None)] == ["1"]
    assert [t.id for t in resolve({"name": "账户2"}, accounts, None)] == ["2"]
    assert [t.id for t in resolve({"name": "账户9"}, accounts, None)] == ["3"]  # the whole name first


@each(
    ("text", "name"),
    [
        ("查看主账户里面", {"name": "主账户"}),
        ("看看币安账户里面", {"alias": "binance"}),  # the exchange's accounts (session 41)
        ("list my accounts on okx", {"alias": "okx"}),
        ("what is on my main account", {"name": "main"}),
    ],
)
def test_where_the_account_is_said_is_no_part_of_its_name(text: str, name: dict[str, str]) -> None:
    """Before session 35 "里面", "on", "in" were read into the name ("主账户里面", "on okx"),
    so the answer was about an account the person never named."""
    from core.workspace.reading import read

    found = read(text)
    assert found is not None and found.action == "query"
    assert found.slots["target_ref"] == name


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("用主帳戶買0.01個比特幣", "awaiting_confirmation"),
        ("主帳戶的餘額", "completed"),
        ("用主账户买0.01个比特币", "awaiting_confirmation"),
        ("buy 0.01 btc on my 主 account", "awaiting_confirmation"),
    ],
)
async def test_an_account_named_in_traditional_script_is_read(text: str, status: str) -> None:
    """ "用主帳戶買…" (帳戶, zh-Hant) named no account before session 37: the order went to the
    default account, another record than the one named."""
    from tests.trading.conftest import make_trade_desk
    from tests.trading.conftest import notices as said
    from tests.trading.conftest import open_account as account

    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    await account(desk, "主", "paper")
    reply = await desk.chat.say(text)
    assert reply.status.value == status, said(reply)
    assert reply.route.slots["target_ref"]["name"] in ("主帳戶", "主账户", "主"), reply.route.slots


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("用副帳戶買0.01個比特幣", "副帳戶"),
        ("用副账户买0.01个比特币", "副账户"),
        ("buy 0.01 btc on my Side account", "Side"),
    ],
)
async def test_an_account_they_do_not_have_is_said_back_in_traditional_script(text: str, name: str) -> None:
    """No account of that name: said back as typed, never the default account in its place."""
    from core.reply import Status
    from tests.trading.conftest import make_trade_desk
    from tests.trading.conftest import notices as said
    from tests.trading.conftest import open_account as account

    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED, said(reply)
    assert name in said(reply) and "测试" in said(reply), said(reply)


@each(
    ("text", "name"),
    [
        ("paper balance", "paper"),
        ("币安的余额", "币安"),
        ("幣安的餘額", "币安"),
        ("what's in paper", "paper"),
    ],
)
def test_their_account_named_like_an_exchange_is_theirs(text: str, name: str) -> None:
    """An account of theirs called "paper" or "币安": a question naming it is about that account,
    not about every account on that exchange (the exchange's alias was read first before session 37)."""
    router = full_router()
    route = router.route(text, RouteContext(names=Gazetteer.of({"account": ["paper", "币安"]})))
    assert route is not None and route.skill == "account_query", route
    assert route.slots["target_ref"] == {"name": name}, route.slots
