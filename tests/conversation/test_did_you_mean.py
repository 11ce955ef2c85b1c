"""A close tie between intents asks "did you mean …" with a button per candidate; pressing one
starts that request as if it had been routed (its confirmation included), also after a restart.
The candidates come from a router that scores intents (core.conversation.choices.TieAware);
here a router that reports a tie for one message stands in for it."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.routing.router import Route, RouteContext, Router
from tests.conversation.conftest import Desk, codes


class TiedRouter(Router):
    """The registered rules, plus a tie for ``text``: the rule router has no scores."""

    def __init__(self, router: Router, text: str, tie: tuple[Route, ...]) -> None:
        super().__init__(router.rules)
        self.text, self.tie = text, tie

    def ties(self, text: str, context: RouteContext) -> tuple[Route, ...]:
        return self.tie if text == self.text else ()


def tie_on(desk: Desk, text: str, *tie: Route) -> None:
    core = desk.chat.core
    core.router = TiedRouter(core.router, text, tie)


@pytest.mark.parametrize(
    ("create", "text", "labels", "confirm"),
    [
        (
            "添加一个模拟账户，名字叫 main",
            "删掉main",
            ["删除交易所账户（main）", "删除策略（main）"],
            "确认删除",
        ),
        ("add a paper account called main", "drop main", None, "Delete"),
    ],
)
async def test_a_tie_asks_with_a_button_per_candidate_and_the_press_starts_it(
    desk: Desk, create: str, text: str, labels: list[str] | None, confirm: str
) -> None:
    await desk.chat.say(create)
    account = Route("exchange_management", "delete", {"target_ref": {"name": "main"}})
    strategy = Route("strategy_management", "delete", {"target_ref": {"name": "main"}})
    tie_on(desk, text, account, strategy)
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["did_you_mean"]
    assert len(asked.buttons) == 2
    if labels is not None:
        assert [b.label for b in asked.buttons] == labels
    assert all(b.label for b in asked.buttons)
    chat = desk.restart()  # the buttons are tokens in the store: a restart keeps them
    chosen = await chat.press(asked.buttons[0])
    assert chosen.status is Status.AWAITING_CONFIRMATION  # a risky choice still waits
    assert (chosen.route.skill, chosen.route.action) == ("exchange_management", "delete")
    assert chosen.buttons[0].label == confirm
    assert codes(await chat.press(chosen.buttons[0])) == ["account_deleted"]
    assert codes(await chat.press(asked.buttons[1])) == ["button_used"]  # one choice per question


@pytest.mark.parametrize(
    ("text", "locale", "ask", "labels"),
    [
        ("ETH看看", "zh", "你是想：", ["ETH当前价格", "ETH最近走势"]),
        ("eth look", "en", "Did you mean:", ["ETH price now", "ETH recent closes"]),
    ],
)
async def test_a_tie_between_a_price_and_a_chart_labels_both(
    desk: Desk, text: str, locale: str, ask: str, labels: list[str]
) -> None:
    tie_on(
        desk,
        text,
        Route("price", "current", {"symbols": ["ETHUSDT"]}),
        Route("price", "history", {"symbols": ["ETHUSDT"]}),
    )
    asked = await desk.chat.say(text)
    assert asked.locale == locale and asked.blocks[0].text == ask  # type: ignore[union-attr]
    assert [b.label for b in asked.buttons] == labels
    chart = await desk.chat.press(asked.buttons[1])
    assert chart.status is Status.COMPLETED and chart.route.action == "history"


async def test_a_tie_of_one_or_an_undeclared_action_is_no_question(desk: Desk) -> None:
    tie_on(
        desk, "BTC price", Route("price", "current", {"symbols": ["BTCUSDT"]}), Route("price", "explode", {})
    )
    reply = await desk.chat.say("BTC price")
    assert codes(reply) != ["did_you_mean"] and reply.route.skill == "price"
