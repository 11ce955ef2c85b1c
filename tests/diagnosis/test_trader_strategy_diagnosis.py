"""trader_diagnosis over recorded traders and decisions (state and last error, setup, hold vs
invalid vs skipped, the account against the smallest order, the exchange's results, the model's
errors) and strategy_diagnosis (parameters against the filters and the market), zh + en."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from core.reply import Status
from core.strategies import GridParams
from core.tasks.audit import AuditEntry
from core.traders.model import Decision, NewTrader, Outcome, TickResult, Trader, TraderState
from tests.diagnosis.conftest import only, outcomes, steps_text
from tests.fakes import NOW
from tests.traders.conftest import TraderDesk, ai_params, dca, grid, make_desk

AUDIT = AuditEntry("console:user-1", "test", NOW, "trader_management", "start", None, None, "ok")


async def trader(desk: TraderDesk, name: str, params: object, balance: str = "10000", **kw: object) -> Trader:
    account = await desk.account(balance=balance)
    strategy = await desk.strategy(f"{name}-s", params)  # type: ignore[arg-type]
    model = await desk.model() if getattr(params, "kind", "") == "ai" else None
    made = await desk.traders.create(
        NewTrader(desk.owner, name, account.id, strategy.id, model.id if model else None, False, False, NOW),
        AUDIT,
    )
    started = await desk.traders.transition(
        desk.owner, made.id, {TraderState.STOPPED}, TraderState.RUNNING, NOW, AUDIT, new_run=True
    )
    assert started is not None
    return started


async def decide(desk: TraderDesk, who: Trader, tick: str, action: str, **kw: object) -> None:
    decision = Decision(who.id, who.run, tick, NOW, action, owner=desk.owner, **kw)  # type: ignore[arg-type]
    await desk.traders.begin(decision)
    await desk.traders.finish(decision, TickResult(errored=action == "error"), NOW)


async def test_a_trader_stopped_on_an_error_says_its_last_error_first() -> None:
    desk = make_desk()
    who = await trader(desk, "alpha", dca())
    await desk.traders.transition(
        desk.owner,
        who.id,
        {TraderState.RUNNING},
        TraderState.ERROR,
        NOW,
        AUDIT,
        error="-2015 Invalid API-key",
    )
    for text, word in (
        ("为什么我的 agent 一直不开单", "错误"),
        ("why isn't my trader alpha trading", "error"),
    ):
        reply = await desk.chat.say(text)
        assert reply.route.skill == "trader_diagnosis" and reply.status is Status.COMPLETED
        block = only(reply)
        assert block.checks[0].name == "state" and block.checks[0].outcome == "failed"
        # The stored error, said in the reader's words with its code (issue 24).
        assert "-2015" in block.checks[0].detail and "api key" in block.checks[0].detail.lower()
        assert block.cause_code == "trader_error" and word in block.cause.lower()


async def test_a_trader_that_only_holds_is_not_broken() -> None:
    desk = make_desk()
    who = await trader(desk, "alpha", grid())
    for i in range(3):
        await decide(desk, who, f"t{i}", "hold", reason="price between levels")
    block = only(await desk.chat.say("why won't my trader trade"))
    assert outcomes(block)["state"] == "ok" and outcomes(block)["decisions"] == "failed"
    assert block.cause_code == "trader_holding" and "not a fault" in block.cause
    assert outcomes(block)["model_errors"] == "skipped"  # not an ai strategy


async def test_an_ai_trader_whose_model_answers_are_invalid() -> None:
    desk = make_desk()
    who = await trader(desk, "brain", ai_params())
    await decide(desk, who, "t1", "invalid", error="model answer is not JSON")
    await decide(desk, who, "t2", "invalid", error="model answer: amount above max_order_notional")
    await decide(desk, who, "t3", "skipped", error="model timeout")
    block = only(await desk.chat.say("为什么我的交易员 brain 不交易"))
    assert outcomes(block)["decisions"] == "failed" and outcomes(block)["model_errors"] == "failed"
    assert block.cause_code == "trader_model_invalid"
    assert "模型" in steps_text(block)


async def test_an_account_below_the_smallest_order() -> None:
    desk = make_desk()
    await trader(desk, "alpha", dca(amount="50"), balance="20")
    for text in ("为什么我的 agent 一直不开单", "why is my agent not trading"):
        block = only(await desk.chat.say(text))
        funding = next(c for c in block.checks if c.name == "funding")
        assert funding.outcome == "failed" and "20" in funding.detail and "50" in funding.detail
        assert block.cause_code == "trader_unfunded"
        words = (block.cause + steps_text(block)).lower()
        assert "raise" not in words and "提高上限" not in words and "limit" not in words


async def test_the_exchanges_rejections_of_its_orders() -> None:
    desk = make_desk()
    who = await trader(desk, "alpha", dca())
    rejected = Outcome(
        "dm" + "1" * 28, "rejected", "buy", "BTCUSDT", error_code="-2010",
        error_message="Account has insufficient balance for requested action.",
    )  # fmt: skip
    await decide(desk, who, "t1", "buy", outcomes=(rejected,))
    block = only(await desk.chat.say("diagnose my trader alpha"))
    exchange = next(c for c in block.checks if c.name == "exchange")
    assert exchange.outcome == "failed" and exchange.code == "-2010"
    assert block.cause_code == "insufficient_balance"


async def test_no_trader() -> None:
    desk = make_desk()
    block = only(await desk.chat.say("为什么我的 agent 一直不开单"))
    assert block.cause_code == "no_traders"


# -- strategies -----------------------------------------------------------------------------------


async def test_a_grid_whose_range_the_price_left() -> None:
    desk = make_desk()
    await desk.strategy("高位网格", grid(lower="95000", upper="100000"))  # BTC asks 90000 here
    for text, word in (("为什么我的网格策略不成交", "区间"), ("what's wrong with my grid strategy", "range")):
        reply = await desk.chat.say(text)
        assert reply.route.skill == "strategy_diagnosis"
        block = only(reply)
        assert outcomes(block)["params"] == "ok" and outcomes(block)["market"] == "failed"
        assert block.cause_code == "grid_out_of_range" and word in block.next_steps[0]


async def test_parameters_against_the_symbols_filters() -> None:
    desk = make_desk()
    made = await desk.strategy("tiny", dca(amount="50"))
    desk.strategies.items[made.id] = replace(made, params=dca(amount="1"))  # stored before a rule change
    block = only(await desk.chat.say("diagnose my strategy tiny"))
    assert outcomes(block)["params"] == "failed" and block.cause_code == "strategy_invalid"
    assert "5" in block.cause  # the minimum amount, in the strategy's own reason


async def test_a_sound_strategy_nobody_uses() -> None:
    desk = make_desk()
    await desk.strategy("dca", dca())
    block = only(await desk.chat.say("check my strategy"))
    assert outcomes(block) == {"symbol": "ok", "params": "ok", "market": "skipped", "used_by": "failed"}
    assert block.cause_code == "strategy_unused"


def test_grid_helper_is_what_it_says() -> None:
    assert isinstance(grid(), GridParams) and grid().lower == Decimal("80000")
