"""What a chart says, in both languages: title, current price, period change, axes, gaps."""

from __future__ import annotations

import itertools
import re
from datetime import timedelta
from decimal import Decimal

import pytest

from adapters.charts.formatting import format_price, nice_ticks, tick_labels
from adapters.charts.model import MINUS, chart_model
from tests.adapters.chart_fixtures import FIRST_DAY, make_history, make_quote
from tests.cases import each

# Words a zh chart may show that are not Chinese: the pair, "UTC", digits and signs.
_ALLOWED_LATIN = {"BTC", "USDT", "ETH", "PEPE", "UTC"}


def test_title_is_the_pair_as_the_text_writes_it() -> None:
    assert chart_model(make_history()).title == "BTC/USDT"
    assert chart_model(make_history(symbol="ETHUSDT"), locale="zh").title == "ETH/USDT"


def test_headline_is_the_current_best_ask_with_its_time() -> None:
    model = chart_model(make_history(), make_quote("97912.34000000"))
    assert model.headline == "97,912.34"  # the same digits as the text reply
    assert model.headline_label == "Best ask·12:30 UTC"
    zh = chart_model(make_history(), make_quote("97912.34"), "zh")
    assert zh.headline_label == "最优卖价·12:30 UTC"


def test_without_a_quote_the_headline_is_the_last_close_and_says_so() -> None:
    model = chart_model(make_history())
    assert model.headline == "97,800.00"
    assert model.headline_label == "Last close·Jul 12"
    assert chart_model(make_history(), locale="zh").headline_label == "最新收盘·07-12"


def test_a_quote_of_another_coin_is_refused() -> None:
    with pytest.raises(ValueError, match="ETHUSDT"):
        chart_model(make_history(), make_quote(symbol="ETHUSDT"))


def test_change_is_first_to_last_close_absolute_and_percent() -> None:
    # 96,100.25 -> 97,800: +1,699.75, +1.77 %
    model = chart_model(make_history(), make_quote())
    assert model.change == "▲ +1,699.75 (+1.77%)"
    assert model.change_label == "7-day change"
    assert model.direction == "up"
    assert chart_model(make_history(), locale="zh").change_label == "7日涨跌"


def test_a_fall_is_red_with_a_real_minus_sign() -> None:
    closes = ("3500", "3400", "3300", "3200", "3100", "3000", "2975.5")
    model = chart_model(make_history(closes, symbol="ETHUSDT"))
    assert model.change == f"▼ {MINUS}524.50 ({MINUS}14.99%)"
    assert model.direction == "down"


def test_no_change_is_flat_and_unsigned() -> None:
    closes = ("150", "151", "149", "150", "152", "148", "150.00")
    model = chart_model(make_history(closes, symbol="SOLUSDT"))
    assert model.change == "0.00 (0.00%)"
    assert model.direction == "flat"


def test_a_gap_at_either_end_names_the_days_the_change_spans() -> None:
    closes = (None, "100", "101", "102", "103", "104", None)
    en = chart_model(make_history(closes, symbol="SOLUSDT"))
    assert en.change == "▲ +4.00 (+4.00%)"
    assert en.change_label == "Change Jul 7 – Jul 11"
    zh = chart_model(make_history(closes, symbol="SOLUSDT"), locale="zh")
    assert zh.change_label == "涨跌 07-07 至 07-11"


def test_a_single_close_has_no_change() -> None:
    closes = (None, None, None, "3456.78", None, None, None)
    model = chart_model(make_history(closes, symbol="ETHUSDT"))
    assert model.change is None
    assert model.change_label == "Change: needs two closes"
    assert [m.text for m in model.marks] == ["Close 3,456.78"]


def test_gaps_stay_gaps_never_zero_or_interpolated() -> None:
    model = chart_model(make_history())
    assert model.closes == (96100.25, 97250.5, None, 95010.1, 96500.0, 98003.99, 97800.0)
    assert model.gap_label == "no data"
    assert chart_model(make_history(), locale="zh").gap_label == "无数据"


def test_all_missing_says_so_and_has_no_headline() -> None:
    model = chart_model(make_history((None,) * 7))
    assert model.empty_label == "No data for these days"
    assert model.headline is None and model.change is None and model.marks == ()


def test_high_and_low_are_marked_with_rounded_values() -> None:
    model = chart_model(make_history())
    assert [(m.index, m.text, m.above) for m in model.marks] == [
        (5, "High 98,003.99", True),
        (3, "Low 95,010.1", False),
    ]
    zh = chart_model(make_history(), locale="zh")
    assert [m.text for m in zh.marks] == ["最高 98,003.99", "最低 95,010.1"]


def test_every_day_is_labelled_on_a_week() -> None:
    assert [text for _, text in chart_model(make_history()).x_labels] == [
        "Jul 6",
        "Jul 7",
        "Jul 8",
        "Jul 9",
        "Jul 10",
        "Jul 11",
        "Jul 12",
    ]
    zh = chart_model(make_history(first_day=FIRST_DAY - timedelta(days=10)), locale="zh")
    assert [text for _, text in zh.x_labels][:2] == ["06-26", "06-27"]


def test_a_long_window_is_labelled_sparsely_ending_on_the_last_day() -> None:
    closes = tuple(str(100 + i) for i in range(30))
    model = chart_model(make_history(closes, symbol="SOLUSDT"))
    indexes = [i for i, _ in model.x_labels]
    assert len(indexes) <= 7
    assert indexes[-1] == 29
    assert len({b - a for a, b in itertools.pairwise(indexes)}) == 1  # evenly spaced


def test_y_ticks_are_round_distinct_and_inside_the_range() -> None:
    model = chart_model(make_history())
    low, high = model.y_range
    labels = [text for _, text in model.y_ticks]
    assert 3 <= len(labels) <= 6
    assert all(low <= y <= high for y, _ in model.y_ticks)
    assert "97,000" in labels and all("," in label for label in labels)


@each(
    "closes",
    [
        ("0.00001234", "0.00001250", "0.00001199", "0.00001230", "0.0000124", "0.0000127", "0.0000126"),
        ("151.23", "152.9", "151.8", "150.7", "149.85", "150.4", "151.05"),
        ("1.0001", "1.0002", "1.0000", "0.9999", "1.0001", "1.0003", "1.0002"),
    ],
)
def test_ticks_of_small_and_narrow_prices_stay_distinct(closes: tuple[str, ...]) -> None:
    labels = [text for _, text in chart_model(make_history(closes, symbol="XUSDT")).y_ticks]
    assert len(set(labels)) == len(labels) >= 3, labels


def test_nice_ticks_use_round_steps() -> None:
    assert nice_ticks(94_000, 98_000) == [94_000, 95_000, 96_000, 97_000, 98_000]
    ticks = nice_ticks(94_300, 98_900)
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1 and steps.pop() in (1000, 2000, 2500, 5000)
    assert tick_labels([150.0, 150.25, 150.5]) == ["150.00", "150.25", "150.50"]
    assert tick_labels([-0.0, 1.0]) == ["0", "1"]


@each(
    ("value", "expected"),
    [
        ("97250.50000000", "97,250.5"),
        ("98003.99", "98,003.99"),
        ("100000", "100,000"),
        ("1234.567", "1,234.57"),
        ("150.40000000", "150.4"),
        ("2.34567", "2.3457"),
        ("0.00001234", "0.00001234"),
    ],
)
def test_format_price(value: str, expected: str) -> None:
    assert format_price(Decimal(value)) == expected


def test_demo_charts_carry_a_badge_and_say_simulated() -> None:
    en = chart_model(make_history(source="demo"))
    zh = chart_model(make_history(source="demo"), locale="zh")
    assert en.demo_badge == "DEMO" and "simulated" in en.footer
    assert zh.demo_badge == "演示" and "模拟" in zh.footer
    assert chart_model(make_history()).demo_badge is None


def test_a_zh_chart_has_no_english_words() -> None:
    model = chart_model(make_history(source="demo"), make_quote(source="demo"), "zh")
    texts = [
        model.title,
        model.headline_label,
        model.change_label,
        model.gap_label,
        model.footer,
        model.demo_badge or "",
        *(m.text for m in model.marks),
        *(text for _, text in model.x_labels),
    ]
    words = {w for text in texts for w in re.findall(r"[A-Za-z]+", text)}
    assert words <= _ALLOWED_LATIN, words


def test_the_model_is_the_cache_key_and_changes_with_the_picture() -> None:
    base = chart_model(make_history(), make_quote())
    assert base == chart_model(make_history(), make_quote())
    assert hash(base) == hash(chart_model(make_history(), make_quote()))
    variants = [
        chart_model(make_history(), make_quote(), "zh"),
        chart_model(make_history(), make_quote("97912.35")),
        chart_model(make_history()),
        chart_model(make_history(source="demo"), make_quote(source="demo")),
        chart_model(make_history(first_day=FIRST_DAY + timedelta(days=1)), make_quote()),
    ]
    assert all(v != base for v in variants)


@each(
    ("closes", "change"),
    [(("96012.5", "94871.2", "97450.8"), "3-day change"), (("0.1712", "0.165"), "2-day change")],
)
def test_a_window_of_two_or_three_days_reads_whole(closes: tuple[str, ...], change: str) -> None:
    """s44: 2 to 90 days are served; a short window labels every day, its change and both marks."""
    model = chart_model(make_history(closes))
    assert [i for i, _ in model.x_labels] == list(range(len(closes)))
    assert model.change_label == change and len(model.marks) == 2
    assert len(model.y_ticks) >= 2
