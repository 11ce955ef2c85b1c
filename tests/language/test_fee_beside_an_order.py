"""An order asked with its fee asked after it ('buy 0.1 btc and tell me the fee') is the order: its
confirmation shows the fee. It read nothing (the fee's words made the whole a question of cost, and
the clause asking it no ask of its own). A fee asked of a trade supposed, asked first, is no order."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


def _asks(text: str) -> list[tuple[str, str | None, object, object]]:
    locale = "en" if text.isascii() else "zh"
    asks = read_asks(text, shared_router(), context({"text": text}), locale=locale)
    return [(r.skill, r.action, r.slots.get("symbol"), r.slots.get("amount")) for r in asks]


@each(
    ("text", "action", "symbol", "amount"),
    [
        ("buy 0.1 btc and tell me the fee", "buy", "BTCUSDT", "base:0.1"),
        ("buy 0.1 btc then tell me the fee", "buy", "BTCUSDT", "base:0.1"),
        ("sell 1 eth and let me know the fee", "sell", "ETHUSDT", "base:1"),
        ("buy 0.1 btc and show me the fees", "buy", "BTCUSDT", "base:0.1"),
        ("买0.1个btc 顺便告诉我手续费多少", "buy", "BTCUSDT", "base:0.1"),
        ("買0.1個btc同埋話我知手續費", "buy", "BTCUSDT", "base:0.1"),
    ],
)
def test_the_order_is_read_its_fee_no_ask(text: str, action: str, symbol: str, amount: str) -> None:
    assert _asks(text) == [("trade_execution", action, symbol, amount)], _asks(text)


@each(
    "text",
    ["what is the fee to buy 0.1 btc", "买1000u的btc手续费多少", "don't buy btc, just tell me the fee"],
)
def test_a_fee_asked_of_a_trade_supposed_is_no_order(text: str) -> None:
    assert not [a for a in _asks(text) if a[0] == "trade_execution"], _asks(text)
