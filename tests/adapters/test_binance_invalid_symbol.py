"""Binance's "Invalid symbol" (-1121), for a coin delisted or halted since the catalog was read,
is told as "not trading on Binance now" (zh+en), not as a response that could not be read
(issue 22). Other 4xx bodies stay "a response I couldn't read"."""

from __future__ import annotations

import httpx
import pytest

from core.market import MarketError, MarketErrorCode
from core.reply import NoticeBlock, Status
from tests.adapters.test_binance_faults import MakeGuarded, clock, guarded  # noqa: F401 - fixtures
from tests.adapters.test_binance_market import Exchange, day
from tests.fakes import Chat, make_core

INVALID_SYMBOL = {"code": -1121, "msg": "Invalid symbol."}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("BTC price", "This coin is not trading on Binance now (Binance says the symbol is invalid"),
        ("BTC 价格", "这个币现在不在币安交易（币安说交易对无效"),
    ],
)
async def test_invalid_symbol_is_told_as_not_trading_on_binance_now(
    guarded: MakeGuarded,  # noqa: F811
    clock: object,  # noqa: F811
    text: str,
    said: str,
) -> None:
    exchange = Exchange(httpx.Response(400, json=INVALID_SYMBOL), day=day())
    core = make_core(guarded(exchange), clock=clock)  # type: ignore[arg-type]
    reply = await Chat(core).say(text)
    (notice,) = [b for b in reply.blocks if isinstance(b, NoticeBlock)]
    assert reply.status is Status.FAILED
    assert notice.code == MarketErrorCode.NOT_TRADING and notice.text.startswith(said)
    assert "couldn't read" not in notice.text and "无法识别" not in notice.text


async def test_another_4xx_is_still_a_response_that_could_not_be_read(guarded: MakeGuarded) -> None:  # noqa: F811
    market = guarded(Exchange(httpx.Response(400, json={"code": -1100, "msg": "Illegal characters."})))
    with pytest.raises(MarketError) as err:
        await market.get_quote("BTCUSDT")
    assert err.value.code == MarketErrorCode.BAD_RESPONSE
