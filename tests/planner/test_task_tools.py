"""The workspace skills' planner tools: skill-level tasks, never CRUD, never a secret.

A task the model starts goes through exactly the slot filling and the confirmation a rule-started
one does; the reply says route.by == "model".
"""

from __future__ import annotations

import json

import pytest

from adapters.llm import OpenAIChatModel
from core.events import ChatKind, ConversationKey
from core.planner.tools import ToolBox
from core.reply import Status
from core.workspace.exchanges import EXCHANGES
from core.workspace.providers import PROVIDERS
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.workspace.conftest import API_KEY, API_SECRET, Chat, add_binance_account, button, codes, make_desk

OWNER = "console:user-1"
SECRET_WORDS = ("key", "secret", "passphrase", "password", "token", "credential")


def definitions(model: OpenAIChatModel) -> dict[str, dict[str, object]]:
    desk = make_desk(model=model)
    planner = desk.core.planner
    assert planner is not None
    return {d["function"]["name"]: d["function"] for d in ToolBox(planner.tools.toolsets).definitions()}  # type: ignore[attr-defined]


def test_the_task_tools_are_skill_level_and_take_no_secret(model: OpenAIChatModel) -> None:
    tools = definitions(model)
    assert {"get_current_price", "get_price_history", "exchange_account_task", "model_config_task"} <= set(
        tools
    )
    for name in ("exchange_account_task", "model_config_task"):
        parameters = tools[name]["parameters"]
        assert isinstance(parameters, dict)
        assert parameters["additionalProperties"] is False and parameters["required"] == ["action"]
        assert parameters["properties"]["action"]["enum"] == ["create", "update", "delete", "query"]
        assert not [p for p in parameters["properties"] if any(w in p for w in SECRET_WORDS)], name
    exchange = tools["exchange_account_task"]["parameters"]["properties"]["exchange"]  # type: ignore[index]
    assert exchange["anyOf"][0]["enum"] == list(EXCHANGES)  # the tool's Literal follows the catalog
    provider = tools["model_config_task"]["parameters"]["properties"]["provider"]  # type: ignore[index]
    assert provider["anyOf"][0]["enum"] == list(PROVIDERS)


async def test_a_model_started_account_goes_through_the_same_slot_filling(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    llm.add(
        completion(
            None,
            [
                tool_call(
                    "t1", "exchange_account_task", {"action": "create", "exchange": "binance", "name": "主号"}
                )
            ],
        )
    )
    desk = make_desk(model=model)

    asked = await desk.chat.say("我想让你管我在币安的那个户头，就叫主号吧")

    assert (asked.route.skill, asked.route.action, asked.route.by) == (
        "exchange_management",
        "create",
        "model",
    )
    assert asked.status is Status.NEEDS_INPUT and asked.expects_secret == "api_key"
    assert asked.route.slots == {"exchange": "binance", "name": "主号"}
    assert asked.usage is not None and asked.usage.model_requests == 1  # the tool ended the loop
    assert [s.name for s in asked.trace if s.kind == "tool"] == ["exchange_account_task"]
    assert await desk.workspace.accounts.owned(OWNER) == []
    await desk.chat.say(API_KEY)
    done = await desk.chat.say(API_SECRET)
    assert codes(done) == ["account_created"] and done.route.by == "model"
    (account,) = await desk.workspace.accounts.owned(OWNER)
    assert (account.name, account.exchange) == ("主号", "binance")
    assert len(llm.requests) == 1  # the key and the secret never went to the model
    assert API_KEY not in json.dumps(llm.requests) and API_SECRET not in json.dumps(llm.requests)


async def test_a_model_started_delete_waits_for_the_same_confirmation(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    desk = make_desk(model=model)
    await add_binance_account(desk.chat, name="主号")
    llm.add(
        completion(None, [tool_call("t1", "exchange_account_task", {"action": "delete", "target": "主号"})])
    )

    # A phrasing no rule reads (the rules read "那个主号我不想要了，帮我去掉" themselves: 主号 is theirs).
    confirm = await desk.chat.say("主号那个户头以后用不上了，处理掉吧")

    assert confirm.status is Status.AWAITING_CONFIRMATION and confirm.route.by == "model"
    assert "confirm_delete" in codes(confirm)
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1  # nothing before the confirmation
    done = await desk.chat.press(button(confirm, "确认删除"))
    assert codes(done) == ["account_deleted"] and done.route.by == "model"
    assert await desk.workspace.accounts.owned(OWNER) == []
    (entry, *_) = await desk.workspace.audit.recent(OWNER)
    assert (entry.action, entry.outcome, entry.target_name) == ("delete", "ok", "主号")


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        (
            {"action": "create", "exchange": "binance", "api_key": API_KEY},
            "unexpected_argument",
        ),  # no secrets
        ({"action": "activate"}, "invalid_arguments"),  # not an action of the skill
        ({"action": "create", "exchange": "kraken"}, "invalid_arguments"),  # not in the catalog
    ],
)
async def test_invalid_task_calls_start_nothing(
    llm: ScriptedLLMServer, model: OpenAIChatModel, arguments: dict[str, object], code: str
) -> None:
    llm.add(
        completion(None, [tool_call("t1", "exchange_account_task", arguments)]),
        completion("Sorry, I can't do that here."),
    )
    desk = make_desk(model=model)

    reply = await desk.chat.say("could you sort that out for me?")

    assert reply.route.skill is None and reply.route.by == "model"
    [tool_message] = [m for m in llm.requests[1]["messages"] if m["role"] == "tool"]
    assert json.loads(tool_message["content"])["error"]["code"] == code
    assert (await desk.states.load_state(desk.chat.key)).active is None  # no task was started
    assert API_KEY not in repr(reply.trace)  # a refused call's credential is not traced either


async def test_a_model_started_private_task_in_a_group_is_refused(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    llm.add(completion(None, [tool_call("t1", "model_config_task", {"action": "query"})]))
    desk = make_desk(model=model)
    group = Chat(desk.core, ConversationKey("telegram", "-100", "42"), ChatKind.GROUP)

    reply = await group.say("remind me what I hooked up with you earlier")

    assert codes(reply) == ["private_only"] and reply.route.by == "model"
