"""A field of one of their records set with a create's verb ("设置 main 模型为 gpt-4o", "configure
main's model to gpt-4o"): with a model config named main it is main's model changed, never a new
config. Before session 40 "设置" and "configure" read as a create, and a second config was made;
"设置 kimi 的 api key 为 …" / "接口地址为 …" / "名字为 …" too, and "把 main 的名字改成 core" / "change
main's name to core" (an account main, its kind not said) read as nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.reply import Status
from core.tasks.audit import AuditEntry
from core.workspace.model_configs import NewModelConfig
from tests.trading.conftest import OWNER, make_trade_desk
from tests.workspace.test_names_said_back import paper, said

KEY = "sk-abcdefgh12345678xyz"


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


async def _kimi(desk: object) -> None:
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    config = NewModelConfig(OWNER, "kimi", "kimi", "https://api.moonshot.cn/v1", "kimi-k2", "x", True, now)
    await desk.workspace.models.create(config, audit)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (f"设置 kimi 的 api key 为 {KEY}", "api_key", None),
        ("设置 kimi 的接口地址为 https://api.moonshot.ai/v1", "base_url", "https://api.moonshot.ai/v1"),
        ("设置 kimi 名字为 主力", "name", "主力"),
        (f"configure kimi's api key as {KEY}", "api_key", None),
    ],
)
async def test_a_field_of_their_config_set_after_its_word(text: str, field: str, value: str | None) -> None:
    desk = make_trade_desk()
    await _kimi(desk)
    reply = await desk.chat.say(text)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == (
        "model_management",
        "update",
    )
    assert reply.route.slots["field"] == field, reply.route.slots
    assert KEY not in said(reply) and KEY not in str(reply.route.slots)  # never echoed
    owned = await desk.workspace.models.owned(OWNER)
    assert len(owned) == 1  # nothing created
    if value is not None:  # a new base URL waits for its confirmation, a new name is done
        assert value in reply.route.slots.values() or owned[0].name == value, reply.route.slots


@pytest.mark.parametrize("text", ["把 main 的名字改成 core", "change main's name to core"])
async def test_a_record_renamed_by_its_name_word(text: str) -> None:
    desk = make_trade_desk()
    await paper(desk, "main")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, said(reply)
    assert {a.name for a in await desk.workspace.accounts.owned(OWNER)} == {"core"}
