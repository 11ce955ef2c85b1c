"""An account removed "from the bot" ("remove my binance account from the bot", "delete my main account
from deskmate"): the account is the one named before (its exchange, its name), and "from the bot" is
where it goes from, never its name: it was asked to delete an account called "from the bot"."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.workspace.conftest import Desk, add_binance_account, codes, text_of

OWNER = "console:user-1"


@pytest.mark.parametrize(
    "text",
    [
        "remove my binance account from the bot",
        "delete my main account from deskmate",
        "把main账户从deskmate里删掉",
    ],
)
async def test_the_account_named_before_is_the_one_deleted(desk: Desk, text: str) -> None:
    await add_binance_account(desk.chat, name="main")
    confirm = await desk.chat.say(text)
    assert (confirm.route.skill, confirm.route.action) == ("exchange_management", "delete"), text_of(confirm)
    assert confirm.status is Status.AWAITING_CONFIRMATION and codes(confirm)[0] == "confirm_delete"
    assert "main" in text_of(confirm) and "from the bot" not in text_of(confirm)
    assert await desk.workspace.accounts.owned(OWNER)  # nothing goes before the confirmation
