"""A trader's errors as they are (issue 24): after three refused DCA orders the "last error" is
the exchange's refusal (-2010, insufficient balance), not the plan ("dca 50 USDT"); a model's
HTTP 500 is said in the reader's language, never the raw provider text in a Chinese sentence;
invalid ai answers fail the diagnosis's decisions check beside trades, each kind explained, "多次"
only when there are several, and the owner is told at most once an hour per trader."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal

import pytest

from core.planner.ports import ModelError
from core.reply import DetailsBlock
from core.traders.model import TraderState
from core.trading.model import Balance
from tests.diagnosis.conftest import only, outcomes
from tests.fakes import NOW
from tests.traders.conftest import OWNER, TraderDesk, ai_params, answer, dca, make_desk

CJK = re.compile(r"[\u4e00-\u9fff]")
CREATE = {
    "zh": "创建一个交易员 叫 alpha 并启动",
    "en": "create a trader named alpha and auto start it",
}
STATUS = {"zh": "交易员alpha怎么样", "en": "how is my trader alpha doing"}
DIAGNOSE = {"zh": "诊断交易员alpha", "en": "diagnose trader alpha"}


async def _running(desk: TraderDesk, locale: str) -> None:
    reply = await desk.chat.say(CREATE[locale])
    assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks], reply


def _details(reply: object) -> str:
    return " ".join(str(b.rows) for b in reply.blocks if isinstance(b, DetailsBlock))  # type: ignore[attr-defined]


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_three_refused_dca_orders_stop_it_with_the_refusal_as_last_error(locale: str) -> None:
    desk = make_desk()
    account = await desk.account()
    await desk.strategy("btc dca", dca(amount="50"), default=True)
    await _running(desk, locale)
    # Spent elsewhere after the start: each 50 USDT buy is refused, -2010.
    desk.orders.balances[account.id] = {"USDT": Balance("USDT", Decimal(40))}
    for day in range(3):
        await desk.tick(NOW + timedelta(days=day))
    [trader] = await desk.traders.owned(OWNER)
    assert trader.state is TraderState.ERROR
    assert (trader.last_error or "").startswith("-2010") and "dca" not in (trader.last_error or "")
    [stopped] = desk.said("trader_stopped")
    word = "余额不足" if locale == "zh" else "insufficient balance"
    assert word in stopped.text and "-2010" in stopped.text and "dca 50" not in stopped.text
    status = _details(await desk.chat.say(STATUS[locale]))
    assert word in status and "dca 50" not in status
    block = only(await desk.chat.say(DIAGNOSE[locale]))
    state = next(c for c in block.checks if c.name == "state")
    assert word in state.detail and word in block.cause and "dca 50" not in block.cause


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_model_500_is_said_in_the_readers_language(locale: str) -> None:
    desk = make_desk()
    raw = "Error code: 500 - {'error': {'message': 'upstream overloaded', 'type': 'server_error'}}"
    desk.models.script = [ModelError("unavailable", raw) for _ in range(3)]
    await desk.account()
    await desk.model()
    await desk.strategy("btc ai", ai_params(), default=True)
    await _running(desk, locale)
    for hour in range(3):
        await desk.tick(NOW + timedelta(hours=hour))
    told = [s.text for s in desk.said("trader_error") + desk.said("trader_stopped")]
    assert len(told) == 3
    for text in told:
        assert "model_unavailable" not in text and "Error code" not in text and "HTTP 500" in text
        assert ("模型服务暂时不可用" in text) if locale == "zh" else ("model provider is unavailable" in text)
    status = _details(await desk.chat.say(STATUS[locale]))
    assert "model_unavailable" not in status and "HTTP 500" in status


async def _ai_with(desk: TraderDesk, locale: str, script: list[object]) -> None:
    desk.models.script = script  # type: ignore[assignment]
    await desk.account()
    await desk.model()
    await desk.strategy("btc ai", ai_params(max_order="500"), default=True)
    await _running(desk, locale)


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_invalid_answers_fail_the_decisions_check_beside_trades_each_kind_explained(
    locale: str,
) -> None:
    desk = make_desk()
    buy = answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "dip"}')
    await _ai_with(
        desk,
        locale,
        [
            buy,
            answer("I think you should buy some bitcoin"),  # not JSON
            buy,
            answer('{"action": "buy", "symbol": "DOGEUSDT", "quote_amount": "100"}'),  # off the list
            answer('{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "5000"}'),  # over the limit
        ],
    )
    for hour in range(5):
        await desk.tick(NOW + timedelta(hours=hour))
    block = only(await desk.chat.say(DIAGNOSE[locale]))
    check = next(c for c in block.checks if c.name == "decisions")
    assert check.outcome == "failed" and block.cause_code == "trader_model_invalid"
    if locale == "zh":
        for part in ("不是约定的 JSON", "列表之外的币（DOGEUSDT）", "超过策略上限（5000 > 500）"):
            assert part in block.cause, block.cause
        assert "多次" not in block.cause
    else:
        for part in (
            "not a JSON decision",
            "not on the strategy's list (DOGEUSDT)",
            "over the strategy's limit",
        ):
            assert part in block.cause, block.cause
    assert "model_errors" not in outcomes(block) or outcomes(block)["model_errors"] == "ok"


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_one_model_error_is_not_called_repeated(locale: str) -> None:
    desk = make_desk()
    await _ai_with(desk, locale, [ModelError("unavailable", "Error code: 502 - bad gateway")])
    await desk.tick()
    block = only(await desk.chat.say(DIAGNOSE[locale]))
    check = next(c for c in block.checks if c.name == "model_errors")
    assert check.outcome == "failed"
    assert block.cause_code == "trader_model_errors"  # not "the exchange or the market"
    text = " ".join(c.detail for c in block.checks) + block.cause
    assert "多次" not in text and "repeatedly" not in text and "1" in block.cause
    assert "HTTP 502" in text and "Error code" not in text
    assert bool(CJK.search(block.cause)) is (locale == "zh")


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_invalid_answers_are_told_to_the_owner_at_most_once_an_hour(locale: str) -> None:
    desk = make_desk()
    await desk.account()
    await desk.model()
    strategy = ai_params(max_order="500")
    await desk.strategy("btc ai", strategy, default=True)
    desk.models.script = [answer("not json at all") for _ in range(4)]
    await _running(desk, locale)
    runtime = desk.runner.kinds["trader_management.tick"].handler.__self__  # type: ignore[attr-defined]
    assert runtime is not None
    await desk.tick(NOW)
    await desk.tick(NOW + timedelta(minutes=61))  # the ai trader ticks hourly
    told = desk.said("trader_invalid")
    assert len(told) == 2  # at NOW, then an hour later: never more often
    assert ("不是约定的 JSON" in told[0].text) if locale == "zh" else ("not a JSON decision" in told[0].text)
    assert "alpha" in told[0].text and bool(CJK.search(told[0].text)) is (locale == "zh")
