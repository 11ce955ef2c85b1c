"""Corrections typed in traditional Chinese are read as in simplified (the language layer's one
normalization, core.language.normalize), the value kept as typed. Before session 37 the reader
only folded width and case: "不對，是 bybit" and "初始資金改成 2萬U" were no corrections (the task
was parked, or the words answered the question asked), and "算了，交易所換成 OKX" made the whole
"交易所換成 OKX" the new value of the slot answered last."""

from __future__ import annotations

import pytest

from core.workspace.corrections import Correction, read_correction
from tests.cases import each
from tests.workspace.conftest import codes, make_desk


@each(
    ("text", "fix"),
    [
        ("不對，是 bybit", Correction(None, "bybit")),
        ("不对，是 bybit", Correction(None, "bybit")),
        ("哦不對，名字叫小號吧", Correction("name", "小號")),
        ("算了，交易所換成 OKX", Correction("exchange", "OKX")),
        ("算了，交易所换成 OKX", Correction("exchange", "OKX")),
        ("等等，名稱改為 主號", Correction("name", "主號")),
        ("初始資金改成 2萬U", Correction("paper_balance", "2萬U")),
        ("初始资金改成 2万U", Correction("paper_balance", "2万U")),
        ("actually the exchange should be OKX", Correction("exchange", "OKX")),
        ("ＡＣＴＵＡＬＬＹ make it bybit", Correction(None, "bybit")),
    ],
)
def test_a_correction_is_read_in_either_script_and_its_value_kept_as_typed(
    text: str, fix: Correction
) -> None:
    assert read_correction(text) == fix


@pytest.mark.parametrize(
    ("first", "fix"),
    [
        ("添加一個幣安交易所帳戶", "算了，交易所換成 OKX"),
        ("添加一個幣安交易所帳戶", "不對，是 okx"),
        ("添加一个币安交易所账户", "算了，交易所换成 OKX"),
        ("add a binance account", "actually, the exchange should be okx"),
    ],
)
async def test_an_exchange_corrected_mid_task_is_taken(first: str, fix: str) -> None:
    desk = make_desk()
    await desk.chat.say(first)
    reply = await desk.chat.say(fix)
    assert "corrected" in codes(reply), codes(reply)
    assert reply.route is not None and reply.route.slots == {"exchange": "okx"}, reply.route
