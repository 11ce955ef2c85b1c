"""model_diagnosis: a tiny live completion against the person's model config, answered by a fake
OpenAI-compatible server (httpx.MockTransport) with every failure a provider gives; each leads to
its cause and next step in zh and en. Pasted provider errors too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import httpx
import pytest

from adapters.llm.probe import HttpModelProbe
from core.reply import Status
from tests.diagnosis.conftest import make_desk, only, outcomes, steps_text

CJK = re.compile(r"[\u4e00-\u9fff]")
KEY = "sk-test0123456789abcdef0123456789ab"

Handler = Callable[[httpx.Request], httpx.Response]


def error(status: int, message: str, kind: str, code: str | None = None) -> Handler:
    body = {"error": {"message": message, "type": kind, "code": code}}
    return lambda request: httpx.Response(status, json=body)


def ok(request: httpx.Request) -> httpx.Response:
    sent = json.loads(request.content)
    assert sent["max_tokens"] == 1 and sent["messages"][0]["content"] == "ping"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.url.path.endswith("/chat/completions")
    return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": "p"}}]})


def html(status: int) -> Handler:
    page = "<!DOCTYPE html><html><head><title>DeepSeek Platform</title></head><body>console</body></html>"
    return lambda request: httpx.Response(status, text=page, headers={"content-type": "text/html"})


def timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("timed out", request=request)


def refused(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


# (handler, cause, code of the failed completion, a word of the steps in en, in zh)
CASES = [
    (error(401, "Authentication Fails, Your api key is invalid", "authentication_error"), "model_key_invalid",
     "http_401", "API key", "API Key"),
    (error(402, "Insufficient Balance", "unknown_error"), "model_balance", "http_402", "top it up", "充值"),
    (error(404, "The model `deepseek-v9` does not exist", "invalid_request_error", "model_not_found"),
     "model_not_found", "http_404", "deepseek-chat", "deepseek-chat"),
    (error(429, "Rate limit reached for requests", "rate_limit_error"), "model_rate_limited", "http_429",
     "Wait", "等"),
    (error(429, "You exceeded your current quota", "insufficient_quota", "insufficient_quota"), "model_quota",
     "http_429", "top it up", "充值"),
    (error(500, "Internal server error", "server_error"), "model_provider_down", "http_500", "status page",
     "状态页"),
    (error(503, "Service Unavailable", "server_error"), "model_provider_down", "http_503", "status page",
     "状态页"),
    (timeout, "model_timeout", "timeout", "network", "网络"),
    (refused, "model_unreachable", "connect", "base URL", "接口地址"),
    (html(200), "model_not_json", "http_200", "https://api.deepseek.com", "https://api.deepseek.com"),
    (html(404), "model_not_json", "http_404", "https://api.deepseek.com", "https://api.deepseek.com"),
]  # fmt: skip


@pytest.mark.parametrize(("handler", "cause", "code", "en_word", "zh_word"), CASES)
async def test_every_provider_failure_has_its_cause_and_next_step(
    handler: Handler, cause: str, code: str, en_word: str, zh_word: str
) -> None:
    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(handler)))
    model = "deepseek-v9" if cause == "model_not_found" else "deepseek-chat"
    await desk.model("ds", "deepseek", "https://api.deepseek.com", model, KEY)
    en = only(await desk.chat.say("diagnose my deepseek model"))
    zh = only(await desk.chat.say("帮我诊断一下 deepseek 模型"))
    for block, word in ((en, en_word), (zh, zh_word)):
        assert block.skill == "model_diagnosis" and block.cause_code == cause
        completion = next(c for c in block.checks if c.name == "completion")
        assert (completion.outcome, completion.code) == ("failed", code)
        assert word in steps_text(block), (cause, block.next_steps)
        assert KEY not in str(block)
    assert not CJK.search(en.cause + steps_text(en)) and CJK.search(zh.cause)


async def test_a_working_config_passes() -> None:
    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(ok)))
    await desk.model("ds", "deepseek", "https://api.deepseek.com", "deepseek-chat", KEY)
    reply = await desk.chat.say("check my model config")
    block = only(reply)
    assert reply.route.skill == "model_diagnosis" and reply.status is Status.COMPLETED
    assert outcomes(block) == {"model_config": "ok", "base_url": "ok", "completion": "ok", "model_name": "ok"}
    assert block.cause_code == "model_ok"


async def test_a_model_not_found_suggests_the_providers_current_models() -> None:
    handler = error(404, "The model `gpt-9` does not exist", "invalid_request_error", "model_not_found")
    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(handler)))
    await desk.model("gpt", "openai", "https://api.openai.com/v1", "gpt-9", KEY)
    block = only(await desk.chat.say("why does my openai model fail"))
    name = next(c for c in block.checks if c.name == "model_name")
    assert name.outcome == "failed" and "gpt-4o-mini" in name.detail
    assert "change the model of gpt to gpt-4o-mini" in block.next_steps[0]


async def test_an_http_base_url_is_refused_without_sending_the_key() -> None:
    sent: list[httpx.Request] = []

    def spy(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return ok(request)

    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(spy)))
    await desk.model("plain", "custom", "http://models.example.com/v1", "m", KEY)
    block = only(await desk.chat.say("diagnose my model"))
    assert outcomes(block)["base_url"] == "failed" and block.cause_code == "model_http_refused"
    assert outcomes(block)["completion"] == "skipped" and not sent
    refused_probe = await HttpModelProbe(httpx.MockTransport(spy)).complete(
        "http://models.example.com/v1", "m", KEY, 1
    )
    assert refused_probe.failure == "http_refused" and not sent  # the adapter refuses on its own too


async def test_a_local_http_model_is_allowed() -> None:
    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(ok)))
    await desk.model("local", "custom", "http://127.0.0.1:11434/v1", "llama", KEY)
    block = only(await desk.chat.say("diagnose my model"))
    assert block.cause_code == "model_ok"


@pytest.mark.parametrize(
    ("text", "cause", "zh"),
    [
        ("deepseek 返回 402", "model_balance", True),
        ("Error code: 401 - {'error': {'message': 'Incorrect API key provided', "
         "'type': 'invalid_request_error'}}",
         "model_key_invalid", False),
        ('openai says {"error":{"message":"You exceeded your current quota","type":"insufficient_quota"}}',
         "model_quota", False),
        ("kimi 报错 429 rate limit", "model_rate_limited", True),
        ("qwen 模型返回 404 model not found", "model_not_found", True),
    ],
)  # fmt: skip
async def test_pasted_provider_errors(text: str, cause: str, zh: bool) -> None:
    desk = make_desk()
    reply = await desk.chat.say(text)
    assert reply.route.skill == "model_diagnosis", reply.route
    block = only(reply)
    assert block.cause_code == cause and block.checks[0].name == "pasted_error"
    assert bool(CJK.search(block.cause)) is zh


async def test_no_model_config() -> None:
    desk = make_desk()
    block = only(await desk.chat.say("模型 API 配置一直失败"))
    assert block.cause_code == "no_model_config" and "DeepSeek" in steps_text(block)


async def test_a_reasoning_model_that_refuses_max_tokens_is_asked_again() -> None:
    asked: list[dict[str, object]] = []

    def reasoning(request: httpx.Request) -> httpx.Response:
        sent = json.loads(request.content)
        asked.append(sent)
        if "max_tokens" in sent:
            message = (
                "Unsupported parameter: 'max_tokens' is not supported with this model. "
                "Use 'max_completion_tokens' instead."
            )
            return httpx.Response(400, json={"error": {"message": message, "type": "invalid_request_error"}})
        return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": ""}}]})

    desk = make_desk(probe=HttpModelProbe(httpx.MockTransport(reasoning)))
    await desk.model("o", "openai", "https://api.openai.com/v1", "o4-mini", KEY)
    block = only(await desk.chat.say("diagnose my openai model"))
    assert block.cause_code == "model_ok" and len(asked) == 2 and asked[1]["max_completion_tokens"] == 1
