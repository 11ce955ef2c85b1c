"""The trader runtime on a moved clock: dca buys each interval, grid trades the levels the price
crosses, ai acts only on a valid, in-limit answer (invalid, oversized and late answers are
skipped ticks, never orders), a re-run tick never acts twice, three errors in a row stop the
trader, and the owner hears about fills, errors and stops privately."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.jobs import JobOutcome
from core.market import MarketError
from core.planner.ports import ModelError
from core.traders.model import TraderState
from core.traders.runtime import KIND
from tests.fakes import NOW
from tests.traders.conftest import OWNER, TraderDesk, ai_params, answer, dca, grid


async def _running(desk: TraderDesk, name: str = "alpha") -> None:
    reply = await desk.chat.say(f"create a trader named {name} and auto start it")
    assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks], reply


async def _trader(desk: TraderDesk):  # type: ignore[no-untyped-def]
    [trader] = await desk.traders.owned(OWNER)
    return trader


async def test_dca_buys_its_amount_each_interval_and_skips_missed_ones(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(amount="50", interval="1d"), default=True)
    await _running(desk)
    first = await desk.tick()
    assert [r.outcome for r in first] == [JobOutcome.RESCHEDULED]
    assert first[0].next_due == NOW + timedelta(days=1)
    assert await desk.tick(NOW + timedelta(hours=12)) == []  # not due yet
    second = await desk.tick(NOW + timedelta(days=1))
    assert [r.outcome for r in second] == [JobOutcome.RESCHEDULED]
    trades = await desk.orders.trades("1", 10)
    assert [t.side for t in trades] == ["buy", "buy"] and all(t.quote_amount <= Decimal("50") for t in trades)
    fills = desk.said("fill")
    assert (
        len(fills) == 2
        and fills[0].destination.platform == "console"
        and fills[0].destination.user_id == "user-1"
    )
    # Down for three days: one buy on the next tick, not four.
    third = await desk.tick(NOW + timedelta(days=4, hours=1))
    assert len(await desk.orders.trades("1", 10)) == 3
    assert third[0].next_due == NOW + timedelta(days=5)
    trader = await _trader(desk)
    assert (trader.ticks, trader.orders, trader.memory["spent"]) == (3, 3, trader.memory["spent"])
    assert Decimal(trader.memory["spent"]) <= Decimal("150")


async def test_dca_stops_itself_at_its_total(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(amount="50", max_total="100"), default=True)
    await _running(desk)
    await desk.tick()
    runs = await desk.tick(NOW + timedelta(days=1))
    assert runs[0].outcome is JobOutcome.DONE
    assert (await _trader(desk)).state is TraderState.STOPPED
    assert len(await desk.orders.trades("1", 10)) == 2 and desk.said("trader_stopped")


async def test_a_tick_run_again_after_a_crash_does_not_buy_twice(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    await _running(desk)
    [job] = list(desk.jobs.jobs.values())
    await desk.tick()
    # A second runner that got the same job (its lease expired mid-tick) runs it again.
    kind = desk.runner.kinds[KIND]
    from core.jobs import JobContext

    ctx = JobContext(job, NOW, desk.clock, desk.runner.outbound, desk.runner.queue)
    again = await kind.handler(job, ctx)
    assert type(again).__name__ == "Reschedule"
    assert len(await desk.orders.trades("1", 10)) == 1
    decisions = await desk.traders.decisions("1")
    assert len(decisions) == 1 and decisions[0].status == "done"


async def test_a_stopped_trader_s_job_ends_and_a_restart_runs_a_new_one(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    await _running(desk)
    await desk.tick()
    stop = await desk.chat.say("stop trader alpha")
    await desk.chat.press(stop.buttons[0].token)
    ended = await desk.tick(NOW + timedelta(days=1))
    assert [r.outcome for r in ended] == [JobOutcome.DONE]
    assert len(await desk.orders.trades("1", 10)) == 1  # nothing cancelled, nothing more bought
    await desk.chat.say("start trader alpha")
    runs = await desk.tick()
    assert [r.outcome for r in runs] == [JobOutcome.RESCHEDULED]
    trader = await _trader(desk)
    assert trader.run == 2 and len(await desk.orders.trades("1", 10)) == 2


async def test_grid_buys_levels_crossed_down_and_sells_them_back_up(desk: TraderDesk) -> None:
    await desk.account()
    # Levels 80000, 85000, 90000, 95000, 100000; the mid price starts at 89995.
    await desk.strategy("btc grid", grid(), default=True)
    await _running(desk)
    armed = await desk.tick()
    assert armed[0].next_due == NOW + timedelta(minutes=1)
    assert await desk.orders.trades("1", 10) == []
    desk.market.prices["BTCUSDT"] = Decimal("84000")
    desk.market.bids["BTCUSDT"] = Decimal("83990")
    await desk.tick(NOW + timedelta(minutes=1))  # fell through 85000: buy level 1
    bought = await desk.orders.trades("1", 10)
    assert [t.side for t in bought] == ["buy"]
    trader = await _trader(desk)
    assert set(trader.memory["held"]) == {"1"}
    desk.market.prices["BTCUSDT"] = Decimal("91000")
    desk.market.bids["BTCUSDT"] = Decimal("90990")
    await desk.tick(NOW + timedelta(minutes=2))  # rose through 90000: sell what level 1 bought
    trades = await desk.orders.trades("1", 10)
    assert [t.side for t in trades] == ["sell", "buy"] and trades[0].quantity == bought[0].quantity
    assert (await _trader(desk)).memory["held"] == {}
    assert len(desk.said("fill")) == 2


async def _ai_desk(desk: TraderDesk, **limits: str) -> None:
    await desk.account()
    await desk.model()
    await desk.strategy("btc ai", ai_params(**limits), default=True)  # type: ignore[arg-type]
    await _running(desk)


async def test_ai_valid_answer_buys_and_counts_its_tokens(desk: TraderDesk) -> None:
    desk.models.script = [
        answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "dip"}')
    ]
    await _ai_desk(desk)
    await desk.tick()
    [trade] = await desk.orders.trades("1", 10)
    assert trade.side == "buy" and trade.quote_amount <= Decimal("100")
    assert await desk.ledger.tokens_used("user:" + OWNER, NOW.date()) == 120
    prompt = desk.models.asked[0][1]["content"]
    assert "BTCUSDT" in prompt and "sk-" not in prompt and "模拟账户" not in prompt
    [decision] = await desk.traders.decisions("1")
    assert decision.action == "buy" and decision.reason == "dip" and decision.tokens == 120


async def test_ai_invalid_oversized_and_late_answers_never_trade(desk: TraderDesk) -> None:
    desk.models.script = [
        answer("I think you should buy some bitcoin"),
        answer('{"action": "buy", "symbol": "ETHUSDT", "quote_amount": "100"}'),
        answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "5000"}'),
        answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "leverage": 10}'),
        ModelError("timeout", "the model took too long"),
    ]
    await _ai_desk(desk, max_order="500")
    for hour in range(5):
        await desk.tick(NOW + timedelta(hours=hour))
    assert await desk.orders.trades("1", 10) == []
    actions = [(d.action, d.reason.split(":")[0]) for d in reversed(await desk.traders.decisions("1"))]
    assert actions == [
        ("invalid", "not_json"),
        ("invalid", "symbol_not_allowed"),
        ("invalid", "oversized"),
        ("invalid", "extra_fields"),
        ("skipped", "the model answered too late"),
    ]
    trader = await _trader(desk)
    assert trader.state is TraderState.RUNNING and trader.consecutive_errors == 0


async def test_ai_answer_later_than_the_deadline_is_a_skipped_tick(desk: TraderDesk) -> None:
    desk.models.script = [0.5]
    await _ai_desk(desk)
    runtime = desk.runner.kinds[KIND].handler.__self__  # type: ignore[attr-defined]
    runtime.deadline = 0.05
    await desk.tick()
    [decision] = await desk.traders.decisions("1")
    assert decision.action == "skipped" and "late" in decision.reason


async def test_ai_position_limit_and_the_filters_are_checked_before_any_order(desk: TraderDesk) -> None:
    desk.models.script = [
        answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "400"}'),  # 4% of 10000: over 3%
        answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "1"}'),  # below min notional
    ]
    await _ai_desk(desk, max_pct="3")
    await desk.tick()
    await desk.tick(NOW + timedelta(hours=1))
    assert await desk.orders.trades("1", 10) == []
    reasons = [d.reason for d in reversed(await desk.traders.decisions("1"))]
    assert reasons[0].startswith("position_limit") and reasons[1].startswith("rejected")


async def test_ai_budget_used_up_skips_without_asking(desk: TraderDesk) -> None:
    from tests.traders.conftest import make_desk

    desk = make_desk(budget=100)
    await desk.ledger.add_tokens(["user:" + OWNER], NOW.date(), 100)
    await _ai_desk(desk)
    await desk.tick()
    [decision] = await desk.traders.decisions("1")
    assert decision.action == "skipped" and "budget" in decision.reason and desk.models.asked == []


async def test_three_errors_in_a_row_stop_the_trader_and_say_so(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc grid", grid(), default=True)
    await _running(desk)
    desk.market.quote_error = MarketError("market_unavailable", "503")
    for minute in range(3):
        await desk.tick(NOW + timedelta(minutes=minute))
    trader = await _trader(desk)
    assert trader.state is TraderState.ERROR and "market_unavailable" in (trader.last_error or "")
    assert len(desk.said("trader_error")) == 2 and len(desk.said("trader_stopped")) == 1
    assert await desk.tick(NOW + timedelta(minutes=3)) == []  # its job has ended
    status = await desk.chat.say("how is my trader alpha doing")
    assert "stopped on errors" in str(status.blocks)


async def test_a_refused_order_is_told_and_three_in_a_row_stop_the_trader(desk: TraderDesk) -> None:
    await desk.account(balance="60")
    await desk.strategy("btc dca", dca(amount="50"), default=True)  # 50 of 60: over the 50 % cap
    await _running(desk)
    for day in range(3):
        await desk.tick(NOW + timedelta(days=day))
    assert await desk.orders.trades("1", 10) == []
    told = desk.said("trader_error")
    assert len(told) == 3 and "cap_equity_share" in told[0].text
    assert (await _trader(desk)).state is TraderState.ERROR and desk.said("trader_stopped")


async def test_daily_summary_once_a_day_when_asked(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(amount="50", interval="12h"), default=True)
    reply = await desk.chat.say("create a trader named alpha with daily summary and auto start it")
    assert "trader_started" in str(reply.blocks)
    await desk.tick()
    await desk.tick(NOW + timedelta(hours=12))  # 22:30, same day: no summary
    assert desk.said("trader_summary") == []
    await desk.tick(NOW + timedelta(hours=24))
    [summary] = desk.said("trader_summary")
    assert "2026-07-13" in summary.text and "2 orders (2 filled)" in summary.text


async def test_a_tick_that_died_after_its_order_finishes_on_the_retry_without_a_second_order(
    desk: TraderDesk,
) -> None:
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    await _running(desk)
    real_finish = desk.traders.finish
    crashes = [RuntimeError("process killed after the order, before the tick was recorded")]

    async def finish_or_crash(*args: object, **kwargs: object) -> object:
        if crashes:
            raise crashes.pop()
        return await real_finish(*args, **kwargs)  # type: ignore[arg-type]

    desk.traders.finish = finish_or_crash  # type: ignore[assignment,method-assign]
    first = await desk.tick()
    assert [r.outcome for r in first] == [JobOutcome.RETRY]
    assert len(await desk.orders.trades("1", 10)) == 1 and desk.said("fill") == []
    [pending] = await desk.traders.decisions("1")
    assert pending.status == "pending" and len(pending.legs) == 1
    again = await desk.tick(NOW + timedelta(minutes=5))  # the retry, after its backoff
    assert [r.outcome for r in again] == [JobOutcome.RESCHEDULED]
    assert len(await desk.orders.trades("1", 10)) == 1  # the same client order id: not placed twice
    assert len(desk.said("fill")) == 1
    [done] = await desk.traders.decisions("1")
    assert done.status == "done" and done.outcomes[0].status == "filled"
    assert (await _trader(desk)).ticks == 1
