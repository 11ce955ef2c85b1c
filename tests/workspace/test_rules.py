"""Workspace phrasings beyond the corpus: what the rules read from a message, and what they leave."""

from __future__ import annotations

from core.routing.router import Route
from core.workspace.reading import read
from tests.cases import each
from tests.fakes import full_router

ROUTER = full_router()  # every registered skill's rules, by their declared priorities


def route(text: str) -> Route | None:
    return ROUTER.route(text)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("添加一个 OKX 账户叫 okx-main", "exchange_management", "create",
         {"exchange": "okx", "name": "okx-main"}),
        ("add a binance testnet account named test1", "exchange_management", "create",
         {"exchange": "binance_testnet", "name": "test1"}),
        ("删除交易所 主账户", "exchange_management", "delete", {"target_ref": {"name": "主账户"}}),
        ("删除币安账户", "exchange_management", "delete", {"target_ref": {"alias": "binance"}}),
        ("delete exchange account #3", "exchange_management", "delete", {"target_ref": {"id": "3"}}),
        ("删除刚配的账户", "exchange_management", "delete", {"target_ref": {"recent": "1"}}),
        ("remove the one I just added account", "exchange_management", "delete",
         {"target_ref": {"recent": "1"}}),
        ("把主账户的 API key 换一下", "exchange_management", "update",
         {"field": "api_key", "target_ref": {"name": "主账户"}}),
        ("把主账户的 secret key 换了", "exchange_management", "update",
         {"field": "api_secret", "target_ref": {"name": "主账户"}}),
        ("rotate the API key and secret of main", "exchange_management", "update",
         {"field": "credentials", "target_ref": {"name": "main"}}),
        ("把主账户改名为 币安主号", "exchange_management", "update",
         {"field": "name", "new_name": "币安主号", "target_ref": {"name": "主账户"}}),
        ("重命名 main 为 core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        ("把 main 改名叫 core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        # a leading 给 puts the record first; a name that starts with 给 keeps it
        ("给 main 改名叫 core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        ("帮我给main改名为core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        ("给模型配置 main 改名叫 core", "model_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}}),
        ("把 给力 改名叫 强力", "exchange_management", "update",
         {"field": "name", "new_name": "强力", "target_ref": {"name": "给力"}, "any_kind": "1"}),
        ("删除交易所 给力账户", "exchange_management", "delete", {"target_ref": {"name": "给力账户"}}),
        # the same in traditional characters: 給 read as 给 (it was kept: "給 main", not found)
        ("給 main 改名叫 core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        ("幫我給main改名為core", "exchange_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}, "any_kind": "1"}),
        ("給模型配置 main 改名叫 core", "model_management", "update",
         {"field": "name", "new_name": "core", "target_ref": {"name": "main"}}),
        ("把 給力 改名叫 強力", "exchange_management", "update",
         {"field": "name", "new_name": "強力", "target_ref": {"name": "給力"}, "any_kind": "1"}),
        ("將 給力 改名叫 強力", "exchange_management", "update",
         {"field": "name", "new_name": "強力", "target_ref": {"name": "給力"}, "any_kind": "1"}),
        ("我的交易所账户", "exchange_management", "query", {}),
        ("查看主账户", "exchange_management", "query", {"target_ref": {"name": "主账户"}}),
        ("which exchange accounts do I have", "exchange_management", "query", {}),
        ("我有几个交易所账户", "exchange_management", "query", {}),
        ("rename account main to primary", "exchange_management", "update",
         {"field": "name", "new_name": "primary", "target_ref": {"name": "main"}}),
        ("update my okx passphrase", "exchange_management", "update",
         {"field": "passphrase", "target_ref": {"alias": "okx"}}),
        ("把 deepseek 的模型改成 deepseek-reasoner", "model_management", "update",
         {"field": "model", "model": "deepseek-reasoner", "target_ref": {"name": "deepseek"}}),
        ("set the base url of deepseek to https://x.example.com/v1", "model_management", "update",
         {"field": "base_url", "base_url": "https://x.example.com/v1", "target_ref": {"name": "deepseek"}}),
        ("disable my kimi model", "model_management", "update",
         {"field": "enabled", "enabled": "false", "target_ref": {"name": "kimi"}}),
        ("把 deepseek 的 API key 换一下", "model_management", "update",
         {"field": "api_key", "target_ref": {"name": "deepseek"}}),
        ("查看模型配置", "model_management", "query", {}),
        ("add a qwen model", "model_management", "create", {"provider": "qwen"}),
        ("全仓和逐仓有什么区别?", "glossary", "explain", {"term": "margin"}),
        ("what is a testnet", "glossary", "explain", {"term": "testnet"}),
    ],
)  # fmt: skip
def test_workspace_phrasings(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    got = route(text)
    assert got is not None, text
    assert (got.skill, got.action, got.slots) == (skill, action, slots)


@each(
    ("text", "symbol"),
    [
        ("查看币安币价格", "BNBUSDT"),  # an exchange brand in a coin's name is no account request
        ("币安上 BTC 多少钱", "BTCUSDT"),
        ("ETH 现在多少钱", "ETHUSDT"),
    ],
)
def test_coin_questions_still_go_to_price(text: str, symbol: str) -> None:
    got = route(text)
    assert got is not None and got.skill == "price" and got.slots["symbols"] == [symbol]


@each("text", ["hello", "what can you do", "/price btc", "你好", "thanks a lot"])
def test_no_workspace_route_for_chatter_and_commands(text: str) -> None:
    got = read(text)
    assert got is None
