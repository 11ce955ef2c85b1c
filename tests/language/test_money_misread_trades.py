"""Issue 21's money misreads in trade requests, through the conversation engine (zh + en): each
amount read exactly as typed, or refused quoting it and asked again; nothing offered or placed.
A limit order is read with its price, never turned into a market order."""

from __future__ import annotations

import pytest

from core.reply import NoticeBlock, Reply, Status
from tests.trading.conftest import TradeDesk, codes, make_trade_desk


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


def said(reply: Reply) -> str:
    return "\n".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@pytest.mark.parametrize(
    ("text", "symbol", "amount"),
    [
        ("buy $100 of DOGE", "DOGEUSDT", "quote:100"),
        ("买100美元的狗狗币", "DOGEUSDT", "quote:100"),
        ("buy 100$ of SOL", "SOLUSDT", "quote:100"),
        ("买100$的SOL", "SOLUSDT", "quote:100"),
        ("buy 50 bucks of eth", "ETHUSDT", "quote:50"),
        ("pls buy me 2k worth of bitcoin", "BTCUSDT", "quote:2000"),  # was a limit order at 2000
        ("sell 300 worth of eth", "ETHUSDT", "quote:300"),
        ("买价值2000的比特币", "BTCUSDT", "quote:2000"),  # was base:2000 (2,000 BTC)
        ("買價值2000的比特幣", "BTCUSDT", "quote:2000"),
        ("买50刀的以太坊", "ETHUSDT", "quote:50"),
        ("buy 1.5k USDT of BTC", "BTCUSDT", "quote:1500"),
        ("买1.5k USDT的比特币", "BTCUSDT", "quote:1500"),
        ("买一百U的以太坊", "ETHUSDT", "quote:100"),
        ("buy 100U of ETH", "ETHUSDT", "quote:100"),
        ("买一万五U的比特币", "BTCUSDT", "quote:15000"),
        ("buy 0.01 BTC", "BTCUSDT", "base:0.01"),
        ("买0.01个比特币", "BTCUSDT", "base:0.01"),
        ("梭哈大饼", "BTCUSDT", "all"),
        ("all in on btc", "BTCUSDT", "all"),
        ("buy half a bitcoin", "BTCUSDT", "base:0.5"),
        ("buy one eth", "ETHUSDT", "base:1"),
        ("卖掉四分之一的SOL", "SOLUSDT", "fraction:0.25"),
        ("sell a quarter of my sol", "SOLUSDT", "fraction:0.25"),
    ],
)
async def test_an_amount_is_read_with_its_unit(desk: TradeDesk, text: str, symbol: str, amount: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.skill == "trade_execution", reply.route
    assert reply.route.slots.get("amount") == amount
    if symbol != "DOGEUSDT":  # listed, but not traded on the test market: the amount is what counts
        assert reply.route.slots.get("symbol") == symbol


@pytest.mark.parametrize(
    ("text", "never", "amount"),
    [
        ("buy 100$ of SOL", "100 SOL", "0.666 SOL"),  # 100 USDT at 150: never 100 SOL
        ("买50刀的以太坊", "50 ETH", "0.0142"),  # 50 USDT at 3500: never 50 ETH
    ],
)
async def test_a_quote_amount_is_summarised_as_a_quote(
    desk: TradeDesk, text: str, never: str, amount: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, said(reply)
    assert amount in said(reply) and never not in said(reply)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("buy -100 USDT of BTC", "“-100 USDT”"),
        ("买-100 USDT的BTC", "「-100 USDT」"),
        ("buy -0.01 BTC", "“-0.01 BTC”"),
        ("买−0.01个比特币", "「−0.01个比特币」"),
        ("buy 1e9 USDT of BTC", "“1e9 USDT”"),
        ("买1e9 USDT的比特币", "「1e9 USDT」"),
        ("buy 1e400 USDT of BTC", "“1e400 USDT”"),
        ("买1e400U的比特币", "「1e400U」"),
        ("buy 100,5 USDT of BTC", "“100,5 USDT”"),
        ("买 0,5 个比特币", "「0,5 个比特币」"),
        ("buy 0 BTC", "“0 BTC”"),
        ("买 100 200 U 的比特币", "「100 200 U」"),
    ],
)
async def test_an_amount_not_read_exactly_is_refused_and_asked_again(
    desk: TradeDesk, text: str, quoted: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.skill == "trade_execution", reply.route
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", said(reply)
    assert quoted in said(reply)
    assert (reply.status is Status.NEEDS_INPUT and not reply.buttons) or all(
        "confirm" not in (b.label or "").lower() for b in reply.buttons
    )
    assert desk.orders.orders == {}
    # The same question takes the amount once it is read exactly.
    answer = await desk.chat.say("100 USDT" if text.isascii() else "100U")
    assert answer.status is Status.AWAITING_CONFIRMATION, said(answer)


@pytest.mark.parametrize(
    ("start", "answer", "quoted"),
    [
        ("buy BTC", "-100", "“-100”"),
        ("买BTC", "-100", "「-100」"),
        ("buy BTC", "1e9", "“1e9”"),
        ("买BTC", "1e400U", "「1e400U」"),
        ("buy BTC", "0,5", "“0,5”"),
        ("买BTC", "80000,5", "「80000,5」"),
    ],
)
async def test_a_typed_amount_not_read_exactly_is_refused_and_asked_again(
    desk: TradeDesk, start: str, answer: str, quoted: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(answer)
    assert codes(reply) == ["invalid_answer", "ask_amount"], said(reply)
    assert quoted in said(reply)
    assert desk.orders.orders == {}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("place a limit buy for 0.01 BTC at 85000", ("Limit", "85,000.00", "0.01 BTC")),
        ("挂一个限价单，85000 买 0.01 个比特币", ("限价单", "85,000.00", "0.01 BTC")),
        # No ETH held: refused for the balance, at the order's own quantity.
        ("limit sell 0.5 ETH at 4000", ("0.5 ETH", "-2010")),
        ("限价4000卖出0.5个以太坊", ("0.5 ETH", "-2010")),
    ],
)
async def test_a_limit_order_is_read_with_its_price_and_never_placed_at_market(
    desk: TradeDesk, text: str, words: tuple[str, ...]
) -> None:
    """Issue 26: a limit order rests at its own price (tests/orders); before the press nothing is
    stored, and it is never a market order at the price now."""
    reply = await desk.chat.say(text)
    assert reply.route.skill == "trade_execution" and reply.route.action == "limit", reply.route
    for word in words:
        assert word in said(reply), said(reply)
    assert desk.orders.trade_log == {}


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("sell all but 0.01 btc", "“sell all but 0.01 btc”"),
        ("卖出除了0.01个之外的全部BTC", "「0.01个之外的全部」"),
    ],
)
async def test_all_but_an_amount_is_refused_never_a_sale_of_everything(
    desk: TradeDesk, text: str, quoted: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.action == "sell" and reply.route.slots.get("amount") != "all", reply.route
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", said(reply)
    assert quoted in said(reply) and desk.orders.orders == {}
