"""A name given in traditional Chinese is read as in simplified: the marker ("名稱是", "命名為",
"起名為"), where the name ends ("餘額", "的幣安帳戶") and a model name's label ("模型名稱") are
read in the language layer's normalized text, the name taken as typed ("小號"). Before session 37
the reader matched its words in the text as typed only: "新增幣安帳戶，名稱是 小號" gave no name
(asked again), "叫 小號 餘額 1萬U" named the account "小號 餘額" and "叫小號的幣安帳戶" opened a
paper account called "小號的幣安帳戶"."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import full_router


@each(
    ("text", "slots"),
    [
        ("新增幣安帳戶，名稱是 小號", {"name": "小號", "exchange": "binance"}),
        ("新增币安账户，名称是 小号", {"name": "小号", "exchange": "binance"}),
        ("add a binance account, name: Alt Two", {"name": "Alt Two", "exchange": "binance"}),
        ("新增幣安帳戶，命名為 小號", {"name": "小號", "exchange": "binance"}),
        ("新增模擬帳戶，起名為 小號", {"name": "小號", "exchange": "paper"}),
        ("新增模擬帳戶 叫 小號 餘額 1萬U", {"name": "小號", "paper_balance": "10000", "exchange": "paper"}),
        ("新增模拟账户 叫 小号 余额 1万U", {"name": "小号", "paper_balance": "10000", "exchange": "paper"}),
        ("add a paper account called Alt Two balance 10000 usdt", {"name": "Alt Two", "exchange": "paper"}),
        ("新增一個 叫小號的幣安帳戶", {"name": "小號", "exchange": "binance"}),
        ("新增一个 叫小号的币安账户", {"name": "小号", "exchange": "binance"}),
    ],
)
def test_an_account_name_is_read_in_either_script(text: str, slots: dict[str, Any]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_management", "create"), route
    assert slots.items() <= route.slots.items(), route.slots


@each(
    ("text", "slots"),
    [
        (
            "配置一個 deepseek 模型，名稱為 ds，模型名稱 deepseek-chat",
            {"name": "ds", "model": "deepseek-chat"},
        ),
        (
            "配置一个 deepseek 模型，名称为 ds，模型名称 deepseek-chat",
            {"name": "ds", "model": "deepseek-chat"},
        ),
        ("add a deepseek model named ds, model name deepseek-chat", {"name": "ds", "model": "deepseek-chat"}),
    ],
)
def test_a_model_config_name_and_model_are_read_in_either_script(text: str, slots: dict[str, Any]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "create"), route
    assert slots.items() <= route.slots.items(), route.slots
