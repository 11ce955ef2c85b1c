"""Reasoning models through the real SDK: the output budget's field, hidden reasoning, empty answers."""

from __future__ import annotations

import pytest

from adapters.llm import OpenAIChatModel
from core.planner import ModelError
from tests.planner.conftest import API_KEY, MakePlanner, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, error, tool_call

REFUSAL = (
    "Unsupported parameter: 'max_tokens' is not supported with this model. "
    "Use 'max_completion_tokens' instead."
)


async def test_a_model_refusing_max_tokens_gets_max_completion_tokens_once_and_after(
    llm: ScriptedLLMServer,
) -> None:
    chat = OpenAIChatModel(API_KEY, llm.base_url, "o4-mini")
    refusal = error(400, REFUSAL, code="unsupported_parameter")
    refusal.body["error"]["param"] = "max_tokens"
    llm.add(refusal, completion("first"), completion("second"))
    try:
        first = await chat.complete([{"role": "user", "content": "hi"}], [], max_tokens=800, timeout=5)
        second = await chat.complete([{"role": "user", "content": "hi"}], [], max_tokens=800, timeout=5)
    finally:
        await chat.aclose()

    assert (first.content, second.content) == ("first", "second")
    assert "max_tokens" in llm.requests[0] and "max_completion_tokens" not in llm.requests[0]
    for body in llm.requests[1:]:
        assert body["max_completion_tokens"] == 800 and "max_tokens" not in body
    assert len(llm.requests) == 3  # one extra request, once: the refused one generated nothing


async def test_another_bad_request_is_not_resent(llm: ScriptedLLMServer, model: OpenAIChatModel) -> None:
    llm.add(error(400, "messages: too long"))
    with pytest.raises(ModelError) as raised:
        await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=800, timeout=5)
    assert raised.value.code == "bad_request"
    assert len(llm.requests) == 1 and llm.requests[0]["max_tokens"] == 800


async def test_a_reasoning_model_that_spent_its_budget_thinking_gives_no_note(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(None, finish_reason="length", reasoning_content="thinking " * 200, completion_tokens=800),
    )

    reply = await make_planner().run(text="btc?", locale="en", user_id="u1")

    assert note_of(reply) is None
    assert reply.status.value == "partial"  # the card is there; the model's words are not
    assert all("thinking" not in getattr(b, "text", "") for b in reply.blocks)
