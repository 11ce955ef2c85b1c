"""A trade at a level ("eth到3000就卖掉", "when eth gets to 3000 sell it", "sell eth if it drops to
3200"): the level is refused as an amount, and whether it is a limit or a stop is never guessed;
but the order stays one at a level. The size answered next ("0.01") never makes it a sale at the
market now: its price is asked, and the summary is a limit order at the price then given."""

from __future__ import annotations

import pytest

from core.reply import DetailsBlock
from tests.conversation.conftest import Desk, codes, of, shown


def _rows(reply: object) -> str:
    return "\n".join(str(b) for b in of(reply, DetailsBlock))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "price_word"),
    [
        ("eth到3000就卖掉", "价"),
        ("以太幣到3000就沽", "價"),
        ("when eth gets to 3000 sell it", "price"),
        ("sell eth if it drops to 3200", "price"),
        ("sol到了200就买", "价"),
        ("eth过3500就买", "价"),
    ],
)
async def test_the_size_answered_never_makes_it_a_trade_now(desk: Desk, text: str, price_word: str) -> None:
    first = await desk.chat.say(text)
    assert "invalid_slot" in codes(first), (codes(first), first)
    second = await desk.chat.say("0.01")
    said = shown(second) + _rows(second)
    assert "ask_limit_price" in codes(second), (codes(second), said)  # its price asked next
    assert price_word in said.lower(), said
    assert all(o.order_type != "market" for o in desk.orders.orders.values()), desk.orders.orders


def _no_market(desk: Desk) -> None:
    assert all(o.order_type != "market" for o in desk.orders.orders.values()), desk.orders.orders


@pytest.mark.parametrize("text", ["sol到140就买", "when sol gets to 140 buy it"])
async def test_the_price_then_given_is_a_limit_order_there(desk: Desk, text: str) -> None:
    await desk.chat.say(text)
    await desk.chat.say("1")
    summary = await desk.chat.say("140")
    assert "confirm_limit" in codes(summary), (codes(summary), summary)
    assert "140.00 USDT" in _rows(summary), summary
    _no_market(desk)
