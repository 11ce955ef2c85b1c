"""guidance: every topic routed in zh and en, answered with its steps, permissions (never
withdrawals) and the date its facts were written down; asked mid-task it is a side question and
the open task comes back."""

from __future__ import annotations

import re

import pytest

from core.reply import NoticeBlock, Reply, Status
from core.skills.guidance.catalog import topics
from tests.diagnosis.conftest import make_desk

CJK = re.compile(r"[\u4e00-\u9fff]")

# (message, topic, aspect)
ASKS = [
    ("币安API Key怎么申请", "binance", "setup"),
    ("how do I create a binance api key", "binance", "setup"),
    ("币安API权限应该勾选哪些", "binance", "permissions"),
    ("which permissions should my binance api key have", "binance", "permissions"),
    ("币安测试网的key怎么申请", "binance_testnet", "setup"),
    ("how do I get a binance testnet api key", "binance_testnet", "setup"),
    ("OKX 的 API key 和 passphrase 怎么弄", "okx", "setup"),
    ("how to create an okx api key", "okx", "setup"),
    ("欧易API需要勾选什么权限", "okx", "permissions"),
    ("bybit api key 在哪里申请", "bybit", "setup"),
    ("bybit api key permissions", "bybit", "permissions"),
    ("deepseek的api key去哪里申请", "deepseek", "setup"),
    ("where do I get a deepseek api key", "deepseek", "setup"),
    ("openai的api key怎么获取", "openai", "setup"),
    ("where do I get an openai api key", "openai", "setup"),
    ("通义千问的base url是多少", "qwen", "setup"),
    ("how do I get a qwen dashscope api key", "qwen", "setup"),
    ("kimi 的 api key 去哪申请", "kimi", "setup"),
    ("kimi model name", "kimi", "setup"),
    ("什么是模拟交易", "paper", None),
    ("what is paper trading", "paper", None),
]


def notice(reply: Reply) -> NoticeBlock:
    (block,) = [b for b in reply.blocks if isinstance(b, NoticeBlock)]
    return block


@pytest.mark.parametrize(("text", "topic", "aspect"), ASKS)
async def test_every_topic_is_routed_and_answered(text: str, topic: str, aspect: str | None) -> None:
    reply = await make_desk().chat.say(text)
    assert reply.route.skill == "guidance" and reply.route.action == "explain"
    assert reply.route.slots["topic"] == topic
    if aspect is not None:
        assert reply.route.slots["aspect"] == aspect
    assert reply.status is Status.COMPLETED and reply.usage.model_requests == 0
    block = notice(reply)
    assert block.code == f"guidance.{topic}"
    zh = bool(CJK.search(text))
    assert bool(CJK.search(block.text)) is zh
    assert "2026-12-03" in block.text
    if aspect != "permissions":
        assert "1. " in block.text and "2. " in block.text


def test_every_topic_file_has_both_languages_and_a_date() -> None:
    found = topics()
    assert set(found) == {
        "binance", "binance_testnet", "okx", "bybit", "deepseek", "openai", "qwen", "kimi", "paper", "start",
        "orders",
    }  # fmt: skip
    for topic in found.values():
        zh, en = topic.text("zh"), topic.text("en")
        assert len(zh.steps) == len(en.steps) and len(zh.permissions) == len(en.permissions)
        assert CJK.search(zh.title) and not CJK.search(" ".join(en.steps))
        if topic.kind == "exchange":
            assert zh.permissions and "提现" in " ".join(zh.permissions)
            assert (
                any(p.startswith("❌") and "ithdraw" in p for p in en.permissions)
                or topic.key == "binance_testnet"
            )
        if topic.kind == "model":
            assert any("https://" in f for f in en.facts)  # the base URL


async def test_model_topics_give_the_catalogs_base_url_and_default_model() -> None:
    from core.workspace.providers import PROVIDERS

    for key in ("deepseek", "openai", "qwen", "kimi"):
        facts = " ".join(topics()[key].text("en").facts)
        provider = PROVIDERS[key]
        assert provider.base_url is not None and provider.base_url in facts
        assert provider.model is not None and provider.model in facts
        assert all(name in facts for name in provider.models)


async def test_binance_permissions_never_tick_withdrawals() -> None:
    block = notice(await make_desk().chat.say("币安API权限应该勾选哪些"))
    assert "❌ 允许提现" in block.text and "✅ 允许读取" in block.text and "IP" in block.text
    assert "币安API怎么申请" in block.text  # where the whole walk-through is


async def test_a_guide_asked_mid_task_is_a_side_question_and_the_task_comes_back() -> None:
    desk = make_desk()
    first = await desk.chat.say("添加一个币安账户")
    assert first.status is Status.NEEDS_INPUT
    side = await desk.chat.say("币安API权限应该勾选哪些")
    assert side.route.skill == "guidance"
    codes = [b.code for b in side.blocks if isinstance(b, NoticeBlock)]
    assert codes[0] == "guidance.binance" and "back_to_task" in codes
    after = await desk.chat.say("主账户")  # the open task's question (the name) is answered
    assert after.route.skill == "exchange_management" and after.status is Status.NEEDS_INPUT
    assert after.expects_secret == "api_key"


@pytest.mark.parametrize(
    ("text", "zh"),
    [
        ("API要开哪些权限啊", True),
        ("API 要開哪些權限", True),
        ("which permissions does an api key need", False),
    ],
)
async def test_permissions_asked_with_no_exchange_are_each_exchanges(text: str, zh: bool) -> None:
    reply = await make_desk().chat.say(text)
    assert reply.route.skill == "guidance" and "topic" not in reply.route.slots
    assert reply.status is Status.COMPLETED and reply.usage.model_requests == 0
    block = notice(reply)
    assert block.code == "guidance.exchanges"
    assert bool(CJK.search(block.text)) is zh
    for key in ("binance", "okx", "bybit"):  # each exchange's permissions, never withdrawals
        text = topics()[key].text(reply.locale)
        assert text.title in block.text and all(p in block.text for p in text.permissions)
    assert "❌" in block.text
