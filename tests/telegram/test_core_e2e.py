"""The Telegram adapter on the real Core: demo market, in-memory store, fixed clock, real charts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket, demo_quote_price
from adapters.telegram.render import format_price, visible_length
from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.clock import FixedClock
from core.engine import Core
from core.i18n import t
from core.memory_store import MemoryStateStore
from tests.chart_pngs import pixels
from tests.fakes import price_skills
from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import BOT_USERNAME, GROUP, PNG_SIGNATURE, callback, message, update, user

START = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)
ALICE, BOB = user(42), user(43, name="Bob")


@pytest.fixture
async def real() -> AsyncIterator[tuple[Harness, FixedClock]]:
    clock = FixedClock(START)
    charts = MatplotlibChartRenderer(max_workers=1)
    core = Core(
        store=MemoryStateStore(),
        skills=price_skills(DemoMarket(clock), clock, charts),
        clock=clock,
        default_locale="en",
    )
    harness = await start_harness(core)
    yield harness, clock
    await harness.app.shutdown()
    await charts.aclose()


def keyboard(call: Any) -> list[dict[str, Any]]:
    return [b for row in call.params["reply_markup"]["inline_keyboard"] for b in row]


def carrier_of(call: Any, message_id: int = 901) -> dict[str, Any]:
    """The bot's message as Telegram would show it in a later callback query."""
    return {
        "message_id": message_id,
        "date": 0,
        "chat": {
            "id": call.params["chat_id"],
            "type": "private" if call.params["chat_id"] > 0 else "supergroup",
        },
        "from": {"id": 123456, "is_bot": True, "first_name": "Deskmate"},
        "text": call.params["text"],
        "reply_markup": call.params["reply_markup"],
    }


async def test_start_choose_chinese_then_price_in_chinese(real: tuple[Harness, FixedClock]) -> None:
    tg, clock = real
    await tg.feed(update(message("/start")))
    [welcome] = tg.api.of("sendMessage")
    assert t("en", "welcome") in welcome.params["text"]
    zh_button = next(b for b in keyboard(welcome) if b["text"] == "中文")
    tg.api.calls.clear()

    await tg.feed(callback(zh_button["callback_data"], carrier=carrier_of(welcome), presser=ALICE))
    [edit] = tg.api.of("editMessageText")
    assert edit.params["text"] == t("zh", "lang.set")
    assert "reply_markup" not in edit.params
    tg.api.calls.clear()

    await tg.feed(update(message("/price btc")))
    [card] = tg.api.sent_texts
    price = format_price(demo_quote_price("BTCUSDT", clock.now()))
    assert f"最优卖价: <b>{price}</b> USDT" in card
    assert "演示数据（非真实行情）" in card
    assert "获取时间: 2024-05-08 09:30:00 UTC" in card


async def test_group_history_with_a_real_chart_and_chatter_ignored(real: tuple[Harness, FixedClock]) -> None:
    tg, _ = real
    await tg.feed(update(message("eth looks strong", chat=GROUP)))
    assert tg.api.user_visible == []

    await tg.feed(update(message(f"/history@{BOT_USERNAME} eth", chat=GROUP, message_id=55)))

    # (a first matplotlib render may take long enough for a typing indicator)
    # One message: the chart, with the closes as its caption.
    [photo] = [c for c in tg.api.user_visible if c.endpoint != "sendChatAction"]
    assert photo.endpoint == "sendPhoto"
    assert photo.files["photo"][1].startswith(PNG_SIGNATURE)
    assert len(photo.files["photo"][1]) > 1000  # a real matplotlib chart, not a stub
    assert visible_length(photo.params["caption"]) <= 1024
    assert photo.params["parse_mode"] == "HTML"
    assert photo.params["reply_parameters"]["message_id"] == 55
    closes = photo.params["caption"]
    assert closes.count("<code>05-") == 7  # 1..7 May 2024, the seven full days before today
    assert "<code>05-01  " in closes and "<code>05-07  " in closes


async def test_buttons_with_the_real_token_store(real: tuple[Harness, FixedClock]) -> None:
    tg, clock = real
    await tg.feed(update(message(f"/lang@{BOT_USERNAME}", chat=GROUP, sender=ALICE)))
    [ask] = tg.api.of("sendMessage")
    english = next(b for b in keyboard(ask) if b["text"] == "English")
    carrier = carrier_of(ask)
    tg.api.calls.clear()

    await tg.feed(callback(english["callback_data"], carrier=carrier, presser=BOB))
    [alert] = tg.api.of("answerCallbackQuery")
    assert alert.params["show_alert"] is True
    assert alert.params["text"] == t("en", "button.not_yours")
    assert [c.endpoint for c in tg.api.calls] == ["answerCallbackQuery"]
    tg.api.calls.clear()

    await tg.feed(callback(english["callback_data"], carrier=carrier, presser=ALICE))
    assert tg.api.of("editMessageText")[0].params["text"] == t("en", "lang.set")
    tg.api.calls.clear()

    await tg.feed(callback(english["callback_data"], carrier=carrier, presser=ALICE))  # again
    [used] = tg.api.of("answerCallbackQuery")
    assert used.params["text"] == t("en", "button.used")
    assert tg.api.of("editMessageReplyMarkup")

    # a fresh question, answered after the buttons expired
    tg.api.calls.clear()
    await tg.feed(update(message(f"/lang@{BOT_USERNAME}", chat=GROUP, sender=ALICE)))
    [ask] = tg.api.of("sendMessage")
    clock.advance(60 * 60)
    tg.api.calls.clear()
    await tg.feed(callback(keyboard(ask)[0]["callback_data"], carrier=carrier_of(ask, 902), presser=ALICE))
    [expired] = tg.api.of("answerCallbackQuery")
    assert expired.params["text"] == t("en", "button.expired")
    [removal] = tg.api.of("editMessageReplyMarkup")
    assert removal.params["message_id"] == 902


async def test_a_redelivered_update_is_answered_once(real: tuple[Harness, FixedClock]) -> None:
    tg, _ = real
    upd = update(message("/price sol"))

    await tg.feed(upd)
    await tg.feed(upd)  # Telegram redelivers after a restart: same update_id

    assert len(tg.api.sent_texts) == 1


@pytest.mark.parametrize(
    ("question", "pairs", "locale"),
    [
        ("btc and eth price last 7 days", ("BTC/USDT", "ETH/USDT"), "en"),
        ("比特币、以太坊、狗狗币一周走势", ("BTC/USDT", "ETH/USDT", "DOGE/USDT"), "zh"),
    ],
)
async def test_a_multi_coin_history_is_one_photo_of_every_chart(
    real: tuple[Harness, FixedClock], question: str, pairs: tuple[str, ...], locale: str
) -> None:
    tg, _ = real
    await tg.feed(update(message(question, sender=user(42, language_code=locale))))

    [photo] = [c for c in tg.api.user_visible if c.endpoint != "sendChatAction"]
    assert photo.endpoint == "sendPhoto"
    width, height = pixels(photo.files["photo"][1]).size
    # Every coin's 780x600 chart one under the other, the shared source line only under the last.
    n = len(pairs)
    assert (width, height) == (780, n * 600 - (n - 1) * (50 - DIVIDER))
    caption = photo.params["caption"]
    assert visible_length(caption) <= 1024
    assert [caption.index(p) for p in pairs] == sorted(caption.index(p) for p in pairs)
