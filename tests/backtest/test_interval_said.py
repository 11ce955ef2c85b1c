"""A backtest's buying interval said but not read whole ("every 1.5 days", "每1.5天") is refused
quoting it: it was backtested once a day, the reply saying no interval was given (zh + en)."""

from __future__ import annotations

import pytest

from adapters.demo_market.market import DemoMarket
from core.reply import NoticeBlock, Status
from tests.traders.conftest import TraderDesk, make_desk


@pytest.fixture
def desk() -> TraderDesk:
    made = make_desk()
    made.market.get_klines = DemoMarket(made.clock).get_klines  # type: ignore[attr-defined]
    return made


async def _refused(desk: TraderDesk, text: str) -> str:
    """The backtest's notices, once it failed on a value of ``text``."""
    reply = await desk.chat.say(text)
    assert reply.route.skill == "backtest", reply.route
    assert reply.status is Status.FAILED, reply.blocks
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("backtest a btc dca 50u every 1.5 days, last 30 days", "“every 1.5 days”"),
        ("回测一下每1.5天买50U的BTC定投，过去30天", "「每1.5天」"),
    ],
)
async def test_an_interval_not_read_whole_is_refused_quoting_it(
    desk: TraderDesk, text: str, quoted: str
) -> None:
    said = await _refused(desk, text)
    assert quoted in said, said


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("回测BTC定投，每-2天买100U", "「-2天」"),
        ("backtest a BTC dca buying 100U every -2 days", "“-2 days”"),
        ("回测ETH网格 3000到4000 -20格", "「-20格」"),
        ("backtest eth grid between 3000 and 4000 with -20 grids", "“-20 grids”"),
    ],
)
async def test_a_signed_interval_or_grid_count_is_refused_quoting_it_not_taken_as_the_window(
    desk: TraderDesk, text: str, quoted: str
) -> None:
    """ "每-2天" was filed as the backtest's window ("the window -2天 cannot be used"), "-20 grids"
    dropped with the range beside it ("you have no ETH grid strategy")."""
    said = await _refused(desk, text)
    assert quoted in said, said
    assert "window" not in said and "回测区间" not in said, said


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("回测BTC定投 每天100U 用-4小时K线", "-4小时"),
        ("backtest btc dca 100u daily on -1h candles", "-1h"),
        ("回测BTC定投 每天100U 过去1.5个月", "1.5个月"),
        ("backtest btc dca 100u daily over the last 0.5 months", "0.5 months"),
    ],
)
async def test_signed_candles_or_a_part_of_a_month_are_refused_quoting_what_was_typed(
    desk: TraderDesk, text: str, typed: str
) -> None:
    """Said back as "refused:sign:-1h" (the slot's marker) and "1.5mo" before."""
    said = await _refused(desk, text)
    assert typed in said and "refused:" not in said, said


@pytest.mark.parametrize(
    ("text", "typed"),
    [("回测每天买0.001个BTC的定投", "0.001个btc"), ("backtest a dca: buy 0.001 btc every day", "0.001 btc")],
)
async def test_a_dca_in_coins_is_refused_quoting_it_not_backtested_as_usdt(
    desk: TraderDesk, text: str, typed: str
) -> None:
    """0.001 BTC was read as a buy of 0.001 USDT ("below BTC's minimum order of 5 USDT")."""
    said = await _refused(desk, text)
    assert typed in said and "0.001 USDT" not in said, said


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("回测BTC定投 每天50U 过去半年", "6mo"),
        ("backtest btc dca 50u daily over the last half year", "6mo"),
        ("回测BTC定投 每天50U 过去一年", "365d"),
        ("backtest btc dca 50u daily over the last year", "365d"),
    ],
)
async def test_a_window_of_half_a_year_or_a_year_is_backtested_not_the_default(
    desk: TraderDesk, text: str, days: str
) -> None:
    """The window was dropped: backtested over the default 90 days."""
    reply = await desk.chat.say(text)
    assert reply.route.skill == "backtest" and reply.route.slots.get("days") == days, reply.route
    assert reply.status is Status.COMPLETED


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("回测BTC网格过去两年", "730d"),
        ("backtest a btc grid over the last 2 years", "730d"),
        ("backtest btc grid over 1 year", "365d"),
    ],
)
async def test_a_window_of_years_is_backtested_over_365_days_a_year(
    desk: TraderDesk, text: str, days: str
) -> None:
    """Years had no unit: "过去两年" / "2 years" was dropped (the default 90 days backtested) and
    "1 year" read as twelve months of 30 days (360)."""
    reply = await desk.chat.say(text)
    assert reply.route.skill == "backtest" and reply.route.slots.get("days") == days, reply.route


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("回测 ETH 网格 3000到4000 20格 过去三年", "三年"),
        ("backtest an ETH grid between 3000 and 4000 with 20 levels over 3 years", "3 years"),
    ],
)
async def test_a_window_of_years_longer_than_served_is_refused_quoting_it(
    desk: TraderDesk, text: str, quoted: str
) -> None:
    """Three years (1,095 days) is more than a backtest runs: refused quoting it, never the default."""
    said = await _refused(desk, text)
    assert quoted in said, said
