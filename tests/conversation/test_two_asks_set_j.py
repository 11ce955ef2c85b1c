"""Two asks in zh-Hant from blind set J: '順便' joins a second ask whose verb is '幫我看' (a look,
as '看下'), and Taiwan's 損益 is P&L; '跟' joins a price and its trend as '和' does (both).
Lexicon data only: verb.query 帮我看, phrases/price.toml clause 跟."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import shared_router


def _asks(text: str) -> list[tuple[str, str | None]]:
    return [(r.skill, r.action) for r in read_asks(text, shared_router(), RouteContext(), locale="zh")]


@each(
    "text",
    [
        "把 SOL 全賣掉 順便幫我看這個月損益",
        "把sol全卖掉 顺便帮我看这个月盈亏",
        "把 SOL 全賣掉，然後幫我看這個月損益",
    ],
)
def test_a_sale_and_then_the_months_pnl(text: str) -> None:
    assert _asks(text) == [("trade_execution", "sell"), ("pnl", "report")]


@each("text", ["幫我看這個月損益", "帮我看这个月盈亏"])
def test_the_months_pnl_looked_at(text: str) -> None:
    assert _asks(text) == [("pnl", "report")]


@each(
    ("text", "action"),
    [
        ("比特幣現價跟近七天走勢", "both"),
        ("比特币现价跟一周走势", "both"),
        ("比特币现价和一周走势", "both"),
        ("比特币跟以太坊价格", "current"),  # two coins, one ask
        ("比特币跟以太坊走势", "history"),
    ],
)
def test_price_and_trend_joined_by_gen(text: str, action: str) -> None:
    assert _asks(text) == [("price", action)]
