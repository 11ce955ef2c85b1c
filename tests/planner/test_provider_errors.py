"""Provider failures through the real SDK: one request (no SDK retries), a clear message each."""

from __future__ import annotations

import socket

import pytest

from adapters.demo_market import DemoMarket
from adapters.llm import OpenAIChatModel
from core.clock import FixedClock
from core.i18n import t
from core.planner import ModelError, Planner
from core.reply import NoticeBlock, QuoteBlock, Status
from tests.fakes import price_tools
from tests.planner.conftest import API_KEY, NOW, MakePlanner
from tests.planner.llm_server import ScriptedLLMServer, completion, error, raw_body, tool_call


@pytest.mark.parametrize(
    ("status", "code", "key"),
    [
        (401, "auth", "planner.model.auth"),
        (403, "auth", "planner.model.auth"),
        (402, "quota", "planner.model.quota"),
        (404, "model_not_found", "planner.model.model_not_found"),
        (429, "rate_limited", "planner.model.rate_limited"),
        (500, "unavailable", "planner.model.unavailable"),
        (503, "unavailable", "planner.model.unavailable"),
        (400, "bad_request", "planner.model.bad_request"),
    ],
)
@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_provider_error_gives_a_clear_message(
    llm: ScriptedLLMServer, make_planner: MakePlanner, status: int, code: str, key: str, locale: str
) -> None:
    # Providers echo part of the key in 401 texts; it must not travel further.
    llm.add(error(status, f"Incorrect API key provided: {API_KEY}", retry_after="7"))

    reply = await make_planner().run(text="btc?", locale=locale, user_id="u1")  # type: ignore[arg-type]

    assert len(llm.requests) == 1  # the SDK does not retry; the runner owns retries
    assert reply.status is Status.FAILED
    assert reply.blocks == (NoticeBlock(t(locale, key), "error", f"model_{code}"),)  # type: ignore[arg-type]
    step = reply.trace[-1]
    assert (step.kind, step.outcome, step.error_code) == ("model", "error", code)
    assert API_KEY not in repr(reply)


async def test_error_after_data_still_shows_the_cards(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        error(503, "overloaded"),
    )

    reply = await make_planner().run(text="btc?", locale="en", user_id="u1")

    assert reply.status is Status.PARTIAL
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert reply.blocks[-1] == NoticeBlock(t("en", "planner.model.unavailable"), "error", "model_unavailable")


async def test_adapter_maps_status_codes_and_redacts(llm: ScriptedLLMServer, model: OpenAIChatModel) -> None:
    llm.add(
        error(429, f"slow down, key {API_KEY}", retry_after="7"), error(404, "model deepseek-x not found")
    )

    with pytest.raises(ModelError) as limited:
        await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=5)
    with pytest.raises(ModelError) as missing:
        await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=5)

    assert (limited.value.code, limited.value.retry_after) == ("rate_limited", 7.0)
    assert API_KEY not in limited.value.message and "[REDACTED]" in limited.value.message
    assert missing.value.code == "model_not_found"
    assert API_KEY not in repr(model)


async def test_connection_refused_is_unavailable(clock: FixedClock, market: DemoMarket) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    chat = OpenAIChatModel(API_KEY, f"http://127.0.0.1:{port}/v1", "deepseek-chat")
    planner = Planner(chat, price_tools(market, clock), clock=clock)

    reply = await planner.run(text="btc?", locale="en", user_id="u1")
    await chat.aclose()

    assert reply.status is Status.FAILED
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["model_unavailable"]


async def test_sdk_timeout_maps_to_timeout(llm: ScriptedLLMServer, model: OpenAIChatModel) -> None:
    llm.add(completion("late"))
    llm.script[-1].delay = 10

    with pytest.raises(ModelError) as exc:
        await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=0.3)

    assert exc.value.code == "timeout"


async def test_adapter_tolerates_provider_deviations(llm: ScriptedLLMServer, model: OpenAIChatModel) -> None:
    answer = completion(None, [tool_call("", "get_current_price", {"symbol": "BTCUSDT"})])
    del answer.body["choices"][0]["message"]["tool_calls"][0]["type"]
    del answer.body["usage"]
    llm.add(answer)

    response = await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=5)

    [call] = response.tool_calls
    assert (call.id, call.name, call.arguments) == ("call_0", "get_current_price", '{"symbol": "BTCUSDT"}')
    assert (response.usage.prompt_tokens, response.usage.completion_tokens) == (0, 0)


async def test_extra_body_switches_thinking_off(llm: ScriptedLLMServer) -> None:
    chat = OpenAIChatModel(API_KEY, llm.base_url, "glm-4.6", extra_body={"thinking": {"type": "disabled"}})
    llm.add(completion("hello"))

    await chat.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=5)
    await chat.aclose()

    body = llm.requests[0]
    assert body["thinking"] == {"type": "disabled"}
    assert (body["model"], body["max_tokens"]) == ("glm-4.6", 10)
    assert "tools" not in body and "tool_choice" not in body


GARBAGE = [
    pytest.param(b"<html><body>502 Bad Gateway</body></html>", "text/html", id="html"),
    pytest.param(b"<html><body>maintenance</body></html>", "application/json", id="html-as-json"),
    pytest.param(b"", "application/json", id="empty"),
    pytest.param(b'{"id": "chatcmpl-1", "choices": [{"index": 0, "mess', "application/json", id="truncated"),
    pytest.param(b'{"id": "chatcmpl-1", "object": "chat.completion"}', "application/json", id="no-choices"),
    pytest.param(b'{"choices": []}', "application/json", id="empty-choices"),
    pytest.param(b'{"choices": [{"index": 0}]}', "application/json", id="no-message"),
    pytest.param(b'{"choices": "nope"}', "application/json", id="choices-not-a-list"),
    pytest.param(b"[1, 2, 3]", "application/json", id="a-list"),
    pytest.param(b'"just a string"', "application/json", id="a-string"),
    pytest.param(b"null", "application/json", id="null"),
    pytest.param(b"\xff\xfe\x00garbage", "application/json", id="binary"),
    pytest.param(b"data: {}\n\n", "text/event-stream", id="a-stream"),
    pytest.param(
        b'{"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}}],'
        b' "usage": {"prompt_tokens": "many"}}',
        "application/json",
        id="usage-not-a-number",
    ),
    pytest.param(
        b'{"choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": 7}}]}',
        "application/json",
        id="tool-calls-not-a-list",
    ),
]


@pytest.mark.parametrize(("raw", "content_type"), GARBAGE)
@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_a_200_that_is_not_a_completion_is_a_failed_turn(
    llm: ScriptedLLMServer, make_planner: MakePlanner, raw: bytes, content_type: str, locale: str
) -> None:
    llm.add(raw_body(raw, content_type))

    reply = await make_planner().run(text="btc?", locale=locale, user_id="u1")  # type: ignore[arg-type]

    assert len(llm.requests) == 1
    assert reply.status is Status.FAILED
    assert reply.blocks == (
        NoticeBlock(t(locale, "planner.model.bad_response"), "error", "model_bad_response"),  # type: ignore[arg-type]
    )
    step = reply.trace[-1]
    assert (step.kind, step.outcome, step.error_code) == ("model", "error", "bad_response")


@pytest.mark.parametrize(("raw", "content_type"), GARBAGE)
async def test_the_adapter_turns_garbage_into_a_bad_response_error(
    llm: ScriptedLLMServer, model: OpenAIChatModel, raw: bytes, content_type: str
) -> None:
    llm.add(raw_body(raw, content_type))
    with pytest.raises(ModelError) as failed:
        await model.complete([{"role": "user", "content": "hi"}], [], max_tokens=10, timeout=5)
    assert failed.value.code == "bad_response"


class ExplodingModel:
    """A ChatModel adapter with a bug: it raises something other than ModelError."""

    async def complete(self, *args: object, **kwargs: object) -> object:
        raise KeyError("choices")


async def test_an_adapter_raising_anything_else_still_gives_a_failed_turn() -> None:
    clock = FixedClock(NOW)
    tools = price_tools(DemoMarket(clock), clock)
    planner = Planner(ExplodingModel(), tools, clock=clock)  # type: ignore[arg-type]

    reply = await planner.run(text="btc?", locale="en", user_id="u1")

    assert reply.status is Status.FAILED
    assert reply.blocks == (
        NoticeBlock(t("en", "planner.model.bad_response"), "error", "model_bad_response"),
    )
