"""The trader skill's planner tool: skill-level (no secret argument), and a model-started task
runs exactly as when a rule started it."""

from __future__ import annotations

from adapters.llm import OpenAIChatModel
from core.planner.tools import ToolBox
from core.reply import Status
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.workspace.conftest import codes, make_desk

SECRET_WORDS = ("key", "secret", "passphrase", "password", "token", "credential")


def test_the_trader_tool_is_skill_level(model: OpenAIChatModel) -> None:
    planner = make_desk(model=model).core.planner
    assert planner is not None
    toolbox = ToolBox(planner.tools.toolsets)  # type: ignore[attr-defined]
    tools = {d["function"]["name"]: d["function"] for d in toolbox.definitions()}
    parameters = tools["trader_task"]["parameters"]
    assert parameters["additionalProperties"] is False and parameters["required"] == ["action"]
    assert parameters["properties"]["action"]["enum"] == [
        "create",
        "update",
        "delete",
        "start",
        "stop",
        "query",
    ]
    assert not [p for p in parameters["properties"] if any(w in p for w in SECRET_WORDS)]


async def test_a_model_started_create_says_what_is_missing_first(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    llm.add(completion(None, [tool_call("t1", "trader_task", {"action": "create", "model": "DeepSeek"})]))
    desk = make_desk(model=model)
    reply = await desk.chat.say("我想要一个能帮我自动操作的小助手")
    route = reply.route
    assert (route.skill, route.action, route.by) == ("trader_management", "create", "model")
    assert reply.status is Status.FAILED and codes(reply)[-1] == "no_strategy"
    assert len(llm.requests) == 1
