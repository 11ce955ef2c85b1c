"""The fixed renderers, without Discord: formatting, escaping, limits, translations."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import Decimal

import discord
import pytest
import simcord

from adapters.discord.buttons import CUSTOM_ID_TEMPLATE, custom_id_for
from adapters.discord.render import format_price, render
from core.markets import MarketCatalog
from core.reply import (
    Button,
    ChartBlock,
    DetailsBlock,
    HistoryBlock,
    HistoryPoint,
    NoticeBlock,
    Reply,
    Status,
    TextBlock,
)
from tests.cases import each
from tests.discord.fakes import tiny_png

AT = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)


@each(
    ("value", "shown"),
    [
        ("67890.12000000", "67,890.12"),
        ("1234567.5", "1,234,567.50"),
        ("3000", "3,000.00"),
        ("0.00001234", "0.00001234"),
        ("142.1", "142.10"),
    ],
)
def test_prices_get_thousands_separators_and_keep_their_precision(value: str, shown: str) -> None:
    assert format_price(Decimal(value)) == shown


def test_history_shows_gaps_and_rejected_rows_in_chinese() -> None:
    points = (HistoryPoint(date(2024, 5, 6), Decimal("3100.5")), HistoryPoint(date(2024, 5, 7), None))
    block = HistoryBlock(
        "ETHUSDT", "ETH", "USDT", points, (date(2024, 5, 7),), "binance", AT, issues=("market_bad_price",)
    )
    reply = Reply(Status.PARTIAL, (block,), "zh")

    [embed] = render(reply, MarketCatalog()).embeds

    assert embed.title == "以太坊 · ETH/USDT：最近 2 天日收盘价"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["日收盘价（UTC） · USDT"] == "```\n2024-05-06  3,100.50\n2024-05-07  — 无数据\n```"
    assert fields["缺失日期"] == "2024-05-07"
    assert fields["被判定无效的数据行"] == "1: market\\_bad\\_price"
    assert embed.image.url is None  # no chart block, no image


def test_chart_without_history_gets_its_own_embed() -> None:
    reply = Reply(Status.COMPLETED, (ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC *closes*"),), "en")

    rendered = render(reply)

    [embed] = rendered.embeds
    assert embed.title == "BTC \\*closes\\*"
    assert embed.image.url == "attachment://btcusdt-history.png"
    [file] = rendered.files()
    assert file.filename == "btcusdt-history.png"
    assert file.fp.read() == tiny_png()


def test_notices_text_and_details_are_escaped_text() -> None:
    reply = Reply(
        Status.FAILED,
        (
            NoticeBlock("bad <@&123456789012345678>", level="error"),
            TextBlock("# not a heading"),
            DetailsBlock("Agent __x__", (("key", "abcd****wxyz"), ("note", "@here ~~gone~~"))),
        ),
        "en",
    )

    rendered = render(reply)

    assert rendered.content == "❌ bad <@\u200b&123456789012345678>\n\n\\# not a heading"
    [embed] = rendered.embeds
    assert embed.title == "Agent \\_\\_x\\_\\_"
    assert [f.value for f in embed.fields] == ["abcd\\*\\*\\*\\*wxyz", "@\u200bhere \\~\\~gone\\~\\~"]


def test_overlong_text_is_clipped_to_discords_limit() -> None:
    rendered = render(Reply(Status.COMPLETED, (TextBlock("a" * 5000),), "en"))

    assert rendered.content is not None and len(rendered.content) == 2000
    assert rendered.content.endswith("…")


def test_an_empty_reply_still_says_something() -> None:
    assert render(Reply(Status.COMPLETED, (), "zh")).content == "（无回复）"


def test_buttons_become_persistent_token_buttons() -> None:
    reply = Reply(
        Status.AWAITING_CONFIRMATION,
        (NoticeBlock("Delete?"),),
        "en",
        buttons=(Button("Delete", "tok_A-1", "danger"), Button("Keep", "tok_B-2")),
    )

    view = render(reply).view()

    assert view is not None and view.timeout is None and view.is_persistent()
    assert [c["custom_id"] for row in view.to_components() for c in row["components"]] == [
        "dm:b:tok_A-1",
        "dm:b:tok_B-2",
    ]
    assert [c["style"] for row in view.to_components() for c in row["components"]] == [
        discord.ButtonStyle.danger.value,
        discord.ButtonStyle.secondary.value,
    ]
    match = re.fullmatch(CUSTOM_ID_TEMPLATE, custom_id_for("tok_A-1"))
    assert match is not None and match["token"] == "tok_A-1"


def test_a_token_that_cannot_fit_a_custom_id_is_refused() -> None:
    with pytest.raises(ValueError, match="token"):
        custom_id_for("x" * 91)
    with pytest.raises(ValueError, match="token"):
        custom_id_for("has space")


async def test_every_command_string_has_valid_en_us_zh_cn_and_zh_tw_texts(env: simcord.Env) -> None:
    name_rule = re.compile(r"^[-_\w]{1,32}$")
    synced = list(env.backend.commands[None].values())
    assert synced
    texts: list[tuple[str, dict[str, str]]] = []
    for command in synced:
        texts.append(("name", command["name_localizations"]))
        texts.append(("description", command["description_localizations"]))
        for option in command.get("options", []):
            texts.append(("name", option["name_localizations"]))
            texts.append(("description", option["description_localizations"]))
            texts += [("choice", c["name_localizations"]) for c in option.get("choices", [])]
    for kind, localized in texts:
        assert set(localized) == {"en-US", "zh-CN", "zh-TW"}, (kind, localized)
        for text in localized.values():
            if kind == "name":
                assert name_rule.match(text) and text == text.lower(), text
            else:
                assert 1 <= len(text) <= 100, text
