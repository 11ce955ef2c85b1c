"""Slots declared as data (core.language.slots): each row's source, the conditions, the value
grammar's refusals carried through, and a row needed declining the message (zh and en)."""

from __future__ import annotations

from core.coin_index import CoinIndex
from core.language.slots import After, Choose, Coins, Const, Number, Own, Read, Slots, When, Word, first
from core.language.tagger import Reading, Tag, Tagger
from core.markets import MarketCatalog
from tests.cases import each

TAGGER = Tagger(CoinIndex(MarketCatalog()))


def read(text: str) -> Reading:
    return TAGGER.read(text)


@each(
    ("condition", "concepts", "holds"),
    [
        (When("verb.delete"), {"verb.delete", "noun.alert"}, True),
        (When(["noun.default", "verb.cancel"]), {"noun.default"}, False),
        (When(any=["a", "b"]), {"b"}, True),
        (When(any=["a", "b"]), {"c"}, False),
        (When(any=["a"], also=["x"]), {"a"}, False),
        (When(any=["a"], also=["x"]), {"a", "x"}, True),
        (When("a", none="b"), {"a", "b"}, False),
        (When(any=["ask."]), {"ask.why"}, True),  # a group
        (When(any=["ask."]), {"asking"}, False),
        (When(), set(), True),
    ],
)
def test_a_condition_on_the_concepts_said(condition: When, concepts: set[str], holds: bool) -> None:
    assert condition(frozenset(concepts)) is holds


def test_the_first_rule_that_holds_decides() -> None:
    rules = (("delete", When("verb.delete")), ("update", When(any=["verb.update", "verb.rename"])))
    assert first(rules, frozenset({"verb.rename", "verb.delete"})) == "delete"
    assert first(rules, frozenset({"verb.rename"})) == "update"
    assert first(rules, frozenset(), "query") == "query"


@each(
    ("text", "only", "all_", "read_"),
    [
        ("btc 价格", False, False, "BTCUSDT"),
        ("btc and eth price", False, False, "BTCUSDT"),
        ("btc and eth price", True, False, None),  # two named: not "the" coin
        ("比特币和以太坊的价格", False, True, ["BTCUSDT", "ETHUSDT"]),
        ("what's the price", False, True, None),
    ],
)
def test_the_coins_named(text: str, only: bool, all_: bool, read_: object) -> None:
    assert Coins("symbol", only=only, all=all_).read(read(text)) == read_


def test_a_word_of_a_table_and_a_choice_among_rules() -> None:
    terms = {"term.margin": "margin", "term.testnet": "testnet"}
    assert Word("term", terms).read(read("什么是测试网")) == "testnet"
    assert Word("term", terms).read(read("hello")) is None
    switch = Choose("switch", (("off", When(any=["verb.switch_off", "verb.stop"])),), default="on")
    assert switch.read(read("关闭收益周报")) == "off"
    assert switch.read(read("turn off the weekly pnl report")) == "off"
    assert switch.read(read("每周给我发收益报告")) == "on"


def test_own_names_and_the_name_after_a_kind() -> None:
    base = read("启动机器人一号")
    own = Reading(base.norm, (*base.tags, Tag(2, 7, frozenset({"own.trader"}), "机器人一号")), base.concepts)
    assert Own("trader", "trader").read(own) == "机器人一号"
    assert Own("trader", "trader").read(base) is None
    assert After("target_ref", "noun.account").read(read("删除账户 my traders")) == {"name": "my traders"}


@each(
    ("text", "slot"),
    [
        ("ape 100 usdt into pepe", "quote:100"),
        ("ape half into pepe", "fraction:0.5"),
        ("ape 一百u into pepe", "quote:100"),
        ("把一半梭哈进pepe", "refused:two_numbers:一半梭哈"),  # half, or all?
        ("ape -100 usdt into pepe", "refused:sign:-100 usdt"),
        ("ape 100 usdt 200 usdt into pepe", "refused:two_numbers:100 usdt 200 usdt"),
    ],
)
def test_an_amount_read_exactly_or_refused(text: str, slot: str) -> None:
    assert Number("amount", ("amount", "fraction"), amount=True).read(read(text)) == slot


DAYS = Number(
    "days", ("duration",), positive=True, first=True, units={"d": 1, "w": 7}, whole="whole_days", most=366
)


@each(
    ("text", "slot"),
    [
        ("pnl for the last 7 days", "7"),
        ("最近两周的收益", "14"),
        ("pnl for the last 0 days", "refused:zero:0 days"),
        ("pnl for the last -7 days", "refused:sign:-7 days"),
        ("过去7.5天的盈亏", "refused:whole_days:7.5天"),
        ("pnl for the last 1.5 weeks", "refused:whole_days:1.5 weeks"),
        ("过去5000天的盈亏", "refused:too_long:5000天"),
        ("pnl for the last 3 hours", None),  # not a unit taken
        ("pnl this month", None),
    ],
)
def test_a_count_of_days_with_its_units_and_bounds(text: str, slot: str | None) -> None:
    assert DAYS.read(read(text)) == slot


def test_a_table_reads_its_rows_in_order_and_declines_when_told() -> None:
    table = Slots(Coins("symbol", only=True, need=True), Const("amount", "all"))
    assert table(read("梭哈大饼")) == {"symbol": "BTCUSDT", "amount": "all"}
    assert table(read("梭哈")) is None  # the coin is needed
    assert Slots(Coins("symbol", only=True))(read("all in")) == {}
    guarded = Slots(only=(When(any=["noun.trader"], also=["verb.fail"]),), decline=When("noun.strategy"))
    assert guarded(read("my trader failed")) == {}
    assert guarded(read("my trader")) is None
    assert guarded(read("my trader's strategy failed")) is None
    assert Slots(commands=False)(read("/price btc")) is None
    assert Slots()(read("/price btc")) == {}


def test_a_shared_reader_as_a_row_and_nothing_read_sets_no_slot() -> None:
    table = Slots(Read("a", lambda r: {}), Read("b", lambda r: ""), Read("c", lambda r: r.text[:3]))
    assert table(read("btc price")) == {"c": "btc"}
    assert Slots(Read("a", lambda r: [], need=True))(read("btc")) is None


def test_a_reader_that_finds_something_declines_the_message() -> None:
    """ "为什么余额和持仓对不上" is the balance diagnosis's; with an error pasted, another's."""
    table = Slots(Const("view", "balance"), unless=lambda r: "error" if "-2010" in r.text else None)
    assert table(read("为什么余额和持仓对不上")) == {"view": "balance"}
    assert table(read("why doesn't my balance match, binance says -2010")) is None


ORDER_WORDS = frozenset({"order.stop_loss", "order.take_profit", "order.stop_price", "order.limit_price"})


def _after(slot: str, *cues: str) -> Number:
    return Number(
        slot, ("number", "price"), positive=True, after=frozenset(cues), until=ORDER_WORDS, lead=True
    )


PROTECT = Slots(
    _after("take_profit", "order.take_profit"),
    _after("stop_loss", "order.stop_loss", "order.stop_price"),
    _after("stop_limit", "order.limit_price"),
    one=("take_profit", "stop_loss"),
    given={"stop_limit": "stop_loss"},
)


@each(
    ("text", "slots"),
    [
        ("止盈 200 止损 120", {"take_profit": "200", "stop_loss": "120"}),
        ("take profit at 200, stop loss at 120", {"take_profit": "200", "stop_loss": "120"}),
        ("止损 -120", {"stop_loss": "refused:sign:-120"}),  # refused, never 120
        ("stop loss at 0", {"stop_loss": "refused:zero:0"}),
        ("止损 120 130", {"stop_loss": "refused:two_numbers:120 130"}),
        ("止损80000限价79800", {"stop_loss": "80000", "stop_limit": "79800"}),
        ("stop at 80000 limit 79800", {"stop_loss": "80000", "stop_limit": "79800"}),
        ("止盈 200 限价 199", {"take_profit": "200"}),  # a limit only beside a stop
        ("什么是止损", None),  # no price: no order
        # The prices first: each before its word ("85000止损 90000止盈" stops at 85000).
        ("85000止损 90000止盈", {"take_profit": "90000", "stop_loss": "85000"}),
        ("btc跌到85000止损", {"stop_loss": "85000"}),
        ("eth 2800 stop loss", {"stop_loss": "2800"}),
    ],
)
def test_a_value_said_after_its_cue_word_and_before_the_next(text: str, slots: object) -> None:
    assert PROTECT(read(text)) == slots
