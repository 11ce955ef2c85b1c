"""A message no rule reads, near known ways of asking for something, gets "did you mean" with a
button for each intent its nearest known phrasings name (core.language.nearest), when no model is
configured to read it instead; pressing one starts that request as a routed one would. Nothing is
done on the guess alone, and a message near nothing still gets the short miss."""

from __future__ import annotations

import pytest

from core.events import ChatKind
from core.reply import Reply, Status
from tests.conversation.conftest import Desk, codes, shown
from tests.workspace.conftest import Chat


def offered(reply: Reply) -> list[str]:
    """The intents a "did you mean" of the nearest known phrasings offered, in order."""
    steps = [s for s in reply.trace if (s.kind, s.name) == ("route", "nearest")]
    return [f"{c['skill']}.{c['action']}" for s in steps for c in s.args["candidates"]]


@pytest.mark.parametrize(
    ("text", "ask", "first"),
    [
        ("my robots, status report", "I'm not sure I understood. Did you mean:", "trader_management.query"),
        ("网格怎么弄", "我没完全看懂，你是想：", "guidance.explain"),
        ("網格怎麼弄", "我沒完全看懂，你是想：", "guidance.explain"),
        ("how do alerts work here", "I'm not sure I understood. Did you mean:", "guidance.explain"),
    ],
)
async def test_a_near_miss_asks_what_was_meant_with_a_button_each(
    desk: Desk, text: str, ask: str, first: str
) -> None:
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["did_you_mean"]
    assert shown(asked) == ask
    assert 1 <= len(asked.buttons) <= 3
    assert offered(asked)[0] == first and len(offered(asked)) == len(asked.buttons)


async def test_pressing_a_button_starts_that_request(desk: Desk) -> None:
    await desk.chat.say("create a paper trader called rex")
    asked = await desk.chat.say("my robots, status report")
    chosen = await desk.chat.press(asked.buttons[0])
    assert (chosen.route.skill, chosen.route.action) == ("trader_management", "query")
    assert chosen.status is Status.COMPLETED


async def test_a_guess_offers_what_it_may_be_and_does_none_of_it(desk: Desk) -> None:
    asked = await desk.chat.say("what's my damage today")
    assert codes(asked) == ["did_you_mean"] and "pnl.report" in offered(asked)
    assert asked.route is not None and asked.route.skill is None  # nothing started


@pytest.mark.parametrize("text", ["tell me a joke", "给我讲个笑话", "grid is a cool word"])
async def test_a_message_near_nothing_gets_the_short_miss(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply) == ["unsupported_request"] and not reply.buttons


async def test_a_message_holding_a_key_is_never_carried_on_a_button(desk: Desk) -> None:
    reply = await desk.chat.say("my robots, status report sk-abcdefghijklmnopqrstuvwxyz0123456789")
    assert "did_you_mean" not in codes(reply) and reply.delete_inbound


async def test_in_a_group_only_what_a_group_may_use_is_offered(desk: Desk) -> None:
    group = Chat(desk.chat.core, kind=ChatKind.GROUP)
    reply = await group.say("my robots, status report")  # the trader skill is private
    assert all(not name.startswith(("trader_management.", "pnl.")) for name in offered(reply))
    private = await desk.chat.say("my robots, status report")
    assert offered(private)[0] == "trader_management.query"  # the same words, in private
