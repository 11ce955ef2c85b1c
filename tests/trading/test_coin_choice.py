"""A choice between coins ("sell btc or eth 100u", "alert me if btc or eth drops 5%") or several
coins for one alert is refused quoting them, never the first coin's order or alert."""

from __future__ import annotations

from core.reply import Status
from tests.trading.conftest import TradeDesk


async def test_a_buy_of_one_coin_or_another_asks_which_and_keeps_the_amount(desk: TradeDesk) -> None:
    asked = await desk.chat.say("买btc或者eth 100u")
    assert asked.status is Status.NEEDS_INPUT and "btc或者eth" in asked.blocks[0].text  # type: ignore[attr-defined]
    summary = await desk.chat.say("eth")
    assert summary.status is Status.AWAITING_CONFIRMATION and "ETH" in summary.blocks[0].text  # type: ignore[attr-defined]


async def test_an_alert_on_one_coin_or_another_is_refused_quoting_them(desk: TradeDesk) -> None:
    reply = await desk.chat.say("alert me if btc or eth drops 5%")
    assert reply.status is Status.FAILED
    assert "“btc or eth”" in reply.blocks[0].text  # type: ignore[attr-defined]


async def test_an_alert_for_several_coins_says_so_not_unsupported(desk: TradeDesk) -> None:
    reply = await desk.chat.say("set a 90000 alert for btc and eth")
    text = reply.blocks[0].text  # type: ignore[attr-defined]
    assert "“btc and eth”" in text and "refused:" not in text
