"""The strategy skill's planner tool: it starts a task, whose values are checked exactly like those a
rule read from the message, and the rest is asked as usual."""

from __future__ import annotations

from adapters.llm import OpenAIChatModel
from core.planner.tools import ToolBox
from core.reply import Status
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.workspace.conftest import codes, details, make_desk, text_of

SECRET_WORDS = ("key", "secret", "passphrase", "password", "token", "credential")


def test_the_strategy_tool_is_skill_level(model: OpenAIChatModel) -> None:
    planner = make_desk(model=model).core.planner
    assert planner is not None
    toolbox = ToolBox(planner.tools.toolsets)  # type: ignore[attr-defined]
    tools = {d["function"]["name"]: d["function"] for d in toolbox.definitions()}
    parameters = tools["strategy_task"]["parameters"]
    assert parameters["additionalProperties"] is False and parameters["required"] == ["action"]
    assert parameters["properties"]["action"]["enum"] == [
        "create", "update", "delete", "activate", "deactivate", "duplicate", "query"
    ]  # fmt: skip
    assert parameters["properties"]["kind"]["anyOf"][0]["enum"] == ["dca", "grid", "ai"]
    assert not [p for p in parameters["properties"] if any(w in p for w in SECRET_WORDS)]
    # amounts are strings: a model's number never passes through a float
    assert parameters["properties"]["quote_per_grid"]["anyOf"][0]["type"] == "string"


async def test_a_model_started_grid_asks_the_rest_and_checks_the_values(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    arguments = {
        "action": "create", "kind": "grid", "symbol": "ETH", "lower": "3000", "upper": "4000", "grids": "1"
    }  # fmt: skip
    llm.add(completion(None, [tool_call("t1", "strategy_task", arguments)]))
    desk = make_desk(model=model)

    # No rule reads this one (the range is not in it): the model's tool call starts the task.
    asked = await desk.chat.say("以太坊震荡的时候能帮我自动高抛低吸吗")

    route = asked.route
    assert (route.skill, route.action, route.by) == ("strategy_management", "create", "model")
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["invalid_slot", "ask_grids"]
    assert "网格数量须是 2 到 200 之间的整数（你给的是 1）。" in text_of(asked)
    assert asked.route.slots == {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"}
    await desk.chat.say("10")
    done = await desk.chat.say("50")
    assert codes(done) == ["strategy_created", "strategy_default"] and done.route.by == "model"
    assert details(done)["网格间距"] == "≈ 100 USDT"
    assert len(llm.requests) == 1  # the answers went to the skill, not to the model


async def test_a_grid_said_with_its_range_is_read_by_rule_without_the_model(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    desk = make_desk(model=model)
    asked = await desk.chat.say("我想在以太坊三千到四千之间来回低买高卖")
    route = asked.route
    assert (route.skill, route.action, route.by) == ("strategy_management", "create", "rule")
    assert route.slots == {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"}
    assert llm.requests == []  # what a rule covers makes no model call
