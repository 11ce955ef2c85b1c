"""On Telegram, a key typed inside the request itself is taken and its message deleted, like an
answer to a key question (issue 12: it used to stay in the chat)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import message, update
from tests.workspace.conftest import API_KEY, API_SECRET, Desk, make_desk


@pytest.fixture
async def desk_on_telegram() -> AsyncIterator[tuple[Harness, Desk]]:
    desk = make_desk()
    harness = await start_harness(desk.core)
    yield harness, desk
    await harness.app.shutdown()


async def test_a_key_in_the_opening_sentence_is_deleted_from_the_chat(
    desk_on_telegram: tuple[Harness, Desk],
) -> None:
    tg, desk = desk_on_telegram
    text = f"帮我加个bybit账户，名字叫 小号，key是 {API_KEY}，secret是 {API_SECRET}"
    await tg.feed(update(message(text, message_id=555)))
    [deleted] = tg.api.of("deleteMessage")
    assert deleted.params == {"chat_id": 42, "message_id": 555}
    sent = " ".join(tg.api.sent_texts)
    assert "小号" in sent and API_KEY not in sent and API_SECRET not in sent
    [account] = await desk.workspace.accounts.owned("telegram:42")
    assert account.name == "小号" and account.exchange == "bybit"


async def test_a_correction_is_no_rename_of_an_account_called_wait(
    desk_on_telegram: tuple[Harness, Desk],
) -> None:
    tg, _ = desk_on_telegram
    await tg.feed(update(message("添加一个币安交易所账户")))
    await tg.feed(update(message("等一下，名字改成 副账户")))
    corrected, _, asked = tg.api.sent_texts[-1].split("\n")[:3]
    assert corrected == "好的，名称已改为「副账户」。"  # was: no account called "等"
    assert "API Key" in asked
