"""Groups, supergroups and forum topics: when to answer, how keys and threads are kept."""

from __future__ import annotations

import asyncio

import pytest
from telegram import Update

from core.events import ChatKind, Command, ConversationKey, Inbound, TextMessage
from core.ports import ProgressSink
from core.reply import Reply
from tests.telegram.conftest import Harness
from tests.telegram.fakes import BOT_USERNAME, FORUM, GROUP, bot_user, message, update, user


async def test_group_command_with_bot_name(tg: Harness) -> None:
    inbound = message(f"/price@{BOT_USERNAME} eth", chat=GROUP, message_id=31)
    await tg.feed(update(inbound))

    [event] = tg.core.events
    assert isinstance(event, Command)
    assert (event.name, event.args) == ("price", "eth")
    assert event.chat_kind is ChatKind.GROUP
    assert event.key == ConversationKey("telegram", "-100777", "42", None)
    [sent] = tg.api.of("sendMessage")
    assert sent.params["chat_id"] == GROUP["id"]
    assert sent.params["reply_parameters"]["message_id"] == 31  # answers the asker visibly
    assert "<b>ETH/USDT</b>" in sent.params["text"]


async def test_plain_group_command_is_answered(tg: Harness) -> None:
    await tg.feed(update(message("/price sol", chat=GROUP)))

    assert "<b>SOL/USDT</b>" in tg.api.sent_texts[0]


async def test_command_for_another_bot_is_ignored(tg: Harness) -> None:
    await tg.feed(update(message("/price@SomeOtherBot btc", chat=GROUP)))
    await tg.feed(update(message("/price@SomeOtherBot btc")))  # not even in private

    assert tg.core.events == []
    assert tg.api.user_visible == []


async def test_group_chatter_is_ignored(tg: Harness) -> None:
    await tg.feed(update(message("btc to the moon!", chat=GROUP)))
    await tg.feed(update(message("@SomebodyElse what do you think about btc?", chat=GROUP)))
    # a reply to another person's message is chatter too
    await tg.feed(update(message("agreed", chat=GROUP, reply_to=message("btc up", chat=GROUP))))

    assert tg.core.events == []
    assert tg.api.user_visible == []


async def test_mention_is_answered_without_the_mention(tg: Harness) -> None:
    await tg.feed(update(message(f"@{BOT_USERNAME} what's the btc price?", chat=GROUP)))

    [event] = tg.core.events
    assert isinstance(event, TextMessage)
    assert event.text == "what's the btc price?"
    assert "67,123.45" in tg.api.sent_texts[0]


async def test_bare_mention_shows_help(tg: Harness) -> None:
    await tg.feed(update(message(f"@{BOT_USERNAME}", chat=GROUP)))

    [event] = tg.core.events
    assert isinstance(event, Command)
    assert event.name == "help"


async def test_reply_to_the_bot_is_answered(tg: Harness) -> None:
    bots_message = message("BTC/USDT ...", chat=GROUP, sender=bot_user())
    await tg.feed(update(message("and btc now?", chat=GROUP, reply_to=bots_message)))

    [event] = tg.core.events
    assert isinstance(event, TextMessage)
    assert event.text == "and btc now?"
    assert tg.api.sent_texts


async def test_forum_topic_thread_id_is_kept(tg: Harness) -> None:
    await tg.feed(update(message(f"/price@{BOT_USERNAME} btc", chat=FORUM, thread_id=77)))

    [event] = tg.core.events
    assert event.key == ConversationKey("telegram", "-100888", "42", "77")
    [sent] = tg.api.of("sendMessage")
    assert sent.params["message_thread_id"] == 77


async def test_topic_created_by_the_bot_is_not_a_reply_to_it(tg: Harness) -> None:
    # In a forum every topic message points at the topic's creation message.
    created = message(
        chat=FORUM, sender=bot_user(), thread_id=78, forum_topic_created={"name": "prices", "icon_color": 1}
    )
    await tg.feed(update(message("nice weather", chat=FORUM, thread_id=78, reply_to=created)))

    assert tg.core.events == []
    assert tg.api.user_visible == []


async def test_each_person_in_a_group_has_their_own_thread(tg: Harness) -> None:
    await tg.feed(update(message("/price btc", chat=GROUP, sender=user(42))))
    await tg.feed(update(message("/price btc", chat=GROUP, sender=user(43, name="Bob"))))

    assert [e.key.user_id for e in tg.core.events] == ["42", "43"]
    assert len({e.key for e in tg.core.events}) == 2


async def test_unknown_command_is_ignored_in_a_group(tg: Harness) -> None:
    await tg.feed(update(message("/frobnicate", chat=GROUP)))

    assert len(tg.core.events) == 1  # the core decided it is unimportant ...
    assert tg.api.user_visible == []  # ... so the group hears nothing


async def test_bad_input_is_ignored_in_a_group(tg: Harness) -> None:
    await tg.feed(
        update(
            message(
                chat=GROUP,
                sticker={
                    "file_id": "s",
                    "file_unique_id": "u",
                    "width": 1,
                    "height": 1,
                    "is_animated": False,
                    "is_video": False,
                    "type": "regular",
                },
            )
        )
    )
    await tg.feed(update(message(f"@{BOT_USERNAME} " + "btc " * 1000, chat=GROUP)))
    await tg.feed(update(message(f"/price@{BOT_USERNAME} btc", chat=GROUP), kind="edited_message"))

    assert tg.core.events == []
    assert tg.api.user_visible == []


async def test_private_answer_in_a_group_links_to_the_private_chat(tg: Harness) -> None:
    await tg.feed(update(message(f"@{BOT_USERNAME} my balance", chat=GROUP)))

    [sent] = tg.api.of("sendMessage")
    assert sent.params["text"] == "Balances are personal; ask me in a private chat."
    [[button]] = sent.params["reply_markup"]["inline_keyboard"]
    assert button["url"] == f"https://t.me/{BOT_USERNAME}?start=private"
    assert button["text"] == "Open a private chat"


@pytest.mark.virtual_time  # the slow one's 0.5 s cannot run out while a busy machine handles the fast one
async def test_a_slow_conversation_does_not_block_others(tg: Harness) -> None:
    """Through the Application's own update queue, as in production."""
    slow_user, fast_user = user(50, name="Slow"), user(51, name="Fast")
    original = tg.core.handle

    async def handle(event: Inbound, progress: ProgressSink | None = None) -> Reply:
        if event.key.user_id == "50":
            await asyncio.sleep(0.5)
        answer: Reply = await original(event, progress)
        return answer

    tg.core.handle = handle
    await tg.app.start()
    try:
        for sender, coin in ((slow_user, "btc"), (fast_user, "eth")):
            raw = update(message(f"/price {coin}", chat=GROUP, sender=sender))
            await tg.app.update_queue.put(Update.de_json(raw, tg.app.bot))
        for _ in range(100):
            if len(tg.api.sent_texts) == 2:
                break
            await asyncio.sleep(0.02)
    finally:
        await tg.app.stop()

    first, second = tg.api.sent_texts
    assert "ETH/USDT" in first  # the fast one did not wait for the slow one
    assert "BTC/USDT" in second
