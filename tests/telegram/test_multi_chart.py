"""A multi-coin history answer on Telegram: one photo (every coin's chart, stacked) with the text
as its caption and the buttons under it; only a text too long for a caption is split off."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from telegram import Bot

from adapters.telegram.render import MAX_CAPTION, OutPhoto, OutText, render_reply, visible_length
from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.events import Inbound
from core.reply import Block, Button, ChartBlock, HistoryBlock, HistoryPoint, Reply, Status
from tests.chart_pngs import pixels, stackable_png
from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import NOW, ScriptedCore, history, message, tiny_png, update

COLOURS = ((200, 30, 30), (20, 60, 200), (10, 150, 60))
BASES = ("BTC", "ETH", "DOGE")
BUTTONS = (Button("30 days", "t30"), Button("90 days", "t90"))


def month(base: str) -> HistoryBlock:
    """30 daily closes: too many lines, for three coins, for one caption."""
    start = date(2025, 6, 10)
    points = tuple(HistoryPoint(start + timedelta(days=i), Decimal(60000 + 17 * i)) for i in range(30))
    return HistoryBlock(f"{base}USDT", base, "USDT", points, (), "demo", NOW)


def multi_coin(count: int, *, days: int = 7, charts: str = "stackable") -> Reply:
    blocks: list[Block] = []
    for base, colour in zip(BASES[:count], COLOURS, strict=False):
        png = stackable_png(colour) if charts == "stackable" else tiny_png()
        blocks.append(history(base) if days == 7 else month(base))
        blocks.append(ChartBlock(png, f"{base}USDT", "demo", f"{base} daily closes, last {days} days"))
    return Reply(Status.COMPLETED, tuple(blocks), "en", buttons=BUTTONS)


@pytest.fixture
async def scripted() -> AsyncIterator[tuple[Harness, ScriptedCore]]:
    core = ScriptedCore()
    harness = await start_harness(core)
    yield harness, core
    await harness.app.shutdown()


def keyboard_of(call: Any) -> list[tuple[str, str]]:
    rows = call.params["reply_markup"]["inline_keyboard"]
    return [(b["text"], b["callback_data"]) for row in rows for b in row]


def shown(tg: Harness) -> list[Any]:
    return [c for c in tg.api.user_visible if c.endpoint != "sendChatAction"]


@pytest.mark.parametrize("count", [2, 3])
async def test_a_multi_coin_history_answer_is_exactly_one_photo_with_caption_and_buttons(
    scripted: tuple[Harness, ScriptedCore], count: int
) -> None:
    tg, core = scripted

    def answer(event: Inbound) -> Reply:
        return multi_coin(count)

    core.override = answer
    await tg.feed(update(message("btc, eth and doge, last 7 days")))

    [photo] = shown(tg)
    assert photo.endpoint == "sendPhoto"
    image = pixels(photo.files["photo"][1])  # every coin's chart, one under the other
    assert image.size == (8, count * 6 - (count - 1) * (2 - DIVIDER))  # one source line, at the end
    assert [image.getpixel((0, 0)), image.getpixel((0, image.height - 3))] == [COLOURS[0], COLOURS[count - 1]]
    caption = photo.params["caption"]
    assert photo.params["parse_mode"] == "HTML"
    assert visible_length(caption) <= MAX_CAPTION
    for base in BASES[:count]:  # every coin's closes, in the order asked
        assert f"<b>{base}/USDT daily closes (UTC), last 7 days</b>" in caption
    assert caption.count("<code>07-07  66,800.00</code>") == count
    assert keyboard_of(photo) == [("30 days", "dm:t30"), ("90 days", "dm:t90")]


async def test_a_caption_overflow_splits_off_the_text_only(scripted: tuple[Harness, ScriptedCore]) -> None:
    tg, core = scripted

    def answer(event: Inbound) -> Reply:
        return multi_coin(3, days=30)

    core.override = answer
    await tg.feed(update(message("btc, eth and doge, last 30 days")))

    photo, *texts = shown(tg)
    assert photo.endpoint == "sendPhoto" and texts
    assert all(c.endpoint == "sendMessage" for c in texts)  # still one picture for the three
    assert pixels(photo.files["photo"][1]).height == 3 * 6 - 2 * (2 - DIVIDER)
    assert photo.params["caption"] == (
        "BTC daily closes, last 30 days\nETH daily closes, last 30 days\n"
        "DOGE daily closes, last 30 days\nDEMO data, not real market prices"
    )
    assert "reply_markup" not in photo.params
    text = "\n".join(c.params["text"] for c in texts)
    assert text.count("<code>07-09  60,493.00</code>") == 3  # nothing of the text is lost
    assert [("reply_markup" in c.params) for c in texts] == [False] * (len(texts) - 1) + [True]
    assert keyboard_of(texts[-1]) == [("30 days", "dm:t30"), ("90 days", "dm:t90")]


def test_charts_that_cannot_be_stacked_still_go_out_one_by_one() -> None:
    # Another renderer's PNGs (no band table): each chart a photo, as before, then the text.
    out = render_reply(multi_coin(2, charts="plain"), in_group=False, bot_username=None)
    first, second, text = out.messages
    assert isinstance(first, OutPhoto) and isinstance(second, OutPhoto) and isinstance(text, OutText)
    assert first.png == second.png == tiny_png()
    assert out.keyboard is not None


def test_a_live_stacked_answer_too_long_for_a_caption_has_the_descriptions_as_caption() -> None:
    reply = multi_coin(3, days=30)
    live = tuple(
        replace(b, source="binance") if isinstance(b, HistoryBlock | ChartBlock) else b for b in reply.blocks
    )
    photo, *texts = render_reply(replace(reply, blocks=live), in_group=False, bot_username=None).messages
    assert isinstance(photo, OutPhoto) and texts
    assert photo.caption_plain == (
        "BTC daily closes, last 30 days\nETH daily closes, last 30 days\nDOGE daily closes, last 30 days"
    )


def test_an_album_is_not_the_answer() -> None:
    # sendMediaGroup sends a message per picture and takes no reply_markup: no buttons.
    assert "reply_markup" not in inspect.signature(Bot.send_media_group).parameters
