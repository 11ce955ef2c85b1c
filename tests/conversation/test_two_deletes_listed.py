"""Two traders listed after one delete ("删除交易员 alpha,beta", "删除交易员 alpha、beta", "delete traders
alpha, beta"): two deletes, each offered with its own confirmation, the second only once the first
has run; nothing is deleted before its confirm, and cancelling the first deletes neither."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.traders.conftest import OWNER, TraderDesk, codes, dca, make_desk

LISTED = [
    ("删除交易员 alpha,beta", "确认", "zh"),
    ("删除交易员 alpha，beta", "确认", "zh"),
    ("删除交易员 alpha、beta", "确认", "zh"),  # beta was dropped unsaid: alpha's delete alone offered
    ("刪除交易員 alpha、beta", "確認", "zh-Hant"),
    ("delete traders alpha, beta", "yes", "en"),
    ("delete trader alpha and beta", "yes", "en"),
]

ONE_EACH = [LISTED[0], LISTED[2], LISTED[4]]  # "alpha,beta", "alpha、beta", "alpha, beta"


@pytest.fixture
def desk() -> TraderDesk:
    return make_desk()


async def traders(desk: TraderDesk) -> None:
    """alpha, beta and gamma, stopped, on a paper account."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    for name in ("alpha", "beta", "gamma"):
        await desk.chat.say(f"create a trader named {name}")


async def names(desk: TraderDesk) -> list[str]:
    return sorted(t.name for t in await desk.traders.owned(OWNER))


@pytest.mark.parametrize(("text", "confirm", "locale"), LISTED)
async def test_each_listed_trader_is_deleted_after_its_own_confirmation(
    desk: TraderDesk, text: str, confirm: str, locale: str
) -> None:
    await traders(desk)
    asked = await desk.chat.say(text)
    assert asked.status is Status.AWAITING_CONFIRMATION and asked.locale == locale
    assert codes(asked)[0] == "confirm_delete" and "ask_queued" in codes(asked)
    assert await names(desk) == ["alpha", "beta", "gamma"]  # nothing deleted before a confirm
    first = await desk.chat.press(asked.buttons[0])
    assert codes(first)[:3] == ["trader_deleted", "ask_next", "confirm_delete"]
    assert await names(desk) == ["beta", "gamma"]  # alpha only: beta waits for its own confirm
    second = await desk.chat.say(confirm)
    assert codes(second)[0] == "trader_deleted"
    assert await names(desk) == ["gamma"]


@pytest.mark.parametrize(("text", "confirm", "locale"), ONE_EACH)
async def test_cancelling_the_first_deletes_neither(
    desk: TraderDesk, text: str, confirm: str, locale: str
) -> None:
    await traders(desk)
    asked = await desk.chat.say(text)
    cancelled = await desk.chat.press(asked.buttons[1])
    assert "ask_dropped" in codes(cancelled)
    assert await names(desk) == ["alpha", "beta", "gamma"]
    nothing = await desk.chat.say(confirm)
    assert "trader_deleted" not in codes(nothing)
    assert await names(desk) == ["alpha", "beta", "gamma"]


@pytest.mark.parametrize(("text", "confirm", "locale"), ONE_EACH)
async def test_cancelling_the_second_keeps_it(desk: TraderDesk, text: str, confirm: str, locale: str) -> None:
    await traders(desk)
    asked = await desk.chat.say(text)
    first = await desk.chat.press(asked.buttons[0])
    assert await names(desk) == ["beta", "gamma"]
    kept = await desk.chat.press(first.buttons[1])
    assert "trader_deleted" not in codes(kept)
    assert await names(desk) == ["beta", "gamma"]
