"""An exchange account whose name holds a request's words ("我的主号", "查询号", "Main Account",
"my main") is theirs when a request names it: the layer tags the person's own names (core.language
.gazetteer) and the account reader takes the name whole. Before session 37 the reader took those
words away, looked for "主号", "号", "Main" or "main" and said the person had no such account."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.reply import Status
from core.tasks.audit import AuditEntry
from core.workspace.model_configs import NewModelConfig
from tests.trading.conftest import OWNER, make_trade_desk
from tests.workspace.test_names_said_back import paper, said


@pytest.mark.parametrize(
    ("name", "text", "action"),
    [
        ("我的主号", "删除账户 我的主号", "delete"),
        ("我的主号", "删除我的主号", "delete"),
        ("主号", "那个主号我不想要了，帮我去掉", "delete"),  # went to the planner: no model call now
        ("查询号", "删除账户 查询号", "delete"),
        ("查询号", "刪除帳戶 查詢號", "delete"),
        ("我的主號", "把我的主號改名為 備用", "update"),
        ("Main Account", "delete Main Account", "delete"),
        ("Main Account", "rename Main Account to core", "update"),
        ("my main", "delete account my main", "delete"),
        ("the main", "delete the main", "delete"),
    ],
)
async def test_an_account_named_with_request_words_is_theirs(name: str, text: str, action: str) -> None:
    desk = make_trade_desk()
    await paper(desk, "测试")
    await paper(desk, name)
    reply = await desk.chat.say(text)
    done = Status.AWAITING_CONFIRMATION if action == "delete" else Status.COMPLETED  # a rename: done
    assert reply.status is done, said(reply)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == (
        "exchange_management",
        action,
    )
    assert reply.route.slots["target_ref"]["name"] == name, reply.route.slots
    if action == "update":
        assert name not in {a.name for a in await desk.workspace.accounts.owned(OWNER)}


@pytest.mark.parametrize(
    ("text", "named"),
    [("删除账户 我的副号", "副号"), ("刪除帳戶 我的副號", "副號"), ("delete account Main Two", "Main Two")],
)
async def test_a_name_they_do_not_have_is_still_said_back(text: str, named: str) -> None:
    """Their own names are read where typed, never in place of another name."""
    desk = make_trade_desk()
    await paper(desk, "测试")
    await paper(desk, "我的主号")
    await paper(desk, "Main Account")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and named in said(reply) and "测试" in said(reply), said(reply)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("删除模型配置 我的kimi", "我的kimi"),
        ("刪除模型配置 我的kimi", "我的kimi"),
        ("delete the model config my kimi", "my kimi"),
    ],
)
async def test_a_model_config_named_with_request_words_is_theirs(text: str, name: str) -> None:
    desk = make_trade_desk()
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    for each in ("ds", name):
        config = NewModelConfig(
            OWNER, each, "deepseek", "https://api.deepseek.com", "deepseek-chat", "x", True, now
        )
        await desk.workspace.models.create(config, audit)
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, said(reply)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == (
        "model_management",
        "delete",
    )
    assert reply.route.slots["target_ref"]["name"] == name, reply.route.slots
