"""A name given after "called" / "named" / "叫" / "名为" is read whole as typed: "add binance account
called Main Account" is the account "Main Account". Before session 37 an unquoted Latin name ended at
a record kind's word ("account", "exchange", "model", "config"), so the account was created as "Main".
A kind's word still ends the name where another field's value follows it ("called gpt main model
gpt-4o"), as "with" / "key" end it ("called main with key …").

A model config's model id said after "model" / "模型" alone ("add an openai model called gpt main,
model gpt-4o") is read: before, "model" labelled it only before "is" / ":", so the id was lost."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import full_router


@each(
    ("text", "slots"),
    [
        ("add binance account called Main Account", {"name": "Main Account", "exchange": "binance"}),
        ("add a binance account named Main Account", {"name": "Main Account", "exchange": "binance"}),
        ("add binance account called Main Account with key", {"name": "Main Account"}),
        ("add a paper account called Main Exchange", {"name": "Main Exchange"}),
        ("添加币安账户，叫 主账户 二号", {"name": "主账户 二号", "exchange": "binance"}),
        ("添加币安账户 名为主账户", {"name": "主账户", "exchange": "binance"}),
        ("新增幣安帳戶，叫 主帳戶 二號", {"name": "主帳戶 二號", "exchange": "binance"}),
        ("新增幣安帳戶 名為主帳戶", {"name": "主帳戶", "exchange": "binance"}),
    ],
)
def test_an_account_name_is_read_whole(text: str, slots: dict[str, Any]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_management", "create"), route
    assert slots.items() <= route.slots.items(), route.slots


@each(
    ("text", "slots"),
    [
        ("add an openai model called gpt main, model gpt-4o", {"name": "gpt main", "model": "gpt-4o"}),
        ("add an openai model called gpt main model gpt-4o", {"name": "gpt main", "model": "gpt-4o"}),
        ("add an openai model config named Main Model", {"name": "Main Model"}),
        ("新增 openai 模型配置，叫 gpt main，模型 gpt-4o", {"name": "gpt main", "model": "gpt-4o"}),
        ("新增 openai 模型配置，叫 主配置，模型 gpt-4o", {"name": "主配置", "model": "gpt-4o"}),
        ("新增 openai 模型設定，名為 主設定，模型 gpt-4o", {"name": "主設定", "model": "gpt-4o"}),
    ],
)
def test_a_model_config_name_and_model_id(text: str, slots: dict[str, Any]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "create"), route
    assert slots.items() <= route.slots.items(), route.slots


@each(
    "text",
    ["add an openai model for me", "新增一个 openai 模型配置", "add a deepseek model config please"],
)
def test_no_model_id_is_made_up(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.skill == "model_management", route
    assert "model" not in route.slots, route.slots
