"""guidance: step-by-step answers to "where do I get a DeepSeek API key", "币安API权限应该勾选哪些",
"what is paper trading" (zh + en), from the topic files. Public and model-free: asked in the
middle of a task, it is a side question, answered before the open task's question comes back.
Its rule (rules.py) reads the question; this answers it."""

from __future__ import annotations

from core.i18n import Locale
from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.skills.base import OneShotSkill
from core.skills.guidance.catalog import Topic, topics
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.transitions import move
from core.turn import Turn

SKILL = "guidance"


class GuidanceSkill(OneShotSkill):
    name = SKILL
    # Answers only what the message names (a term, a topic): never started without it (a "did
    # you mean" button of the nearest known phrasings is not offered bare, core.conversation.choices).
    NAMED_ONLY = frozenset({"explain"})

    async def explain(self, turn: Turn, task: Task) -> Done:
        key = str(task.slots.get("topic", ""))
        topic = topics().get(key)
        aspect = str(task.slots.get("aspect", "setup"))
        move(task, TaskStatus.EXECUTING, turn.now)
        if topic is None and not key and aspect == "permissions":
            # "API要开哪些权限": no exchange named, each exchange's permissions
            move(task, TaskStatus.COMPLETED, turn.now)
            return Done(self._answered(turn, task, "exchanges", every_permission(turn.locale)))
        if topic is None:  # a rule only routes known topics; a stale task may not
            move(task, TaskStatus.FAILED, turn.now)
            reply = Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("button.unknown"), "warning", "unknown_topic"),),
                turn.locale,
            )
            return Done(reply, ok=False)
        move(task, TaskStatus.COMPLETED, turn.now)
        text = answer(topic, turn.locale, permissions_only=aspect == "permissions")
        return Done(self._answered(turn, task, topic.key, text))

    def _answered(self, turn: Turn, task: Task, key: str, text: str) -> Reply:
        return Reply(
            Status.COMPLETED,
            (NoticeBlock(text, "info", f"guidance.{key}"),),
            turn.locale,
            route=RouteInfo(SKILL, "explain", dict(task.slots), by=task.origin),
        )


def every_permission(locale: Locale) -> str:
    """Each exchange's API key permissions, one after the other (asked with no exchange named)."""
    from core.i18n import t

    parts = [t(locale, "guide.permissions_every")]
    for topic in topics().values():
        text = topic.text(locale)
        if topic.kind == "exchange" and text.permissions:
            lines = [t(locale, "guide.permissions_title", title=text.title)]
            lines += [f"• {p}" for p in text.permissions]
            lines.append(t(locale, "guide.steps_hint", ask=t(locale, f"guide.ask.{topic.key}")))
            parts.append("\n".join(lines))
    return "\n\n".join(parts)


def answer(topic: Topic, locale: Locale, *, permissions_only: bool = False) -> str:
    """The guide as text: the title, numbered steps, then permissions, what to fill in, notes,
    and when the facts were written down. A permissions question gets the permissions first
    and a pointer to the whole walk-through."""
    from core.i18n import t

    text = topic.text(locale)
    lines: list[str] = []
    if permissions_only and text.permissions:
        lines.append(t(locale, "guide.permissions_title", title=text.title))
        lines.extend(f"• {p}" for p in text.permissions)
        if text.notes:
            lines.append(t(locale, "guide.notes") + ":")
            lines.extend(f"• {n}" for n in text.notes)
        lines.append(t(locale, "guide.steps_hint", ask=t(locale, f"guide.ask.{topic.key}")))
    else:
        lines.append(text.title)
        lines.extend(f"{n}. {step}" for n, step in enumerate(text.steps, 1))
        for heading, items in (("guide.permissions", text.permissions), ("guide.facts", text.facts)):
            if items:
                lines.append(t(locale, heading) + ":")
                lines.extend(f"• {item}" for item in items)
        if text.notes:
            lines.append(t(locale, "guide.notes") + ":")
            lines.extend(f"• {n}" for n in text.notes)
    lines.append(t(locale, "guide.checked", date=topic.checked.isoformat(), source=topic.source))
    return "\n".join(lines)


ACTIONS: dict[str, ActionSpec[GuidanceSkill]] = {
    "explain": ActionSpec(run=GuidanceSkill.explain, writes=False)
}
