"""P&L asked for in conversation, zh and en, on a paper account with a scripted book (BTC ask
90,000.00 / bid 89,990.00; the paper fee is 0.1 % in USDT).

By hand: buy 0.01 BTC pays 900 + 0.9 fee: a cost of 900.9. Sell 0.005 BTC yields 449.95 - 0.44995
= 449.50005 against half the cost, 450.45: realized -0.94995. The 0.005 BTC left: 0.005 x 89,990
- 450.45 = -0.5 unrealized. Fees 1.34995; total -1.44995.
"""

from __future__ import annotations

import threading
from decimal import Decimal as D
from typing import Any

import pytest

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import NoticeBlock, PnlBlock, Reply, Status
from core.workspace.accounts import NewExchangeAccount
from tests.fakes import NOW
from tests.pnl.conftest import AUDIT, PnlDesk
from tests.trading.conftest import OWNER


def pnl_blocks(reply: Reply) -> list[PnlBlock]:
    return [b for b in reply.blocks if isinstance(b, PnlBlock)]


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


async def half_sold(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")
    await desk.trade("sell 0.005 BTC")


async def test_zh_summary_is_hand_computed(desk: PnlDesk) -> None:
    await half_sold(desk)
    reply = await desk.chat.say("我的盈亏是多少")
    assert reply.route.skill == "pnl" and reply.status is Status.COMPLETED and reply.audience == "private"
    [block] = pnl_blocks(reply)
    assert (block.realized, block.unrealized, block.fees, block.total) == (
        D("-0.94995"), D("-0.5"), D("1.34995"), D("-1.44995"),
    )  # fmt: skip
    assert block.kind == "paper" and block.period == "all"
    text = render_text(reply)
    assert "已实现盈亏: -0.95 USDT" in text and "合计: -1.45 USDT" in text


async def test_en_today_and_this_month(desk: PnlDesk) -> None:
    await half_sold(desk)
    today = pnl_blocks(await desk.chat.say("what's my profit today"))[0]
    assert (today.period, today.realized, today.total) == ("today", D("-0.94995"), D("-1.44995"))
    month = pnl_blocks(await desk.chat.say("this month's P&L"))[0]
    assert month.period == "month" and month.start is not None and month.start.day == 1
    assert "P&L · " in render_text(await desk.chat.say("this month's P&L"))


async def test_per_coin_and_win_rate_after_a_full_close(desk: PnlDesk) -> None:
    await half_sold(desk)
    await desk.trade("sell 0.005 BTC")  # the rest: another -0.94995; the position: -1.8999, a loss
    coins = pnl_blocks(await desk.chat.say("每个币赚了多少"))[0]
    assert coins.view == "by_symbol"
    assert [(c.name, c.realized, c.unrealized) for c in coins.by_symbol] == [("BTCUSDT", D("-1.8999"), None)]
    wins = pnl_blocks(await desk.chat.say("胜率多少"))[0]
    assert (wins.closed, wins.win_rate, wins.profit_factor) == (1, D(0), D(0))
    assert "胜率: 0.0%（0/1 个已平仓位）" in render_text(await desk.chat.say("胜率多少"))


async def test_a_traders_pnl_is_apart_from_the_manual_trades(desk: PnlDesk) -> None:
    await desk.trade("buy 0.01 BTC")  # manual: cost 900.9
    account = await desk.account()
    alpha = await desk.trader("alpha", account)
    # alpha buys 0.01 at 80,000 (cost 800.8) and sells it at 89,990 (899.9 - 0.8999): +98.2001.
    await desk.trader_fill(alpha, "dt-1", "buy", "0.01", "80000", "0.8", "t1")
    await desk.trader_fill(alpha, "dt-2", "sell", "0.01", "89990", "0.8999", "t2")
    own = pnl_blocks(await desk.chat.say("trader alpha 赚了多少"))[0]
    assert own.trader == "alpha" and (own.realized, own.total) == (D("98.2001"), D("98.2001"))
    account_wide = pnl_blocks(await desk.chat.say("我的盈亏是多少"))[0]
    # One book for the account: average entry 850.85, so the sell realized 48.1501.
    assert account_wide.realized == D("48.1501")
    lines = {line.name: line for line in account_wide.by_trader}
    assert lines["alpha"].realized == D("98.2001")
    assert (lines[""].realized, lines[""].unrealized) == (D(0), D("-1.0"))  # 899.9 - 900.9
    en = pnl_blocks(await desk.chat.say("how much did trader alpha make"))[0]
    assert en.trader == "alpha" and en.realized == D("98.2001")


async def test_a_trader_they_do_not_have_is_said_back(desk: PnlDesk) -> None:
    await half_sold(desk)
    reply = await desk.chat.say("trader beta 赚了多少")
    assert codes(reply) == ["no_such_trader"] and "beta" in render_text(reply)


async def test_an_account_they_do_not_have_is_said_back(desk: PnlDesk) -> None:
    await half_sold(desk)
    reply = await desk.chat.say("pnl of my account main")
    assert codes(reply) == ["no_such_account"]
    assert "“main”" in render_text(reply) and not pnl_blocks(reply)


async def test_paper_and_live_are_never_added_together(desk: PnlDesk) -> None:
    await half_sold(desk)
    live = NewExchangeAccount(OWNER, "big", "binance", {}, None, NOW)
    await desk.workspace.accounts.create(live, AUDIT)
    reply = await desk.chat.say("我的盈亏是多少")
    assert [(b.account, b.kind) for b in pnl_blocks(reply)] == [("paper", "paper"), ("big", "live")]
    assert "paper_live_apart" in codes(reply)
    only_live = await desk.chat.say("实盘账户收益")
    assert [b.kind for b in pnl_blocks(only_live)] == ["live"]
    only_paper = await desk.chat.say("my paper account pnl")
    assert [b.kind for b in pnl_blocks(only_paper)] == ["paper"]


async def test_the_daily_table(desk: PnlDesk) -> None:
    await half_sold(desk)
    block = pnl_blocks(await desk.chat.say("show my daily profit for the last 7 days"))[0]
    assert block.grain == "day" and len(block.rows) == 7
    assert block.rows[-1].start == NOW.date() and block.rows[-1].realized == D("-0.94995")
    assert sum(r.trades for r in block.rows) == 2


@pytest.mark.parametrize(
    ("text", "grain", "rows"),
    [
        ("daily p&l table, last 10 days", "day", 10),  # "table" was a name: nothing answered
        ("把最近7天的盈亏列个表", "day", 7),  # a table with no grain said is by day
        ("show me my profit per day for the last 5 days", "day", 5),  # "per day" was the total
    ],
)
async def test_a_table_asked_is_the_table(desk: PnlDesk, text: str, grain: str, rows: int) -> None:
    await half_sold(desk)
    block = pnl_blocks(await desk.chat.say(text))[0]
    assert (block.view, block.grain, len(block.rows)) == ("table", grain, rows)


async def test_the_block_on_every_platform_and_in_json(desk: PnlDesk) -> None:
    await half_sold(desk)
    reply = await desk.chat.say("我的盈亏是多少")
    [data] = [b for b in render_json(reply)["blocks"] if b["type"] == "pnl"]
    assert {k: data[k] for k in ("account", "kind", "period", "realized", "unrealized", "fees", "total")} == {
        "account": "paper", "kind": "paper", "period": "all", "realized": "-0.94995000",
        "unrealized": "-0.50000000", "fees": "1.34995000", "total": "-1.44995000",
    }  # fmt: skip
    assert data["by_symbol"][0]["symbol"] == "BTCUSDT" and data["win_rate"] is None
    assert set(data) >= {"by_trader", "max_drawdown", "win_rate", "profit_factor"}
    html = "\n".join(m.html for m in render_reply(reply, in_group=False, bot_username=None).messages)  # type: ignore[union-attr]
    assert "盈亏 · paper（模拟）· 全部" in html and "-1.45 USDT" in html
    embeds = discord_render(reply).embeds
    assert embeds[0].title is not None and embeds[0].title.startswith("盈亏")


async def test_a_newcomer_is_told_there_is_nothing_yet(desk: PnlDesk) -> None:
    reply = await desk.chat.say("this month's P&L")
    assert reply.status is Status.COMPLETED and codes(reply) == ["no_accounts"]
    assert not await desk.workspace.accounts.owned(OWNER)  # a question opens no account


async def test_the_replay_of_fills_runs_off_the_event_loop(desk: PnlDesk, monkeypatch: Any) -> None:
    """Replaying up to 100,000 fills is CPU work: it runs in a worker thread, so the event loop
    serves every other conversation meanwhile."""
    from core.pnl.book import replay as real

    seen: list[int] = []

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr("core.pnl.service.replay", watched)
    await half_sold(desk)
    reply = await desk.chat.say("my pnl")
    assert reply.route.skill == "pnl" and reply.status is Status.COMPLETED
    assert seen and threading.get_ident() not in seen


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("pnl for the last -7 days", "-7 days"),  # was this week's P&L ("7 days" is a word for a week)
        ("最近-30天的收益", "-30天"),  # was this month's
        ("my pnl over the last 0 days", "0 days"),  # was the whole history
        ("最近7.5天的盈亏", "7.5天"),  # was 7 days: not a whole day, read as another number
        ("pnl for the last 1.5 weeks", "1.5 weeks"),  # was 10 days (10.5 cut to 10)
        # Were the last 366 days without a word, as if asked.
        ("过去5000天盈亏", "5000天"),
        ("過去5000天盈虧", "5000天"),
        ("pnl for the last 5000 days", "5000 days"),
    ],
)
async def test_a_period_read_inexactly_is_refused_quoting_it(desk: PnlDesk, text: str, typed: str) -> None:
    await half_sold(desk)
    reply = await desk.chat.say(text)
    assert reply.route.skill == "pnl" and reply.status is Status.FAILED
    assert codes(reply) == ["refused_value"] and pnl_blocks(reply) == []
    assert typed in render_text(reply)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("过去5000天盈亏", "「5000天」超出了这里能用的最长时间范围"),
        ("過去5000天盈虧", "「5000天」超出了這裡能用的最長時間範圍"),
        ("pnl for the last 5000 days", "“5000 days” is longer than the longest period"),
    ],
)
async def test_a_period_longer_than_served_says_so(desk: PnlDesk, text: str, said: str) -> None:
    """The refusal of a period too long says that, not that the number could not be read."""
    await half_sold(desk)
    assert said in render_text(await desk.chat.say(text))


@pytest.mark.parametrize("text", ["pnl this year", "今年赚了多少", "year to date pnl", "今年收益"])
async def test_this_year_is_this_year_not_the_whole_history(desk: PnlDesk, text: str) -> None:
    """Was the whole history, "this year" dropped without a word (issue 21)."""
    await half_sold(desk)
    reply = await desk.chat.say(text)
    [block] = pnl_blocks(reply)
    assert block.period == "year" and block.start is not None
    assert (block.start.month, block.start.day, block.start.year) == (1, 1, NOW.year)
    assert block.total == D("-1.44995")
    assert ("this year" if text.isascii() else "今年") in render_text(reply)


@pytest.mark.parametrize("text", ["my pnl last year", "去年亏了多少"])
async def test_last_year_is_last_year(desk: PnlDesk, text: str) -> None:
    await half_sold(desk)
    [block] = pnl_blocks(await desk.chat.say(text))
    assert block.period == "last_year" and block.start is not None and block.start.year == NOW.year - 1
    assert block.realized == 0  # the fills are this year's


@pytest.mark.parametrize(
    ("text", "days"),
    [("my pnl in the past 7 days", 7), ("how much did I make over the last 30 days", 30), ("最近7天盈亏", 7)],
)
async def test_the_last_days_said_with_in_or_over_are_read(desk: PnlDesk, text: str, days: int) -> None:
    """ "in the past 7 days" was a price chart of no coin ("in" left unexplained): the P&L of those days."""
    await half_sold(desk)
    reply = await desk.chat.say(text)
    [block] = pnl_blocks(reply)
    assert (block.period, block.days) == ("days", days)
