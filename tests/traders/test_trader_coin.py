"""The coin a trader request names, on the full catalog (everyday-word tickers like ME and AI are
listed there): "a BTC agent for me" is about BTC, never "two coins, so none"."""

from __future__ import annotations

from bot.catalog import bundled_catalog
from core.skills.trader_management.mentions import coin_in
from tests.cases import each


@each(
    ("text", "symbol"),
    [
        ("create a btc agent for me", "BTCUSDT"),
        ("create an ai trader for sol", "SOLUSDT"),
        ("帮我创建一个以太经典的交易员", "ETCUSDT"),
        ("create a trader", None),
        ("create a trader for btc and eth", None),  # two coins: asked, not guessed
    ],
)
def test_the_one_coin_a_trader_request_names(text: str, symbol: str | None) -> None:
    assert coin_in(text, bundled_catalog()) == symbol
