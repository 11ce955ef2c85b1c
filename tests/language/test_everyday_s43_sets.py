"""Everyday chat (session 43, set S: written blind, from the route catalogue only). Each case
failed before its fix, which is a word in the lexicon data, a condition in an intent table or a
rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to

GRID_RUNNER = {"trader": ["alpha"], "strategy": ["grid runner", "eth grid"]}


@each(
    ("text", "slots"),
    [
        # Whether one can afford a coin is a question (how much one can buy), never the order.
        ("can i afford 1 eth", {"symbol": "ETHUSDT"}),
        ("can i afford 1 eth?", {"symbol": "ETHUSDT"}),
        ("do i have enough for 1 eth", {"symbol": "ETHUSDT"}),
        ("do i have enough money to buy 1 eth", {"symbol": "ETHUSDT"}),
        ("is my balance enough to buy 2 sol", {"symbol": "SOLUSDT"}),
        ("买得起1个eth吗", {"symbol": "ETHUSDT"}),
        ("我的钱够买1个以太坊吗", {"symbol": "ETHUSDT"}),
        ("買得起1個eth嗎", {"symbol": "ETHUSDT"}),
    ],
)
def test_affording_is_asked_never_ordered(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "account_query", "max_buy", slots)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("buy 1 eth", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "base:1"}),
        ("买1个eth", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "base:1"}),
    ],
)
def test_an_order_stays_an_order(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    "text",
    [
        "lol btc really went nuts today huh",
        "btc went nuts today",
        "eth is going nuts",
        "比特币今天疯了哈哈",
        "以太坊疯了",
    ],
)
def test_a_coin_gone_nuts_is_a_remark(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "names", "slots"),
    [
        # Switched off as stopped: the traders running the strategy.
        (
            "switch off grid runner, it's getting chopped up",
            None,
            {"target_ref": {"strategy": "grid runner"}},
        ),
        ("turn off my eth grid", GRID_RUNNER, {"target_ref": {"strategy": "eth grid"}}),
        ("关掉BTC定投", None, {"target_ref": {"strategy": "BTC定投", "kind": "dca", "symbol": "BTCUSDT"}}),
        ("switch off grid runner", GRID_RUNNER, {"target_ref": {"strategy": "grid runner"}}),
        ("turn off alpha", GRID_RUNNER, {"target_ref": {"name": "alpha"}}),
    ],
)
def test_switched_off_is_stopped(
    text: str, names: dict[str, list[str]] | None, slots: dict[str, Any]
) -> None:
    _routes_to(text, "trader_management", "stop", slots, names)


def test_disabled_is_still_deactivated() -> None:
    _routes_to("disable eth grid", "strategy_management", "deactivate", {"target_ref": {"name": "eth grid"}})


@each(
    ("text", "skill", "slots"),
    [
        # A remark after a comma, and "actually", "real quick", "其实", are no part of a name.
        (
            "delete eth grid, don't need it anymore",
            "strategy_management",
            {"target_ref": {"name": "eth grid"}},
        ),
        ("删掉eth网格，不需要了", "strategy_management", {"target_ref": {"name": "eth网格"}}),
        ("actually delete trader gamma", "trader_management", {"target_ref": {"name": "gamma"}}),
        ("delete trader gamma real quick", "trader_management", {"target_ref": {"name": "gamma"}}),
        ("其实删掉交易员gamma", "trader_management", {"target_ref": {"name": "gamma"}}),
    ],
)
def test_a_name_is_only_the_name(text: str, skill: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, "delete", slots)


@each(
    ("text", "slots"),
    [
        # A summary, a breakdown, "only": words of the P&L question, no name of a record.
        ("give me my overall pnl summary", {"view": "summary"}),
        ("my pnl breakdown", {"view": "summary"}),
        ("breakdown of profit by coin", {"view": "by_symbol"}),
        ("paper pnl only, last 7 days", {"kind": "paper", "days": "7"}),
        ("live pnl only", {"kind": "live"}),
        ("盈亏汇总", {"view": "summary"}),
        ("每个币的盈亏明细", {"view": "by_symbol"}),
    ],
)
def test_a_pnl_summary_or_breakdown(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "pnl", "report", slots)


@each("text", ["weekly pnl report every monday pls", "pnl report every friday", "每周五的收益报告"])
def test_a_report_on_a_day_of_the_week_is_switched_on(text: str) -> None:
    _routes_to(text, "pnl", "weekly", {"switch": "on"})


@each(
    ("text", "name"),
    [
        # The active strategy is the default one: set as it, the strategy is activated (no rename).
        ("set btc dca as my active strategy", "btc dca"),
        ("make eth grid my active strategy", "eth grid"),
        ("make btc dca active", "btc dca"),
        ("set btc dca as my current strategy", "btc dca"),
        ("把btc定投设为当前策略", "btc定投"),
    ],
)
def test_the_active_strategy_is_activated(text: str, name: str) -> None:
    _routes_to(text, "strategy_management", "activate", {"target_ref": {"name": name}})


@each(
    ("text", "first", "then"),
    [
        # "the doge one" after a question about alerts is the DOGE alert, no record named "doge one".
        (
            "what alerts have i got, then delete the doge one",
            ("price_alert", "query", {}),
            ("price_alert", "delete", {"symbol": "DOGEUSDT"}),
        ),
        (
            "列出我的提醒，然后把doge那条删了",
            ("price_alert", "query", {}),
            ("price_alert", "delete", {"symbol": "DOGEUSDT"}),
        ),
        (
            "list my traders, then delete the alpha one",
            ("trader_management", "query", {}),
            ("trader_management", "delete", {"target_ref": {"name": "alpha"}}),
        ),
    ],
)
def test_the_named_one_is_of_the_kind_asked_before(
    text: str, first: tuple[str, str, dict[str, Any]], then: tuple[str, str, dict[str, Any]]
) -> None:
    from core.conversation.reading import read_asks
    from tests.corpus.expect import context
    from tests.fakes import shared_router

    asks = read_asks(text, shared_router(), context({}), locale="en")
    assert len(asks) == 2, (text, asks)
    for route, (skill, action, slots) in zip(asks, (first, then), strict=True):
        assert (route.skill, route.action) == (skill, action), (text, route)
        for name, value in slots.items():
            assert route.slots.get(name) == value, (text, name, route.slots)


@each(
    ("text", "model", "target"),
    [
        # A config changed "to use" a model id: the model is changed, the config named.
        ("change the deepseek config to use deepseek-reasoner", "deepseek-reasoner", "deepseek"),
        ("switch my openai config to use gpt-4o", "gpt-4o", "openai"),
        ("change my kimi setup to use moonshot-v1-8k", "moonshot-v1-8k", "kimi"),
    ],
)
def test_a_config_changed_to_use_a_model(text: str, model: str, target: str) -> None:
    _routes_to(
        text, "model_management", "update", {"field": "model", "model": model, "target_ref": {"name": target}}
    )


@each(
    ("text", "term"),
    [
        # An account's term asked about with the exchange named: what it means, not the setup guide.
        ("what's a passphrase on okx", "passphrase"),
        ("what does passphrase mean on okx", "passphrase"),
        ("okx的passphrase是什么", "passphrase"),
        ("binance的api key是什么意思", "api_key"),
        ("what is an api key on binance", "api_key"),
    ],
)
def test_a_term_asked_with_its_exchange(text: str, term: str) -> None:
    _routes_to(text, "glossary", "explain", {"term": term})


def test_where_to_find_it_is_still_the_guide() -> None:
    _routes_to("where do i find my passphrase on okx", "guidance", "explain", {"topic": "okx"})


@each(
    ("text", "skill", "action", "wallet"),
    [
        # "on futures", "in my margin account": the wallet; "on the spot" says none (at once).
        ("grab me 100 usdt worth of eth on futures", "trade_execution", "buy", "futures"),
        ("sell 0.1 eth on perps", "trade_execution", "sell", "futures"),
        ("buy 100u eth in futures", "trade_execution", "buy", "futures"),
        ("what's my balance on futures", "account_query", "balance", "futures"),
        ("buy btc on the spot", "trade_execution", "buy", None),
    ],
)
def test_a_wallet_said_with_on(text: str, skill: str, action: str, wallet: str | None) -> None:
    _routes_to(text, skill, action, {"wallet": wallet})


@each("text", ["where do i even begin with this bot", "how do i even start", "我到底该从哪里开始"])
def test_where_to_even_begin(text: str) -> None:
    _routes_to(text, "guidance", "explain", {"topic": "start"})


@each(
    ("text", "topic"),
    [
        # A guide asked for step by step, even with a set-up verb: the exchange's guide.
        ("how do i set up binance with this bot, step by step?", "binance"),
        ("walk me through setting up binance", "binance"),
        ("connect okx step by step", "okx"),
        ("手把手教我接币安", "binance"),
        ("一步一步教我配置deepseek", "deepseek"),
    ],
)
def test_a_guide_step_by_step(text: str, topic: str) -> None:
    _routes_to(text, "guidance", "explain", {"topic": topic, "aspect": "setup"})


def test_how_to_connect_alone_still_connects() -> None:
    _routes_to("how do i connect okx", "exchange_management", "create", {"exchange": "okx"})
