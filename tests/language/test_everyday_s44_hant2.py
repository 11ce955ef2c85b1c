"""Hong Kong Cantonese and Taiwan words for what the lexicon knows (session 44): 部位 (a position),
请问 (may I ask), 剷走 / 拎走 (remove), 提下我 (remind me), 加埋個 (add one), a trader that has not
opened a position or 壞咗 (is broken), an order 沒有成交. Each case failed before its fix: a word in
the lexicon data (lexicon/*.toml, phrases/cantonese.toml), never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of as _asks
from tests.fakes import assert_asks

TRADERS = {"trader": ["阿明", "alpha"]}


def _check(
    text: str, skill: str, action: str, slots: dict[str, Any], names: dict[str, list[str]] | None
) -> None:
    assert_asks(text, [(skill, action, slots)], names)


CASES: list[tuple[str, str, str, dict[str, Any]]] = [
    # 部位: Taiwan's word for a position
    ("我目前有哪些部位", "account_query", "positions", {}),
    ("查一下我的部位", "account_query", "positions", {}),
    # 请问 opens a question as 请 opens a request
    ("請問我這個月賺了多少", "pnl", "report", {}),
    ("请问我一共赚了多少", "pnl", "report", {}),
    # 剷走: removed, as 删掉
    ("剷走 alpha 呢個交易員", "trader_management", "delete", {"target_ref": {"name": "alpha"}}),
    # 提下我: remind me
    (
        "BTC 跌到 80000 提下我",
        "price_alert",
        "create",
        {"symbol": "BTCUSDT", "condition": "below", "level": "80000"},
    ),
    # 加埋個: add one
    ("加埋個 deepseek 模型", "model_management", "create", {"provider": "deepseek"}),
    # a trader that has not opened a position, or is broken
    ("alpha 成個禮拜都冇開過倉", "trader_diagnosis", "diagnose", {}),
    ("阿明是不是壞了", "trader_diagnosis", "diagnose", {}),
    ("alpha 好似壞咗", "trader_diagnosis", "diagnose", {}),
    # an order 沒有成交: a resting order's question
    ("我的掛單為什麼一直沒有成交", "orders", "why_resting", {}),
    # an exchange's name + 帳戶 / 戶口 (Hong Kong's account, 個 its possessive) is its alias
    ("查下 bybit 帳戶的餘額", "account_query", "balance", {"target_ref": {"alias": "bybit"}}),
    ("okx 戶口嘅持倉", "account_query", "positions", {"target_ref": {"alias": "okx"}}),
    ("剷咗 okx 個戶口", "exchange_management", "delete", {"target_ref": {"alias": "okx"}}),
    ("刪除我的戶口", "exchange_management", "delete", {}),
    # 用晒啲: all of the money it comes before
    ("用晒啲 USDT 買 ETH", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "all"}),
    # positions shown wrong, a buy told as why: the balance's diagnosis, not an order's
    ("持倉顯示不對，我明明有買 SOL", "balance_position_diagnosis", "diagnose", {}),
]


@each(("text", "skill", "action", "slots"), CASES)
def test_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _check(text, skill, action, slots, TRADERS)


# Not asks: a remark about something else broken, a question about deskmate itself.
GUARDS = ["我的電腦壞了", "我部手機壞咗", "請問你是誰"]


def test_run_out_is_no_amount() -> None:
    """用晒 after the money is having run out of it, told: the buy asked next gets no amount."""
    asks = _asks("USDT 用晒喇，再買啲 BTC")
    assert all(a.slots.get("amount") != "all" for a in asks), asks


@each("text", GUARDS)
def test_guards(text: str) -> None:
    asks = _asks(text, TRADERS)
    assert not [a for a in asks if a.skill in {"trader_diagnosis", "pnl", "account_query"}], (text, asks)
