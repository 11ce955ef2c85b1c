"""Inbound checks before a turn acts: text the core cannot use, secure input nobody asked for."""

from __future__ import annotations

from core.conversation.tasks import open_task
from core.events import MAX_MESSAGE_CHARS, Command, TextMessage
from core.i18n import Locale, t
from core.reply import NoticeBlock, Reply, Status, TraceStep
from core.tasks.answers import secret_value
from core.turn import Turn

# Refused: C0/C1 controls other than tab and line breaks, the bidi embeddings, overrides and
# isolates (invisible characters that make text display as something else), and lone surrogates
# (not text at all: they cannot even be encoded as UTF-8). Zero-width joiners, variation
# selectors, skin tones, keycaps and regional indicators are how ordinary emoji are spelt, and
# ZWNJ/LRM/RLM are part of ordinary writing in several scripts: all of those are accepted.
_CONTROL = frozenset(
    (*range(0x0, 0x9), 0xB, 0xC, *range(0xE, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
     *range(0x2066, 0x206A), *range(0xD800, 0xE000))
)  # fmt: skip
_COMMAND_MAX = 32


def _command_name(name: str) -> bool:
    """What Telegram and Discord allow a command name to be (1-32 letters, digits, underscores);
    the console follows the same rule. Anything else is refused without being echoed back."""
    return 0 < len(name) <= _COMMAND_MAX and name.isascii() and all(c.isalnum() or c == "_" for c in name)


def validate(event: TextMessage | Command, locale: Locale) -> Reply | None:
    """A failed Reply for a message or command that is empty, too long, has control characters
    or (a command) a name no platform could send; else None. Nothing of the input is echoed."""
    text = event.text if isinstance(event, TextMessage) else f"/{event.name} {event.args}".rstrip()
    params: dict[str, object] = {}
    if any(ord(c) in _CONTROL for c in text):
        key, code = "input.control_chars", "control_characters"
    elif not text.strip():
        key, code = "input.empty", "empty_message"
    elif len(text) > MAX_MESSAGE_CHARS:
        key, code = "input.too_long", "message_too_long"
        params = {"length": len(text), "limit": MAX_MESSAGE_CHARS}
    elif isinstance(event, Command) and not _command_name(event.name):
        key, code = "input.invalid_command", "invalid_command"
    else:
        return None
    return Reply(
        Status.FAILED,
        (NoticeBlock(t(locale, key, **params), "error", code),),
        locale,
        trace=(TraceStep("input", "validate", outcome="error", error_code=code),),
    )


def unexpected_secret(turn: Turn, event: TextMessage) -> Reply | None:
    """A secure input that answers no open question (an old modal): a Reply that drops it
    unread, without saving; None when it is expected, or not a secure input at all."""
    if event.secret_slot is None:
        return None
    task = open_task(turn.state)
    if task is not None and task.asking == event.secret_slot:
        return None
    turn.read_only = True
    return secret_not_expected(turn)


def looks_like_stray_secret(text: str) -> bool:
    """One token with a digit or a symbol: a key or passphrase pasted for a closed question.
    (A plain word like "leverage" is a question for the model, not a credential.)"""
    return secret_value(text) is not None and not text.strip().isalpha()


def secret_not_expected(turn: Turn) -> Reply:
    """Drop a secret nobody asks for any more: not kept, not handed to a model, and the platform
    is asked to delete the message that carried it."""
    return Reply(
        Status.FAILED,
        (NoticeBlock(turn.t("secret.not_expected"), "warning", "secret_not_expected"),),
        turn.locale,
        audience="private",
        delete_inbound=True,
    )
