"""An export request ("导出我的交易记录", "export my account history") is an account question:
deskmate makes no files, so it shows the trades (or positions, balances) it has and says plainly
that exporting to a file is not offered. It is never a price request."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import NoticeBlock, PositionsBlock, Status, TradesBlock
from tests.trading.conftest import TradeDesk, codes, confirm_button


async def _bought_one_sol(desk: TradeDesk) -> None:
    summary = await desk.chat.say("buy 1 SOL")
    await desk.chat.press(confirm_button(summary))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("export my account history", "Exporting to a file isn't offered"),
        ("导出我的交易记录", "暂不支持导出为文件"),
        ("download my trade history as a csv", "Exporting to a file isn't offered"),
        ("把成交明细导出来", "暂不支持导出为文件"),
        (
            "匯出我的交易紀錄",
            "暫不支援匯出為檔案",
        ),  # zh-Hant (Taiwan's word): no export said before session 37
    ],
)
async def test_an_export_shows_the_trades_and_says_no_file_is_made(
    desk: TradeDesk, text: str, says: str
) -> None:
    await _bought_one_sol(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("account_query", "trades")
    assert reply.status is Status.COMPLETED and reply.audience == "private"
    note, table = reply.blocks[-2:]
    assert isinstance(note, NoticeBlock) and note.code == "export_unavailable" and says in note.text
    assert isinstance(table, TradesBlock)
    assert [(i.side, i.quantity) for i in table.items] == [("buy", Decimal(1))]


async def test_an_export_of_positions_shows_them_with_the_same_sentence(desk: TradeDesk) -> None:
    await _bought_one_sol(desk)
    reply = await desk.chat.say("导出我的持仓")
    assert (reply.route.skill, reply.route.action) == ("account_query", "positions")
    assert codes(reply)[-1] == "export_unavailable"
    assert isinstance(reply.blocks[-1], PositionsBlock)


@pytest.mark.parametrize("text", ["show my account history", "我的交易明细"])
async def test_an_account_history_without_export_is_the_trades_alone(desk: TradeDesk, text: str) -> None:
    await _bought_one_sol(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("account_query", "trades")
    assert "export_unavailable" not in codes(reply)
    assert isinstance(reply.blocks[-1], TradesBlock)
