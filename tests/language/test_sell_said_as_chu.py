"""The word "出" alone is a sale in traders' slang only right before what is sold, an amount or a coin
("帮我出0.05个比特币", "出 0.5 个 eth", "把eth出一半"), and only where it starts a word: Chinese
has it in every other word ("出现", "出错", "退出", "转出", "把我踢出来"). Lexicon data
(verb.sell before_object) and one condition in the tagger; these sales went nowhere before."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "symbol", "amount"),
    [("帮我出0.05个比特币", "BTCUSDT", "base:0.05"), ("出 0.5 个 eth", "ETHUSDT", "base:0.5"),
     ("出一半eth", "ETHUSDT", "fraction:0.5"), ("把eth出一半", "ETHUSDT", "fraction:0.5"),
     ("幫我出0.1個以太幣", "ETHUSDT", "base:0.1")],
)  # fmt: skip
def test_chu_before_what_is_sold_sells_it(text: str, symbol: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "sell"), route
    assert (route.slots.get("symbol"), route.slots.get("amount")) == (symbol, amount), route


@each(
    "text",
    ["转出0.1个btc", "取出100u", "退出btc策略", "出现0.5%的跌幅", "你贴出的错误", "把我踢出来", "出金100u",
     "btc出错了", "输出 eth 的价格"],
)  # fmt: skip
def test_chu_inside_another_word_sells_nothing(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "sell", route


def test_money_taken_out_to_buy_is_a_buy() -> None:
    route = _route("拿出100u买eth")
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy"), route
