"""An exchange's name a word before it runs into ("我的币" of "我的币安") is the name: the word
gives the characters back when its shorter reading ends where the name starts ("我的")."""

from __future__ import annotations

from functools import cache

import pytest

from core.coin_index import CoinIndex
from core.language.tagger import Tagger
from tests.fakes import bundled_catalog, shared_router


@cache
def _tagger() -> Tagger:
    return Tagger(CoinIndex(bundled_catalog()))


@pytest.mark.parametrize("text", ["我的币安账户", "删除我的币安账户", "我的幣安帳戶"])
def test_the_exchange_is_read_not_my_coins(text: str) -> None:
    reading = _tagger().read(text)
    assert "binance" in reading.values("exchange")
    assert "noun.my_coins" not in reading.concepts and "filler.mine" in reading.concepts


@pytest.mark.parametrize(
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
