"""Strategy parameters: field parsing, whole-set validation against the symbols' filters, the
stored form, and the sentences a refusal reads as (zh + en)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.markets import MarketCatalog
from core.strategies import (
    AiParams,
    DcaParams,
    GridParams,
    Interval,
    InvalidParams,
    find_interval,
    from_json,
    grid_levels,
    grid_quantity,
    parse_interval,
    to_json,
    validate,
)
from core.strategies.params import (
    parse_amount,
    parse_grids,
    parse_interval_field,
    parse_percent,
    parse_price,
    parse_symbols,
)
from tests.cases import each

CATALOG = MarketCatalog()
D = Decimal


def refused(fn: object, *args: object) -> InvalidParams:
    with pytest.raises(InvalidParams) as info:
        fn(*args)  # type: ignore[operator]
    return info.value


@each(
    ("text", "expected"),
    [
        ("1h", "1h"), ("4h", "4h"), ("1d", "1d"), ("30m", "30m"), ("1w", "1w"),
        ("每天", "1d"), ("每日", "1d"), ("每小时", "1h"), ("每4小时", "4h"), ("每隔两天", "2d"),
        ("每半小时", "30m"), ("30分钟", "30m"), ("2天", "2d"), ("每周", "1w"),
        ("daily", "1d"), ("hourly", "1h"), ("weekly", "1w"), ("every 4 hours", "4h"),
        ("2 days", "2d"), ("15 minutes", "15m"),
    ],
)  # fmt: skip
def test_interval_answers(text: str, expected: str) -> None:
    found = parse_interval(text)
    assert found is not None and found.text == expected


def test_interval_in_a_sentence() -> None:
    assert find_interval("创建一个BTC定投策略，每天买50U") == Interval(1, "d")
    assert find_interval("DCA 20 USDT into ETH every 4 hours") == Interval(4, "h")
    assert find_interval("make a grid strategy for ETH between 3000 and 4000") is None
    assert Interval.of("4h").seconds == 4 * 3600
    with pytest.raises(ValueError):
        Interval.of("4x")


@each(
    ("text", "interval"),
    [
        ("每天", "1d"), ("every 2 days", "2d"), ("每4小时", "4h"), ("4H", "4h"), ("1w", "1w"),
        ("4 hours", None), ("every 1.5 days", None), ("50", None),
    ],
)  # fmt: skip
def test_interval_of_one_value_as_find_interval_reads_it(text: str, interval: str | None) -> None:
    """The strategy reader reads a value's interval from the value (intervals.interval_of), as
    find_interval reads it from the value's text."""
    from core.language.values import find_values
    from core.strategies.intervals import interval_of

    said = interval_of(find_values(text)[0])
    assert (said.text if said else None) == interval
    assert said == (find_interval(text) if interval else None)


def test_interval_refusals_say_why() -> None:
    bad = refused(parse_interval_field, "sometimes")
    assert bad.message("en").startswith("“sometimes” is not an interval")
    assert "不是一个时间间隔" in bad.message("zh")
    too_long = refused(parse_interval_field, "60d")
    assert too_long.message("en") == "The interval must be between 1m and 30d (you gave 60d)."
    assert too_long.message("zh") == "间隔须在 1m 到 30d 之间（你给的是 60d）。"


def test_amounts_as_people_type_them() -> None:
    assert parse_amount("quote_amount", "50U") == D(50)
    assert parse_amount("quote_amount", "100 USDT") == D(100)
    assert parse_amount("quote_amount", "１２．５") == D("12.5")
    assert parse_price("lower", "3,000") == D(3000)
    assert parse_grids("10格") == 10
    assert parse_percent("20%") == D(20)


@each(
    ("call", "en", "zh"),
    [
        (lambda: parse_amount("quote_amount", "abc"), "“abc” is not a number; please send one, e.g. 50.",
         "「abc」不是一个数字，请发一个数，比如 50。"),
        (lambda: parse_amount("quote_amount", "0"), "The amount per buy must be above 0 (you gave 0).",
         "每次买入金额必须大于 0（你给的是 0）。"),
        # a sign is no number read exactly (core.language.values): refused quoting it, never 5
        (lambda: parse_amount("quote_amount", "-5"),
         "I couldn't read “-5” as a value: no sign here, please write a positive number like 100.",
         "没法把「-5」当作数值：这里不能带正负号，请直接写一个正数，比如 100。"),
        (lambda: parse_amount("quote_amount", "0.000000001"),
         "The amount per buy takes at most 8 decimal places (you gave 0.000000001).",
         "每次买入金额最多 8 位小数（你给的是 0.000000001）。"),
        (lambda: parse_amount("quote_amount", "5000000"),
         "The amount per buy can be at most 1000000 (you gave 5000000).",
         "每次买入金额最多 1000000（你给的是 5000000）。"),
        (lambda: parse_grids("1"), "The number of grids must be a whole number from 2 to 200 (you gave 1).",
         "网格数量须是 2 到 200 之间的整数（你给的是 1）。"),
        (lambda: parse_grids("2.5"),
         "The number of grids must be a whole number from 2 to 200 (you gave 2.5).",
         "网格数量须是 2 到 200 之间的整数（你给的是 2.5）。"),
        (lambda: parse_percent("150"), "The largest position must be a share between 0 and 100 % of equity "
         "(you gave 150).", "最大仓位占比须在 0 到 100 之间（你给的是 150）。"),
        (lambda: parse_symbols("doge", CATALOG), "“doge” is not supported. Supported: BTC, ETH, SOL.",
         "不支持「doge」。可用的币种：BTC, ETH, SOL。"),
    ],
)  # fmt: skip
def test_bad_fields_are_refused_with_a_reason(call: object, en: str, zh: str) -> None:
    bad = refused(call)
    assert bad.message("en") == en
    assert bad.message("zh") == zh


def test_symbols_of_an_ai_strategy() -> None:
    assert parse_symbols("BTC, eth 和 SOL", CATALOG) == ("BTCUSDT", "ETHUSDT", "SOLUSDT")
    assert parse_symbols("btc btc", CATALOG) == ("BTCUSDT",)
    assert refused(parse_symbols, "btc, doge", CATALOG).params["value"] == "doge"
    assert validate(AiParams(("BTCUSDT",), Interval.of("1h"), D(20), D(100)), CATALOG)
    too_many = refused(validate, AiParams(("BTCUSDT",) * 6, Interval.of("1h"), D(20), D(100)), CATALOG)
    assert too_many.message("en") == "An AI strategy watches 1 to 5 symbols; you gave 6."


def dca(**kw: object) -> DcaParams:
    base: dict[str, object] = {"symbol": "BTCUSDT", "quote_amount": D(50), "interval": Interval.of("1d")}
    return DcaParams(**(base | kw))  # type: ignore[arg-type]


def grid(**kw: object) -> GridParams:
    base: dict[str, object] = {
        "symbol": "ETHUSDT",
        "lower": D(3000),
        "upper": D(4000),
        "grids": 10,
        "quote_per_grid": D(50),
    }
    return GridParams(**(base | kw))  # type: ignore[arg-type]


def test_dca_checks() -> None:
    assert validate(dca(), CATALOG) == dca()
    small = refused(validate, dca(quote_amount=D(3)), CATALOG)
    assert small.message("en") == "The amount per buy of 3 USDT is below BTC's minimum order of 5 USDT."
    assert small.message("zh") == "每次买入金额 3 USDT 低于 BTC 的最小下单金额 5 USDT。"
    cap = refused(validate, dca(max_total=D(20)), CATALOG)
    assert cap.message("en") == (
        "The total cap of 20 USDT is below the 50 USDT of one buy: it could never buy."
    )
    assert validate(dca(max_total=D(1000)), CATALOG)


def test_grid_levels_and_quantities() -> None:
    rules = CATALOG.rules("ETHUSDT")
    assert rules is not None
    p = grid(grids=4)
    assert grid_levels(p, rules) == (D(3000), D(3250), D(3500), D(3750), D(4000))
    assert grid_quantity(p, D(3000), rules) == D("0.0166")  # 50 / 3000 down to the 0.0001 step
    odd = grid(lower=D("3000.005"), upper=D("3000.105"), grids=3)
    assert grid_levels(odd, rules) == (D("3000"), D("3000.03"), D("3000.07"), D("3000.1"))


def test_grid_step_below_the_tick_is_refused() -> None:
    bad = refused(validate, grid(lower=D(3000), upper=D("3000.5"), grids=100), CATALOG)
    assert bad.message("en") == (
        "The grid step 0.005 is below ETH's tick size 0.01: use fewer grids or a wider range."
    )
    assert bad.message("zh") == "网格间距 0.005 小于 ETH 的最小价格变动 0.01：请减少格数或拉大区间。"


def test_grid_order_below_min_notional_is_refused() -> None:
    bad = refused(validate, grid(quote_per_grid=D(4)), CATALOG)
    assert bad.message("en") == "The amount per grid of 4 USDT is below ETH's minimum order of 5 USDT."
    # 5 USDT a grid passes the plain check, but the quantity rounded down to the step is worth less.
    rounded = refused(validate, grid(quote_per_grid=D(5)), CATALOG)
    assert rounded.message("en") == (
        "At the 3000 level, 5 USDT per grid buys only 0.0016 (4.8 USDT), below ETH's minimum order of "
        "5 USDT: raise the amount per grid."
    )
    assert "低于 ETH 的最小下单金额 5 USDT" in rounded.message("zh")


def test_grid_range_and_unknown_rules() -> None:
    upside_down = refused(validate, grid(lower=D(4000), upper=D(3000)), CATALOG)
    assert upside_down.message("en") == "The grid's upper price 3000 must be above its lower price 4000."
    from core.markets import MarketSpec

    bare = MarketCatalog((MarketSpec("BTCUSDT", "BTC", "USDT", "Bitcoin", "比特币"),))
    unknown = refused(validate, grid(symbol="BTCUSDT"), bare)
    assert "trading rules" in unknown.message("en")


def test_ai_checks() -> None:
    ok = AiParams(("BTCUSDT", "ETHUSDT"), Interval.of("1h"), D(20), D(200), "trend following")
    assert validate(ok, CATALOG) == ok
    fast = refused(validate, AiParams(("BTCUSDT",), Interval.of("1m"), D(20), D(200)), CATALOG)
    assert fast.message("en") == "The interval must be between 5m and 30d (you gave 1m)."
    tiny = refused(validate, AiParams(("BTCUSDT",), Interval.of("1h"), D(20), D(2)), CATALOG)
    assert tiny.message("en") == "The largest order of 2 USDT is below BTC's minimum order of 5 USDT."
    notes = refused(validate, AiParams(("BTCUSDT",), Interval.of("1h"), D(20), D(20), "x" * 501), CATALOG)
    assert notes.message("en") == "The notes take at most 500 characters (these have 501)."


@each(
    "params",
    [
        dca(max_total=D("1000.5")),
        dca(),
        grid(),
        AiParams(("BTCUSDT", "SOLUSDT"), Interval.of("4h"), D("12.5"), D(300), "buy dips"),
    ],
)
def test_stored_form_round_trips(params: DcaParams | GridParams | AiParams) -> None:
    stored = to_json(params)
    assert all(not isinstance(v, float) for v in stored.values())
    assert from_json(params.kind, stored) == params


def test_malformed_stored_form() -> None:
    with pytest.raises(ValueError):
        from_json("dca", {"symbol": "BTCUSDT"})
    with pytest.raises(ValueError):
        from_json("martingale", {})
