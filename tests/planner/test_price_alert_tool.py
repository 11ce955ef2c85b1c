"""The price alert skill's planner tool: a model that understood an alert request starts the task,
whose values are checked exactly like those a rule read."""

from __future__ import annotations

from adapters.llm import OpenAIChatModel
from core.planner.tools import ToolBox
from core.reply import AlertBlock, NoticeBlock, Status
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.workspace.conftest import make_desk


def test_the_alert_tool_is_offered_with_strict_arguments(model: OpenAIChatModel) -> None:
    planner = make_desk(model=model).core.planner
    assert planner is not None
    toolbox = ToolBox(planner.tools.toolsets)  # type: ignore[attr-defined]
    tools = {d["function"]["name"]: d["function"] for d in toolbox.definitions()}
    parameters = tools["price_alert_task"]["parameters"]
    assert parameters["additionalProperties"] is False and parameters["required"] == ["action"]
    assert parameters["properties"]["action"]["enum"] == ["create", "query", "delete"]
    assert parameters["properties"]["level"]["anyOf"][0]["type"] == "string"  # never a float


async def test_a_model_started_alert_is_checked_and_set(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    arguments = {"action": "create", "symbol": "Bitcoin", "condition": "above", "level": "150000.005"}
    llm.add(completion(None, [tool_call("t1", "price_alert_task", arguments)]))
    llm.add(completion(None, [tool_call("t2", "price_alert_task", {**arguments, "level": "150000"})]))
    desk = make_desk(model=model)

    refused = await desk.chat.say("holler if bitcoin ever tops one-fifty k")
    assert (refused.route.skill, refused.route.by) == ("price_alert", "model")
    assert refused.status is Status.FAILED
    assert [b.code for b in refused.blocks if isinstance(b, NoticeBlock)][-1] == "alert_bad_tick"

    done = await desk.chat.say("holler if bitcoin ever tops one-fifty k")
    [block] = [b for b in done.blocks if isinstance(b, AlertBlock)]
    assert (block.symbol, block.condition, str(block.level)) == ("BTCUSDT", "above", "150000")
