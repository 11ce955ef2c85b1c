"""One of their traders moved onto another of their records: "switch alpha to the okx account",
"把 alpha 的模型换成 deepseek" update the trader (were: an account renamed "switch alpha", a model
config "alpha" not found) (zh + en)."""

from __future__ import annotations

import pytest

from core.traders.model import NewTrader
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, dca, text_of


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("switch alpha to the okx account", "account"),
        ("把alpha的账户换成okx", "account"),
        ("把 alpha 的模型换成 deepseek", "model"),
        ("change alpha's model to DeepSeek", "model"),
        # A model said used, no change's verb (routed nowhere before)
        ("have alpha use deepseek", "model"),
        ("让alpha用deepseek", "model"),
        ("讓alpha用deepseek", "model"),
        ("use deepseek-chat for alpha", "model"),
        # The account it trades on, the one it replaces said after ("instead of"): never taken
        ("have alpha trade on okx instead of 模拟账户", "account"),
        ("switch alpha to okx instead of 模拟账户", "account"),
        ("让alpha用okx代替模拟账户", "account"),
        ("讓alpha喺okx度交易，而唔係模拟账户", "account"),
    ],
)
async def test_a_trader_is_moved_onto_another_record(desk: TraderDesk, text: str, field: str) -> None:
    account = await desk.account()
    okx = await desk.account("okx", exchange="okx")
    model = await desk.model()
    strategy = await desk.strategy("定投", dca(), default=True)
    await desk.traders.create(
        NewTrader(OWNER, "alpha", account.id, strategy.id, None, False, False, desk.clock.now()), AUDIT
    )
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "update"), text_of(reply)
    if reply.buttons:
        reply = await desk.chat.press(reply.buttons[0].token)
    trader = next(t for t in await desk.traders.owned(OWNER) if t.name == "alpha")
    if field == "account":
        assert trader.account_id == okx.id, text_of(reply)
    else:
        assert trader.model_id == model.id, text_of(reply)
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["模拟账户", "okx"]
