"""The fixed templates: escaping, numbers, splitting, captions, keyboards, private answers."""

from __future__ import annotations

import html
from collections.abc import Sequence
from decimal import Decimal
from typing import Literal

from telegram import InlineKeyboardButton

from adapters.telegram.render import (
    MAX_CAPTION,
    MAX_TEXT,
    OutPhoto,
    OutText,
    Rendered,
    format_price,
    render_reply,
    tg_len,
    visible_length,
)
from core.i18n import Locale
from core.reply import Block, Button, ChartBlock, DetailsBlock, NoticeBlock, Reply, Status, TextBlock
from tests.telegram.fakes import history, quote, tiny_png


def reply(
    *blocks: Block,
    buttons: Sequence[Button] = (),
    locale: Locale = "en",
    audience: Literal["public", "private"] = "public",
) -> Reply:
    return Reply(Status.COMPLETED, tuple(blocks), locale, buttons=tuple(buttons), audience=audience)


def texts(rendered: Rendered) -> list[OutText]:
    assert all(isinstance(m, OutText) for m in rendered.messages)
    return [m for m in rendered.messages if isinstance(m, OutText)]


def keys(rendered: Rendered) -> Sequence[Sequence[InlineKeyboardButton]]:
    assert rendered.keyboard is not None
    return rendered.keyboard.inline_keyboard


def test_prices_keep_every_digit_with_thousands_separators() -> None:
    assert format_price(Decimal("67123.45000000")) == "67,123.45"
    assert format_price(Decimal("1000000")) == "1,000,000.00"
    assert format_price(Decimal("0.00001234")) == "0.00001234"
    assert format_price(Decimal("3531.5")) == "3,531.50"
    assert format_price(Decimal("1E+2")) == "100.00"


def test_binance_source_is_named_and_demo_is_flagged() -> None:
    live = render_reply(reply(quote(source="binance")), in_group=False, bot_username=None)
    demo = render_reply(reply(quote(source="demo")), in_group=False, bot_username=None)
    assert "Source: Binance" in texts(live)[0].html
    assert "DEMO" not in texts(live)[0].html
    assert "DEMO data, not real market prices" in texts(demo)[0].html


def test_details_and_notices_escape_every_dynamic_string() -> None:
    hostile = "<img src=x onerror=alert(1)> & <b>"
    out = render_reply(
        reply(
            DetailsBlock("<i>agent</i>", (("name", hostile), ("<key>", "abcd****wxyz"))),
            NoticeBlock(hostile, "error"),
        ),
        in_group=False,
        bot_username=None,
    )
    [msg] = texts(out)
    assert "<img" not in msg.html and "<i>" not in msg.html and "<key>" not in msg.html
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;" in msg.html
    assert msg.html.startswith("<b>&lt;i&gt;agent&lt;/i&gt;</b>\n<b>name</b>: ")
    assert "❌ &lt;img" in msg.html
    assert msg.plain.endswith("❌ " + hostile)


def test_an_overlong_line_of_entities_is_cut_between_entities() -> None:
    text = "a&<" * 3000  # one line; escaped it is far over the limit
    out = render_reply(reply(TextBlock(text)), in_group=False, bot_username=None)
    htmls = [m.html for m in texts(out)]
    assert len(htmls) > 1
    assert all(tg_len(h) <= MAX_TEXT for h in htmls)
    assert "".join(html.unescape(h) for h in htmls) == text  # no entity was broken in two


def test_length_is_counted_in_utf16_units_as_telegram_does() -> None:
    text = "\n".join("📈" * 100 for _ in range(50))  # 10,000 UTF-16 units, 5,000 code points
    out = render_reply(reply(TextBlock(text)), in_group=False, bot_username=None)
    assert len(out.messages) == 3
    assert all(tg_len(m.html) <= MAX_TEXT for m in texts(out))


def test_caption_is_short_and_escaped() -> None:
    chart = ChartBlock(tiny_png(), "BTCUSDT", "binance", "<chart> " * 500)
    [photo] = render_reply(reply(chart), in_group=False, bot_username=None).messages
    assert isinstance(photo, OutPhoto)
    assert visible_length(photo.caption_html) == MAX_CAPTION  # as long as allowed, no longer
    assert photo.caption_html.startswith("&lt;chart&gt; ")
    assert photo.caption_html.endswith("…")


def test_visible_length_counts_like_telegram_after_parsing() -> None:
    assert visible_length("<b>BTC/USDT</b>") == 8  # tags count nothing
    assert visible_length("a &amp; &lt;b&gt;") == 7  # an escaped character counts one
    assert visible_length("<code>📈</code>") == 2  # UTF-16 code units


def test_a_chart_answer_is_one_photo_with_the_text_as_caption_and_the_buttons() -> None:
    out = render_reply(
        reply(
            quote(),
            history(),
            ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC chart"),
            buttons=[Button("ETH", "t1")],
        ),
        in_group=False,
        bot_username=None,
    )
    [photo] = out.messages
    assert isinstance(photo, OutPhoto)
    assert photo.png == tiny_png()
    assert photo.caption_html.startswith("<b>BTC/USDT</b>\nBest ask: <b>67,123.45</b> USDT")
    assert "<code>07-06  — no data</code>" in photo.caption_html
    assert "DEMO data, not real market prices" in photo.caption_plain
    assert visible_length(photo.caption_html) <= MAX_CAPTION
    assert keys(out)[0][0].callback_data == "dm:t1"  # sent with the photo, the last message


def test_a_caption_full_of_entities_still_fits_when_telegram_would_accept_it() -> None:
    # 800 visible characters, 4,000 as HTML: Telegram counts the 800.
    fits = TextBlock("&" * 800)
    [photo] = render_reply(
        reply(ChartBlock(tiny_png(), "BTCUSDT", "demo", "chart"), fits), in_group=False, bot_username=None
    ).messages
    assert isinstance(photo, OutPhoto)
    assert photo.caption_html == "&amp;" * 800


def test_text_too_long_for_a_caption_follows_the_photo_with_the_buttons() -> None:
    long_text = TextBlock("📈" * 520)  # 520 code points but 1,040 UTF-16 units: over the limit
    out = render_reply(
        reply(ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC chart"), long_text, buttons=[Button("OK", "t")]),
        in_group=False,
        bot_username=None,
    )
    photo, text = out.messages
    assert (
        isinstance(photo, OutPhoto) and photo.caption_plain == "BTC chart · DEMO data, not real market prices"
    )
    assert isinstance(text, OutText) and text.plain == "📈" * 520
    assert out.keyboard is not None  # send_rendered puts it on the last message: the text


def test_keyboard_carries_prefixed_tokens_within_64_bytes() -> None:
    ok = Button("Confirm", "A" * 24)
    too_long = Button("Broken", "B" * 70)
    out = render_reply(reply(TextBlock("Sure?"), buttons=[ok, too_long]), in_group=False, bot_username=None)
    [[key]] = keys(out)
    assert key.callback_data == "dm:" + "A" * 24
    assert len(key.callback_data.encode()) <= 64


def test_long_labels_get_a_row_each() -> None:
    buttons = [Button("Confirm deleting agent alpha", "t1"), Button("Keep it", "t2")]
    out = render_reply(reply(TextBlock("Sure?"), buttons=buttons), in_group=False, bot_username=None)
    assert [len(row) for row in keys(out)] == [1, 1]


def test_private_answers_never_reach_a_group() -> None:
    secret = reply(
        DetailsBlock("Account", (("balance", "12.5 USDT"),)),
        NoticeBlock("Continue in private.", code="private_only"),
        buttons=[Button("Show keys", "tok")],
        audience="private",
    )
    in_group = render_reply(secret, in_group=True, bot_username="DeskBot")
    [msg] = texts(in_group)
    assert msg == OutText("Continue in private.", "Continue in private.")
    [[link]] = keys(in_group)
    assert link.url == "https://t.me/DeskBot?start=private"
    assert link.callback_data is None

    in_private = render_reply(secret, in_group=False, bot_username="DeskBot")
    assert "12.5 USDT" in texts(in_private)[0].html
    assert keys(in_private)[0][0].callback_data == "dm:tok"


def test_private_answer_without_a_notice_still_says_why_in_the_users_language() -> None:
    out = render_reply(
        reply(TextBlock("secret"), locale="zh", audience="private"), in_group=True, bot_username="B"
    )
    [msg] = texts(out)
    assert msg.plain == "这涉及个人信息，请在私聊中继续。"
    assert keys(out)[0][0].text == "打开私聊"


def test_history_in_chinese_marks_missing_days() -> None:
    from tests.telegram.fakes import history

    [msg] = texts(render_reply(reply(history(), locale="zh"), in_group=False, bot_username=None))
    assert "<code>07-06  — 无数据</code>" in msg.html
    assert msg.html.startswith("<b>BTC/USDT 最近 7 天日收盘价（UTC）</b>")
