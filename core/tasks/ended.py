"""The names of a conversation's recently finished tasks, so a late press of one of their buttons
says which request it belonged to ("「买入 BTC」已经结束了…") instead of a generic "this button has
expired": a finished task leaves the conversation's state, its buttons stay in the chat.

Each name is kept in both languages, as named when the task ended: the press may come in the
other language (the locale follows the person's messages)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final

from core.i18n import LOCALES, Locale, t
from core.reply import NoticeBlock, Reply
from core.state import ConversationState, Task

ENDED_KEPT: Final = 10  # a button older than the last ten requests is rarely pressed
_KEY: Final = "ended_tasks"  # ConversationState.extra key: [{"id", "zh", "en"}, …], oldest first

# The generic refusals a finished task's button would get, and the words that name the task.
NAMED: Final = {
    "button_expired": "ended.button_expired",
    "button_stale": "ended.button_stale",
    "button_used": "ended.button_used",
}
OVER: Final = "ended.button_stale"  # its token was valid: the request being over is the reason
CANCELLED: Final = "ended.button_cancelled"


def remember(
    state: ConversationState,
    tasks: Iterable[Task | None],
    name: Callable[[Task, Locale], str | None],
    also: Locale | None = None,
) -> None:
    """Keep the names of ``tasks`` that have ended (each once); ``name`` gives a task's name in a
    language, or None when its skill has no name for it. zh and en always; ``also`` zh-Hant when
    the conversation is in it (another name is one more describe: only where it is read)."""
    kept: list[dict[str, str]] = list(state.extra.get(_KEY) or [])
    known = {entry.get("id") for entry in kept}
    for task in tasks:
        if task is None or not task.has_ended or task.id in known:
            continue
        names: dict[str, str | None] = {locale: name(task, locale) for locale in LOCALES}
        if all(names.values()):
            if also is not None and also not in names and (own := name(task, also)):
                names[also] = own
            kept.append({"id": task.id, **{k: str(v) for k, v in names.items()}})
            known.add(task.id)
    if kept:
        state.extra[_KEY] = kept[-ENDED_KEPT:]


def name_of(state: ConversationState, task_id: object, locale: Locale) -> str | None:
    """The name finished task ``task_id`` was known by, in ``locale``; None if not remembered."""
    entries = state.extra.get(_KEY) or []
    # zh-Hant: its own name if it was kept in zh-Hant, else the zh one (a name as typed stays).
    tried = (locale, "zh") if locale == "zh-Hant" else (locale,)
    for entry in reversed(entries):
        if entry.get("id") == task_id:
            return next((entry[k] for k in tried if entry.get(k)), None)
    return None


def reworded(reply: Reply, state: ConversationState, task_id: object, *, key: str | None = None) -> Reply:
    """A generic button refusal (``NAMED``) reworded to name the finished task ``task_id`` it
    belonged to (``key``: the words to use whatever the refusal said, e.g. ``OVER``); any
    other reply, or a task not remembered, as it was. The code stays (adapters drop the keyboard
    by it)."""
    what = name_of(state, task_id, reply.locale)
    if what is None:
        return reply
    blocks = tuple(
        NoticeBlock(t(reply.locale, key or NAMED[b.code], what=what), b.level, b.code)
        if isinstance(b, NoticeBlock) and b.code in NAMED
        else b
        for b in reply.blocks
    )
    return replace(reply, blocks=blocks)
