"""Secrets never leave in clear: not in a reply, a trace, a log line, the saved state or the audit."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable
from dataclasses import asdict

import pytest

from core.memory_store import MemoryStateStore
from core.reply import Reply
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.workspace.conftest import API_KEY, API_SECRET, MODEL_KEY, NEW_API_KEY, button, make_desk

SECRETS = (API_KEY, API_SECRET, NEW_API_KEY, MODEL_KEY)


def dump(reply: Reply) -> str:
    """Everything a caller could read of a reply (`deskmate ask --json` prints this and more)."""
    return json.dumps(asdict(reply), default=str, ensure_ascii=False)


async def test_no_secret_in_replies_traces_logs_state_or_audit(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    states, workspace = MemoryStateStore(), MemoryWorkspace()
    desk = make_desk(states=states, workspace=workspace, secrets=MemorySecretBox())
    chat = desk.chat
    snapshots: list[str] = []  # the saved state after every turn, secrets mid-flow included

    async def step(reply_coro: Awaitable[Reply]) -> Reply:
        reply = await reply_coro
        snapshots.append(json.dumps(states._states, ensure_ascii=False))
        return reply

    replies = [
        await step(chat.say("添加一个币安交易所账户")),
        await step(chat.say("主账户")),
        await step(chat.say(API_KEY)),
        await step(chat.say(API_SECRET)),
        await step(chat.say("把主账户的 API key 换一下")),
        await step(chat.say(NEW_API_KEY)),
    ]
    replies.append(await step(chat.press(button(replies[-1], "确认"))))
    replies += [
        await step(chat.say("配置一个 DeepSeek 模型")),
        await step(chat.say(MODEL_KEY)),
        await step(chat.say("list my exchange accounts")),
    ]

    secret_turns = [replies[2], replies[3], replies[5], replies[8]]
    assert all(r.delete_inbound for r in secret_turns)
    assert any(step.name == "secret_received" for r in secret_turns for step in r.trace)
    everything = "\n".join(dump(r) for r in replies)
    assert "****" in everything  # masked values are there to be seen
    saved = "\n".join(snapshots)
    assert "主账户" in saved and "api_key" in saved  # sealed values of asked slots were saved
    audit = json.dumps([asdict(e) for e in workspace.audit.entries], default=str, ensure_ascii=False)
    assert "api_key" in audit  # the field is named...
    for secret in SECRETS:
        for where, text in (
            ("reply/trace", everything),
            ("log", caplog.text),
            ("state", saved),
            ("audit", audit),
        ):
            assert secret not in text, where  # ...its value never appears
            assert secret[4:-4] not in text, where


async def test_the_route_info_names_secret_slots_without_their_values() -> None:
    desk = make_desk()
    await desk.chat.say("添加一个币安交易所账户")
    await desk.chat.say("主账户")
    reply = await desk.chat.say(API_KEY)
    assert reply.route.slots["api_key"] == "<secret>"
    route_steps = [s for s in reply.trace if s.kind == "route"]
    assert route_steps and route_steps[0].args["slots"]["api_key"] == "<secret>"
