"""A model config's settings said no longer needed ("kimi设定不用了", "kimi config is no longer needed"):
its delete, asked to confirm. It offered to set up a new kimi model (设定 / 配置 read as setting one
up, core.language.settings_of); "kimi配置一下" still sets one up."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.workspace.conftest import MODEL_KEY, Desk, button, codes, text_of

OWNER = "console:user-1"


@pytest.mark.parametrize("text", ["kimi设定不用了", "kimi配置不用了", "kimi config is no longer needed"])
async def test_the_settings_given_up_delete_the_config_once_confirmed(desk: Desk, text: str) -> None:
    chat = desk.chat
    await chat.say("配置一个 kimi 模型")
    made = await chat.say(MODEL_KEY)
    assert codes(made) == ["model_created"], text_of(made)
    (cfg,) = await desk.workspace.models.owned(OWNER)
    confirm = await chat.say(text)
    assert (confirm.route.skill, confirm.route.action) == ("model_management", "delete"), text_of(confirm)
    assert confirm.status is Status.AWAITING_CONFIRMATION and codes(confirm)[0] == "confirm_delete"
    assert [m.name for m in await desk.workspace.models.owned(OWNER)] == [cfg.name]
    label = confirm.buttons[0].label
    done = await chat.press(button(confirm, label))
    assert codes(done) == ["model_deleted"], text_of(done)
    assert await desk.workspace.models.owned(OWNER) == []
