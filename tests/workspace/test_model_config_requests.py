"""A model config request that names a guide's words ("base url", "key", "模型名") is a config
request, not a how-to: it goes to model_management with the values it gives taken as slots,
while real how-to questions still reach the guidance skill (zh + en)."""

from __future__ import annotations

from core.reply import Status
from tests.cases import each
from tests.fakes import full_router
from tests.workspace.conftest import MODEL_KEY, Desk, codes, details, masked

OWNER = "console:user-1"


@each(
    ("text", "slots"),
    [
        (
            f"配置 kimi 模型，base url 是 https://api.moonshot.cn/v1，key 是 {MODEL_KEY}",
            {"provider": "kimi", "base_url": "https://api.moonshot.cn/v1"},
        ),
        (
            f"add a kimi model, base url https://api.moonshot.ai/v1, key {MODEL_KEY}",
            {"provider": "kimi", "base_url": "https://api.moonshot.ai/v1"},
        ),
        ("配置 qwen 模型，模型名是 qwen-max", {"provider": "qwen", "model": "qwen-max"}),
        ("add an openai model, model name gpt-4o", {"provider": "openai", "model": "gpt-4o"}),
        (
            "add a custom model called local, base url http://localhost:8000/v1, model: llama-3-8b",
            {
                "provider": "custom",
                "name": "local",
                "base_url": "http://localhost:8000/v1",
                "model": "llama-3-8b",
            },
        ),
    ],
)
def test_a_config_request_with_values_is_the_model_skill_s(text: str, slots: dict[str, str]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "create"), route
    assert {k: route.slots.get(k) for k in slots} == slots


@each(
    "text",
    [
        "配置 kimi 模型，base url 是多少",
        "添加 deepseek 模型，key 去哪里申请",
        "set up a qwen model, which model name should I use?",
        "kimi model name",
        "通义千问的base url是多少",
        "where do I get a deepseek api key",
    ],
)
def test_how_to_questions_still_reach_the_guides(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("guidance", "explain"), route


async def test_the_kimi_request_creates_the_config_with_its_url_and_key(desk: Desk) -> None:
    done = await desk.chat.say(f"配置 kimi 模型，base url 是 https://api.moonshot.ai/v1，key 是 {MODEL_KEY}")
    assert done.status is Status.COMPLETED and codes(done) == ["secrets_taken", "model_created"]
    assert done.delete_inbound is True
    rows = details(done)
    assert rows["Base URL"] == "https://api.moonshot.ai/v1" and rows["API Key"] == masked(MODEL_KEY)
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert (cfg.provider, cfg.base_url, cfg.model) == ("kimi", "https://api.moonshot.ai/v1", "moonshot-v1-8k")
    assert desk.secrets.decrypt(cfg.api_key) == MODEL_KEY


async def test_a_model_name_given_in_english_is_taken_and_only_the_key_is_asked(desk: Desk) -> None:
    ask = await desk.chat.say("add a kimi model, model name moonshot-v1-32k")
    assert codes(ask) == ["ask_api_key"]
    done = await desk.chat.say(MODEL_KEY)
    assert done.status is Status.COMPLETED
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert (cfg.model, cfg.base_url) == ("moonshot-v1-32k", "https://api.moonshot.cn/v1")


async def test_a_plain_http_url_given_in_the_request_is_refused_and_asked_again(desk: Desk) -> None:
    ask = await desk.chat.say("add a custom model called local, base url http://example.com/v1")
    assert codes(ask) == ["invalid_slot", "ask_base_url"]
    assert await desk.workspace.models.owned(OWNER) == []
