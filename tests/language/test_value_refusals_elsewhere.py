"""Other numbers people type, read by the one value grammar through the conversation engine
(zh + en): a paper account's starting balance is read exactly ("5万U", "10k usdt"), or refused
quoting what was typed and asked for — never replaced by the default balance."""

from __future__ import annotations

import pytest

from tests.trading.conftest import TradeDesk, codes, make_trade_desk
from tests.workspace.conftest import text_of


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


@pytest.mark.parametrize(
    ("text", "quoted", "answer", "balance"),
    [
        ("add a paper account called alt with 1e9 usdt", "“1e9 usdt”", "20000", "20000"),
        ("加一个模拟账户叫 备用，初始资金 -5000", "「-5000」", "5万", "50000"),
        ("add a paper account called alt, balance of 50000,5 usdt", "“50000,5 usdt”", "10k", "10000"),
        ("加一个模拟账户叫 备用，初始资金 5000 6000", "「5000 6000」", "两万", "20000"),
    ],
)
async def test_a_starting_balance_not_read_exactly_is_refused_and_asked(
    desk: TradeDesk, text: str, quoted: str, answer: str, balance: str
) -> None:
    reply = await desk.chat.say(text)
    assert "invalid_slot" in codes(reply) and codes(reply)[-1] == "ask_paper_balance", text_of(reply)
    assert quoted in text_of(reply)
    assert await desk.workspace.accounts.owned("console:user-1") == []
    done = await desk.chat.say(answer)
    assert "account_created" in codes(done), text_of(done)
    (account,) = await desk.workspace.accounts.owned("console:user-1")
    assert str(account.paper_balance) == balance


@pytest.mark.parametrize(
    ("text", "balance"),
    [
        ("加一个模拟账户叫 备用，初始资金 5万U", "50000"),
        ("add a paper account called alt with 10k usdt", "10000"),
    ],
)
async def test_a_starting_balance_is_read_exactly(desk: TradeDesk, text: str, balance: str) -> None:
    reply = await desk.chat.say(text)
    assert "account_created" in codes(reply), text_of(reply)
    (account,) = await desk.workspace.accounts.owned("console:user-1")
    assert str(account.paper_balance) == balance
