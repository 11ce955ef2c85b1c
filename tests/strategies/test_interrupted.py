"""An activate or a duplicate whose process died half-way: after the grace period the records
tell whether it ran; done is said, not run is offered again."""

from __future__ import annotations

import pytest

from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import button, codes, text_of

GRACE = 120  # seconds


class ProcessDied(BaseException):
    """Stands in for kill -9: nothing after it runs."""


def die_in(desk: StrategyDesk, method: str, *, after: bool) -> None:
    real = getattr(desk.strategies, method)

    async def dying(*args: object, **kwargs: object) -> object:
        if after:
            await real(*args, **kwargs)
        raise ProcessDied

    setattr(desk.strategies, method, dying)


@pytest.fixture
async def desk() -> StrategyDesk:
    desk = strategy_desk()
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say("创建一个ETH网格策略，3000到4000，10格，每格50U")
    return desk


async def test_an_activate_that_did_not_run_is_offered_again(desk: StrategyDesk) -> None:
    real = desk.strategies.set_default
    die_in(desk, "set_default", after=False)
    with pytest.raises(ProcessDied):
        await desk.chat.say("把ETH网格设为默认策略")
    desk.strategies.set_default = real  # type: ignore[method-assign]
    desk.clock.advance(GRACE + 10)
    later = await desk.chat.say("BTC 价格")
    assert codes(later)[0] == "interrupted_not_run" and "confirm_activate" in codes(later)
    assert "要把「ETH网格」设为默认策略吗？" in text_of(later)
    done = await desk.chat.press(button(later, "确认"))
    assert codes(done) == ["strategy_activated"]
    assert (await desk.strategies.default(OWNER)).name == "ETH网格"  # type: ignore[union-attr]


async def test_a_duplicate_that_ran_is_reported_done(desk: StrategyDesk) -> None:
    die_in(desk, "create", after=True)
    with pytest.raises(ProcessDied):
        await desk.chat.say("复制 ETH网格策略 为 ETH网格2")
    desk.clock.advance(GRACE + 10)
    later = await desk.chat.say("show my strategies")
    assert codes(later)[0] == "interrupted_done"
    assert [s.name for s in await desk.strategies.owned(OWNER)] == ["BTC定投", "ETH网格", "ETH网格2"]
    dups = [e for e in await desk.audit.recent(OWNER) if e.action == "duplicate"]
    assert [e.outcome for e in dups] == ["ok"]
