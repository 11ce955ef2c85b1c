"""Two records named by their numbers in a list ("删除3号和4号交易员", "delete traders 3 and 4",
"删除3号和4号"): two deletes, each offered with its own confirmation, never the first number's delete
with the second dropped unsaid; with no kind said, never an exchange account's by default (the
first number was read as account 3 and its delete offered)."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.traders.conftest import OWNER, TraderDesk, codes, dca, make_desk

KNOWN = [
    ("删除3号和4号交易员", "确认", "zh"),
    ("刪除3號同4號交易員", "確認", "zh-Hant"),
    ("删除交易员 3号、4号", "确认", "zh"),
    ("delete traders 3 and 4", "yes", "en"),
    ("delete trader 3 and trader 4", "yes", "en"),
]


@pytest.fixture
def desk() -> TraderDesk:
    return make_desk()


async def traders(desk: TraderDesk, locale: str = "zh") -> None:
    """Traders 3号, 4号 and 5号 (3, 4 and 5 in English), stopped, on a paper account."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    for name in ("3", "4", "5") if locale == "en" else ("3号", "4号", "5号"):
        await desk.chat.say(f"create a trader named {name}")
    assert len(await names(desk)) == 3


async def names(desk: TraderDesk) -> list[str]:
    return sorted(t.name for t in await desk.traders.owned(OWNER))


@pytest.mark.parametrize(("text", "confirm", "locale"), KNOWN)
async def test_each_numbered_trader_is_deleted_after_its_own_confirmation(
    desk: TraderDesk, text: str, confirm: str, locale: str
) -> None:
    await traders(desk, locale)
    asked = await desk.chat.say(text)
    assert asked.status is Status.AWAITING_CONFIRMATION and asked.locale == locale
    assert codes(asked)[0] == "confirm_delete" and "ask_queued" in codes(asked)
    assert len(await names(desk)) == 3  # nothing deleted before a confirm
    first = await desk.chat.press(asked.buttons[0])
    assert codes(first)[:3] == ["trader_deleted", "ask_next", "confirm_delete"]
    assert len(await names(desk)) == 2  # one only: the other waits for its own confirm
    second = await desk.chat.say(confirm)
    assert codes(second)[0] == "trader_deleted"
    assert len(await names(desk)) == 1


async def test_no_kind_said_is_no_account_deleted_by_its_number(desk: TraderDesk) -> None:
    """'删除3号和4号' with traders so named: each a trader's delete, the account untouched."""
    await traders(desk)
    accounts = await desk.workspace.accounts.owned(OWNER)
    asked = await desk.chat.say("删除3号和4号")
    assert codes(asked)[0] == "confirm_delete" and "ask_queued" in codes(asked)
    first = await desk.chat.press(asked.buttons[0])
    assert codes(first)[0] == "trader_deleted"
    second = await desk.chat.say("确认")
    assert codes(second)[0] == "trader_deleted"
    assert await names(desk) == ["5号"]
    assert await desk.workspace.accounts.owned(OWNER) == accounts


async def test_a_number_with_no_kind_asks_which_kind(desk: TraderDesk) -> None:
    """'删除编号N' where an account and a trader both have that number: which one, asked; nothing
    deleted, no account's delete offered by default."""
    await traders(desk)
    account = (await desk.workspace.accounts.owned(OWNER))[0]
    trader = next(t for t in await desk.traders.owned(OWNER) if t.id == account.id)
    asked = await desk.chat.say(f"删除编号{account.id}")
    assert asked.status is Status.NEEDS_INPUT and codes(asked)[0] == "ambiguous_kind"
    labels = " ".join(b.label for b in asked.buttons)
    assert account.name in labels and trader.name in labels
    assert len(await names(desk)) == 3 and await desk.workspace.accounts.owned(OWNER) == [account]
