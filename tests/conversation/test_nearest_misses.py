"""A message no rule reads, near known ways of asking for something, gets "did you mean" with a
button for each intent its nearest known phrasings name (core.language.nearest), when no model is
configured to read it instead; pressing one starts that request as a routed one would. Nothing is
done on the guess alone, and a message near nothing still gets the short miss."""

from __future__ import annotations

import pytest

from core.events import ChatKind
from core.language.gazetteer import Gazetteer
from core.language.nearest import NONE, Nearby, known_phrasings
from core.language.own_names import plain_words
from core.reply import Reply, Status
from core.routing.router import NO_CONTEXT, Route, RouteContext
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
        desk.chat.core.router, "my robots, status report", NO_CONTEXT, desk.chat.core.skills
    )
    assert offered and built_on and built_on[0] is not threading.main_thread()


# A guess carries what the message says (core.conversation.carried): read with its intent's
# carrier before it, the words no rule knows give their coin, sum and record to that intent.


async def test_a_guessed_buy_carries_the_coin_and_the_sum_typed(desk: Desk) -> None:
    asked = await desk.chat.say("yeet 25 bucks into sol")
    buy = [b for b in asked.buttons if b.label == "Buy SOL"]
    assert codes(asked) == ["did_you_mean"] and buy
    pressed = await desk.chat.press(buy[0])
    # straight to its confirmation: neither the coin nor the sum asked again
    assert pressed.status is Status.AWAITING_CONFIRMATION and "confirm_buy" in codes(pressed)
    assert pressed.route is not None and pressed.route.slots["amount"] == "quote:25"


async def test_a_guessed_start_names_their_own_trader_inside_the_words(desk: Desk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say("创建一个交易员叫阿飞")
    asked = await desk.chat.say("阿飞起床干活了")  # "起床干活" is no word for starting
    assert [b.label for b in asked.buttons] == ["启动交易员（阿飞）"]
    pressed = await desk.chat.press(asked.buttons[0])
    assert "trader_started" in codes(pressed)


async def test_a_guess_never_names_what_the_message_does_not(desk: Desk) -> None:
    # "high" is a coin's ticker only where a trade is talked of: the carrier's talk, not theirs
    for route in await _offers(desk, "link 24h high n low?"):
        assert "HIGHUSDT" not in str(route.slots)
    # a new name is never guessed ("needs a rebrand" is not the name asked for); their own is kept
    renames = [
        r
        for r in await _offers(desk, "the dip alert needs a rebrand, call it lambo or bust", alert=["dip"])
        if r.action == "rename"
    ]
    assert renames and all(r.slots == {"name": "dip"} for r in renames)
    # a name that is not one of theirs is left for the skill to ask
    starts = [r for r in await _offers(desk, "阿飞起床干活了", trader=["rex"]) if r.action == "start"]
    assert starts and all("target_ref" not in r.slots for r in starts)


async def test_what_the_carrier_alone_says_is_left_out(desk: Desk) -> None:
    # "send me the weekly pnl report" reads "on" by itself: only the message's "stop" is carried
    off = await _offers(desk, "stop sending me the sunday recap, I never read it")
    assert [r.slots for r in off if r.action == "weekly"] == [{"switch": "off"}]
    wanted = await _offers(desk, "yes please send me a report every week")
    assert [r.slots for r in wanted if r.action == "weekly"] == [{}]


async def _offers(desk: Desk, text: str, **names: list[str]) -> list[Route]:
    """What the nearest known phrasings offer for ``text``, each read as far as it says."""
    from core.conversation import choices

    context = RouteContext(names=Gazetteer.of(names, plain=plain_words())) if names else NO_CONTEXT
    return await choices.nearest_choices(desk.chat.core.router, text, context, desk.chat.core.skills)
