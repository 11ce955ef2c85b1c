"""Backtests in one chat turn, zh and en: the issue's questions route to the backtest (not to a
new strategy, not to a strategy name), inline parameters are not saved, a saved strategy is found
by kind and coin or as the conversation's, and ▶ leads to a running paper trader."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from adapters.demo_market.market import DemoMarket
from core.backtest.history import MemoryKlineCache
from core.reply import BacktestBlock, ChartBlock, NoticeBlock, Reply, Status
from core.strategies import GridParams
from core.traders.model import TraderState
from tests.traders.conftest import TraderDesk, dca, make_desk


@pytest.fixture
def desk() -> TraderDesk:
    made = make_desk()
    klines = DemoMarket(made.clock)
    made.market.get_klines = klines.get_klines  # type: ignore[attr-defined]  # the demo's history
    return made


def blocks(reply: Reply) -> list[BacktestBlock]:
    return [b for b in reply.blocks if isinstance(b, BacktestBlock)]


def notices(reply: Reply) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


async def test_an_inline_dca_in_chinese_is_backtested_and_nothing_is_saved(desk: TraderDesk) -> None:
    reply = await desk.chat.say("回测一下每天买50U的BTC定投，过去90天")
    assert reply.route.skill == "backtest" and reply.status is Status.COMPLETED
    [block] = blocks(reply)
    assert (block.kind, block.symbol, block.interval, block.candles) == ("dca", "BTCUSDT", "1d", 90)
    assert block.buys == 90 and block.sells == 0 and block.source == "demo"
    assert block.strategy is None and dict(block.params)["quote_amount"] == "50"
    assert "演示" in notices(reply)
    assert [b.label for b in reply.buttons] == ["▶ 用模拟盘运行", "⚙ 改参数", "↔ 对比"]
    assert await desk.strategies.owned(desk.owner) == []  # nothing saved until asked


async def test_my_eth_grid_is_the_saved_one(desk: TraderDesk) -> None:
    await desk.strategy("eth swing", GridParams("ETHUSDT", Decimal(3000), Decimal(4000), 10, Decimal(100)))
    reply = await desk.chat.say("backtest my ETH grid over the last 30 days")
    [block] = blocks(reply)
    assert block.strategy == "eth swing" and block.kind == "grid" and block.interval == "1h"
    assert block.candles == 720


async def test_my_btc_dca_strategy_is_not_read_as_a_name(desk: TraderDesk) -> None:
    await desk.strategy("stack sats", dca(amount="20"))
    reply = await desk.chat.say("backtest my BTC DCA strategy over the last 90 days")
    assert reply.route.skill == "backtest"
    [block] = blocks(reply)
    assert block.strategy == "stack sats" and dict(block.params)["quote_amount"] == "20"


async def test_this_strategy_is_the_conversations(desk: TraderDesk) -> None:
    await desk.strategy("a", dca(amount="20"))
    made = await desk.chat.say("创建一个ETH定投策略，每天买30U，名字叫 b")
    assert made.route.skill == "strategy_management"
    reply = await desk.chat.say("把这个策略回测一下")
    [block] = blocks(reply)
    assert block.strategy == "b" and block.symbol == "ETHUSDT"


async def test_an_inline_grid_in_english_with_its_defaults_said(desk: TraderDesk) -> None:
    reply = await desk.chat.say("how would a 20-level grid on SOL between 120 and 200 have done this month")
    [block] = blocks(reply)
    assert dict(block.params) == {"lower": "120", "upper": "200", "grids": "20", "quote_per_grid": "100"}
    assert (block.symbol, block.interval, block.candles) == ("SOLUSDT", "1h", 720)  # this month: 30 days
    assert "100 USDT each" in notices(reply)


async def test_a_negative_amount_is_refused_quoting_it(desk: TraderDesk) -> None:
    reply = await desk.chat.say("回测BTC定投 每天买-50U")
    assert reply.status is Status.FAILED and "-50" in notices(reply) and not blocks(reply)


async def test_compare_shows_two_runs(desk: TraderDesk) -> None:
    reply = await desk.chat.say("回测一下每天买50U的BTC定投，过去30天")
    compared = await desk.chat.press(reply.buttons[2].token)
    first, second = blocks(compared)
    assert dict(first.params)["quote_amount"] == "50" and dict(second.params)["quote_amount"] == "100"


async def test_change_offers_each_value_changed_and_runs_the_one_pressed(desk: TraderDesk) -> None:
    reply = await desk.chat.say("backtest a dca of $100 of BTC weekly over 180 days")
    said = await desk.chat.press(reply.buttons[1].token)
    assert "100 USDT every 1w over the last 180 days" in notices(said)
    assert [b.label for b in said.buttons] == ["50 USDT / 1w", "200 USDT / 1w", "100 USDT / 1d"]
    rerun = await desk.chat.press(said.buttons[2].token)
    [block] = blocks(rerun)
    assert dict(block.params)["interval"] == "1d" and dict(block.params)["quote_amount"] == "100"
    assert block.candles == 180 and block.buys == 180


async def test_run_as_paper_trader_saves_the_strategy_and_starts_a_trader(desk: TraderDesk) -> None:
    await desk.account()  # a paper account
    reply = await desk.chat.say("回测一下每天买50U的BTC定投，过去90天")
    answer: Any = await desk.chat.press(reply.buttons[0].token)
    asked = []
    for _ in range(4):  # the trader skill's own questions and confirmations, answered yes
        if answer.status not in (Status.NEEDS_INPUT, Status.AWAITING_CONFIRMATION):
            break
        asked.append(notices(answer))
        answer = (
            await desk.chat.press(answer.buttons[0].token) if answer.buttons else await desk.chat.say("好")
        )
    assert answer.route.skill == "trader_management", asked
    [strategy] = await desk.strategies.owned(desk.owner)
    assert strategy.name == "BTC定投回测" and strategy.params == dca(amount="50")
    [trader] = await desk.traders.owned(desk.owner)
    assert trader.strategy_id == strategy.id
    assert trader.state in (TraderState.STARTING, TraderState.RUNNING), (
        notices(answer),
        [b.label for b in answer.buttons],
        asked,
    )


async def test_a_second_backtest_of_the_same_window_makes_no_request(desk: TraderDesk) -> None:
    cache = MemoryKlineCache()
    calls: list[str] = []
    klines = desk.market.get_klines  # type: ignore[attr-defined]

    async def counted(*args: Any) -> Any:
        calls.append(args[0])
        return await klines(*args)

    desk.market.get_klines = counted  # type: ignore[attr-defined]
    skill: Any = desk.core.skills.skill("backtest")
    skill.cache = cache
    await desk.chat.say("回测 ETH 网格 3000到4000 20格 每格100U 最近30天")
    assert calls == ["ETHUSDT"]
    await desk.chat.say("回测 ETH 网格 3000到4000 10格 每格100U 最近30天")
    assert calls == ["ETHUSDT"]  # the same window from the cache


class FakeBacktestCharts:
    def __init__(self) -> None:
        self.drawn: list[list[str]] = []

    async def render_backtest(self, series: Any, *, locale: str = "en") -> bytes:
        self.drawn.append([s.label for s in series])
        return b"\x89PNG fake"


async def test_the_answer_carries_one_picture_and_compare_draws_both(desk: TraderDesk) -> None:
    charts = FakeBacktestCharts()
    skill: Any = desk.core.skills.skill("backtest")
    skill.charts = charts
    reply = await desk.chat.say("how would a 20-level grid on SOL between 120 and 200 have done this month")
    [chart] = [b for b in reply.blocks if isinstance(b, ChartBlock)]
    assert chart.symbol == "SOLUSDT" and chart.source == "demo"
    await desk.chat.press(reply.buttons[2].token)
    assert charts.drawn == [["20 levels × 100 USDT"], ["20 levels × 100 USDT", "40 levels × 100 USDT"]]


async def test_the_replay_runs_off_the_event_loop(desk: TraderDesk, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay of many candles is CPU work: on the event loop every other conversation would wait
    for it, so it runs in a worker thread."""
    import threading

    import core.skills.backtest.skill as skill_module

    seen: list[int] = []
    real = skill_module.replay

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(skill_module, "replay", watched)
    reply = await desk.chat.say("回测一下每天买50U的BTC定投，过去90天")
    assert reply.status is Status.COMPLETED
    assert seen and threading.get_ident() not in seen


@pytest.mark.parametrize(
    ("text", "interval", "candles"),
    [
        ("backtest my ETH grid over the last 30 days on 4h candles", "4h", 180),
        ("回测我的ETH网格 最近30天 用4小时K线", "4h", 180),
        ("backtest my ETH grid over the last 10 days with 15m candles", "15m", 960),
        ("回测我的ETH网格 过去1天 1分钟K线", "1m", 1440),
    ],
)
async def test_the_candles_asked_for_are_the_ones_replayed(
    desk: TraderDesk, text: str, interval: str, candles: int
) -> None:
    await desk.strategy("eth swing", GridParams("ETHUSDT", Decimal(3000), Decimal(4000), 10, Decimal(100)))
    [block] = blocks(await desk.chat.say(text))
    assert (block.interval, block.candles) == (interval, candles)


async def test_candles_outside_1m_to_1d_are_refused_quoting_them(desk: TraderDesk) -> None:
    await desk.strategy("eth swing", GridParams("ETHUSDT", Decimal(3000), Decimal(4000), 10, Decimal(100)))
    reply = await desk.chat.say("backtest my ETH grid over the last 30 days on 1w candles")
    assert reply.status is Status.FAILED and not blocks(reply)
    assert 'Candles of "1w" are not supported' in notices(reply) and "1m" in notices(reply)
