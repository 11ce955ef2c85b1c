"""Which language to answer in: an explicit choice, else what the message or conversation tells."""

from __future__ import annotations

from core.events import Inbound, TextMessage
from core.i18n import REPLY_LOCALES, Locale, message_locale, parse_locale
from core.reply import NoticeBlock, Reply, Status
from core.state import ConversationState
from core.turn import Turn


def guess_locale(event: Inbound, default: Locale) -> Locale:
    """The language to answer in before (or without) loading the conversation's state."""
    text = event.text if isinstance(event, TextMessage) else ""
    hint = parse_locale(event.locale_hint)
    return message_locale(text, hint) or hint or default


def resolve_locale(state: ConversationState, event: Inbound, default: Locale) -> Locale:
    """Explicit setting, else the message's language, else what this conversation last used,
    else the platform's hint, else DESKMATE_LOCALE."""
    if event.locale_choice:
        return event.locale_choice
    if state.locale:
        return state.locale
    last = _last(state)
    hint = parse_locale(event.locale_hint)
    # A lone Latin word ("mycustom", "binance", a URL) answering a question mid-conversation is
    # a name, not a switch of language; in a new conversation it is all there is to go on.
    text = "" if last and _lone_ascii_token(event) else _telling_text(event)
    return message_locale(text, last or hint) or last or hint or default


def remember_locale(state: ConversationState, event: Inbound) -> None:
    """Note the language a text message was written in, for later messages that do not tell."""
    last = _last(state)
    if isinstance(event, TextMessage) and not (last and _lone_ascii_token(event)):
        detected = message_locale(_telling_text(event), last or parse_locale(event.locale_hint))
        if detected:
            state.extra["last_locale"] = detected


def _last(state: ConversationState) -> Locale | None:
    """The language this conversation's last telling message was in (zh, zh-Hant or en)."""
    last = state.extra.get("last_locale")
    return last if last in REPLY_LOCALES else None


def set_locale(turn: Turn, locale: Locale) -> Reply:
    """An explicit choice (/lang or a language button): it wins from now on."""
    turn.state.locale = locale
    turn.locale = locale
    return Reply(Status.COMPLETED, (NoticeBlock(turn.t("lang.set"), code="locale_set"),), locale)


def _telling_text(event: Inbound) -> str:
    """The message text if it may tell its language. A lone token with digits ("sk-3f9a…", an API
    key being pasted) says nothing about the language the person speaks."""
    if not isinstance(event, TextMessage):
        return ""
    text = event.text.strip()
    if text.isascii() and not any(c.isspace() for c in text) and any(c.isdigit() for c in text):
        return ""
    return event.text


def _lone_ascii_token(event: Inbound) -> bool:
    if not isinstance(event, TextMessage):
        return False
    text = event.text.strip()
    return text.isascii() and not any(c.isspace() for c in text)
