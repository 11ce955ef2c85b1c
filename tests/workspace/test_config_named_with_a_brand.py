"""One of their model configs whose name holds a provider's ("kimi测试", "qwen備用") is theirs named,
not the brand alone: "看下kimi测试的配置" shows it (before: nothing, read as the brand only, which a
look never takes: "查看币安币价格" asks a coin's price). A config called by the brand itself stays
the brand ("my deepseek config is at deepseek-chat": told, nothing asked)."""

from __future__ import annotations

from core.workspace.reading import read


def test_a_config_named_beyond_its_brand_is_looked_at() -> None:
    found = read("看下kimi测试的配置", ("kimi测试",), "model")
    assert found is not None and found.action == "query"
    assert found.slots.get("target_ref") == {"name": "kimi测试"}


def test_a_config_named_by_the_brand_alone_stays_weak() -> None:
    assert read("my deepseek config is at deepseek-chat", ("deepseek",), "model") is None


def test_the_brand_alone_asks_no_look() -> None:
    assert read("看下kimi") is None
