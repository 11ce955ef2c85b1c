"""Turn a finished (or stopped) planner task into a Reply.

Facts come from tools, words from the model: cards and charts come from the toolsets' validated
results only; the model's prose becomes one TextBlock (adapters escape it); its reasoning is dropped.
"""

from __future__ import annotations

import re

from core.i18n import Locale, has_message, t
from core.planner.ports import ModelErrorCode
from core.planner.run import TaskRun
from core.planner.tooling import Findings
from core.reply import Block, NoticeBlock, Reply, RouteInfo, Status, TextBlock, TraceStep

# Some models inline their reasoning in the content; it is never shown nor sent back.
_THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)


def visible_text(content: str | None) -> str:
    return _THINK.sub("", content or "").strip()


def secret_notice(locale: Locale) -> NoticeBlock:
    return NoticeBlock(t(locale, "planner.secret_redacted"), "warning", "secret_redacted")


async def compose_reply(run: TaskRun, locale: Locale, *, secret_removed: bool) -> Reply:
    found: list[Findings] = [await r.findings(locale) for r in run.runs.values()]
    cards: list[Block] = [c for f in found for c in f.cards]
    notices: list[NoticeBlock] = [secret_notice(locale)] if secret_removed else []
    notices += [n for f in found for n in f.notices]
    errors = any(f.errors for f in found)
    text = visible_text(run.final_text) if run.stop is None else ""
    notices.extend(_stop_notices(run, locale, answered=bool(text), has_data=bool(cards)))

    if not cards:
        # A clarification or a plain "that is not supported" is a completed answer; a task
        # whose tool calls failed or found nothing, or that ended without an answer, is not.
        ok = run.stop is None and bool(text) and not errors and not any(f.empty for f in found)
        status = Status.COMPLETED if ok else Status.FAILED
    elif run.stop is not None or errors or any(f.degraded for f in found) or not text:
        status = Status.PARTIAL
    else:
        status = Status.COMPLETED
    route = next((f.route for f in found if f.route is not None), RouteInfo(skill=None, by="model"))
    route_step = TraceStep(
        kind="route",
        name=route.skill or "planner",
        args=dict(route.slots),
        detail={"by": "model", "action": route.action},
    )
    blocks: list[Block] = [*cards, *([TextBlock(text)] if text else []), *notices]
    return Reply(
        status=status,
        blocks=tuple(blocks),
        locale=locale,
        trace=(route_step, *run.trace, *(s for f in found for s in f.trace)),
        usage=run.usage,
        route=route,
        delete_inbound=secret_removed,
    )


def _stop_notices(run: TaskRun, locale: Locale, *, answered: bool, has_data: bool) -> list[NoticeBlock]:
    """Why the task ended early (budget, model error, deadline, limits), or a cut-off answer."""
    if run.stop in ("budget_user", "budget_site", "budget_unknown"):
        return [NoticeBlock(t(locale, f"planner.{run.stop}"), "warning", run.stop)]
    if run.stop == "model_error":
        code = run.model_error or ModelErrorCode.UNAVAILABLE
        key = f"planner.model.{code}"
        if not has_message(key):
            key = "planner.model.unavailable"
        return [NoticeBlock(t(locale, key), "error", f"model_{code}")]
    if run.stop == "deadline":
        return [NoticeBlock(t(locale, "planner.deadline"), "warning", "deadline_exceeded")]
    if run.stop == "limit":
        return [NoticeBlock(t(locale, "planner.limit_reached"), "warning", "limit_reached")]
    if not answered and not has_data:
        return [NoticeBlock(t(locale, "planner.no_answer"), "warning", "no_answer")]
    if answered and run.finish_reason == "length":
        return [NoticeBlock(t(locale, "planner.truncated"), "info", "answer_truncated")]
    return []
