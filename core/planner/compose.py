"""Turn a finished (or stopped) planner task into a Reply.

Facts come from tools, words from the model: cards and charts come from the toolsets' validated
results only; the model's prose becomes the assistant's note (core.planner.note: plain, checked
against those results, capped), shown after the cards; its reasoning is dropped.

Statuses follow one table (README, "The model fallback"): every card asked for was fetched:
completed; some data missing (a failed call among good ones, a gap, a stop after data): partial;
every tool call failed or found nothing, or the task stopped before any data: failed; the model
answered in words only (a request no tool covers): failed, with the notice ``unsupported_request``
(the engine adds the capabilities list, as it does without a model), unless those words end in a
question back to the user (a clarification): needs_input.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.i18n import Locale, has_message, t
from core.planner.guard import ProseGuard
from core.planner.note import assistant_note
from core.planner.ports import UNSUPPORTED, ModelErrorCode
from core.planner.run import TaskRun
from core.planner.tooling import Findings
from core.reply import Block, NoticeBlock, Reply, RouteInfo, Status, TraceStep

# Some models inline their reasoning in the content; it is never shown nor sent back.
_THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)


def visible_text(content: str | None) -> str:
    return _THINK.sub("", content or "").strip()


def secret_notice(locale: Locale) -> NoticeBlock:
    return NoticeBlock(t(locale, "planner.secret_redacted"), "warning", "secret_redacted")


async def compose_reply(run: TaskRun, locale: Locale, *, secret_removed: bool, guard: ProseGuard) -> Reply:
    found: list[Findings] = [await r.findings(locale) for r in run.runs.values()]
    # A toolset whose calls all came to nothing (a lookup that refused its arguments, nothing
    # run) adds nothing: the turn is judged as if no tool had been used.
    found = [f for f in found if f != Findings()]
    cards: list[Block] = [c for f in found for c in f.cards]
    notices: list[NoticeBlock] = [secret_notice(locale)] if secret_removed else []
    notices += [n for f in found for n in f.notices]
    errors = any(f.errors for f in found)
    raw = visible_text(run.final_text) if run.stop is None else ""
    performed = {a for f in found for a in f.performed}
    note = assistant_note(raw, cards, performed, locale, guard)
    notices.extend(note.notices(locale))
    # No tool ran and the model finished: it could only talk, and words are no answer from data,
    # unless they ask the user something back ("which coin do you mean?").
    words_only = not found and run.stop is None and bool(raw)
    asks_back = words_only and note.block is not None and note.block.text.rstrip().endswith(("?", "？"))
    if words_only and not asks_back:
        notices.append(NoticeBlock(t(locale, "planner.unsupported"), "info", UNSUPPORTED))
    notices.extend(
        _stop_notices(
            run,
            locale,
            answered=note.block is not None or words_only,
            has_data=bool(cards),
            capped=note.capped_from,
        )
    )

    if cards:
        partial = run.stop is not None or errors or any(f.degraded for f in found) or not raw or note.altered
        status = Status.PARTIAL if partial else Status.COMPLETED
    else:
        status = Status.NEEDS_INPUT if asks_back else Status.FAILED
    route = next((f.route for f in found if f.route is not None), RouteInfo(skill=None, by="model"))
    route_step = TraceStep(
        kind="route",
        name=route.skill or "planner",
        args=dict(route.slots),
        detail={"by": "model", "action": route.action},
    )
    blocks: list[Block] = [*cards, *([note.block] if note.block else []), *notices]
    guard_steps = (note.trace,) if note.trace else ()
    return Reply(
        status=status,
        blocks=tuple(blocks),
        locale=locale,
        trace=(route_step, *run.trace, *guard_steps, *(s for f in found for s in f.trace)),
        usage=run.usage,
        route=route,
        delete_inbound=secret_removed,
    )


def _stop_notices(
    run: TaskRun, locale: Locale, *, answered: bool, has_data: bool, capped: int | None
) -> list[NoticeBlock]:
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
    if answered and (run.finish_reason == "length" or capped is not None):
        return [NoticeBlock(t(locale, "planner.truncated"), "info", "answer_truncated")]
    return []


def with_note(raw: str, reply: Reply, *, locale: Locale, guard: ProseGuard) -> Reply:
    """A started task's answer (a model's handoff) with the model's words beside the call as the
    assistant's note: guarded against that answer's own cards (it was written before they
    existed, so no figure or claim of it can be backed by them unless they show it), after the
    answer's blocks and before its notices; the answer's status is its own."""
    note = assistant_note(raw, reply.blocks, (), locale, guard)
    if note.block is None:
        return reply
    blocks = list(reply.blocks)
    at = len(blocks)
    while at > 0 and isinstance(blocks[at - 1], NoticeBlock):
        at -= 1
    added: list[Block] = [note.block, *note.notices(locale)]
    blocks[at:at] = added
    trace = (*reply.trace, note.trace) if note.trace else reply.trace
    status = Status.PARTIAL if note.altered and reply.status is Status.COMPLETED else reply.status
    return replace(reply, blocks=tuple(blocks), trace=trace, status=status)
