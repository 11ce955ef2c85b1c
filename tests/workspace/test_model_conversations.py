"""model_management through the Core: catalog defaults, HTTPS rule, masking, delete refusal."""

from __future__ import annotations

from core.reply import Status
from core.workspace.memory import MemoryWorkspace
from core.workspace.providers import PROVIDERS, check_base_url
from tests.cases import each
from tests.workspace.conftest import MODEL_KEY, Desk, button, codes, details, make_desk, masked, text_of

OWNER = "console:user-1"


async def test_create_uses_the_provider_catalog_and_asks_only_for_the_key(desk: Desk) -> None:
    chat = desk.chat
    ask = await chat.say("配置一个 DeepSeek 模型")
    assert ask.route.skill == "model_management" and ask.route.action == "create"
    assert codes(ask) == ["ask_api_key"] and ask.expects_secret == "api_key"
    done = await chat.say(MODEL_KEY)
    assert done.status is Status.COMPLETED and codes(done) == ["model_created"]
    assert done.delete_inbound is True
    rows = details(done)
    assert rows["名称"] == "deepseek"
    assert rows["Base URL"] == "https://api.deepseek.com" and rows["模型"] == "deepseek-chat"
    assert rows["API Key"] == masked(MODEL_KEY) == "sk-7****9c2e"
    assert rows["状态"] == "已启用"
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert cfg.provider == "deepseek" and cfg.enabled
    assert cfg.api_key != MODEL_KEY and desk.secrets.decrypt(cfg.api_key) == MODEL_KEY


async def test_a_second_config_of_one_provider_gets_a_numbered_name(desk: Desk) -> None:
    for _ in range(2):
        await desk.chat.say("配置一个 DeepSeek 模型")
        await desk.chat.say(MODEL_KEY)
    assert [m.name for m in await desk.workspace.models.owned(OWNER)] == ["deepseek", "deepseek-2"]


async def test_every_catalog_provider_has_https_defaults() -> None:
    for provider in PROVIDERS.values():
        if provider.key == "custom":
            assert provider.base_url is None and provider.model is None
            continue
        assert provider.base_url is not None and provider.model
        assert check_base_url(provider.base_url) == (provider.base_url, None)


async def test_custom_requires_https_except_on_localhost(desk: Desk) -> None:
    chat = desk.chat
    ask_provider = await chat.say("add a model config")
    assert codes(ask_provider) == ["ask_provider"]
    assert [b.label for b in ask_provider.buttons] == ["DeepSeek", "OpenAI", "Qwen", "Kimi", "Custom"]
    ask_name = await chat.press(button(ask_provider, "Custom"))
    assert codes(ask_name) == ["ask_name"]
    ask_url = await chat.say("local-llm")
    assert codes(ask_url) == ["ask_base_url"]
    refused = await chat.say("http://models.example.com/v1")
    assert codes(refused) == ["invalid_answer", "ask_base_url"]
    assert "https" in text_of(refused)
    assert codes(await chat.say("https://user:pw@models.example.com/v1")) == [
        "invalid_answer",
        "ask_base_url",
    ]
    ask_model = await chat.say("http://localhost:11434/v1")
    assert codes(ask_model) == ["ask_model"]
    ask_key = await chat.say("qwen2.5:7b")
    assert codes(ask_key) == ["ask_api_key"]
    done = await chat.say(MODEL_KEY)
    rows = details(done)
    assert rows["Base URL"] == "http://localhost:11434/v1" and rows["Model"] == "qwen2.5:7b"


@each(
    ("url", "ok"),
    [
        ("https://api.example.com/v1", True),
        ("http://127.0.0.1:8000/v1", True),
        ("http://[::1]:8000", True),
        ("http://localhost", True),
        ("http://api.example.com/v1", False),
        ("ftp://api.example.com", False),
        ("https://", False),
        ("https://a b.com", False),
        ("http://127.0.0.1.evil.com/v1", False),
        ("https://k:secret@api.example.com", False),
    ],
)
def test_base_url_rule(url: str, ok: bool) -> None:
    normalized, error = check_base_url(url)
    assert (normalized is not None) is ok, error


async def test_changing_the_base_url_is_confirmed(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("配置一个 DeepSeek 模型")
    await chat.say(MODEL_KEY)
    confirm = await chat.say("把 deepseek 的 base url 改成 https://proxy.example.com/v1")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert details(confirm)["Base URL"] == "https://api.deepseek.com → https://proxy.example.com/v1"
    await chat.say("确认")
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert cfg.base_url == "https://proxy.example.com/v1"


async def test_renaming_and_disabling_need_no_confirmation(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("配置一个 DeepSeek 模型")
    await chat.say(MODEL_KEY)
    renamed = await chat.say("把 deepseek 改名为 ds-main")
    assert renamed.status is Status.COMPLETED and codes(renamed) == ["model_updated"]
    disabled = await chat.say("禁用 ds-main 模型")
    assert codes(disabled) == ["model_updated"] and details(disabled)["状态"] == "已停用"
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert (cfg.name, cfg.enabled) == ("ds-main", False)


async def test_replacing_the_model_key_is_confirmed_and_masked(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("配置一个 DeepSeek 模型")
    await chat.say(MODEL_KEY)
    ask = await chat.say("把 deepseek 的 API key 换一下")
    assert ask.route.skill == "model_management" and codes(ask) == ["ask_api_key"]
    new_key = "sk-aaaabbbbccccddddeeeeffff00001111"
    confirm = await chat.say(new_key)
    assert details(confirm)["API Key"] == f"{masked(MODEL_KEY)} → {masked(new_key)}"
    await chat.press(button(confirm, "确认"))
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert desk.secrets.decrypt(cfg.api_key) == new_key


async def test_delete_by_provider_alias_confirms_then_deletes(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("add an openai model")
    await chat.say(MODEL_KEY)
    confirm = await chat.say("delete my openai model config")
    assert confirm.route.action == "delete" and codes(confirm)[0] == "confirm_delete"
    done = await chat.press(button(confirm, "Delete"))
    assert codes(done) == ["model_deleted"]
    assert await desk.workspace.models.owned(OWNER) == []


async def test_a_delete_with_no_longer_needed_after_it_still_asks_to_delete(desk: Desk) -> None:
    """ "删除 deepseek 模型，不用了" read 不用了 as taking the delete back (nothing done, no answer):
    said after a removal it is why, the delete is confirmed; after a buy it still takes it back."""
    chat = desk.chat
    await chat.say("配置一个 DeepSeek 模型")
    await chat.say(MODEL_KEY)
    confirm = await chat.say("删除 deepseek 模型，不用了")
    assert confirm.route.action == "delete" and codes(confirm)[0] == "confirm_delete"
    done = await chat.press(button(confirm, "确认删除"))
    assert codes(done) == ["model_deleted"]
    assert await desk.workspace.models.owned(OWNER) == []


async def test_delete_is_refused_while_a_trader_uses_the_model() -> None:
    store = MemoryWorkspace()
    desk = make_desk(workspace=store)
    await desk.chat.say("配置一个 DeepSeek 模型")
    await desk.chat.say(MODEL_KEY)
    (cfg,) = await store.models.owned(OWNER)
    store.add_trader(OWNER, "beta", model_id=cfg.id)
    reply = await desk.chat.say("删除模型 deepseek")
    assert reply.status is Status.FAILED and codes(reply) == ["in_use"] and "beta" in text_of(reply)
    assert len(await store.models.owned(OWNER)) == 1


async def test_a_trader_attached_after_the_confirmation_still_blocks_the_delete() -> None:
    store = MemoryWorkspace()
    desk = make_desk(workspace=store)
    await desk.chat.say("配置一个 DeepSeek 模型")
    await desk.chat.say(MODEL_KEY)
    confirm = await desk.chat.say("删除模型 deepseek")
    (cfg,) = await store.models.owned(OWNER)
    store.add_trader(OWNER, "gamma", model_id=cfg.id)  # between the question and the click
    reply = await desk.chat.press(button(confirm, "确认删除"))
    assert codes(reply) == ["in_use"] and "gamma" in text_of(reply)
    assert len(await store.models.owned(OWNER)) == 1


async def test_listing_models(desk: Desk) -> None:
    chat = desk.chat
    empty = await chat.say("我的模型配置")
    assert empty.route.action == "query" and codes(empty) == ["no_models"]
    await chat.say("配置一个 Kimi 模型")
    await chat.say(MODEL_KEY)
    listing = await chat.say("查看模型配置")
    assert "kimi" in text_of(listing) and masked(MODEL_KEY) in text_of(listing)
    assert MODEL_KEY not in text_of(listing)
