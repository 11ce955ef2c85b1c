"""The price skill reads through the language layer (issue 21): its words are the lexicon's
(price.toml, span.toml), its windows the value grammar's durations and dates, its coins the coin
index's; no pattern of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.tagger import Tagger
from core.language.values import find_values
from core.skills.price.rules import PriceRule
from tests.cases import each

ROOT = Path(__file__).resolve().parents[2]
RULE = PriceRule(bundled_catalog())


def test_the_price_readers_make_no_pattern_of_their_own() -> None:
    for name in ("rules.py", "coins.py", "ranges.py"):
        tree = ast.parse((ROOT / "core/skills/price" / name).read_text(encoding="utf-8"))
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {"re", "lazy_re", "core.lazy_re"} & imported, name


def test_a_price_word_after_a_chinese_coin_is_tagged() -> None:
    """ "币价" overlaps the coin "比特币": "价格" after it is still a word (every match resolved
    leftmost-longest, not the automaton's own longest-first scan that skipped it)."""
    reading = Tagger(CoinIndex(bundled_catalog())).read("比特币价格")
    assert [(t.start, t.end) for t in reading.tags] == [(0, 3), (3, 5)]
    assert "noun.price" in reading.tags[1].concepts


@each(
    ("text", "kind", "typed"),
    [
        ("BTC price on 2024-01-01", "date", "2024-01-01"),
        ("2024年1月1日的比特币价格", "date", "2024年1月1日"),
        ("btc on jan 5", "date", "on jan 5"),
        ("btc 7-day chart", "duration", "7-day"),
        ("eth over the past two weeks", "duration", "two weeks"),
    ],
)
def test_dates_and_spans_are_values(text: str, kind: str, typed: str) -> None:
    values = find_values(text, CoinIndex(bundled_catalog()))
    assert [(v.kind, v.typed) for v in values] == [(kind, typed)]


def test_a_decimal_price_is_no_date() -> None:
    assert [(v.kind, v.typed) for v in find_values("alert below 2024.5")] == [("number", "2024.5")]


@each(
    ("text", "slots"),
    [
        ("btc 7-day chart", {"days": 7}),
        ("ETH over the past two weeks", {"days": 14}),
        ("btc past month chart", {"days": 30, "range_note": {"code": "range_month", "asked": "past month"}}),
        ("btc 1 year chart", {"days": 90, "range_note": {"code": "range_nearest", "asked": "1 year"}}),
        ("BTC 1h chart", {"days": 7, "range_note": {"code": "range_intraday", "asked": "1h"}}),
        ("btc on 2024/1/1", {"range_note": {"code": "range_date", "asked": "on 2024/1/1"}}),
        ("比特币价格，用英文回答", {"reply_locale": "en"}),
        ("btc price, answer in chinese", {"reply_locale": "zh"}),
        ("eth price in dollars", {"notes": ["only_usdt"]}),
        ("eth price in usdc", {"symbols": ["ETHUSDT"], "notes": ["only_usdt"]}),
        ("再看看它三个月的走势", {"symbols": [], "days": 90}),  # "它" is the conversation's coin
    ],
)
def test_price_slots(text: str, slots: dict[str, object]) -> None:
    route = RULE.route(text)
    assert route is not None and route.skill == "price"
    for key, value in slots.items():
        if (
            key == "range_note"
            and isinstance(value, dict)
            and "asked" in value
            and value["code"] == "range_date"
        ):
            assert route.slots[key]["code"] == "range_date"
            continue
        assert route.slots.get(key) == value, (key, route.slots)
    assert "unknown" not in route.slots or "unknown" in slots


def test_the_price_readers_own_words_are_not_tagged_for_the_others() -> None:
    """lexicon/phrases/price.toml and span.toml: read by the price reader only ("up", "还",
    "quarter" stay untagged for the readers that take untagged words as a name)."""
    text = "did btc go up today"
    reading = Tagger(CoinIndex(bundled_catalog())).read(text)
    assert not any(c.startswith(("price.", "span.")) for c in reading.concepts)
    route = RULE.route(text)
    assert route is not None and route.slots.get("change") is True
    history = RULE.route("solana past quarter")
    # s44: a quarter is served as its 90 days, said in one line (was "not a range I serve", nearest)
    assert history is not None and history.slots["range_note"] == {
        "code": "range_month",
        "asked": "past quarter",
    }


@each(
    "text", ["btc 24h change", "eth change today", "eth today's change", "btc 24小时涨跌幅", "eth 今天涨跌幅"]
)
def test_a_days_change_asked_is_the_quote_with_its_change(text: str) -> None:
    """Were no answer ("change" is also a verb of updating) or a 7-day chart with "24 hours is
    not a window": the quote card with its 24-hour change (issue 21)."""
    from tests.fakes import full_router

    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots.get("change") is True


@each("text", ["btc 24小时涨跌 30天走势", "btc 24h change and 30-day trend", "btc 24小時漲跌 30天走勢"])
def test_the_24h_change_beside_a_window_of_days_is_the_quote_not_a_window(text: str) -> None:
    """Was the 7-day chart with "24 hours is not a window": the quote (its 24 h change) and the
    30 days asked."""
    route = RULE.route(text)
    assert route is not None and (route.skill, route.action) == ("price", "both"), route
    assert route.slots.get("days") == 30 and "range_note" not in route.slots, route.slots


@each(
    "text",
    [
        "doge 最高价",
        "DOGE 最高價",
        "doge 24h high",
        "eth lowest price",
        "what was eth's high today",
        "btc’s low",
    ],
)
def test_a_high_or_low_asked_is_the_quote_with_them(text: str) -> None:
    """Was "I can't help" (zh) or the 7-day chart with "24 hours is not a window" (en): the quote
    card with the 24-hour ticker's high and low; "eth's high" (a possessive, then "high") too."""
    route = RULE.route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots.get("high_low") is True and "range_note" not in route.slots, route.slots
    assert "notes" not in route.slots, route.slots


@each(
    ("text", "days", "note"),
    [
        ("btc past 3 days", 3, None),
        ("狗狗最近三天咋走的", 3, None),
        ("how did doge do over the last 3 days", 3, None),
        ("sol过去三天的走势", 3, None),
        ("eth last 10 days", 10, None),
        ("btc 45 days", 45, None),
        ("比特币最近45天走势", 45, None),
        ("btc last 2 days", 2, None),
        ("btc 90 day chart", 90, None),
        ("btc 1.5 weeks", 10, {"code": "range_month", "asked": "1.5 weeks"}),
        ("btc 2 months", 60, {"code": "range_month", "asked": "2 months"}),
        ("btc last 120 days", 90, {"code": "range_nearest", "asked": "120 days"}),
        ("btc 91 days", 90, {"code": "range_nearest", "asked": "91 days"}),
    ],
)
def test_any_whole_number_of_days_from_2_to_90_is_served_as_asked(
    text: str, days: int, note: dict[str, str] | None
) -> None:
    """s44: was the nearest of 7, 14, 30, 90 with a note ("3 days" -> 7, "45 days" -> 30)."""
    route = RULE.route(text)
    assert route is not None and route.action == "history", route
    assert route.slots["days"] == days and route.slots.get("range_note") == note


@each("text", ["btc last 1 day", "btc 1 day chart", "比特币最近1天"])
def test_one_day_is_the_quote_with_its_day_change(text: str) -> None:
    route = RULE.route(text)
    assert route is not None and route.action == "current" and route.slots.get("change") is True
    assert route.slots["range_note"]["code"] == "range_day" and "days" not in route.slots
