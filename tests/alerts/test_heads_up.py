"""A move counted from the price now, asked in everyday words (zh, zh-Hant, en): "give me a
heads-up on a five-percent ether swing from here" is a ±5% alert from the price now (ETH 3,500).
Before: the price of ETH ("heads-up" and "five-percent" were no words of the layer's), and
"heads up if eth swings 5% from here" only the +5% side (the "up" of "heads up" read as a rise)."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.alerts.conftest import AlertDesk, codes, texts
from tests.cases import each

BOTH_WAYS = [("above", "3675"), ("below", "3325")]


@pytest.mark.parametrize(
    "text",
    [
        "give me a heads-up on a five-percent ether swing from here",
        "heads up if eth swings 5% from here",
        "alert me on a five percent eth move from now",
        "给我提个醒，以太坊从现在起波动百分之五",
        "給我提個醒，以太坊從現在起波動百分之五",
    ],
)
async def test_a_swing_from_here_is_watched_both_ways_from_the_price_now(desk: AlertDesk, text: str) -> None:
    made = await desk.say(text)
    assert made.status is Status.COMPLETED, texts(made)
    assert codes(made)[0] == "alert_from_now", texts(made)
    stored = sorted((a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values())
    assert stored == BOTH_WAYS


@pytest.mark.parametrize(
    ("text", "level"), [("heads-up if btc drops under 80k", "80000"), ("lmk if btc dumps below 80k", "80000")]
)
async def test_everyday_words_for_telling_set_an_alert(desk: AlertDesk, text: str, level: str) -> None:
    made = await desk.say(text)
    assert made.status is Status.COMPLETED, texts(made)
    assert [(a.spec.condition, str(a.spec.level)) for a in desk.alerts.alerts.values()] == [("below", level)]


@each("text", ["five percent", "five-percent", "ten pct"])
def test_a_percent_said_in_words_is_read_exactly(text: str) -> None:
    from core.language.values import find_values

    (value,) = find_values(text)
    assert value.kind == "percent" and value.number == (10 if text.startswith("ten") else 5), value
