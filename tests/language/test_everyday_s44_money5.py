"""Everyday requests (session 44, money5): someone else's words told with a trade ("他说要买0.1个btc",
"he said buy 0.1 btc") are no order; a bare "stop" before its price after a take-profit is the
stop-loss ("eth: take profit 4200, stop 3300"); what one has asked loosely ("how many doge i got",
"how much usdt do i still have", "how many sol tokens am i sitting on") is the holding or the cash;
money put into a coin ("put $300 into btc on main", "throw 100u into sol") buys it in USDT.
Each is a word of the data or a reader's rule, so every request built on it reads it; the guards
are what each must not catch."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is

NAMES: dict[str, list[str]] = {"account": ["main"]}


@each(
    ("text", "skill", "action", "slots"),
    [
        # reported speech guards: one's own words said again, an order asked before the source told,
        # 说 inside another word
        ("我说了买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("帮我买0.1个btc 他说的", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("buy 0.1 btc, he said so", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("说明一下 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("其他说明 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("看完小说 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        # each price with the word right before it: a bare "stop" is the stop-loss's beside a take-profit
        (
            "eth: take profit 4200, stop 3300",
            "orders",
            "protect",
            {"symbol": "ETHUSDT", "take_profit": "4200", "stop_loss": "3300"},
        ),
        (
            "eth: stop 3300, take profit 4200",
            "orders",
            "protect",
            {"take_profit": "4200", "stop_loss": "3300"},
        ),
        ("btc tp 100000 stop 80000", "orders", "protect", {"take_profit": "100000", "stop_loss": "80000"}),
        ("eth 止盈4200 止损3300", "orders", "protect", {"take_profit": "4200", "stop_loss": "3300"}),
        ("take profit 4200, stop -3300", "orders", "protect", {"stop_loss": "refused:sign:-3300"}),
        # guards: "stop" before no price stops a bot
        ("stop 2 bots", "trader_management", "stop", {}),
        # what one has, asked loosely: how many / how much + coin + i have / got / hold / am sitting on
        ("how many doge i got", "account_query", "positions", {}),
        ("how much eth i hold", "account_query", "positions", {}),
        ("how many sol tokens am i sitting on", "account_query", "positions", {}),
        ("how much sol have i still got", "account_query", "positions", {}),
        ("how much usdt do i still have", "account_query", "balance", {}),
        ("how much usdt i got left", "account_query", "balance", {}),
        (
            "how much usdt do i still have on main",
            "account_query",
            "balance",
            {"target_ref": {"name": "main"}},
        ),
        # guards: a price asked, or what an amount buys, is no holding
        ("how much is doge", "price", "current", {"symbols": ["DOGEUSDT"]}),
        ("how many doge for 100 usdt", "price", "current", {"symbols": ["DOGEUSDT"]}),
        # money put into a coin: a buy paid in USDT, on the account named
        (
            "put $300 into btc on main",
            "trade_execution",
            "buy",
            {"symbol": "BTCUSDT", "amount": "quote:300", "target_ref": {"name": "main"}},
        ),
        ("throw 100u into sol", "trade_execution", "buy", {"symbol": "SOLUSDT", "amount": "quote:100"}),
        ("drop 50 bucks into eth", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "quote:50"}),
        ("park 200 usdt in doge", "trade_execution", "buy", {"symbol": "DOGEUSDT", "amount": "quote:200"}),
        # guards: what is no sum of USDT is refused, quoting it, never a buy of everything
        ("put all my money into btc", "trade_execution", "buy", {"amount": "refused:spent_not_usdt:all"}),
        # a share of the USDT named is that share, as "buy eth with half my usdt" reads it
        ("throw half my usdt into sol", "trade_execution", "buy", {"amount": "fraction:0.5"}),
    ],
)
def test_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


@each(
    "text",
    [
        # someone else's words told: never an order, even quoted after a mark
        "他说要买0.1个btc",
        "她说把eth全卖了",
        "他说，买0.1个btc",
        "群里说要卖掉eth",
        "有人说买100u的doge",
        "他让我买0.1个btc",
        "他說要買0.1個btc",
        "he said buy 0.1 btc",
        "she says sell all my eth",
        "someone said buy 100 usdt of doge",
        "my friend told me to buy 0.1 btc",
        "he told me to sell half my sol",
        # a bare "stop" with a price and no take-profit: no stop-loss guessed
        "stop 3300",
        # what one has, told with no question: nothing asked
        "i got liquidated on eth",
        "i got rekt on sol",
        # a put word with no sum put into a coin, or told done / asked as advice: no buy
        "btc could drop $5000",
        "eth might drop 300 to 3000",
        "put 100 usdt into my futures account",
        "i put $300 into btc yesterday",
        "should i put $300 into btc",
    ],
)
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)
