"""A bare span or number ("7d", "一周", "30d?") typed while another skill's question waits is that
question's answer, not a price request: the price rule itself reads it so, from the routing
context (core.routing.router.RouteContext), for every skill; with no question waiting, or with a
coin or a price word, it is a price request as before (zh + en)."""

from __future__ import annotations

import pytest

from core.routing.router import RouteContext
from core.skills.price.rules import PriceRule
from tests.cases import each
from tests.fakes import full_router
from tests.strategies.desk import StrategyDesk, strategy_desk
from tests.workspace.conftest import codes, text_of

WAITING = RouteContext(awaiting="strategy_management")


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@each("text", ["7d", "weekly", "7 days", "30d?", "1d?", "一周", "7天", "一周一次", "4h", "30"])
def test_a_bare_span_is_no_price_request_while_another_task_waits(text: str) -> None:
    router = full_router()
    assert router.route(text, WAITING) is None
    # The rule reads it so itself: the same message with nothing waiting is left as it was.
    readers = router.layer.readers.get("price", ()) if router.layer is not None else ()
    rule = next(r for r in (*router.rules, *readers) if isinstance(r, PriceRule))
    assert rule.route_reading(rule.tagger.read(text), WAITING) is None


@each("text", ["7d", "weekly", "一周", "30d?"])
def test_with_nothing_waiting_a_bare_span_is_still_a_price_history_request(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price", "history")


@each("text", ["btc 7d", "ETH 一周走势", "7天走势", "eth price", "价格", "那 SOL 呢"])
def test_a_coin_or_a_price_word_is_a_price_request_even_while_a_task_waits(text: str) -> None:
    route = full_router().route(text, WAITING)
    assert route is not None and route.skill == "price"


def test_the_price_task_s_own_question_still_takes_a_bare_span() -> None:
    route = full_router().route("7d", RouteContext(awaiting="price"))
    assert route is not None and route.skill == "price"


@pytest.mark.parametrize(
    ("start", "answer", "says"),
    [
        ("create a DCA strategy for ETH", "7d", "is not a number"),
        ("创建一个ETH定投策略", "一周", "不是一个数字"),
    ],
)
async def test_a_span_typed_for_an_amount_is_refused_as_that_answer(
    desk: StrategyDesk, start: str, answer: str, says: str
) -> None:
    asked = await desk.chat.say(start)
    assert codes(asked) == ["ask_quote_amount"]
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management", reply.route
    assert codes(reply) == ["invalid_answer", "ask_quote_amount"] and says in text_of(reply)


@pytest.mark.parametrize(("answer", "interval"), [("weekly", "1w"), ("一周", "1w")])
async def test_a_span_typed_for_an_interval_is_the_interval(
    desk: StrategyDesk, answer: str, interval: str
) -> None:
    await desk.chat.say("create an AI strategy for ETH")
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management" and reply.route.slots["interval"] == interval
