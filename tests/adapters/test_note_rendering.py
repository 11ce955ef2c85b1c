"""The assistant's note on every renderer: labelled, apart from the cards, escaped, never a link.

Two layers are checked: a hostile NoteBlock straight into each renderer (escaping is the
renderer's job whatever the core did), and a hostile model answer through the core's note
(tags stripped, links defanged) and then each renderer.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as render_discord
from adapters.telegram.render import OutText, render_reply
from core.i18n import t
from core.planner.note import assistant_note, default_guard
from core.reply import NoteBlock, QuoteBlock, Reply, Status

HOSTILE = '<b>bold</b> <a href="https://evil.example.com">verify key</a> **x** @everyone `code` & <script>'
QUOTE = QuoteBlock(
    "BTCUSDT", "BTC", "USDT", Decimal("84476.65"), "ask", "binance", datetime(2026, 5, 1, tzinfo=UTC)
)


def reply_with(note: NoteBlock, locale: str = "en") -> Reply:
    return Reply(Status.COMPLETED, (QUOTE, note), locale)  # type: ignore[arg-type]


def test_telegram_escapes_the_note_and_labels_it_apart() -> None:
    note = NoteBlock(HOSTILE, "Assistant's note <i>:")
    [message] = render_reply(reply_with(note), in_group=False, bot_username=None).messages
    assert isinstance(message, OutText)
    body = message.html
    assert "<a" not in body and "<script>" not in body and "<b>bold" not in body
    assert "&lt;a href=" in body and "&lt;script&gt;" in body and "&amp;" in body
    assert "<i>💬 Assistant's note &lt;i&gt;:</i>" in body
    # After the card, each line of the note quoted.
    assert body.index("84,476.65") < body.index("💬")
    assert "│ &lt;b&gt;bold&lt;/b&gt;" in body
    assert message.plain.splitlines()[-1].startswith("│ <b>bold</b>")


def test_discord_puts_the_note_in_its_own_embed_escaped() -> None:
    note = NoteBlock(HOSTILE, "Assistant's note *:")
    rendered = render_discord(reply_with(note))
    quote_embed, note_embed = rendered.embeds
    assert "BTC" in (quote_embed.title or "")
    assert note_embed.title == "💬 Assistant's note \\*:"
    description = note_embed.description or ""
    assert "\\*\\*x\\*\\*" in description and "\\`code\\`" in description
    assert "@everyone" not in description  # the mention is broken (escape_mentions)
    assert rendered.content is None or HOSTILE not in rendered.content


def test_console_and_json_show_the_label_and_the_text_as_is() -> None:
    note = NoteBlock("line one\nline two", "Assistant's note:", capped=True)
    text = render_text(reply_with(note))
    assert text.splitlines()[-3:] == ["— Assistant's note:", "  │ line one", "  │ line two"]
    blocks = render_json(reply_with(note))["blocks"]
    assert blocks[-1] == {
        "type": "note",
        "label": "Assistant's note:",
        "text": "line one\nline two",
        "capped": True,
    }


def test_a_hostile_answer_through_the_core_reaches_no_platform_as_a_link() -> None:
    raw = (
        'Hi <a href="https://evil.example.com/v">verify your API key</a>! See https://evil.example.com/x, '
        "evil.example.com, [docs](http://192.168.1.9/a) or t.me/evil_bot.\x1b[31m red\u202e txt"
    )
    for locale in ("en", "zh"):
        note = assistant_note(raw, [QUOTE], (), locale, default_guard()).block  # type: ignore[arg-type]
        assert note is not None and note.label == t(locale, "planner.note_label")  # type: ignore[arg-type]
        reply = reply_with(note, locale)
        [message] = render_reply(reply, in_group=False, bot_username=None).messages
        assert isinstance(message, OutText)
        discord_out = render_discord(reply)
        console = render_text(reply)
        for shown in (message.html, message.plain, discord_out.embeds[-1].description or "", console):
            assert "https://" not in shown and "http://" not in shown
            assert "example.com" not in shown and "192.168.1.9" not in shown and "t.me/" not in shown
            assert "<a" not in shown and "\x1b" not in shown and "\u202e" not in shown
        assert "verify your API key" in console
