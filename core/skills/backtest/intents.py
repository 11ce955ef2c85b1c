"""The backtest skill's intents (a table: core/language/lexicon/intents/backtest.toml): the words
of a backtest ("回测", "backtest", "how would … have done"), with what the sentence gives of the
strategy, read from the tags and the value grammar.

    回测一下每天买50U的BTC定投，过去90天  -> kind dca, symbol BTCUSDT, quote_amount 50, interval 1d, days 90
    backtest my ETH grid over the last 30 days -> kind grid, symbol ETHUSDT, days 30 (a saved one)
    把这个策略回测一下                         -> this (the conversation's strategy)
    how would a 20-level grid on SOL between 120 and 200 have done this month
        -> kind grid, symbol SOLUSDT, grids 20, lower 120, upper 200, days 30

Values are slot text ("50", "refused:sign:-50"): the skill checks each as a strategy's field.
"""

from __future__ import annotations

from typing import Any, Final

from core.language.intents import table
from core.language.phrases import placed
from core.language.slots import Choose, Coins, Own, Slots, When
from core.language.tagger import Reading, Tag
from core.language.values import REFUSED_PREFIX, UNIT_SECONDS, Value
from core.strategies.intervals import interval_in
from core.strategies.words import KIND, grid_values, in_coins

SKILL: Final = "backtest"
LEVEL: Final = "backtest.level"
CANDLES: Final = "backtest.candles"
THIS: Final = "backtest.this"
OWN: Final = "own.strategy"
_CANDLES_OF: Final = "backtest.candles_"  # candles of one interval in one word ("日线": 1d)
_BUYS: Final = ("verb.buy", "backtest.invest")  # "backtest buying 0.001 btc every day": bought
# A duration this close before the candles' word is their interval ("1h candles").
_NEAR: Final = 2


def _before(value: Value, tag: Tag | None) -> bool:
    """The value just before ``tag`` ("1h candles"), or ending inside it ("4小时K线": the candles'
    word "小时k" shares the value's "小时")."""
    return tag is not None and value.start < tag.start and tag.start - value.end <= _NEAR


def _after(value: Value, tag: Tag | None) -> bool:
    """The value just after ``tag`` ("格数 20", "grids: 20")."""
    return tag is not None and 0 <= value.start - tag.end <= _NEAR


def _longest() -> int:
    """The longest window a backtest runs, in seconds (the plan's, imported when a window is read:
    routing alone does not load the plan)."""
    from core.skills.backtest.plan import MAX_DAYS

    return MAX_DAYS * UNIT_SECONDS["d"]


def _every(text: str, value: Value) -> bool:
    """ "每-2天", "every -2 days": a refused duration said after "every" is an interval's."""
    return placed("values", "every").before(text, len(text[: value.start].rstrip())) is not None


# Which strategy: one of theirs, else "this one" (the conversation's), its kind and coin said.
_NAMED = Slots(
    Own("strategy", "strategy"), Choose("this", (("1", When(THIS, none=OWN)),)), KIND, Coins("symbol")
)


def read_slots(reading: Reading) -> dict[str, Any]:
    """What the sentence says of the strategy and the window (nothing is guessed here)."""
    text = reading.text
    slots = _NAMED(reading) or {}
    kind = slots.get("kind")
    level, candles, grids = reading.first(LEVEL), reading.first(CANDLES), reading.first("strategy.grids")
    numbers: list[Value] = []
    # "用日线回测", "on daily candles": the candles' interval; the words' values ("daily") none of their
    # own. A value begun before the word ("用-4小时K线") is read as the candles' value, refused as typed.
    values = grid_values(reading, reading.spans())
    worded = [t for t in reading.tags if any(c.startswith(_CANDLES_OF) for c in t.concepts)]
    begun = [t for t in worded if any(v.start < t.start <= v.end for v in values)]
    candles = candles or next(iter(begun), None)
    worded = [t for t in worded if t not in begun]
    if worded:
        slots["candles"] = next(c for c in worded[0].concepts if c.startswith(_CANDLES_OF)).removeprefix(
            _CANDLES_OF
        )
    values = [v for v in values if not any(t.start <= v.start and v.end <= t.end for t in worded)]
    bought = in_coins(reading, values, _BUYS)
    for value in values:
        if value.refused and value.unit in UNIT_SECONDS and _every(text, value):
            slots.setdefault("interval", value.slot)  # refused quoting it, never taken as the window
        elif value.kind == "duration" or (value.refused and value.unit in UNIT_SECONDS):
            key = "candles" if _before(value, candles) else "days"
            whole = not value.refused and value.number == value.number.to_integral_value()
            typed = f"{value.slot}{value.unit}" if whole else value.slot if value.refused else value.typed
            if whole and value.unit == "y":  # "过去两年": 730 days (a year is 365), "1.5年" as typed
                typed = f"{int(value.number) * 365}d"
            if whole and value.number == 0:  # "过去0天": refused quoting what was typed, not "0d"
                typed = f"{REFUSED_PREFIX}zero:{value.typed}"
            elif whole and key == "days" and value.seconds > _longest():  # "过去5000天": the same
                typed = f"{REFUSED_PREFIX}too_long:{value.typed}"
            slots.setdefault(key, typed)  # "过去1.5个月": quoted as typed
        elif (value.kind == "amount" and value.unit == "quote") or (value.refused and value.unit == "quote"):
            slots.setdefault("amount", value.slot)
        elif value is bought:  # "每天买0.001个BTC": a DCA buys USDT
            slots.setdefault("amount", f"{REFUSED_PREFIX}base_amount:{value.typed}")
        elif _before(value, candles) and not text[value.start : value.end].isdigit():
            # Candles of an interval the value grammar reads otherwise ("1w": ten thousand):
            # kept as typed, for the plan to refuse quoting it, never a default in its place.
            slots.setdefault("candles", text[value.start : value.end].strip())
        elif (
            value.kind == "count"
            or (value.refused and value.unit == "grid")
            or (value.kind == "number" and (_before(value, level) or _after(value, grids)))
            or (value.refused and _after(value, grids))  # "grids -5": refused as the grids', never a bound
        ):
            slots.setdefault("grids", value.slot)
        elif value.kind in ("number", "price") or value.refused:
            numbers.append(value)
    taken: list[Value] = []  # the numbers read as bounds or the amount: no interval ("8w到9w")
    if len(numbers) == 2:
        slots["lower"], slots["upper"] = numbers[0].slot, numbers[1].slot
        taken = numbers
    elif numbers and "amount" not in slots and kind == "dca":
        slots["amount"] = numbers[0].slot  # "每天买50的BTC定投": the one bare number
        taken = numbers[:1]
    interval = interval_in([v for v in values if v not in taken])
    said = next((v.typed for v in values if v.kind == "interval"), None)  # "every 1.5 days": quoted
    if interval is not None and (worded or interval.text != slots.get("candles")):  # "4h candles" is no dca's
        said = interval.text
    if said is not None:
        slots.setdefault("interval", said)  # a refusal read above stays
    bought_each = reading.has("verb.buy") or reading.has("backtest.invest")
    spent = not str(slots.get("amount", "")).startswith(REFUSED_PREFIX)  # a USDT sum, no base amount
    # ("backtest 50 bucks into eth every -3 days": its interval refused, a DCA's all the same)
    if kind is None and "interval" in slots and "amount" in slots and (bought_each or spent) and not numbers:
        # "过去30天每天买50U比特币", "每天投50u姨太", "backtest 50 usdt of btc every week": a sum put in
        # each interval is a DCA
        slots["kind"] = "dca"
    if "days" not in slots and interval is None and reading.has("time.month"):
        slots["days"] = "30d"  # "this month", "一个月": a month is 30 days
    elif "days" not in slots and reading.has("time.year"):
        slots["days"] = "365d"  # "last year", "今年": the last 365 days
    return slots


INTENTS = table(SKILL, "backtest", {"slots": read_slots}).intents
