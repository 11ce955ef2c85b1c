"""The glossary explains the trading words people ask about ("什么叫止损", "what does slippage mean",
"合約是什麼"): before, nothing read them ("I can't help with that yet"). Said of one's own, of a
coin or an account, they stay the orders' and the account's questions."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.cases import each
from tests.fakes import full_router
from tests.workspace.conftest import make_desk, text_of


@pytest.mark.parametrize(
    ("text", "term", "said"),
    [
        ("什么叫止损", "stop_loss", "自动卖出"),
        ("what is a stop loss", "stop_loss", "capping the loss"),
        ("止盈是什么意思", "take_profit", "落袋"),
        ("what does slippage mean", "slippage", "price you got"),
        ("滑点是啥", "slippage", "实际成交价格"),
        ("合約是什麼", "futures", "永續合約"),  # answered in traditional characters
        ("what are perps", "futures", "Perpetuals never expire"),
        ("杠杆是啥", "leverage", "放大仓位"),
        ("what is a limit order", "limit_order", "rests on the exchange"),
        ("市价单是什么", "market_order", "立即成交"),
        ("爆仓是什么意思", "liquidation", "强行平掉"),
        ("what is liquidation", "liquidation", "closes the position by force"),
        # Funding: "什麼是資金費率" was the balance (資金), "what is funding rate" nothing.
        ("什麼是資金費率", "funding_rate", "多空雙方"),
        ("什么是 funding rate", "funding_rate", "贴近现货价格"),
        ("what is funding rate", "funding_rate", "longs pay shorts"),
        # fresh set G: a stop-limit order was not a word the glossary knew (no route)
        ("what is a stop limit order", "stop_limit", "trigger"),
        ("止损限价单是什么意思", "stop_limit", "触发价"),
    ],
)
async def test_a_trading_word_is_explained(text: str, term: str, said: str) -> None:
    reply = await make_desk().chat.say(text)
    route = reply.route
    assert route is not None and (route.skill, route.slots.get("term")) == ("glossary", term)
    assert reply.status is Status.COMPLETED and said in text_of(reply)


@each(
    "text",
    ["what is my stop loss on eth", "合约账户里有什么", "我的挂单是什么", "btc 止损 80000 是什么意思"],
)
def test_ones_own_order_or_account_is_not_a_word_to_explain(text: str) -> None:
    route = full_router().route(text)
    assert route is None or route.skill != "glossary", route
