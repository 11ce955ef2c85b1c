"""The daily equity snapshot job on memory stores: one per account per UTC day, a day that cannot be
valued left as a gap, and the max drawdown measured on what was taken."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime
from decimal import Decimal as D

import pytest

from adapters.charts.equity_figure import _series
from adapters.console.render import render_json, render_text
from core.market import MarketError, MarketErrorCode
from core.pnl.drawdown import Snapshot
from core.pnl.snapshots import SnapshotJob, next_midnight
from core.reply import ChartBlock, PnlBlock
from core.trading.service import TRADING
from core.workspace.accounts import NewExchangeAccount
from tests.fakes import NOW
from tests.pnl.conftest import AUDIT, PnlDesk
from tests.trading.conftest import OWNER


def job(desk: PnlDesk) -> SnapshotJob:
    return SnapshotJob(desk.snapshots, desk.core.skills.services.get(TRADING))


async def test_one_snapshot_per_account_per_day(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")  # 10,000 - 900.9 USDT + 0.01 BTC at the bid 89,990 (899.9): 9,999
    first = await job(desk).take(NOW.date())
    again = await job(desk).take(NOW.date())
    assert (first.stored, again.stored, again.already) == (1, 0, 1)
    [snap] = desk.snapshots.rows.values()
    assert (snap.day, snap.equity) == (NOW.date(), D("9999"))


async def test_an_account_that_cannot_be_valued_is_a_gap(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")
    live = NewExchangeAccount(OWNER, "big", "binance", {}, None, NOW)
    await desk.workspace.accounts.create(live, AUDIT)  # no live exchange configured: no balances
    desk.market.quote_error = MarketError(MarketErrorCode.TIMEOUT, "no book")  # BTC has no bid today
    taken = await job(desk).take(NOW.date())
    assert taken.stored == 0 and len(taken.gaps) == 2
    assert desk.snapshots.rows == {}  # nothing invented


async def test_the_job_comes_back_at_the_next_utc_midnight() -> None:
    assert next_midnight(datetime(2026, 3, 4, 23, 59, 59, tzinfo=UTC)) == datetime(2026, 3, 5, tzinfo=UTC)
    assert next_midnight(datetime(2026, 3, 5, 0, 0, tzinfo=UTC)) == datetime(2026, 3, 6, tzinfo=UTC)


async def test_max_drawdown_from_the_snapshots_zh_and_en(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")
    account = await desk.account()
    for day, equity in [(1, "10000"), (2, "10400"), (4, "9880"), (5, "10100")]:  # the 3rd: a gap
        await desk.snapshots.record(Snapshot(account.id, date(2026, 7, day), D(equity)))
    reply = await desk.chat.say("最大回撤")
    [block] = [b for b in reply.blocks if isinstance(b, PnlBlock)]
    # 10,400 on the 2nd down to 9,880 on the 4th: 520 USDT, 5 % of the peak.
    assert (block.max_drawdown, block.max_drawdown_usdt, block.snapshots) == (D("0.05"), D("520"), 4)
    assert "最大回撤: 5.0%（-520.00 USDT，4 个每日快照）" in render_text(reply)
    en = await desk.chat.say("max drawdown this month")
    assert "Max drawdown: 5.0% (-520.00 USDT, over 4 daily snapshots)" in render_text(en)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("回撤多大", "最大回撤: 5.0%（-520.00 USDT，4 个每日快照）"),
        ("我的最大回撤有多大", "最大回撤: 5.0%（-520.00 USDT，4 个每日快照）"),
        ("what's my max drawdown", "Max drawdown: 5.0% (-520.00 USDT, over 4 daily snapshots)"),
        # Were "I can't help with that": the size asked by a word of its own.
        ("回撤有多深", "最大回撤: 5.0%（-520.00 USDT，4 个每日快照）"),
        ("我帳戶的回撤有多嚴重", "最大回撤: 5.0%（-520.00 USDT，4 個每日快照）"),
        ("how big is my drawdown", "Max drawdown: 5.0% (-520.00 USDT, over 4 daily snapshots)"),
        ("how large is my drawdown", "Max drawdown: 5.0% (-520.00 USDT, over 4 daily snapshots)"),
        (
            "how deep was my max drawdown this month",
            "Max drawdown: 5.0% (-520.00 USDT, over 4 daily snapshots)",
        ),
    ],
)
async def test_the_drawdown_asked_how_big_is_answered(desk: PnlDesk, text: str, said: str) -> None:
    """ "回撤多大" was "I can't help with that": the drawdown from the snapshots."""
    await desk.trade("buy 0.01 BTC")
    account = await desk.account()
    for day, equity in [(1, "10000"), (2, "10400"), (4, "9880"), (5, "10100")]:
        await desk.snapshots.record(Snapshot(account.id, date(2026, 7, day), D(equity)))
    assert said in render_text(await desk.chat.say(text))


async def test_the_equity_curve_zh_and_en(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")
    account = await desk.account()
    reply = await desk.chat.say("净值曲线")
    assert not [b for b in reply.blocks if isinstance(b, ChartBlock)]  # no snapshot yet: no picture
    for day, equity in [(1, "10000"), (2, "10400"), (4, "9880"), (5, "10100")]:  # the 3rd: a gap
        await desk.snapshots.record(Snapshot(account.id, date(2026, 7, day), D(equity)))
    for text, alt in [
        ("净值曲线", "净值曲线（4 个每日快照）"),
        ("show my equity curve", "(4 daily snapshots)"),
    ]:
        reply = await desk.chat.say(text)
        [chart] = [b for b in reply.blocks if isinstance(b, ChartBlock)]
        assert chart.png.startswith(b"\x89PNG") and alt in chart.alt
    drawdown = await desk.chat.say("最大回撤")  # the drawdown is answered with the picture too
    assert [type(b).__name__ for b in drawdown.blocks] == ["PnlBlock", "ChartBlock"]
    [image] = [b for b in render_json(drawdown)["blocks"] if b["type"] == "image"]
    assert image["alt"].startswith("账户「paper」的净值曲线")


def test_the_gap_breaks_the_line() -> None:
    snaps = [Snapshot("a", date(2026, 7, d), D(e)) for d, e in [(1, "10"), (2, "12"), (4, "9")]]
    xs, equity, peak = _series(snaps)
    assert len(xs) == 4 and math.isnan(equity[2]) and math.isnan(peak[2])  # 07-03: nothing drawn
    assert (equity[3], peak[3]) == (9.0, 12.0)
