"""A multi-coin history answer on Discord: one message, one attached image (every coin's chart
stacked), shown in the last coin's history card."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import simcord

from adapters.discord.outbound import DiscordOutbound
from adapters.discord.render import render
from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.clock import FixedClock
from core.outbound import Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import Block, ChartBlock, HistoryBlock, HistoryPoint, Reply, Status
from tests.cases import each
from tests.chart_pngs import pixels, stackable_png
from tests.discord.fakes import tiny_png

AT = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)
COLOURS = ((200, 30, 30), (20, 60, 200), (10, 150, 60))
BASES = ("BTC", "ETH", "DOGE")


def multi_coin(count: int, *, stackable: bool = True) -> Reply:
    blocks: list[Block] = []
    for base, colour in zip(BASES[:count], COLOURS, strict=False):
        points = (
            HistoryPoint(date(2024, 5, 6), Decimal("100.5")),
            HistoryPoint(date(2024, 5, 7), Decimal("101")),
        )
        blocks.append(HistoryBlock(f"{base}USDT", base, "USDT", points, (), "binance", AT))
        png = stackable_png(colour) if stackable else tiny_png()
        blocks.append(ChartBlock(png, f"{base}USDT", "binance", f"{base} daily closes"))
    return Reply(Status.COMPLETED, tuple(blocks), "en")


@each("count", [2, 3])
def test_the_charts_of_a_multi_coin_answer_are_one_attachment(count: int) -> None:
    rendered = render(multi_coin(count))

    [file] = rendered.files()
    stems = "-".join(f"{b.lower()}usdt" for b in BASES[:count])
    assert file.filename == f"{stems}-history.png"
    assert file.description == "; ".join(f"{b} daily closes" for b in BASES[:count])
    image = pixels(file.fp.read())
    assert image.size == (8, count * 6 - (count - 1) * (2 - DIVIDER))
    # One embed per coin's history, the picture in the last one (under every card).
    assert len(rendered.embeds) == count
    assert [e.image.url for e in rendered.embeds] == [None] * (count - 1) + [f"attachment://{file.filename}"]


def test_charts_that_cannot_be_stacked_keep_one_image_per_card() -> None:
    rendered = render(multi_coin(2, stackable=False))
    assert [f.filename for f in rendered.files()] == ["btcusdt-history.png", "ethusdt-history.png"]
    assert [e.image.url for e in rendered.embeds] == [
        "attachment://btcusdt-history.png",
        "attachment://ethusdt-history.png",
    ]


async def test_a_channel_gets_one_message_with_one_image(env: simcord.Env) -> None:
    router = PlatformRouter()
    router.attach("discord", DiscordOutbound(env.bot))
    out = RecordedOutbound(router, MemoryDeliveryLog(), FixedClock(AT))
    guild = env.create_guild()
    channel = guild.create_text_channel("signals")
    bob = guild.add_member(env.create_user("bob"))

    result = await out.send(
        Destination.chat("discord", str(channel.id)), multi_coin(3), kind="report", job_id="j"
    )

    assert result.ok
    [message] = channel.history(viewer=bob)
    [attachment] = message.attachments
    assert pixels(await attachment.read()).size == (8, 3 * 6 - 2 * (2 - DIVIDER))
    assert message.embeds[-1].image.url == f"attachment://{attachment.filename}"
