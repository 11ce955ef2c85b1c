"""A model switched to with no config named ("换成gpt-4o", "switch to gpt-4o"): the model of their
only model config changes; with two or more, which one is asked, never guessed."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.workspace.conftest import MODEL_KEY, Desk, codes

OWNER = "console:user-1"


async def _done(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    if reply.status is Status.AWAITING_CONFIRMATION:
        reply = await desk.chat.say("确认")
    assert codes(reply) == ["model_updated"], codes(reply)


@pytest.mark.parametrize("text", ["换成gpt-4o", "switch to gpt-4o", "换成 gpt-4o 吧"])
async def test_their_only_model_config_gets_the_model(desk: Desk, text: str) -> None:
    await desk.chat.say("配置一个 OpenAI 模型")
    await desk.chat.say(MODEL_KEY)
    await _done(desk, text)
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert cfg.model == "gpt-4o"


@pytest.mark.parametrize("text", ["换成gpt-4o", "switch to gpt-4o please"])
async def test_with_two_model_configs_which_one_is_asked(desk: Desk, text: str) -> None:
    for _ in range(2):
        await desk.chat.say("配置一个 OpenAI 模型")
        await desk.chat.say(MODEL_KEY)
    ask = await desk.chat.say(text)
    assert ask.status is Status.NEEDS_INPUT and codes(ask) == ["ask_target"], codes(ask)
    assert all(m.model != "gpt-4o" for m in await desk.workspace.models.owned(OWNER))
