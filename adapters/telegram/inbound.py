"""Telegram updates -> the core's neutral events, and the rules for when to answer at all.

Private chats: every text message is for the bot. Groups: only commands (for this bot),
messages that mention the bot and replies to the bot's own messages; other chatter is ignored,
and so is bad input (the group did not ask for an answer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from telegram import CallbackQuery, Chat, Message, MessageEntity, User
from telegram.constants import ChatType

from adapters.telegram.admins import speaks_as_chat
from core.engine import MAX_MESSAGE_CHARS
from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage

PLATFORM = "telegram"
# The core's own limit: longer messages are refused here, so a group never hears about them.
MAX_INPUT_CHARS = MAX_MESSAGE_CHARS

BadReason = Literal["only_text", "edited", "too_long"]


@dataclass(frozen=True, slots=True)
class BadInput:
    """Something the bot cannot use; answered briefly in private chats only."""

    reason: BadReason


@dataclass(frozen=True, slots=True)
class BotIdentity:
    id: int
    username: str | None

    def is_me(self, user: User | None) -> bool:
        return user is not None and user.id == self.id


def event_id(update_id: int) -> str:
    # update_id is unique per bot and stays the same when Telegram redelivers the update.
    return f"tg:update:{update_id}"


def chat_kind(chat: Chat) -> ChatKind | None:
    if chat.type == ChatType.PRIVATE:
        return ChatKind.PRIVATE
    if chat.type in (ChatType.GROUP, ChatType.SUPERGROUP):
        return ChatKind.GROUP
    return None  # channels


def topic_id(message: Message | None) -> int | None:
    """The forum topic of a message (None outside forum topics and in the General topic)."""
    if message is not None and message.is_topic_message and message.message_thread_id:
        return message.message_thread_id
    return None


def conversation_key(chat: Chat, user: User, thread: int | None) -> ConversationKey:
    return ConversationKey(PLATFORM, str(chat.id), str(user.id), str(thread) if thread else None)


def parse_command(message: Message, me: BotIdentity) -> tuple[str, str] | None:
    """(name, args) of a command at the start of the message; None if there is none.

    Raises LookupError for a command addressed to another bot (``/price@OtherBot``).
    """
    text = message.text or ""
    for entity, value in message.parse_entities([MessageEntity.BOT_COMMAND]).items():
        if entity.offset != 0:
            continue
        name, _, target = value[1:].partition("@")
        if target and (me.username is None or target.casefold() != me.username.casefold()):
            raise LookupError(target)
        return name.casefold(), text[len(value) :].strip()
    return None


def mentions_me(message: Message, me: BotIdentity) -> bool:
    for entity, value in message.parse_entities([MessageEntity.MENTION, MessageEntity.TEXT_MENTION]).items():
        if entity.type == MessageEntity.TEXT_MENTION and me.is_me(entity.user):
            return True
        if me.username and value.casefold() == f"@{me.username}".casefold():
            return True
    return False


def replies_to_me(message: Message, me: BotIdentity) -> bool:
    parent = message.reply_to_message
    # In a forum topic every message "replies" to the topic's creation message: not a reply.
    return parent is not None and parent.forum_topic_created is None and me.is_me(parent.from_user)


def strip_mention(text: str, me: BotIdentity) -> str:
    if not me.username:
        return text.strip()
    return re.sub(rf"@{re.escape(me.username)}\b", " ", text, flags=re.IGNORECASE).strip()


def message_event(
    message: Message, update_id: int, me: BotIdentity, *, edited: bool = False
) -> TextMessage | Command | BadInput | None:
    """What to do with one message: an event for the core, a bad-input answer, or nothing."""
    user = message.from_user
    kind = chat_kind(message.chat)
    if kind is None or user is None or me.is_me(user):
        return None
    if user.is_bot and not speaks_as_chat(message):  # an anonymous admin's sender is a bot account
        return None
    in_group = kind is ChatKind.GROUP
    text = message.text
    if text is None:
        if message.effective_attachment is None:
            return None  # service messages: members joining, pins, topic changes...
        return None if in_group else BadInput("only_text")

    try:
        command = parse_command(message, me)
    except LookupError:
        return None  # another bot's command
    if in_group and command is None and not mentions_me(message, me) and not replies_to_me(message, me):
        return None  # chatter
    if edited:
        return None if in_group else BadInput("edited")
    if len(text) > MAX_INPUT_CHARS:
        return None if in_group else BadInput("too_long")

    key = conversation_key(message.chat, user, topic_id(message))
    ident, hint = event_id(update_id), user.language_code
    if command is not None:
        name, args = command
        args = strip_mention(args, me) if in_group else args
        return Command(ident, key, kind, hint, name=name, args=args)
    body = strip_mention(text, me) if in_group else text.strip()
    if not body:
        return Command(ident, key, kind, hint, name="help")  # a bare "@deskmate": what it can do
    return TextMessage(ident, key, kind, hint, text=body)


def button_event(query: CallbackQuery, update_id: int, token: str) -> ButtonPress | None:
    """The press of one of the core's buttons, keyed like the message that carried it."""
    origin = query.message
    if origin is None:
        return None  # a button on an inline-mode message: not ours
    kind = chat_kind(origin.chat)
    if kind is None:
        return None
    thread = topic_id(origin) if isinstance(origin, Message) else None
    return ButtonPress(
        event_id=event_id(update_id),
        key=conversation_key(origin.chat, query.from_user, thread),
        chat_kind=kind,
        locale_hint=query.from_user.language_code,
        token=token,
    )
