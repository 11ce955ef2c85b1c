"""A record's act said after a condition nobody watches ("如果阿强停了就删掉它", "if rex stops, delete
it") was done at once. deskmate watches no such thing: the route carries the refusal (slot "later",
reason "condition") and the act is refused saying why, nothing done; a condition on how things stand
now ("如果阿强还在跑就停了它") or a request put politely ("如果可以帮我停了阿强") still acts."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.gazetteer import Gazetteer
from core.language.refusals import refusal_in, refusal_message
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import shared_router

NAMES = RouteContext(names=Gazetteer.of({"trader": ["阿强", "rex"]}))


@each(
    ("text", "action"),
    [
        ("如果阿强停了就删掉它", "delete"),
        ("如果btc跌了就停掉阿强", "stop"),
        ("if rex stops, delete it", "delete"),
        ("if rex loses money stop it", "stop"),
    ],
)
def test_an_act_after_an_unwatched_condition_is_refused(text: str, action: str) -> None:
    (ask,) = read_asks(text, shared_router(), NAMES)
    assert (ask.skill, ask.action) == ("trader_management", action), ask
    assert refusal_in(ask.slots.get("later")) == ("condition", text), ask


@each(
    "text", ["如果阿强还在跑就停了它", "如果可以帮我停了阿强", "if rex is still running, stop it", "stop rex"]
)
def test_a_condition_met_now_or_a_polite_ask_still_acts(text: str) -> None:
    (ask,) = read_asks(text, shared_router(), NAMES)
    assert ask.action == "stop" and "later" not in ask.slots, ask


def test_the_refusal_says_nothing_was_done() -> None:
    assert "nothing was done" in refusal_message("en", "condition", "if rex stops, delete it")
    assert "什么都没做" in refusal_message("zh", "condition", "如果阿强停了就删掉它")
