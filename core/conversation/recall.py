"""What a conversation remembers for its next message: the last coin and record a task was about
and the last request, in ConversationState.recall (saved with the conversation, so a restart keeps
them). Pronouns and "again" refer to them (core.conversation.references)."""

from __future__ import annotations

from typing import Any

from core.routing.router import Route
from core.state import LastAsk, Recall, RecordRef, Task, TaskStatus
from core.tasks.given import RESERVED

# The records a pronoun may mean, by the skill managing them: how a message names that kind.
RECORD_NOUNS: dict[str, tuple[str, str]] = {
    "trader_management": ("交易员", "trader"),
    "strategy_management": ("策略", "strategy"),
    "exchange_management": ("账户", "account"),
    "model_management": ("模型配置", "model config"),
}
# The kinds a message may ask for as a group, by skill: how the group is named ("which ones are
# left" -> the alerts; "start all my traders then show me how they're doing" -> my traders). English
# plurals are not all an "s" away ("strategies"), so they are listed.
KIND_PLURALS: dict[str, tuple[str, str]] = {
    "trader_management": ("交易员", "traders"),
    "strategy_management": ("策略", "strategies"),
    "exchange_management": ("账户", "accounts"),
    "model_management": ("模型配置", "model configs"),
    "price_alert": ("提醒", "alerts"),
    "orders": ("挂单", "orders"),
}


def _coin_of(slots: dict[str, Any]) -> str | bool | None:
    """The one coin a task is about; False when it names none (so the last one stands), None
    when it names several (so "it" is no longer clear)."""
    symbols = slots.get("symbols")
    if isinstance(symbols, list) and len(symbols) > 1:
        return None
    symbol = slots.get("symbol")
    if isinstance(symbol, str) and symbol:
        return symbol
    if isinstance(symbols, list) and len(symbols) == 1 and isinstance(symbols[0], str):
        return str(symbols[0])
    return False


def remember_task(recall: Recall, task: Task) -> None:
    """Note the coin and the record ``task`` is about (every task settles through here)."""
    coin = _coin_of(task.slots)
    if coin is not False:
        recall.coin = coin if isinstance(coin, str) else None
        recall.record_latest = False
    ref = task.target_ref or {}
    name = ref.get("name")
    if task.skill in RECORD_NOUNS and name:
        gone = task.action == "delete" and task.status is TaskStatus.COMPLETED
        if gone:
            if recall.record is not None and recall.record.name == name:
                recall.record = None
        else:
            recall.record = RecordRef(skill=task.skill, name=name, id=ref.get("id"))
            recall.record_latest = True


def remember_ask(recall: Recall, route: Route, action: str) -> None:
    """Note a request as routed, to run again later; never one carrying a secret."""
    if any(k in RESERVED for k in route.slots):
        return
    recall.ask = LastAsk(skill=route.skill, action=action, slots=dict(route.slots))
