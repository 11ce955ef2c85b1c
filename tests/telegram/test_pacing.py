"""Delivery pacing with Telegram's real limits: ~1 message a second per chat, 20 a minute per
group, 30 a second for the bot, and a 429 that pauses only its own chat.

On a loop whose clock moves only when it is idle (virtual_time.py): every send goes at exactly
the time its pacing gives it, however busy the machine, so the times are checked exactly rather
than within bounds wide enough for a loaded machine (which let a window that let 60 sends through
in one second pass)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from adapters.telegram.flood import Limits, is_group
from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import Call, ScriptedCore, http_error

pytestmark = pytest.mark.virtual_time

GROUP_ID = -100777


@pytest.fixture
async def paced() -> AsyncIterator[Harness]:
    harness = await start_harness(ScriptedCore(), limits=Limits())  # the limits that ship
    await asyncio.sleep(1.0)  # start-up's getMe out of the bot-wide window: the test has all 30
    yield harness
    await harness.app.shutdown()


def times(calls: list[Call]) -> list[float]:
    return [c.at for c in calls]


def at(started: float, *offsets: float) -> object:
    """The loop times ``offsets`` seconds after ``started`` (the clock is exact, the sums are not)."""
    return pytest.approx([started + o for o in offsets])


def most_in_a_second(calls: list[Call]) -> int:
    at = sorted(times(calls))
    return max((sum(1 for t in at if s <= t < s + 1.0) for s in at), default=0)


def test_the_shipped_limits_are_telegrams() -> None:
    assert Limits() == Limits(per_second=30, chat_interval=1.0, group_messages=20, group_window=60.0)
    assert is_group(-100777) and is_group("-100777") and is_group("@channel")
    assert not is_group(42) and not is_group("42")


async def test_a_burst_to_one_private_chat_is_spaced_a_second_apart_in_order(paced: Harness) -> None:
    bot = paced.app.bot
    started = asyncio.get_running_loop().time()
    await asyncio.gather(*(bot.send_message(42, f"message {i}") for i in range(3)))

    sent = paced.api.of("sendMessage")
    assert [c.params["text"] for c in sent] == ["message 0", "message 1", "message 2"]
    assert times(sent) == at(started, 0, 1, 2)


async def test_a_burst_across_many_chats_goes_at_the_bot_wide_rate(paced: Harness) -> None:
    bot = paced.app.bot
    started = asyncio.get_running_loop().time()
    await asyncio.gather(*(bot.send_message(1000 + i, "hello") for i in range(50)))

    # 30 at once, the other 20 a second later: not one a second per chat (that would take 49 s).
    assert sorted(times(paced.api.of("sendMessage"))) == at(started, *[0] * 30, *[1] * 20)


async def test_a_429_pauses_only_the_chat_it_came_from(paced: Harness) -> None:
    bot = paced.app.bot
    paced.api.fail_next("sendMessage", http_error(429, "Too Many Requests: retry after 2", retry_after=2))
    started = asyncio.get_running_loop().time()

    chat_a = asyncio.create_task(bot.send_message(42, "to A"))
    await asyncio.sleep(0.05)  # A's first try got the 429
    await bot.send_message(43, "to B")  # B is not held back
    await asyncio.sleep(0.05)
    second_to_a = asyncio.create_task(bot.send_message(42, "to A again"))
    await asyncio.gather(chat_a, second_to_a)

    first_try, to_b, retry, again = paced.api.of("sendMessage")
    assert [c.params["chat_id"] for c in (first_try, to_b, retry, again)] == [42, 43, 42, 42]
    assert [retry.params["text"], again.params["text"]] == ["to A", "to A again"]
    # B at once; A's retry 2 s (and a tenth, to be sure) after its 429, as Telegram asked; A's
    # next message in order after it, a second later.
    assert times([first_try, to_b, retry, again]) == at(started, 0, 0.05, 2.1, 3.1)


async def test_a_group_gets_at_most_its_quota_per_window() -> None:
    limits = Limits(chat_interval=0.01, group_messages=3, group_window=1.0)  # 20 a minute, scaled down
    harness = await start_harness(ScriptedCore(), limits=limits)
    try:
        bot = harness.app.bot
        started = asyncio.get_running_loop().time()
        await asyncio.gather(
            *(bot.send_message(GROUP_ID, f"g{i}") for i in range(4)),
            *(bot.send_message(42, f"p{i}") for i in range(4)),
        )
        group = times([c for c in harness.api.of("sendMessage") if c.params["chat_id"] == GROUP_ID])
        private = times([c for c in harness.api.of("sendMessage") if c.params["chat_id"] == 42])
        assert group == at(started, 0, 0.01, 0.02, 1.0)  # three, then the fourth when the window allows
        assert private == at(started, 0, 0.01, 0.02, 0.03)  # a private chat has no such quota
    finally:
        await harness.app.shutdown()


async def test_typing_and_edits_do_not_wait_for_the_chats_message_pace(paced: Harness) -> None:
    bot = paced.app.bot
    await bot.send_message(42, "one")
    await bot.send_chat_action(42, "typing")
    await bot.edit_message_text("one, edited", chat_id=42, message_id=5)

    sent, typing, edit = paced.api.user_visible
    assert (typing.endpoint, edit.endpoint) == ("sendChatAction", "editMessageText")
    assert times([typing, edit]) == at(sent.at, 0, 0)  # not a second after the message


async def test_a_typing_indicator_never_takes_a_slot_an_answer_needs(paced: Harness) -> None:
    """A burst of answers fills the bot-wide 30 a second; the "typing…" indicators asked for
    meanwhile are dropped (answered True, nothing sent), so the answers are not pushed back."""
    bot = paced.app.bot
    started = asyncio.get_running_loop().time()
    answers = [asyncio.create_task(bot.send_message(1000 + i, "answer")) for i in range(45)]
    await asyncio.sleep(0.05)  # the answers hold this second's slots and the next second's
    typing = await asyncio.gather(*(bot.send_chat_action(2000 + i, "typing") for i in range(20)))
    await asyncio.gather(*answers)

    assert all(typing) and paced.api.of("sendChatAction") == []
    # 30, then 15 a second later; not 20 indicators before them.
    assert sorted(times(paced.api.of("sendMessage"))) == at(started, *[0] * 30, *[1] * 15)


async def test_a_typing_indicator_goes_at_once_when_a_slot_is_free(paced: Harness) -> None:
    assert await paced.app.bot.send_chat_action(42, "typing")
    assert [c.params["chat_id"] for c in paced.api.of("sendChatAction")] == [42]


async def test_a_send_cancelled_while_it_waits_gives_its_slot_back(paced: Harness) -> None:
    bot = paced.app.bot
    started = asyncio.get_running_loop().time()
    first = [asyncio.create_task(bot.send_message(1000 + i, "first")) for i in range(30)]
    await asyncio.sleep(0.05)  # the first 30 went: this second is full
    waiting = [asyncio.create_task(bot.send_message(2000 + i, "cancelled")) for i in range(30)]
    await asyncio.sleep(0.05)  # these hold the next second's slots
    for task in waiting:
        task.cancel()
    await asyncio.gather(*first)
    await asyncio.gather(*(bot.send_message(3000 + i, "next") for i in range(30)))

    sent = paced.api.of("sendMessage")
    assert [c.params["text"] for c in sent] == ["first"] * 30 + ["next"] * 30  # none cancelled went
    # The next 30 take the cancelled ones' second: not the one after (slots kept by sends that
    # never go), and not the first 30's (the window forgot them once the cancelled gave theirs
    # back, and 60 went in one second).
    assert times(sent) == at(started, *[0] * 30, *[1] * 30)
    assert most_in_a_second(sent) == 30


async def test_the_bot_wide_rate_holds_when_some_waiting_sends_are_cancelled(paced: Harness) -> None:
    bot = paced.app.bot
    started = asyncio.get_running_loop().time()
    sends = [asyncio.create_task(bot.send_message(1000 + i, f"s{i}")) for i in range(70)]
    await asyncio.sleep(0.5)  # 30 went; 30 hold the next second's slots, 10 the one after
    for task in sends[30:70:2]:  # every other waiting one: 15 of the next second, 5 of the third
        task.cancel()
    await asyncio.gather(*sends, return_exceptions=True)
    later = [asyncio.create_task(bot.send_message(3000 + i, "later")) for i in range(30)]
    await asyncio.gather(*later)

    sent = paced.api.of("sendMessage")
    assert {c.params["text"] for c in sent[30:50]} == {f"s{i}" for i in range(31, 70, 2)}
    assert most_in_a_second(sent) == 30
    # The 20 kept go at their slots (15 at 1 s, 5 at 2 s); the 30 sent later follow them, first
    # come, first served: 10 more in the second second and the rest in the third.
    assert times(sent) == at(started, *[0] * 30, *[1] * 15, *[2] * 5, *[2] * 25, *[3] * 5)
