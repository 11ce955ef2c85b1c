"""A value from a secure input (a Discord modal) is only ever the answer to its open question."""

from __future__ import annotations

import uuid

from core.events import TextMessage
from core.reply import Status
from tests.workspace.conftest import API_KEY, API_SECRET, Desk, codes, masked


def _secure(desk: Desk, value: str, slot: str) -> TextMessage:
    chat = desk.chat
    return TextMessage(uuid.uuid4().hex, chat.key, chat.kind, text=value, secret_slot=slot)


async def test_a_secure_input_answers_the_question_it_was_opened_for(desk: Desk) -> None:
    await desk.chat.say("添加一个币安交易所账户")
    asked = await desk.chat.say("主账户")
    assert asked.expects_secret == "api_key"
    got_key = await desk.core.handle(_secure(desk, API_KEY, "api_key"))
    assert got_key.expects_secret == "api_secret"
    done = await desk.core.handle(_secure(desk, API_SECRET, "api_secret"))
    assert done.status is Status.COMPLETED
    assert masked(API_KEY) in str(done.blocks) and API_KEY not in str(done.blocks)


async def test_a_stale_secure_input_is_dropped_unread(desk: Desk) -> None:
    before = (await desk.states.load_state(desk.chat.key)).model_dump()
    reply = await desk.core.handle(_secure(desk, "hunter2-passphrase", "passphrase"))
    assert reply.status is Status.FAILED and codes(reply) == ["secret_not_expected"]
    assert reply.delete_inbound and reply.audience == "private"
    assert reply.route.skill is None and reply.usage.model_requests == 0
    assert "hunter2" not in repr(reply)
    assert (await desk.states.load_state(desk.chat.key)).model_dump() == before


async def test_a_secure_input_for_another_slot_does_not_fill_the_open_one(desk: Desk) -> None:
    await desk.chat.say("添加一个币安交易所账户")
    await desk.chat.say("主账户")  # now asking for api_key
    reply = await desk.core.handle(_secure(desk, API_SECRET, "api_secret"))
    assert codes(reply) == ["secret_not_expected"]
    again = await desk.core.handle(_secure(desk, API_KEY, "api_key"))
    assert again.expects_secret == "api_secret"
