"""Their records by the names they gave them (blind set ND): a kind's word inside a name of theirs
('remove the traders club account'), a switch said around the record ('turn the deepseek model back
on'), a plain word named after its kind ('刪除策略 止蝕'), a complaint before the act on it ('eth grid
is useless, get rid of it') and one of theirs asked about ('主号是哪个交易所的')."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


def _asks(text: str, names: dict[str, list[str]]) -> list[Route]:
    locale = "en" if text.isascii() else "zh"
    return read_asks(text, shared_router(), context({"text": text, "names": names}), locale=locale)


@each(
    ("text", "names", "skill", "action", "slots"),
    [
        ("remove the traders club account", {"account": ["traders club", "main"]}, "exchange_management",
         "delete", {"target_ref": {"name": "traders club"}}),
        ("把交易员之家这个账户删了", {"account": ["交易员之家"]}, "exchange_management", "delete",
         {"target_ref": {"name": "交易员之家"}}),
        ("turn the deepseek model back on", {"model": ["deepseek"]}, "model_management", "update",
         {"enabled": "true", "field": "enabled", "target_ref": {"name": "deepseek"}}),
        ("shut the kimi config off for now", {"model": ["kimi"]}, "model_management", "update",
         {"enabled": "false", "field": "enabled", "target_ref": {"name": "kimi"}}),
        ("刪除策略 止蝕", {"strategy": ["止蝕", "囤幣仔"]}, "strategy_management", "delete",
         {"target_ref": {"name": "止蝕"}}),
        ("eth grid is useless, get rid of it", {"strategy": ["eth grid"]}, "strategy_management", "delete",
         {"target_ref": {"name": "eth grid"}}),
        ("囤币仔太蠢了，把它删了吧", {"strategy": ["囤币仔"]}, "strategy_management", "delete",
         {"target_ref": {"name": "囤币仔"}}),
        ("主号是哪个交易所的？", {"account": ["主号", "小号"]}, "exchange_management", "query",
         {"target_ref": {"name": "主号"}}),
        ("what's set up under savings?", {"account": ["savings", "main"]}, "exchange_management", "query",
         {"target_ref": {"name": "savings"}}),
        ("买入 这个交易员停一下", {"trader": ["买入", "阿飞"]}, "trader_management", "stop",
         {"target_ref": {"name": "买入"}}),
        ("老王现在用的什么策略和模型", {"trader": ["老王"]}, "trader_management", "query",
         {"target_ref": {"name": "老王"}}),
    ],
)  # fmt: skip
def test_their_record_by_its_name(
    text: str, names: dict[str, list[str]], skill: str, action: str, slots: dict[str, Any]
) -> None:
    asks = _asks(text, names)
    assert [(r.skill, r.action) for r in asks] == [(skill, action)], asks
    assert {k: asks[0].slots.get(k) for k in slots} == slots, asks[0].slots


def test_their_accounts_listed_in_another_clause_are_the_list() -> None:
    asks = _asks("我的交易所账户有哪些？主号和小号都列出来", {"account": ["主号", "小号"]})
    assert [(r.skill, r.action, r.slots.get("target_ref")) for r in asks] == [
        ("exchange_management", "query", None)
    ], asks
