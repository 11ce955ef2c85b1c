"""An order read through the layer: the account named by the person's own name ("用测试买0.01 btc"),
and "ape ... into <coin>" as a buy of that coin, its amount read exactly or refused (issue 21)."""

from __future__ import annotations

from core.language.gazetteer import Gazetteer
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import full_router


def test_an_order_with_one_of_their_accounts_names_it() -> None:
    router = full_router()
    text = "用测试买0.01 btc"
    plain = router.route(text)
    assert plain is not None and "target_ref" not in plain.slots
    assert router.wants_names(text, plain)  # "用 …": what it is done with may be theirs
    named = router.route(text, RouteContext(names=Gazetteer.of({"account": ["测试"]})))
    assert named is not None
    assert (named.skill, named.action) == ("trade_execution", "buy")
    assert named.slots == {"symbol": "BTCUSDT", "amount": "base:0.01", "target_ref": {"name": "测试"}}


def test_an_account_named_by_its_words_is_kept() -> None:
    names = Gazetteer.of({"account": ["测试"]})
    route = full_router().route("用模拟账户买0.1个以太坊", RouteContext(names=names))
    assert route is not None and route.slots["target_ref"] == {"name": "模拟账户"}


@each(
    ("text", "amount"),
    [("ape 100 usdt into pepe", "quote:100"), ("ape -100 usdt into pepe", "refused:sign:-100 usdt")],
)
def test_aping_into_a_coin_is_a_buy_of_it(text: str, amount: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy")
    assert route.slots == {"symbol": "PEPEUSDT", "amount": amount}


def test_ape_alone_is_still_apecoin_where_a_price_is_asked() -> None:
    route = full_router().route("ape price")
    assert route is not None and route.skill == "price"
    assert route.slots["symbols"] == ["APEUSDT"]
