"""Private chats: commands, free text, rendering, bad input, failures."""

from __future__ import annotations

import html
import logging

import pytest
from telegram.error import NetworkError

from adapters.telegram.inbound import MAX_INPUT_CHARS
from adapters.telegram.render import visible_length
from core.events import ChatKind, Command, ConversationKey, Inbound, TextMessage
from core.reply import Button, ChartBlock, Reply, Status, TextBlock
from tests.telegram.conftest import Harness
from tests.telegram.fakes import (
    NOW,
    PRIVATE,
    TOKEN,
    history,
    http_error,
    message,
    tiny_png,
    update,
    user,
)


async def test_private_price_command_renders_quote_card(tg: Harness) -> None:
    upd = update(message("/price btc"))
    await tg.feed(upd)

    assert tg.core.events == [
        Command(
            event_id=f"tg:update:{upd['update_id']}",
            key=ConversationKey("telegram", "42", "42", None),
            chat_kind=ChatKind.PRIVATE,
            locale_hint="en",
            name="price",
            args="btc",
        )
    ]
    [sent] = tg.api.of("sendMessage")
    assert sent.params["parse_mode"] == "HTML"
    assert sent.params["chat_id"] == 42
    assert "reply_parameters" not in sent.params  # no quoting in a one-to-one chat
    assert sent.params["text"] == (
        "<b>BTC/USDT</b>\n"
        "Best ask: <b>67,123.45</b> USDT\n"
        "Source: ⚠️ <b>DEMO data, not real market prices</b>\n"
        "Fetched: 2025-07-10 12:30:05 UTC"
    )


async def test_private_free_text_goes_to_core(tg: Harness) -> None:
    await tg.feed(update(message("  how is btc doing today?  ")))

    [event] = tg.core.events
    assert isinstance(event, TextMessage)
    assert event.text == "how is btc doing today?"
    assert "67,123.45" in tg.api.sent_texts[0]


async def test_quote_card_in_chinese(tg: Harness) -> None:
    await tg.feed(update(message("比特币多少钱", sender=user(language_code="zh-hans"))))

    [text] = tg.api.sent_texts
    assert "最优卖价: <b>67,123.45</b> USDT" in text
    assert "来源: ⚠️ <b>演示数据（非真实行情）</b>" in text
    assert "获取时间: 2025-07-10 12:30:05 UTC" in text


async def test_start_shows_welcome_with_language_buttons(tg: Harness) -> None:
    await tg.feed(update(message("/start")))

    [sent] = tg.api.of("sendMessage")
    assert "Welcome to deskmate" in sent.params["text"]
    rows = sent.params["reply_markup"]["inline_keyboard"]
    buttons = [b for row in rows for b in row]
    assert [b["text"] for b in buttons] == ["中文", "English"]
    for b in buttons:
        assert b["callback_data"].startswith("dm:")
        assert b["callback_data"][3:] in tg.core.tokens
        assert len(b["callback_data"].encode()) <= 64


async def test_history_sends_closes_with_gap_and_a_real_png(tg: Harness) -> None:
    await tg.feed(update(message("/history btc")))

    [photo] = tg.api.user_visible  # one message: the chart with the closes under it
    assert photo.endpoint == "sendPhoto"
    closes = photo.params["caption"]
    assert "<code>07-05  66,010.25</code>\n<code>07-06  — no data</code>" in closes
    filename, payload, mimetype = photo.files["photo"]
    assert payload.startswith(b"\x89PNG\r\n\x1a\n")
    assert payload[12:16] == b"IHDR"
    assert mimetype == "image/png"
    assert filename.endswith(".png")
    assert visible_length(closes) <= 1024
    assert "BTC/USDT daily closes (UTC), last 7 days" in closes


async def test_chart_buttons_ride_on_the_photo_or_on_the_text_that_follows_it(tg: Harness) -> None:
    chart = ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC chart")
    buttons = (Button("ETH", "t-eth"),)
    tg.core.override = lambda event: Reply(Status.COMPLETED, (history(), chart), "en", buttons=buttons)
    await tg.feed(update(message("btc week")))
    [photo] = tg.api.user_visible
    assert photo.endpoint == "sendPhoto" and photo.params["parse_mode"] == "HTML"
    assert photo.params["reply_markup"]["inline_keyboard"] == [[{"text": "ETH", "callback_data": "dm:t-eth"}]]
    tg.api.calls.clear()

    tg.core.override = lambda event: Reply(
        Status.COMPLETED, (history(), chart, TextBlock("x" * 1100)), "en", buttons=buttons
    )
    await tg.feed(update(message("btc week, long")))
    photo, text = tg.api.user_visible  # too long for a caption: the text follows
    assert photo.endpoint == "sendPhoto" and "reply_markup" not in photo.params
    assert photo.params["caption"] == "BTC chart · DEMO data, not real market prices"
    assert text.endpoint == "sendMessage" and "dm:t-eth" in str(text.params["reply_markup"])
    assert "<code>07-06  — no data</code>" in text.params["text"]


HOSTILE = "<b>bold</b> & <script>alert('x')</script> <img src=x onerror=alert(1)>"


async def test_hostile_text_arrives_escaped(tg: Harness) -> None:
    await tg.feed(update(message("echo " + HOSTILE)))

    [text] = tg.api.sent_texts
    assert text == (
        "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;alert('x')&lt;/script&gt; "
        "&lt;img src=x onerror=alert(1)&gt;"
    )
    assert html.unescape(text) == HOSTILE


async def test_10000_character_reply_is_split_in_order(tg: Harness) -> None:
    lines = [f"line {i:04d} " + "x" * 90 for i in range(100)]  # 100 lines of 100 characters
    original = "\n".join(lines)
    assert len(original) > 10_000
    tg.core.override = lambda event: Reply(Status.COMPLETED, (TextBlock(original),), "en")

    await tg.feed(update(message("long please")))

    texts = tg.api.sent_texts
    assert len(texts) == 3
    assert all(len(t) <= 4096 for t in texts)
    assert "\n".join(texts) == original  # nothing lost, nothing reordered, cut only between lines
    assert all(t.startswith("line ") for t in texts)


async def test_unknown_command_gets_a_short_answer_in_private(tg: Harness) -> None:
    await tg.feed(update(message("/frobnicate")))

    assert tg.api.sent_texts == ["Unknown command. Try /help."]


STICKER = {
    "file_id": "s1",
    "file_unique_id": "su1",
    "width": 512,
    "height": 512,
    "is_animated": False,
    "is_video": False,
    "type": "regular",
}
PHOTO = [{"file_id": "p1", "file_unique_id": "pu1", "width": 90, "height": 90}]
VOICE = {"file_id": "v1", "file_unique_id": "vu1", "duration": 3}


async def test_bad_input_gets_a_short_localized_answer(tg: Harness) -> None:
    await tg.feed(update(message(sticker=STICKER)))
    await tg.feed(update(message(photo=PHOTO, caption="/price btc")))
    await tg.feed(update(message(voice=VOICE, sender=user(language_code="zh-CN"))))
    await tg.feed(update(message("/price btc", edit_date=int(NOW.timestamp())), kind="edited_message"))
    await tg.feed(update(message("btc " * 1000)))  # 4,000 characters

    assert tg.core.events == []
    assert tg.api.sent_texts == [
        "I can only read text messages. Try /help.",
        "I can only read text messages. Try /help.",
        "我只能读取文字消息。试试 /help。",
        "I don't read edited messages; please send a new one.",
        f"That message is too long (over {MAX_INPUT_CHARS} characters). Please keep it short.",
    ]


async def test_own_answers_follow_the_language_of_the_last_reply(tg: Harness) -> None:
    tg.core.override = lambda event: Reply(Status.COMPLETED, (TextBlock("好的"),), "zh")
    await tg.feed(update(message("/lang zh")))  # an English-language Telegram user who chose zh
    await tg.feed(update(message(sticker=STICKER)))

    assert tg.api.sent_texts == ["好的", "我只能读取文字消息。试试 /help。"]


async def test_service_messages_and_bots_are_ignored(tg: Harness) -> None:
    await tg.feed(update(message(new_chat_title="x")))
    await tg.feed(update(message("/price btc", sender={"id": 9, "is_bot": True, "first_name": "Other"})))

    assert tg.core.events == []
    assert tg.api.user_visible == []


async def test_rejected_html_is_resent_as_plain_text(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", http_error(400, "Bad Request: can't parse entities: unexpected end tag"))

    await tg.feed(update(message("/price btc")))

    first, second = tg.api.of("sendMessage")
    assert first.params["parse_mode"] == "HTML"
    assert "parse_mode" not in second.params
    assert second.params["text"] == (
        "BTC/USDT\nBest ask: 67,123.45 USDT\nSource: ⚠️ DEMO data, not real market prices\n"
        "Fetched: 2025-07-10 12:30:05 UTC"
    )


async def test_delete_inbound_deletes_the_users_message_and_tolerates_failure(tg: Harness) -> None:
    tg.core.override = lambda event: Reply(
        Status.COMPLETED, (TextBlock("Key saved: abcd****wxyz"),), "en", delete_inbound=True
    )
    tg.api.fail_next("deleteMessage", http_error(400, "Bad Request: message can't be deleted"))

    inbound = message("my key is abcd1234secretwxyz", message_id=777)
    await tg.feed(update(inbound))
    [deleted] = tg.api.of("deleteMessage")
    assert deleted.params == {"chat_id": 42, "message_id": 777}
    assert tg.api.sent_texts == ["Key saved: abcd****wxyz"]


async def test_core_failure_gives_a_short_answer_and_logs_without_the_token(
    tg: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    def explode(event: Inbound) -> Reply:
        raise RuntimeError(f"boom while calling https://api.telegram.org/bot{TOKEN}/sendMessage")

    tg.core.override = explode
    with caplog.at_level(logging.ERROR):
        await tg.feed(update(message("/price btc")))

    assert tg.api.sent_texts == ["Something went wrong on my side. Please try again in a moment."]
    assert "boom" in caplog.text
    assert TOKEN not in caplog.text
    assert TOKEN.partition(":")[2] not in caplog.text


async def test_error_handler_logs_without_secrets(tg: Harness, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        await tg.app.process_error(update=None, error=NetworkError(f"connection reset for {TOKEN}"))

    assert "NetworkError" in caplog.text
    assert TOKEN not in caplog.text


@pytest.mark.virtual_time  # 0.7 s against the indicator's 0.4 s: exact, not less on a busy machine
async def test_typing_indicator_only_while_a_reply_takes_a_moment(tg: Harness) -> None:
    await tg.feed(update(message("/price btc")))
    assert tg.api.of("sendChatAction") == []  # fast: no indicator

    tg.core.delay = 0.7
    await tg.feed(update(message("/price eth")))
    [typing] = tg.api.of("sendChatAction")
    [_, reply] = tg.api.of("sendMessage")
    assert typing.params == {"chat_id": PRIVATE["id"], "action": "typing"}
    assert typing.at < reply.at


async def test_deep_link_from_a_group_opens_the_welcome(tg: Harness) -> None:
    await tg.feed(update(message("/start private")))

    [event] = tg.core.events
    assert isinstance(event, Command)
    assert (event.name, event.args) == ("start", "private")
    assert "Welcome to deskmate" in tg.api.sent_texts[0]
