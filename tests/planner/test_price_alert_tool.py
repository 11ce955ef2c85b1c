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


async def test_a_model_may_give_a_level_as_a_multiple_of_the_price_now(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    """ "holler if bitcoin ever goes two-x" (no rule reads it): the model passes times, the skill
    counts the level from the price now exactly as for "BTC 翻倍" read by the rule, and says what
    it was counted from."""
    arguments = {"action": "create", "symbol": "BTC", "times": "2"}
    llm.add(completion(None, [tool_call("t1", "price_alert_task", arguments)]))
    desk = make_desk(model=model)

    done = await desk.chat.say("holler if bitcoin ever goes two-x")
    assert (done.route.skill, done.route.by) == ("price_alert", "model")
    [block] = [b for b in done.blocks if isinstance(b, AlertBlock)]
    assert block.symbol == "BTCUSDT" and block.condition == "above"
    assert any(b.code == "alert_from_now" for b in done.blocks if isinstance(b, NoticeBlock))


async def test_a_model_may_give_a_percent_from_now_without_a_side(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    arguments = {"action": "create", "symbol": "ETH", "from_now": "5"}
    llm.add(completion(None, [tool_call("t1", "price_alert_task", arguments)]))
    desk = make_desk(model=model)

    done = await desk.chat.say("yo, sing out if ether swings a nickel on the dollar from here")
    blocks = [b for b in done.blocks if isinstance(b, AlertBlock)]
    assert {b.condition for b in blocks} == {"above", "below"}, done.blocks  # either way
    assert all(b.symbol == "ETHUSDT" for b in blocks)
