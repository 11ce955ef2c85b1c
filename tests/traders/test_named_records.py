"""The record a trader request names by its kind, read from the tags (zh + en): after the kind's
word, or before it after "using" / "用"; a kind alone ("the dca strategy") names none."""

from __future__ import annotations

from core.skills.trader_management.named import named
from tests.cases import each


@each(
    ("text", "slot", "name"),
    [
        ("create a trader using strategy Foo", "strategy", "Foo"),
        ("用 Foo 策略建一个交易员", "strategy", "Foo"),
        ("创建交易员，策略叫 Foo", "strategy", "Foo"),
        ("create a trader with my Foo strategy", "strategy", "Foo"),
        ("make a trader using the eth grid strategy and my okx account", "strategy", "eth grid"),
        ("make a trader using the eth grid strategy and my okx account", "account", None),
        ("create a trader using the dca strategy", "strategy", None),
        ("用 main 账户建一个交易员", "account", "main"),
        ("create trader alpha on account Main2", "account", "Main2"),
        ("create a trader with model kimi-x", "model", "kimi-x"),
    ],
)
def test_the_record_a_request_names(text: str, slot: str, name: str | None) -> None:
    assert named(text, slot) == name
