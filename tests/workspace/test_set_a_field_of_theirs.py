"""A field of one of their records set with a create's verb ("设置 main 模型为 gpt-4o", "configure
main's model to gpt-4o"): with a model config named main it is main's model changed, never a new
config. Before session 40 "设置" and "configure" read as a create, and a second config was made."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.reply import Status
from core.tasks.audit import AuditEntry
from core.workspace.model_configs import NewModelConfig
from tests.trading.conftest import OWNER, make_trade_desk
from tests.workspace.test_names_said_back import said


@pytest.mark.parametrize(
    "text",
    [
        "设置 main 模型为 gpt-4o",
        "设置 main 的模型为 gpt-4o",
        "configure main's model to gpt-4o",
        "set up main model as gpt-4o",
    ],
)
async def test_their_configs_model_is_set_not_a_new_config(text: str) -> None:
    desk = make_trade_desk()
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    config = NewModelConfig(
        OWNER, "main", "openai", "https://api.openai.com/v1", "gpt-4o-mini", "x", True, now
    )
    await desk.workspace.models.create(config, audit)
    reply = await desk.chat.say(text)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == (
        "model_management",
        "update",
    )
    assert reply.route.slots["target_ref"]["name"] == "main", reply.route.slots
    assert reply.route.slots["field"] == "model" and reply.route.slots["model"] == "gpt-4o"
    assert reply.status in (Status.COMPLETED, Status.AWAITING_CONFIRMATION), said(reply)
    owned = await desk.workspace.models.owned(OWNER)
    assert [(c.name, c.model) for c in owned] == [("main", "gpt-4o")]  # main's model set, nothing created


@pytest.mark.parametrize(
    "text", ["设置 deepseek 模型为 deepseek-chat", "configure a deepseek model as deepseek-chat"]
)
async def test_without_such_a_config_it_is_still_a_new_one(text: str) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == (
        "model_management",
        "create",
    )
