"""An interval or a grid count that cannot be read exactly ("every -2 days", "每-2天", "-20 grids",
"-20格"), or an interval of no whole units ("every 1.5 days", "每1.5天") is refused quoting what
was typed and asked again, nothing stored: not dropped and asked as if it had not been said
(issue 21)."""

from __future__ import annotations

import pytest

from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import codes, text_of


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@pytest.mark.parametrize(
    ("text", "quoted", "asked", "answer"),
    [
        ("创建一个BTC定投策略，每-2天买50U", "「-2天」", "ask_interval", "每2天"),
        ("create a DCA strategy for BTC, buy 50U every -2 days", "“-2 days”", "ask_interval", "every 2 days"),
        ("创建一个ETH网格策略，区间3000到4000，-20格", "「-20格」", "ask_grids", "20"),
        ("创建BTC定投，每1.5天买100U", "「每1.5天」", "ask_interval", "每2天"),
        ("create a dca for btc buying 100 usdt every 1.5 days", "“every 1.5 days”", "ask_interval", "1d"),
        ("make an ETH grid strategy between 3000 and 4000, -20 grids", "“-20 grids”", "ask_grids", "20"),
        # The AI strategy's position cap was dropped without a word.
        ("创建一个AI策略，交易BTC，仓位最多-20%", "「-20%」", "ask_interval", "1d"),
        ("create an ai strategy on btc with max position 20,5%", "“20,5%”", "ask_interval", "1d"),
    ],
)
async def test_a_signed_interval_or_grid_count_in_the_request_is_refused(
    desk: StrategyDesk, text: str, quoted: str, asked: str, answer: str
) -> None:
    await desk.refused_then_taken(text, quoted, asked, answer)


@pytest.mark.parametrize(
    ("start", "answer", "quoted"),
    [
        ("创建一个BTC定投策略，每次买50U", "每-2天", "「-2天」"),
        ("create a DCA strategy for BTC, 50U each buy", "every -2 days", "“-2 days”"),
    ],
)
async def test_a_typed_signed_interval_is_refused_with_its_reason(
    desk: StrategyDesk, start: str, answer: str, quoted: str
) -> None:
    first = await desk.chat.say(start)
    assert codes(first)[-1] == "ask_interval", text_of(first)
    reply = await desk.chat.say(answer)
    assert codes(reply) == ["invalid_answer", "ask_interval"], text_of(reply)
    assert quoted in text_of(reply)
    assert await desk.strategies.owned(OWNER) == []


@pytest.mark.parametrize(
    ("text", "quoted", "answer"),
    [
        ("创建一个BTC定投策略，每天买50U，到1000U就停", "「1000U」", "1000U"),
        ("create a DCA strategy for BTC, 50U every day, stop at 1000U", "“1000U”", "1000U"),
    ],
)
async def test_money_no_field_took_is_refused_and_the_cap_asked(
    desk: StrategyDesk, text: str, quoted: str, answer: str
) -> None:
    """An amount no field's words took is said back and the total cap asked, not dropped without a
    word (a cap dropped buys on forever); the answer is then the cap."""
    await desk.refused_then_taken(text, quoted, "ask_max_total", answer)
    [made] = await desk.strategies.owned(OWNER)
    assert str(made.params.max_total) == "1000"  # type: ignore[union-attr]
