"""A message no rule reads, near known ways of asking for something, gets "did you mean" with a
button for each intent its nearest known phrasings name (core.language.nearest), when no model is
configured to read it instead; pressing one starts that request as a routed one would. Nothing is
done on the guess alone, and a message near nothing still gets the short miss."""

from __future__ import annotations

import pytest

from core.events import ChatKind
from core.language.nearest import NONE, Nearby, known_phrasings
from core.reply import Reply, Status
from core.routing.router import NO_CONTEXT
from tests.conversation.conftest import Desk, codes, shown
from tests.corpus.test_known_phrasings import table
from tests.workspace.conftest import Chat


def offered(reply: Reply) -> list[str]:
    """The intents a "did you mean" of the nearest known phrasings offered, in order."""
    steps = [s for s in reply.trace if (s.kind, s.name) == ("route", "nearest")]
    return [f"{c['skill']}.{c['action']}" for s in steps for c in s.args["candidates"]]


@pytest.mark.parametrize(
    ("text", "ask", "first"),
    [
        ("my robots, status report", "I'm not sure I understood. Did you mean:", "trader_management.query"),
        ("提醒都给我列出来瞅瞅", "我没完全看懂，你是想：", "price_alert.query"),
        ("提醒都給我列出來瞅瞅", "我沒完全看懂，你是想：", "price_alert.query"),
        ("what's my damage today", "I'm not sure I understood. Did you mean:", "pnl.report"),
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


async def test_each_button_says_a_different_thing(desk: Desk) -> None:
    asked = await desk.chat.say("alerts remind me of my mom")  # near listing alerts and deleting one
    labels = [b.label for b in asked.buttons]
    assert labels == ["looking at price alerts", "deleting a price alert"]


# "how do alerts work here" is nearest to guides, but a guide answers only the topic a message
# names, and none is read here: no button that could only fail ("what does … mean" the same).
@pytest.mark.parametrize(
    "text", ["tell me a joke", "给我讲个笑话", "grid is a cool word", "how do alerts work here"]
)
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


def _named_intents() -> list[str]:
    return sorted({label for label, _ in table()} - {NONE})


@pytest.mark.parametrize("intent", _named_intents())
async def test_every_intent_offered_bare_starts_or_is_not_offered(
    monkeypatch: pytest.MonkeyPatch, intent: str
) -> None:
    """Whatever intent the known phrasings name, its button, read from words that say nothing
    more, starts a request that answers or asks (never a failure of the button itself), or is
    not offered at all (a guide or a term needs the message to name it)."""
    desk = Desk()
    monkeypatch.setattr(known_phrasings(), "nearest", lambda text: (Nearby(intent, 0.9),))
    asked = await desk.chat.say("zzqx blorp")
    if not asked.buttons:
        assert codes(asked) == ["unsupported_request"]
        return
    assert offered(asked) == [intent]
    pressed = await desk.chat.press(asked.buttons[0])
    assert not {"button_unknown", "unknown_topic", "button_used", "internal_error"} & set(codes(pressed))
    assert pressed.route is not None and (pressed.route.skill, pressed.route.action) in {
        tuple(intent.split(".")),
        (None, None),
    }


async def test_the_index_not_built_yet_is_built_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """~2 s of CPU: a first miss before the background build is done must not stall every other
    conversation on the loop."""
    import threading

    from core.conversation import choices
    from core.language import nearest

    built_on: list[threading.Thread] = []
    index = known_phrasings()

    def build() -> object:
        built_on.append(threading.current_thread())
        return index

    monkeypatch.setattr(nearest, "_built", None)
    monkeypatch.setattr(choices, "known_phrasings", build)
    desk = Desk()
    offered = await choices.nearest_choices(
        desk.chat.core.router.layer, "my robots, status report", NO_CONTEXT, desk.chat.core.skills
    )
    assert offered and built_on and built_on[0] is not threading.main_thread()
