"""An exchange's name a word before it runs into ("我的币" of "我的币安") is the name: the word
gives the characters back when its shorter reading ends where the name starts ("我的")."""

from __future__ import annotations

from functools import cache

from core.coin_index import CoinIndex
from core.language.tagger import Tagger
from tests.cases import each
from tests.fakes import bundled_catalog, shared_router


@cache
def _tagger() -> Tagger:
    return Tagger(CoinIndex(bundled_catalog()))


@each("text", ["我的币安账户", "删除我的币安账户", "我的幣安帳戶"])
def test_the_exchange_is_read_not_my_coins(text: str) -> None:
    reading = _tagger().read(text)
    assert "binance" in reading.values("exchange")
    assert "noun.my_coins" not in reading.concepts and "filler.mine" in reading.concepts


@each(
    ("text", "skill", "action"),
    [
        ("我的币安账户", "exchange_management", "query"),
        ("my binance account", "exchange_management", "query"),
        ("删除我的币安账户", "exchange_management", "delete"),
        ("我的币都有哪些", "account_query", "positions"),  # my coins, with no name run into
    ],
)
def test_routes(text: str, skill: str, action: str) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, action)


@each(
    ("text", "alias"),
    [
        ("删除我的币安账户", "binance"),
        ("删除币安的账户", "binance"),
        ("删除我的okx账户", "okx"),
        ("delete my binance account", "binance"),
        ("rename my binance account to main", "binance"),
    ],
)
def test_an_account_named_by_its_exchange_is_the_exchange_s(text: str, alias: str) -> None:
    """ "删除我的币安账户" named an account called "币安账户"; now the exchange's accounts."""
    route = shared_router().route(text)
    assert route is not None and route.skill == "exchange_management"
    assert route.slots["target_ref"] == {"alias": alias}


def test_an_account_s_own_name_stays_its_name() -> None:
    route = shared_router().route("删除我的主账户")
    assert route is not None and route.slots["target_ref"] == {"name": "主账户"}
