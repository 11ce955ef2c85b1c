"""Backtesting an ai strategy: what it would cost first (model calls, tokens, the cost at the list
price) and a Confirm button; only after Confirm, the trader runtime's own decision
(core.traders.ai.ask) at each decision time, on the candles closed by then, calling the person's
model within the confirmed budget; stopped, partial, when the budget or the model fails."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from adapters.demo_market.market import DemoMarket
from core.backtest import ai as ai_backtest
from core.backtest.history import MemoryKlineCache, load
from core.backtest.model import Candle, window_before
from core.markets import SymbolRules
from core.planner.ports import ModelError, ModelErrorCode, ModelResponse, ModelUsage
from core.reply import BacktestBlock, ChartBlock, NoticeBlock, Reply, Status
from core.strategies import AiParams
from core.strategies.intervals import Interval
from core.traders import ai
from core.trading.paper import PAPER_SPREAD, bid_under
from tests.traders.conftest import TraderDesk, ai_params, answer, make_desk

BUY = '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "dip"}'
SELL = '{"action": "sell", "symbol": "BTCUSDT", "quantity": "0.001", "reason": "take profit"}'
HOLD = '{"action": "hold", "symbol": "BTCUSDT", "reason": "wait"}'
RULES = SymbolRules(Decimal("0.01"), Decimal("0.00001"), Decimal("0.00001"), Decimal(9000), Decimal(5))


@pytest.fixture
def desk() -> TraderDesk:
    made = make_desk()
    made.market.get_klines = DemoMarket(made.clock).get_klines  # type: ignore[attr-defined]
    return made


def blocks(reply: Reply) -> list[BacktestBlock]:
    return [b for b in reply.blocks if isinstance(b, BacktestBlock)]


def notices(reply: Reply) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


async def quoted(desk: TraderDesk, text: str = "backtest brain over the last 3 days") -> Reply:
    await desk.model()  # DeepSeek, deepseek-chat: a listed price
    await desk.strategy("brain", ai_params(max_order="500"))
    return await desk.chat.say(text)


async def test_asking_answers_with_the_cost_and_a_confirm_button_and_calls_no_model(desk: TraderDesk) -> None:
    reply = await quoted(desk)
    assert reply.route is not None and reply.route.skill == "backtest"
    assert reply.status is Status.AWAITING_CONFIRMATION and not blocks(reply)
    text = notices(reply)
    # 3 days of hourly decisions: 72 model calls; the tokens at most; the cost at the list price.
    assert "72 times" in text and "DeepSeek (deepseek-chat)" in text and "USD" in text
    assert "a paper account of 10000 USDT" in text
    est = ai_backtest.estimate(ai_params(), 72, await _config(desk), ai_backtest.QUOTE_PRICE)
    assert f"{est.tokens} tokens" in text and est.tokens == 72 * est.per_call
    exact = (Decimal("0.28") * est.prompt_tokens + Decimal("0.42") * 300) * 72 / 1_000_000
    assert est.cost is not None and exact <= est.cost < exact + Decimal("0.0001")
    assert f"{est.cost.normalize()} USD" in text
    assert [b.label for b in reply.buttons] == ["Confirm", "Cancel"]
    assert desk.models.asked == []  # nothing runs before the confirmation


async def _config(desk: TraderDesk) -> Any:
    [config] = await desk.workspace.models.owned(desk.owner)
    return config


async def test_a_model_without_a_list_price_gets_tokens_only(desk: TraderDesk) -> None:
    await desk.model(name="mine", provider="custom")
    await desk.strategy("brain", ai_params())
    config = await _config(desk)
    assert ai_backtest.price_of(config) is None
    reply = await desk.chat.say("backtest brain over the last 2 days")
    assert "48 times" in notices(reply) and "No list price" in notices(reply)


async def test_cancel_runs_nothing(desk: TraderDesk) -> None:
    reply = await quoted(desk)
    await desk.chat.press(reply.buttons[1].token)
    assert desk.models.asked == []


async def test_confirm_replays_through_the_model_and_answers_as_for_dca_and_grid(desk: TraderDesk) -> None:
    reply = await quoted(desk, "backtest brain over the last 2 days")
    desk.models.script = [answer(BUY), answer(HOLD), answer(SELL)]  # then holds
    done = await desk.chat.press(reply.buttons[0].token)
    assert done.status is Status.COMPLETED, notices(done)
    [block] = blocks(done)
    assert (block.kind, block.symbol, block.interval, block.candles, block.status) == (
        "ai", "BTCUSDT", "1h", 48, "complete",
    )  # fmt: skip
    assert (block.buys, block.sells, block.model_calls) == (1, 1, 48) and len(desk.models.asked) == 48
    assert block.tokens == 3 * 120 and block.fees > 0 and block.start_cash == Decimal(10000)
    assert block.source == "demo" and "demo" in notices(done)
    assert [b.label for b in done.buttons] == ["▶ Run as paper trader", "⚙ Change a parameter"]
    # The person's daily model budget counts these tokens, as a live trader's do.
    assert await desk.ledger.tokens_used(f"user:{desk.owner}", desk.clock.now().date()) == 3 * 120


async def test_each_decision_sees_only_the_candle_closed_by_then(desk: TraderDesk) -> None:
    """No look-ahead: call i is told the book at the close of candle i (the ask the close, the bid
    one paper spread under it), never a later candle's price."""
    reply = await quoted(desk, "backtest brain over the last 2 days")
    await desk.chat.press(reply.buttons[0].token)
    window = window_before("BTCUSDT", "1h", desk.clock.now(), 2)
    history = await load(window, DemoMarket(desk.clock), MemoryKlineCache())
    closes = [c.close for c in history.candles]
    assert len(desk.models.asked) == len(closes) == 48
    for i, messages in enumerate(desk.models.asked):
        facts = json.loads(messages[1]["content"].split("Facts:\n", 1)[1].split("\n", 1)[0])
        price = facts["prices"]["BTCUSDT"]
        assert Decimal(price["ask"]) == closes[i]
        assert Decimal(price["bid"]) == bid_under(closes[i], PAPER_SPREAD, RULES.tick_size)
        later = {str(c) for c in closes[i + 1 :] if c != closes[i]}
        assert not later & {price["ask"], price["bid"]}


async def test_the_model_is_sent_no_secret(desk: TraderDesk) -> None:
    await desk.account(name="my secret desk")
    reply = await quoted(desk, "backtest brain over the last 1 days")
    await desk.chat.press(reply.buttons[0].token)
    sent = json.dumps(desk.models.asked)
    assert desk.models.asked and "sk-test-0123456789" not in sent and "sealed" not in sent
    assert "my secret desk" not in sent and desk.owner not in sent


async def test_a_failing_model_stops_it_partial_and_no_decision_is_invented(desk: TraderDesk) -> None:
    reply = await quoted(desk, "backtest brain over the last 2 days")
    desk.models.script = [answer(BUY), answer(HOLD), answer(HOLD), ModelError(ModelErrorCode.UNAVAILABLE)]
    done = await desk.chat.press(reply.buttons[0].token)
    [block] = blocks(done)
    assert block.status == "partial" and block.model_calls == 4
    assert block.candles == 3  # the figures end at the last answered decision
    assert (block.buys, block.sells) == (1, 0)
    assert "backtest_partial_model" in codes(done) and "made up no decision" in notices(done)


async def test_a_late_answer_stops_it_partial(desk: TraderDesk, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_backtest, "DEADLINE", 0.2)
    reply = await quoted(desk, "backtest brain over the last 2 days")
    desk.models.script = [answer(HOLD), 2.0]
    done = await desk.chat.press(reply.buttons[0].token)
    [block] = blocks(done)
    assert block.status == "partial" and block.candles == 1 and "backtest_partial_late" in codes(done)


async def test_the_confirmed_budget_bounds_it(desk: TraderDesk) -> None:
    """A provider reporting far more tokens than estimated: the run stops before a call could pass
    the confirmed budget."""
    reply = await quoted(desk, "backtest brain over the last 2 days")
    heavy = ModelResponse(HOLD, usage=ModelUsage(20_000, 50))
    desk.models.script = [heavy, heavy, heavy]
    done = await desk.chat.press(reply.buttons[0].token)
    [block] = blocks(done)
    assert block.status == "partial" and "backtest_partial_budget" in codes(done)
    budget = 48 * ai_backtest.estimate(ai_params(), 1, await _config(desk), ai_backtest.QUOTE_PRICE).per_call
    assert block.tokens is not None and block.tokens <= budget
    assert len(desk.models.asked) == block.model_calls < 48


async def test_invalid_answers_are_counted_and_never_traded(desk: TraderDesk) -> None:
    reply = await quoted(desk, "backtest brain over the last 1 days")
    oversized = '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "9000", "reason": "all in"}'
    desk.models.script = [answer("buy now!"), answer(oversized), answer(BUY)]
    done = await desk.chat.press(reply.buttons[0].token)
    [block] = blocks(done)
    assert block.buys == 1 and "backtest_ai_invalid" in codes(done) and "2 of the model" in notices(done)


async def test_no_model_config_says_so(desk: TraderDesk) -> None:
    await desk.strategy("brain", ai_params())
    reply = await desk.chat.say("backtest brain")
    assert reply.status is Status.FAILED and "no enabled model config" in notices(reply)


async def test_chinese_this_strategy_typed_confirm(desk: TraderDesk) -> None:
    await desk.model()
    await desk.strategy("a", ai_params())
    reply = await desk.chat.say("把这个策略回测一下")
    assert reply.status is Status.AWAITING_CONFIRMATION
    # No window said: an ai strategy is backtested over 7 days (168 hourly decisions).
    assert "168 次" in notices(reply) and "7 天" in notices(reply) and "美元" in notices(reply)
    assert [b.label for b in reply.buttons] == ["确认", "取消"]
    done = await desk.chat.say("确认")
    [block] = blocks(done)
    assert block.kind == "ai" and block.model_calls == 168 and block.strategy == "a"
    assert "回测 · BTC AI 策略" in _table_title(done)


def _table_title(reply: Reply) -> str:
    from adapters.console.render import render_text

    return render_text(reply)


async def test_the_answer_carries_the_picture(desk: TraderDesk) -> None:
    from tests.backtest.test_skill import FakeBacktestCharts

    charts = FakeBacktestCharts()
    skill: Any = desk.core.skills.skill("backtest")
    skill.charts = charts
    reply = await quoted(desk, "backtest brain over the last 1 days")
    done = await desk.chat.press(reply.buttons[0].token)
    assert [b for b in done.blocks if isinstance(b, ChartBlock)] and charts.drawn == [["AI · every 1h"]]


async def test_the_backtest_and_the_live_trader_run_one_decision_function(
    desk: TraderDesk, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replay asks core.traders.ai.ask, the function the trader runtime's ai tick calls; the
    messages are the live prompt (its system text, its facts)."""
    seen: list[str] = []
    real = ai.ask

    async def counted(*args: Any, **kwargs: Any) -> ai.Asked:
        seen.append(type(args[1]).__name__)
        return await real(*args, **kwargs)

    monkeypatch.setattr(ai, "ask", counted)
    reply = await quoted(desk, "backtest brain over the last 1 days")
    await desk.chat.press(reply.buttons[0].token)
    assert seen == ["ReplayDesk"] * 24
    assert desk.models.asked[0][0] == {"role": "system", "content": ai.SYSTEM}
    # The runtime: an ai trader's tick goes through the same function, on its account's desk.
    from core.traders import runtime

    assert "ai.ask(" in _source(runtime.TraderRuntime._ai)


def _source(fn: Any) -> str:
    import inspect

    return inspect.getsource(fn)


async def test_change_offers_other_windows_each_a_new_quote(desk: TraderDesk) -> None:
    reply = await quoted(desk, "backtest brain over the last 2 days")
    done = await desk.chat.press(reply.buttons[0].token)
    changed = await desk.chat.press(done.buttons[1].token)
    assert [b.label for b in changed.buttons] == ["last 1 days", "last 4 days"]
    again = await desk.chat.press(changed.buttons[0].token)
    assert again.status is Status.AWAITING_CONFIRMATION and "24 times" in notices(again)


async def test_a_window_with_too_many_calls_is_refused(desk: TraderDesk) -> None:
    reply = await quoted(desk, "backtest brain over the last 90 days")
    assert reply.status is Status.FAILED and "2160 model calls" in notices(reply)
    assert desk.models.asked == []


# -- the replay itself, on a synthetic path -------------------------------------------------------


def _candles(closes: list[str]) -> list[Candle]:
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    return [Candle(t0 + timedelta(hours=i), Decimal(c), Decimal(c), Decimal(c), Decimal(c)) for i, c in
            enumerate(closes)]  # fmt: skip


async def test_by_hand_a_buy_then_a_sell() -> None:
    answers = iter([BUY, HOLD, SELL, HOLD])
    asked: list[list[dict[str, Any]]] = []

    async def model(messages: list[dict[str, Any]]) -> ModelResponse:
        asked.append(messages)
        return ModelResponse(next(answers), usage=ModelUsage(100, 20))

    params = AiParams(("BTCUSDT",), Interval.of("1h"), Decimal(50), Decimal(500))
    run = await ai_backtest.replay_ai(
        params, _candles(["50000", "49000", "52000", "51000"]), model=model, budget=10_000, per_call=500,
        rules=RULES, base="BTC", interval="1h", spread=Decimal(0),
    )  # fmt: skip
    r = run.result
    assert r is not None and run.complete and run.asked == 4 and run.tokens == 480
    # 100 USDT at 50000: 100 / (50000 x 1.001) = 0.001998.. -> 0.00199 on the step: 99.5 + 0.0995 fee.
    # sells 0.001 at 52000: 52 - 0.052 fee.
    buy, sell = r.trades
    assert (buy.quantity, buy.price, buy.fee) == (Decimal("0.00199"), Decimal(50000), Decimal("0.0995"))
    assert (sell.quantity, sell.price, sell.fee) == (Decimal("0.001"), Decimal(52000), Decimal("0.052"))
    assert r.cash == Decimal(10000) - Decimal("99.5995") + Decimal("51.948")
    assert r.holdings == Decimal("0.00099") and r.start_cash == Decimal(10000)
    # The position the third decision was told: 0.00199 at an entry of 99.5995 / 0.00199.
    facts = json.loads(asked[2][1]["content"].split("Facts:\n", 1)[1].split("\n", 1)[0])
    assert facts["positions"]["BTCUSDT"]["quantity"] == "0.00199"
    assert facts["balances"] == {"BTC": "0.00199", "USDT": "9900.4005"}


async def test_decisions_follow_the_strategy_interval() -> None:
    params = AiParams(("BTCUSDT",), Interval.of("4h"), Decimal(50), Decimal(500))
    calls = 0

    async def model(messages: list[dict[str, Any]]) -> ModelResponse:
        nonlocal calls
        calls += 1
        return ModelResponse(HOLD, usage=ModelUsage(10, 5))

    run = await ai_backtest.replay_ai(
        params, _candles(["100"] * 12), model=model, budget=10_000, per_call=100, rules=RULES,
        base="BTC", interval="1h",
    )  # fmt: skip
    assert calls == run.asked == 3 and run.result is not None and run.result.candles == 12


@pytest.mark.parametrize(
    ("text", "calls"),
    [("回测我的AI策略，过去3天", "72 次"), ("backtest my AI strategy over the last 2 days", "48 times")],
)
async def test_my_ai_strategy_zh_and_en_is_quoted(desk: TraderDesk, text: str, calls: str) -> None:
    from tests.traders.conftest import dca

    await desk.model()
    await desk.strategy("brain", ai_params())
    await desk.strategy("stack", dca())  # a dca too: "my AI strategy" is the ai one
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION
    assert calls in notices(reply) and "brain" in notices(reply)


async def test_run_as_paper_trader_from_an_ai_result_starts_an_ai_trader(desk: TraderDesk) -> None:
    from core.traders.model import TraderState

    await desk.account()  # a paper account
    reply = await quoted(desk, "backtest brain over the last 1 days")
    done = await desk.chat.press(reply.buttons[0].token)
    answer_: Any = await desk.chat.press(done.buttons[0].token)
    for _ in range(4):  # the trader skill's own questions and confirmations, answered yes
        if answer_.status not in (Status.NEEDS_INPUT, Status.AWAITING_CONFIRMATION):
            break
        answer_ = (
            await desk.chat.press(answer_.buttons[0].token) if answer_.buttons else await desk.chat.say("yes")
        )
    [trader] = await desk.traders.owned(desk.owner)
    [strategy] = await desk.strategies.owned(desk.owner)
    assert trader.strategy_id == strategy.id and strategy.name == "brain"
    assert trader.model_id == (await _config(desk)).id
    assert trader.state in (TraderState.STARTING, TraderState.RUNNING)
