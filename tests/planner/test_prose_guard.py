"""The pure parts of the assistant's note: the guard, the facts it reads, plain text, the cap."""

from __future__ import annotations

import time
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from bot.catalog import bundled_catalog
from core.planner.facts import Facts, facts_of
from core.planner.guard import ProseGuard, claimed_action
from core.planner.note import default_guard
from core.planner.plain import cap, defang, strip_markup
from core.reply import (
    AssetBalance,
    BalanceBlock,
    HistoryBlock,
    HistoryPoint,
    OrderBlock,
    QuoteBlock,
)
from tests.cases import each

AT = datetime(2026, 5, 1, tzinfo=UTC)
M = "(unverified figure removed)"
GUARD = default_guard()


def quote(base: str = "BTC", price: str = "84476.65") -> QuoteBlock:
    return QuoteBlock(f"{base}USDT", base, "USDT", Decimal(price), "ask", "binance", AT)


def history(closes: list[str | None], base: str = "BTC") -> HistoryBlock:
    first = date(2026, 4, 24)
    points = tuple(
        HistoryPoint(first + timedelta(days=i), None if c is None else Decimal(c))
        for i, c in enumerate(closes)
    )
    missing = tuple(p.date for p in points if p.close is None)
    return HistoryBlock(f"{base}USDT", base, "USDT", points, missing, "binance", AT)


def check(text: str, facts: Facts | None = None, performed: tuple[str, ...] = ()) -> str:
    return GUARD.check(text, facts or facts_of([quote()]), performed, marker=M).text


# -- claims ----------------------------------------------------------------------------------------


@each(
    ("sentence", "kind"),
    [
        ("I placed your order for 100 USDT of BTC.", "order"),
        ("I've just bought 0.01 BTC for you.", "order"),
        ("We have sold your ETH.", "order"),
        ("Your order has been placed successfully!", "order"),
        ("Done! Bought 0.5 SOL.", "order"),
        ("Order filled at the best price.", "order"),
        ("I deleted the account called main.", "delete"),
        ("Your trader has been started.", "start"),
        ("I have restarted your trader.", "start"),
        ("Your bot was resumed and is trading again.", "start"),
        ("I created a DCA strategy for you.", "create"),
        ("The alert was cancelled.", "cancel"),
        ("已为你下单，买入 100 USDT 的 BTC。", "order"),
        ("我已经帮你买入了 0.01 个比特币。", "order"),
        ("订单已提交。", "order"),
        ("已删除账户 主账户。", "delete"),
        ("交易机器人已启动。", "start"),
        ("我已经帮你重启了交易员 alpha。", "start"),
        ("交易员已重新启动。", "start"),
        ("我帮你创建了一个策略。", "create"),
        ("下单成功！", "order"),
    ],
)
def test_claims_of_actions_are_recognised(sentence: str, kind: str) -> None:
    assert claimed_action(sentence) == kind


@each(
    "sentence",
    [
        "I can't place orders for you.",
        "I cannot buy or sell anything.",
        "Your order has not been placed.",
        "I will not delete anything.",
        "Should I place the order?",
        "I looked up the BTC price for you.",
        "You could buy BTC on an exchange.",
        "我无法帮你下单。",
        "我没有帮你下单。",
        "你可以自己下单购买。",
        "我查了一下 BTC 的价格。",
        "I've added the 7-day chart above.",
        "I have updated the card with the latest quote.",
        "BTC opened the week strong.",
        "价格已更新为最新报价。",
        "图表已添加在上方。",
    ],
)
def test_words_that_claim_nothing_are_kept(sentence: str) -> None:
    assert claimed_action(sentence) is None
    assert check(sentence) == sentence


def test_a_claim_is_kept_when_a_tool_did_that_kind_of_thing() -> None:
    text = "I placed your order. It filled."
    assert check(text, performed=("order",)) == text
    assert check(text, performed=("delete",)) == "It filled."


# -- figures ---------------------------------------------------------------------------------------


@each(
    "text",
    [
        "BTC is $84,476.65.",
        "BTC is about $84,477 right now.",
        "BTC is about $84,476 right now.",  # cut off rather than rounded
        "BTC is around 84.5k.",
        "BTC is around $84k.",
        "BTC is about $84,000.",
        "比特币现在 84000 美元左右。",
        "比特币现在约 8.4万 美元。",
        "BTC trades at 84476.65 USDT.",
    ],
)
def test_figures_the_card_shows_stay(text: str) -> None:
    assert check(text) == text


@each(
    ("text", "shown"),
    [
        ("BTC is $1.", f"BTC is {M}."),
        ("BTC is $84,000.", f"BTC is {M}."),  # trailing zeros are digits unless "about"
        ("BTC is 84,000 USDT.", f"BTC is {M}."),
        ("BTC is about $80,000.", f"BTC is about {M}."),
        ("BTC is up 3.2% today.", f"BTC is up {M} today."),
        ("BTC moved -3.2% today.", f"BTC moved {M} today."),
        ("Buy 0.5 BTC now.", f"Buy {M} BTC now."),
        ("ETH is $3,000.", f"ETH is {M}."),
        ("BTC is great. It costs $1 now.", f"BTC is great. It costs {M} now."),
        ("DOGE went 100x.", "DOGE went 100x."),  # a multiple, not a price
        ("比特币现在是 12345 了。", f"比特币现在是 {M} 了。"),
        ("比特币在 70000 附近震荡。", f"比特币在 {M} 附近震荡。"),
    ],
)
def test_figures_no_tool_gave_are_replaced(text: str, shown: str) -> None:
    assert check(text) == shown


@each(
    "text",
    [
        "I can show the last 7 days of BTC.",
        "BTC's 7-day history runs from 2026-04-24 to 2026-04-30.",
        "Prices are fetched at 12:00 UTC for BTC.",
        "I support 3 coins: BTC, ETH and SOL.",
        "BTC was created in 2009.",
        "1. BTC\n2. ETH",
        "我支持 3 种币：BTC、ETH 和 SOL。",
        "比特币最近 7 天的走势见上图。",
        "Fees are 0.1% per trade.",  # no coin: not a claim about one
    ],
)
def test_counts_durations_dates_and_coinless_figures_stay(text: str) -> None:
    assert check(text) == text


def test_history_supports_its_closes_range_and_change() -> None:
    facts = facts_of([history(["80000", None, "82000", "84000"]), quote()])
    assert check("BTC closed at $82,000 on one day.", facts) == "BTC closed at $82,000 on one day."
    assert check("BTC is up 5% over the week.", facts) == "BTC is up 5% over the week."
    assert check("BTC is up 5.6% counting today's price.", facts) == "BTC is up 5.6% counting today's price."
    assert check("BTC is up 9% this week.", facts) == f"BTC is up {M} this week."
    low_high = "Its low was 80,000 and its high 84,000."
    assert check(low_high, facts) == low_high


def test_trading_cards_support_quantities_and_balances() -> None:
    order = OrderBlock(
        "paper", "paper", "BTCUSDT", "buy", Decimal("0.00118"), Decimal("84476.65"),
        Decimal("99.68"), Decimal("0.0997"), "USDT", "filled", "dm" + "0" * 28,
    )  # fmt: skip
    usdt = AssetBalance("USDT", Decimal("9900.2"), Decimal(0))
    balance = BalanceBlock("paper", "paper", (usdt,), Decimal(9999))
    facts = facts_of([order, balance])
    assert check("I placed it: 0.00118 BTC filled.", facts, ("order",)) == "I placed it: 0.00118 BTC filled."
    assert check("You bought 0.5 BTC.", facts) == f"You bought {M} BTC."


def test_percent_and_amount_do_not_support_each_other() -> None:
    facts = facts_of([quote("SOL", "3.00")])
    assert check("SOL is $3.", facts) == "SOL is $3."
    assert check("SOL is up 3%.", facts) == f"SOL is up {M}."


def test_zh_marker_and_spacing() -> None:
    zh = "（未经核实的数字已删除）"
    out = default_guard().check("比特币现在只要 1 美元。", facts_of([quote()]), (), marker=zh).text
    assert out == f"比特币现在只要{zh}。"


def test_removals_are_reported() -> None:
    guarded = GUARD.check("I bought BTC. ETH is $2.", facts_of([quote()]), (), marker=M)
    assert [(r.kind, r.text, r.coin, r.action) for r in guarded.removals] == [
        ("claim", "I bought BTC.", None, "order"),
        ("figure", "$2", "ETH", None),
    ]
    assert guarded.text == f"ETH is {M}."


# -- plain text and the cap ------------------------------------------------------------------------


def test_markup_is_stripped_and_words_kept() -> None:
    raw = (
        '<think>secret plan</think><p>Hello <b>there</b></p> <a href="https://x.io">verify</a> '
        "&lt;i&gt;hi&lt;/i&gt; **bold** [docs](https://docs.io/a) ![img](https://i.io/p.png)\x07\u200b"
    )
    assert strip_markup(raw) == "Hello there verify hi bold docs (https://docs.io/a) img"


def test_defang_makes_no_link() -> None:
    assert defang("see https://evil.com/a?b=1") == "see hxxps[:]//evil[.]com/a?b=1"
    assert defang("mail me at a@evil.co.uk") == "mail me at a@evil[.]co[.]uk"
    assert defang("ask @support_bot or t.me/x") == "ask ＠support_bot or t[.]me/x"
    schemes = "tg://resolve?domain=x javascript:alert(1)"
    assert defang(schemes) == "tg[:]//resolve?domain=x javascript[:]alert(1)"
    assert defang("ping 10.0.0.1") == "ping 10[.]0[.]0[.]1"
    assert defang("BTC is 84,476.65 e.g. now. Ok.") == "BTC is 84,476.65 e.g. now. Ok."


def test_cap_cuts_after_a_sentence() -> None:
    text = "One. " * 300
    capped, cut = cap(text, 1200)
    assert cut and len(capped) <= 1200 and capped.endswith("One.")
    assert cap("short.", 1200) == ("short.", False)
    zh = "这是一句话。" * 300
    capped, cut = cap(zh, 1200)
    assert cut and len(capped) <= 1200 and capped.endswith("。")
    no_stop = "word " * 400
    capped, cut = cap(no_stop, 1200)
    assert cut and len(capped) <= 1200 and capped.endswith("word…")


# -- coins by every name the catalog knows ---------------------------------------------------------


def doge(price: str) -> QuoteBlock:
    return quote("DOGE", price)


@each(
    "text",
    [
        "狗狗币现在 0.5 美元。",
        "dogecoin is at $0.50.",
        "doge is at $0.50 now.",
        "Doge is at $0.50.",
        "DOGE is at 0.5 USDT.",
    ],
)
def test_a_coin_named_any_way_is_checked_against_its_own_card(text: str) -> None:
    assert check(text, facts_of([doge("0.50")])) == text  # the card shows it: kept
    assert M in check(text, facts_of([doge("0.2134")]))  # it does not: removed
    assert M in check(text, facts_of([quote()]))  # another coin's card proves nothing about it


@each("text", ["Pepe is at $0.50.", "bonk is at $0.5.", "pepe costs 0.5 USDT."])
def test_a_coin_written_like_a_word_is_not_taken_for_the_turns_coin(text: str) -> None:
    """Before, "Pepe" and "bonk" were no coin to the guard: the figure went to the turn's only
    coin (DOGE at 0.50) and was kept as if DOGE's card proved PEPE's price."""
    assert M in check(text, facts_of([doge("0.50")]))


def test_everyday_words_that_are_tickers_count_only_in_capitals() -> None:
    facts = facts_of([doge("0.50")])
    assert check("The link is 3.5 long.", facts) == "The link is 3.5 long."
    assert check("LINK is at $3.5.", facts) == f"LINK is at {M}."


def test_the_guard_knows_the_coins_of_the_catalog_it_is_given() -> None:
    """A listed coin with no name of its own (1INCH, from the full snapshot) is a coin to the
    running bot's guard; the built-in catalog does not list it."""
    facts = facts_of([doge("0.50")])
    full = ProseGuard(bundled_catalog())
    assert full.check("1inch is 0.5 USDT.", facts, (), marker=M).text == f"1inch is {M}."
    assert [c.coin for c in full.coins_in("1inch and ondo, then NEWCOIN")] == ["1INCH", "ONDO", "NEWCOIN"]


def test_a_look_alike_is_no_coin() -> None:
    facts = facts_of([quote()])
    assert [c.coin for c in GUARD.coins_in("比特币ETF 和 bitcoin cash")] == ["", "BCH"]
    assert check("比特币ETF 昨天流入 84476.65 美元。", facts) == f"比特币ETF 昨天流入 {M}。"


@each(
    "text",
    [
        "1.5 2,000 $3 4% " * 300,  # one long "sentence" of figures
        "BTC 1 " * 800,  # a coin and a figure, over and over
        "ABC DEF GHI 12.5 " * 300,  # words in capitals: coins nobody listed
        "狗狗币现在 0.5 美元，以太坊 3500 美元，比特币 84000 美元，" * 100,
    ],
)
def test_the_worst_text_is_checked_in_linear_time(text: str) -> None:
    """The note's 4,800-character head: before, a sentence of 1,200 figures took seconds (each
    figure searched everything before it); now every look-around is bounded."""
    head = text[:4800]
    started = time.thread_time()  # CPU time: what other processes on the machine do is not counted
    GUARD.check(head, facts_of([quote()]), (), marker=M)
    assert time.thread_time() - started < 1.0
