"""Two asks in one message (session 44): the joining words that add another ask ("also", "另外",
"顺便", "同埋", "跟住"), the second ask read as what it asks of the first one's kind or record
("which ones are left", "还剩哪些", "how much it made"), and a question likening a term to another
is no second ask. Each case failed before its fix: a word in the data (phrases/conversation.toml,
the lexicon) or a condition of the reader that owns it (core/conversation/clauses.py,
references.py), never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of, assert_asks
from tests.fakes import assert_routes_to as _routes_to

TRADERS = {"trader": ["alpha"]}
Asked = tuple[str, str | None, dict[str, Any]]


_asks = asks_of


_check = assert_asks


STOP_ALL = ("trader_management", "stop", {"target_ref": {"all": "1"}})


def _alert_deleted(coin: str) -> Asked:
    return ("price_alert", "delete", {"symbol": coin})


def _cancelled(number: str) -> Asked:
    return ("orders", "cancel", {"order_no": number})


# -- "also", "另外", "顺便", "同埋", "plus": another ask, of another skill ---------------------------


@each(
    ("text", "want"),
    [
        ("stop all my traders and also delete my eth alert", [STOP_ALL, _alert_deleted("ETHUSDT")]),
        ("turn off every trader plus remove the btc alert", [STOP_ALL, _alert_deleted("BTCUSDT")]),
        ("把所有交易员都停了，另外删掉sol的提醒", [STOP_ALL, _alert_deleted("SOLUSDT")]),
        ("停掉全部交易员 顺便把eth提醒删了", [STOP_ALL, _alert_deleted("ETHUSDT")]),
        ("暫停晒所有交易員，同埋刪咗 sol 嘅提醒", [STOP_ALL, _alert_deleted("SOLUSDT")]),
        # The plan made, then its backtest: the backtest of that plan, as the whole message reads it.
        (
            "建个每周50u的eth定投，顺便回测一下",
            [
                ("strategy_management", "create", {"kind": "dca", "symbol": "ETHUSDT", "interval": "1w"}),
                ("backtest", "run", {"kind": "dca", "symbol": "ETHUSDT", "interval": "1w", "amount": "50"}),
            ],
        ),
    ],
)  # fmt: skip
def test_also_adds_an_ask_of_another_skill(text: str, want: list[Asked]) -> None:
    _check(text, want)


@each(
    "text",
    [
        "buy 0.01 btc and also set a stop loss at 80000",
        "buy 0.01 btc plus a stop loss at 80000",
        "买0.01个btc，同时设个止损 80000",
    ],
)
def test_a_buy_and_its_stop_loss_are_two_asks(text: str) -> None:
    # SAFETY: the stop loss's price was the buy's limit (a limit buy at 80000), or the buy refused.
    _check(
        text,
        [
            ("trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.01", "limit_price": None}),
            ("orders", "protect", {"symbol": "BTCUSDT", "stop_loss": "80000"}),
        ],
    )


@each(
    ("text", "want"),
    [
        # 跟住 (Cantonese "then") puts the next ask; 佢 is the trader named before.
        ("停咗alpha 跟住刪咗佢", [
            ("trader_management", "stop", {"target_ref": {"name": "alpha"}}),
            ("trader_management", "delete", {"target_ref": {"name": "alpha"}}),
        ]),
        ("暫停所有交易員 跟住睇下我嘅餘額", [STOP_ALL, ("account_query", "balance", {})]),
    ],
)  # fmt: skip
def test_gan_zyu_is_then(text: str, want: list[Asked]) -> None:
    _check(text, want, TRADERS)


@each(
    ("text", "want"),
    [
        # One skill's request answers both: the price with its chart.
        ("btc price, also the weekly chart", [("price", "both", {"symbols": ["BTCUSDT"], "days": 7})]),
        ("BTC價格多少？順便給我看一週走勢圖", [("price", "both", {"symbols": ["BTCUSDT"], "days": 7})]),
        ("buy 100u of btc plus fees", [("trade_execution", "buy", {"amount": "quote:100"})]),
        # A first ask is never read as the whole: all alerts deleted, not BTC's.
        ("删掉所有提醒，再给 btc 设个 90000 的提醒", [
            ("price_alert", "delete", {"symbol": None}),
            ("price_alert", "create", {"symbol": "BTCUSDT", "level": "90000"}),
        ]),
        # "create X then start it" stays one create that starts it (auto start): the start waits for
        # the trader to exist, inside the create's task (the README's "and auto start it").
        ("開個新交易員叫 delta，跟住啟動佢", [
            ("trader_management", "create", {"name": "delta", "auto_start": "on"}),
        ]),
        ("create a trader called omega and then start it", [
            ("trader_management", "create", {"name": "omega", "auto_start": "on"}),
        ]),
    ],
)  # fmt: skip
def test_one_request_stays_one(text: str, want: list[Asked]) -> None:
    _check(text, want)


# -- the second ask: "which ones are left" is the kind the first one is about ----------------------


@each(
    ("text", "want"),
    [
        ("remove the sol alert, then show me which ones i still have", [
            _alert_deleted("SOLUSDT"), ("price_alert", "query", {}),
        ]),
        ("删掉btc的提醒，然后看看还剩哪些", [_alert_deleted("BTCUSDT"), ("price_alert", "query", {})]),
        ("刪咗 btc 嘅提醒，跟住睇下仲有邊啲", [_alert_deleted("BTCUSDT"), ("price_alert", "query", {})]),
        ("delete trader alpha then show me the rest", [
            ("trader_management", "delete", {"target_ref": {"name": "alpha"}}),
            ("trader_management", "query", {"target_ref": None}),
        ]),
        ("删掉账户 main，然后看看还剩哪些", [
            ("exchange_management", "delete", {"target_ref": {"name": "main"}}),
            ("exchange_management", "query", {}),
        ]),
        ("删掉账户 main，再看看我还剩哪些账户", [
            ("exchange_management", "delete", {"target_ref": {"name": "main"}}),
            ("exchange_management", "query", {}),
        ]),
        ("delete strategy eth grid, then show me which ones i still have", [
            ("strategy_management", "delete", {"target_ref": {"name": "eth grid"}}),
            ("strategy_management", "query", {"target_ref": None}),
        ]),
        ("cancel order 5, then which ones are still open", [
            _cancelled("5"), ("orders", "open_orders", {}),
        ]),
        ("撤掉3号单，再看看还有什么挂单", [_cancelled("3"), ("orders", "open_orders", {})]),
        ("取消 7 號單 同埋睇下仲有咩掛單", [_cancelled("7"), ("orders", "open_orders", {})]),
    ],
)  # fmt: skip
def test_the_second_ask_lists_the_kind(text: str, want: list[Asked]) -> None:
    _check(text, want, TRADERS)


@each(
    ("text", "skill", "action"),
    [
        # Which are left, of a kind: its records, not the money left.
        ("我还剩哪些账户", "exchange_management", "query"),
        ("还剩哪些策略", "strategy_management", "query"),
        ("which strategies do i still have", "strategy_management", "query"),
        # What orders one has is the open orders, not what the word 挂单 means.
        ("有什么挂单", "orders", "open_orders"),
        ("仲有咩掛單", "orders", "open_orders"),
        ("我还有哪些挂单没成交", "orders", "open_orders"),
        # guards
        ("挂单是什么", "glossary", "explain"),
        ("什么是挂单", "glossary", "explain"),
        ("还剩多少U", "account_query", "balance"),
        ("账户里还剩多少钱", "account_query", "balance"),
        ("为什么我的挂单没成交", "orders", "why_resting"),
    ],
)  # fmt: skip
def test_which_are_left(text: str, skill: str, action: str) -> None:
    _routes_to(text, skill, action)


# -- the P&L asked second, of the trader named first; by the day; sent to look at now --------------


@each(
    ("text", "period"),
    [
        ("pause alpha and tell me how much it made today", "today"),
        ("停掉alpha，然后告诉我它赚了多少", None),
        ("停咗 alpha 跟住話我知佢賺咗幾多", None),
        # read without "it", a price of no coin: nothing of it kept, "it" is alpha
        ("stop alpha then show me how much it made this week", "week"),
    ],
)
def test_how_much_it_made_is_the_traders_pnl(text: str, period: str | None) -> None:
    _check(
        text,
        [
            ("trader_management", "stop", {"target_ref": {"name": "alpha"}}),
            ("pnl", "report", {"trader": "alpha", "period": period}),
        ],
        TRADERS,
    )


@each(
    ("text", "slots"),
    [
        ("tell me how much alpha made", {"trader": "alpha"}),
        ("tell me how much trader alpha made", {"trader": "alpha"}),
        # by the day: a table of days
        ("最近14天收益按天看", {"view": "table", "days": "14", "grain": "day"}),
        ("按日睇最近兩星期嘅盈虧", {"view": "table", "days": "14", "grain": "day"}),
        ("show my profit day by day this month", {"grain": "day", "period": "month"}),
        ("pnl for the last 30 days by day", {"grain": "day", "days": "30"}),
        # sent now to look at ("发我看看"), not the weekly report
        ("把这个月的盈亏发我看看", {"period": "month"}),
        ("上周的收益发给我看看", {"period": "last_week"}),
    ],
)  # fmt: skip
def test_pnl_asked(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "pnl", "report", slots, names=TRADERS)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("以后每周给我发一份盈亏周报", "pnl", "weekly", {"switch": "on"}),
        ("每周给我发收益", "pnl", "weekly", {"switch": "on"}),
        ("send me my pnl every week", "pnl", "weekly", {"switch": "on"}),
        ("按天定投btc 10u", "strategy_management", "create", {"interval": "1d", "quote_amount": "10"}),
        ("btc最近7天按天看", "price", "history", {"symbols": ["BTCUSDT"]}),
    ],
)
def test_pnl_guards(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


def test_it_after_a_coin_is_the_coin() -> None:
    _check(
        "btc price and alert me when it hits 100k",
        [("price", "current", {"symbols": ["BTCUSDT"]}), ("price_alert", "create", {"symbol": "BTCUSDT"})],
    )


# -- a question likening what was asked about to another is no new ask; "paper" is no coin ---------


@each(
    ("text", "term"),
    [
        ("what is a testnet? is it similar to demo trading?", "testnet"),
        ("whats a testnet, same thing as paper trading?", "testnet"),
        ("what is a market order? is it different from buying at the price now", "market_order"),
        ("what is a testnet? is it like a demo account?", "testnet"),
        ("what's a testnet, is it the same thing as a paper account", "testnet"),
        ("测试网是什么？跟模拟盘是一回事吗", "testnet"),
        ("what is a limit order, is it different from a market order", "limit_order"),
        ("止损是什么？和止盈是一样的吗", "stop_loss"),
    ],
)
def test_likening_is_one_question(text: str, term: str) -> None:
    _check(text, [("glossary", "explain", {"term": term})])


@each("text", ["is it the same as paper trading?", "paper trading price", "how does demo trading work"])
def test_paper_is_no_coin(text: str) -> None:
    for ask in _asks(text):
        assert not ask.slots.get("unknown"), (text, ask)
