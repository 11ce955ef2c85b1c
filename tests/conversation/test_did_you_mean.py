"""A close tie between intents asks "did you mean …" with a button per candidate; pressing one
starts that request as if it had been routed (its confirmation included), also after a restart.

The language layer reports a tie on the route (``Route.close``). Which messages tie depends on
its intent table, so here a router reports one for a given message, as the layer would; the
candidates are still read by the layer itself (``Layer.route_as``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.reply import NoticeBlock, QuoteBlock, Status
from core.routing.router import NO_CONTEXT, Route, RouteContext, Router
from tests.conversation.conftest import Desk, codes, of


class TiedRouter(Router):
    """The registered routing, with ``close`` intents reported for ``text``."""

    def __init__(self, router: Router, text: str, close: tuple[str, ...]) -> None:
        super().__init__(router.rules, router.layer)
        self.text, self.close = text, close

    def route(self, text: str, context: RouteContext = NO_CONTEXT) -> Route | None:
        found = super().route(text, context)
        return replace(found, close=self.close) if found is not None and text == self.text else found


def tie_on(desk: Desk, text: str, *close: str) -> None:
    core = desk.chat.core
    core.router = TiedRouter(core.router, text, close)


@pytest.mark.parametrize(
    ("text", "labels", "pick", "card"),
    [
        ("ETH 还剩多少", ["查看余额", "ETH当前价格"], 1, QuoteBlock),
        ("how much eth do I have left", ["looking at positions", "ETH price now"], 1, QuoteBlock),
    ],
)
async def test_a_tie_asks_with_a_button_per_candidate_and_the_press_answers_it(
    desk: Desk, text: str, labels: list[str], pick: int, card: type
) -> None:
    best = desk.chat.core.router.route(text)
    assert best is not None
    other = "price.current" if best.skill != "price" else "account_query.balance"
    tie_on(desk, text, other)
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["did_you_mean"]
    assert [b.label for b in asked.buttons] == labels
    chat = desk.restart()  # the buttons are tokens in the store: a restart keeps them
    chosen = await chat.press(asked.buttons[pick])
    assert chosen.status is Status.COMPLETED and of(chosen, card)
    assert codes(await chat.press(asked.buttons[0])) == ["button_used"]  # one choice per question


@pytest.mark.parametrize(("text", "confirm"), [("删掉main", "确认删除"), ("delete main", "Delete")])
async def test_a_risky_candidate_still_waits_for_its_confirmation(
    desk: Desk, text: str, confirm: str
) -> None:
    await desk.chat.say("add a paper account called main")
    tie_on(desk, text, "trader_management.delete")
    asked = await desk.chat.say(text)
    assert codes(asked) == ["did_you_mean"] and len(asked.buttons) == 2
    chosen = await desk.chat.press(asked.buttons[0])
    assert chosen.status is Status.AWAITING_CONFIRMATION
    assert (chosen.route.skill, chosen.route.action) == ("exchange_management", "delete")
    assert chosen.buttons[0].label == confirm
    assert codes(await desk.chat.press(chosen.buttons[0])) == ["account_deleted"]


@pytest.mark.parametrize(
    ("text", "locale", "ask"),
    [("ETH 还剩多少", "zh", "你是想："), ("how much eth do I have left", "en", "Did you mean:")],
)
async def test_the_question_is_in_the_person_s_language(desk: Desk, text: str, locale: str, ask: str) -> None:
    tie_on(desk, text, "price.current", "account_query.balance")
    asked = await desk.chat.say(text)
    notice = asked.blocks[0]
    assert asked.locale == locale and isinstance(notice, NoticeBlock) and notice.text == ask


async def test_a_tie_with_an_undeclared_action_is_no_question(desk: Desk) -> None:
    tie_on(desk, "BTC price", "price_alert.explode")
    reply = await desk.chat.say("BTC price")
    assert codes(reply) != ["did_you_mean"] and reply.route.skill == "price" and of(reply, QuoteBlock)


async def test_a_tied_intent_that_answers_only_what_is_named_is_not_offered_bare(desk: Desk) -> None:
    """ "BTC price" cannot be read as "what does … mean" (no term named): a button for it could
    only fail when pressed (it crashed), so the tie is no question and the price is answered."""
    tie_on(desk, "BTC price", "glossary.explain")
    reply = await desk.chat.say("BTC price")
    assert codes(reply) != ["did_you_mean"] and of(reply, QuoteBlock)
