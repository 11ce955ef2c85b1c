"""One of their traders moved onto another of their records, and a strategy copied, said as blind
set KD said them: '旺财改用老婆本这个账户交易' moved 旺财 onto an account '老婆本这个账户交易' (none
such), '波仔轉用kimi備用呢個模型' onto a model 'kimi備用呢個'; '將阿強綁去主帳戶' and '大餅網格幫我整多一份'
read nothing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

ACCOUNTS = {"trader": ["旺财", "阿强", "波仔"], "account": ["老婆本", "主号", "主帳戶", "家用"]}
NAMES = {**ACCOUNTS, "model": ["我的GPT", "kimi備用"], "strategy": ["慢慢来"]}


@each(
    ("text", "field", "value"),
    [
        ("旺财改用老婆本这个账户交易", "account", "老婆本"),
        ("旺财改用主号这个账户来交易", "account", "主号"),
        ("旺财改用老婆本账户", "account", "老婆本"),
        ("波仔轉用kimi備用呢個模型", "model", "kimi備用"),
        ("波仔改用我的GPT那个模型吧", "model", "我的GPT"),
        ("把波仔的策略换成慢慢来这个策略", "strategy", "慢慢来"),
        ("將阿強綁去主帳戶", "account", "主帳戶"),
        ("把阿强绑定到家用", "account", "家用"),
        ("將阿強綁落家用個帳戶度", "account", "家用"),
    ],
)
def test_their_record_said_then_words_of_the_request_is_the_new_one(
    text: str, field: str, value: str
) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("trader_management", "update"), route
    assert route.slots["field"] == field and route.slots[field] == value, route.slots


@each("text", ["rename rex to vault one", "rex改名叫主号二号"])
def test_a_new_name_holding_their_record_stays_whole(text: str) -> None:
    route = route_with_names(text, {"trader": ["rex"], "account": ["vault", "主号"]})
    assert route is not None and route.slots.get("new_name") in ("vault one", "主号二号"), route


def test_an_account_bound_to_their_trader_renames_no_account() -> None:
    route = route_with_names("把币安账户绑定到阿强上", ACCOUNTS)
    assert route is None or (route.skill, route.action) != ("exchange_management", "update"), route


@each("text", ["大餅網格幫我整多一份", "幫我將大餅網格整多個", "大餅網格再多弄一份"])
def test_one_more_made_of_their_strategy_is_its_copy(text: str) -> None:
    route = route_with_names(text, {"strategy": ["大餅網格"]})
    assert route is not None and (route.skill, route.action) == ("strategy_management", "duplicate"), route
    assert route.slots["target_ref"] == {"name": "大餅網格"}


def test_one_more_of_anything_else_is_no_copy() -> None:
    route = route_with_names("帮我整多一份报告", {"strategy": ["大餅網格"]})
    assert route is None or route.action != "duplicate", route
