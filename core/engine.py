"""The conversation core: one inbound event in, one Reply out.

inbound -> validate -> dedupe -> (per-conversation lock) load state -> continue the open task,
or route by rules, or hand to the planner -> save state -> Reply.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import replace
from datetime import timedelta
from typing import Any, Protocol

import core.messages  # noqa: F401  (registers the engine's texts)
from core.clock import Clock
from core.events import ButtonPress, ChatKind, Command, ConversationKey, Inbound, TextMessage
from core.i18n import Locale, detect_locale, parse_locale, register, t
from core.locks import KeyedLocks
from core.ports import ChartRenderer, ClaimOutcome, ProgressSink, StateStore
from core.reply import Block, NoticeBlock, Reply, RouteInfo, Status, TextBlock, TraceStep
from core.routing.router import PriceRule, Route, Router, Rule
from core.skills.base import Skill, TaskSkill
from core.skills.price import PriceSkill
from core.skills.price_service import PriceService
from core.state import ConversationState, Task, TaskStatus
from core.turn import Stopwatch, Turn, new_id
from core.workspace.text import is_cancel, is_confirm, is_decline, is_resume

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 500
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
BUTTON_TTL = timedelta(minutes=15)
TASK_IDLE_TTL = timedelta(minutes=30)  # an open task nobody answered for this long expires
RESUME_TTL = timedelta(hours=24)  # interrupted tasks are offered again for this long
EXECUTING_GRACE = timedelta(minutes=2)  # "executing" older than this: its process died mid-way
RESUME_BUTTON_TTL = timedelta(hours=1)
MAX_RESUME_STACK = 5

register(
    {
        "task.expired": {
            "zh": "之前的「{what}」太久没有继续，已自动取消，没有做任何更改。",
            "en": "The earlier task ({what}) was idle too long and has been cancelled; nothing was changed.",
        },
        "task.confirm_expired": {
            "zh": "「{what}」的确认已过期，没有执行任何操作。如需继续请重新发起。",
            "en": "The confirmation for {what} expired; nothing was done. Ask again to start over.",
        },
        "task.crashed": {
            "zh": "「{what}」在执行中被中断（服务重启），结果未知，请查看列表确认。",
            "en": "{what} was interrupted while running (a restart); please check the list to see whether it "
            "went through.",
        },
        "task.already_handled": {
            "zh": "这个确认已经处理过了（可能在别处点了按钮），不会重复执行。",
            "en": "That confirmation was already handled (perhaps by a button elsewhere); "
            "it won't run twice.",
        },
        "task.busy": {
            "zh": "上一个操作还在执行中，请稍后再发一次。",
            "en": "The previous action is still running; please send that again in a moment.",
        },
        "task.nothing_to_confirm": {
            "zh": "当前没有等待确认的操作。",
            "en": "There's nothing waiting for confirmation.",
        },
        "task.cancelled": {
            "zh": "已取消「{what}」，没有做任何更改。",
            "en": "Cancelled {what}; nothing was changed.",
        },
        "task.back_to": {"zh": "回到「{what}」：", "en": "Back to {what}:"},
        "task.offer_resume": {
            "zh": "「{what}」还没有完成，要继续吗？",
            "en": "You didn't finish {what}. Continue?",
        },
        "secret.not_expected": {
            "zh": "这个输入已失效（对应的问题已结束），内容没有被保存。",
            "en": "That input is no longer expected (its question is closed); nothing was stored.",
        },
        "task.button.resume": {"zh": "继续", "en": "Continue"},
        "task.button.discard": {"zh": "放弃", "en": "Discard"},
        "task.discarded": {"zh": "好的，已放弃「{what}」。", "en": "OK, dropped {what}."},
        "task.nothing_to_resume": {
            "zh": "没有可以继续的任务了（可能已过期）。",
            "en": "There's no task to continue (it may have expired).",
        },
    }
)


class Planner(Protocol):
    """The LLM fallback (issue 5): answers what no rule recognises."""

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply: ...


class Core:
    """Platform-neutral conversation engine. Adapters call ``handle``."""

    def __init__(
        self,
        *,
        store: StateStore,
        prices: PriceService,
        charts: ChartRenderer | None,
        clock: Clock,
        default_locale: Locale = "en",
        planner: Planner | None = None,
        extra_rules: list[Rule] | None = None,
        extra_skills: list[Skill] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.catalog = prices.catalog
        self.default_locale = default_locale
        self.planner = planner
        self.price = PriceSkill(prices, charts)
        self.skills: dict[str, Skill] = {self.price.name: self.price}
        for skill in extra_skills or []:
            self.skills[skill.name] = skill
        # Workspace phrasings first: "create a BTC agent" names a coin but is no price request.
        self.router = Router([*(extra_rules or []), PriceRule(self.catalog)])
        self._locks = KeyedLocks()
        self._running: dict[str, asyncio.Task[Reply]] = {}

    # -- entry point -----------------------------------------------------------------------------

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply:
        watch = Stopwatch()
        if isinstance(event, TextMessage):
            invalid = self._validate(event)
            if invalid is not None:
                return invalid
        stopped_running = False
        if isinstance(event, Command) and event.name == "cancel":
            # Before the lock: the turn being cancelled may be holding it.
            stopped_running = await self._cancel_running(event.key)
        now = self.clock.now()
        if not await self.store.record_event(f"{event.key.platform}:{event.event_id}", now):
            return Reply(
                Status.COMPLETED,
                (),
                self._guess_locale(event),
                important=False,
                trace=(TraceStep("input", "duplicate_event", {"event_id": event.event_id}),),
            )
        if isinstance(event, ButtonPress):
            reply = await self._press(event, progress)
        else:
            async with self._locks.hold(event.key.as_str()):
                state = await self.store.load_state(event.key)
                turn = self._turn(event.key, event, state)
                turn.stopped_running = stopped_running
                if self._busy(turn):
                    reply = self._busy_reply(turn, event)  # read-only: the executing turn saves
                else:
                    reply = await self._dispatch(turn, event, progress)
                    self._remember_locale(turn, event)
                    if not turn.read_only:
                        await self.store.save_state(event.key, state)
            reply = self._finish(reply, turn)
        log.debug("turn %s done in %.1f ms: %s", event.event_id, watch.ms(), reply.status)
        return reply

    # -- validation and locale ---------------------------------------------------------------------

    def _validate(self, event: TextMessage) -> Reply | None:
        text = event.text
        locale = self._guess_locale(event)
        params: dict[str, object] = {}
        if _CONTROL.search(text):
            key, code = "input.control_chars", "control_characters"
        elif not text.strip():
            key, code = "input.empty", "empty_message"
        elif len(text) > MAX_MESSAGE_CHARS:
            key, code = "input.too_long", "message_too_long"
            params = {"length": len(text), "limit": MAX_MESSAGE_CHARS}
        else:
            return None
        return Reply(
            Status.FAILED,
            (NoticeBlock(t(locale, key, **params), "error", code),),
            locale,
            trace=(TraceStep("input", "validate", outcome="error", error_code=code),),
        )

    def _guess_locale(self, event: Inbound) -> Locale:
        text = event.text if isinstance(event, TextMessage) else ""
        return detect_locale(text) or parse_locale(event.locale_hint) or self.default_locale

    def _locale(self, state: ConversationState, event: Inbound) -> Locale:
        """Explicit setting, else the message's language, else what this conversation last used,
        else the platform's hint, else DESKMATE_LOCALE."""
        text = _telling_text(event)
        if event.locale_choice:
            return event.locale_choice
        if state.locale:
            return state.locale
        last = state.extra.get("last_locale")
        return (
            detect_locale(text)
            or (last if last in ("zh", "en") else None)
            or parse_locale(event.locale_hint)
            or self.default_locale
        )

    @staticmethod
    def _remember_locale(turn: Turn, event: Inbound) -> None:
        if isinstance(event, TextMessage):
            detected = detect_locale(_telling_text(event))
            if detected:
                turn.state.extra["last_locale"] = detected

    def _turn(self, key: ConversationKey, event: Inbound, state: ConversationState) -> Turn:
        return Turn(
            key=key,
            chat_kind=event.chat_kind,
            state=state,
            locale=self._locale(state, event),
            now=self.clock.now(),
            store=self.store,
            text=event.text if isinstance(event, TextMessage) else "",
        )

    @staticmethod
    def _finish(reply: Reply, turn: Turn) -> Reply:
        route = reply.route
        step = TraceStep(
            "route",
            route.by or "none",
            {"skill": route.skill, "action": route.action, "slots": dict(route.slots)},
        )
        head = tuple(s for s in reply.trace if s.kind == "route") or (step,)
        rest = tuple(s for s in reply.trace if s.kind != "route")
        return replace(reply, trace=head + tuple(turn.trace) + rest)

    # -- dispatch ------------------------------------------------------------------------------------

    async def _dispatch(self, turn: Turn, event: Inbound, progress: ProgressSink | None) -> Reply:
        notices = self._expire_stale(turn)
        if isinstance(event, Command):
            reply = await self._command(turn, event, progress)
        else:
            assert isinstance(event, TextMessage)
            if event.secret_slot is not None and not self._expects(turn, event.secret_slot):
                return self._secret_not_expected(turn)
            reply = await self._text(turn, event.text.strip(), progress)
        reply = await self._offer_resume(turn, reply)
        return _prepend(reply, notices)

    async def _text(self, turn: Turn, text: str, progress: ProgressSink | None) -> Reply:
        state = turn.state
        route = self.router.route(text)
        active = self._open(state)
        if active is not None:
            if active.status is TaskStatus.AWAITING_CONFIRMATION and active.confirm_token:
                if is_confirm(text):
                    return await self._typed_confirm(turn, active)
                if is_cancel(text) or is_decline(text):
                    return await self._cancel_task(turn, active)
            elif is_cancel(text):
                return await self._cancel_task(turn, active)
            skill = self.skills.get(active.skill)
            if skill is not None:
                answer = await skill.continue_text(turn, active, route)
                if answer is not None:
                    self._settle(state, active)
                    return answer
            if route is None and self._resumable(active):
                # A side question: answer it (planner or fallback), then ask the open question again.
                reply = await self._unrouted(turn, text, progress)
                return await self._back_to(turn, active, reply)
        elif state.resume_stack and is_resume(text):
            return await self._resume(turn, state.resume_stack[-1].id)
        if route is not None:
            return await self._start(turn, route)
        if is_confirm(text):
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("task.nothing_to_confirm"), code="nothing_to_confirm"),),
                turn.locale,
            )
        return await self._unrouted(turn, text, progress)

    async def _start(self, turn: Turn, route: Route) -> Reply:
        state = turn.state
        skill = self.skills.get(route.skill)
        if skill is None:
            return self._fallback(turn)
        if skill.private and turn.chat_kind is ChatKind.GROUP:
            return self._private_only(turn, route)
        action = route.action
        if action is None:  # a bare follow-up: same kind of answer as last time
            last = state.last_completed
            action = last.action if last is not None and last.skill == route.skill else "current"
        slots = dict(route.slots)
        target_ref = slots.pop("target_ref", None)
        task = Task(
            id=new_id(),
            skill=route.skill,
            action=action,
            slots=slots,
            target_ref=dict(target_ref) if isinstance(target_ref, dict) else None,
            created_at=turn.now,
            updated_at=turn.now,
        )
        previous = self._open(state)
        # A quick public question (a price, a term) in the middle of a workspace task is a side
        # question: answered, and the open task stays where it was. Anything else switches.
        side = previous is not None and self._resumable(previous) and not skill.private
        if previous is not None and not side:
            self._interrupt(state, previous)
        reply = await skill.start(turn, task)
        if side and previous is not None and task.is_open:
            self._interrupt(state, previous)  # the side question needs an answer itself: it takes over
        self._settle(state, task)
        if side and previous is not None and state.active is previous:
            reply = await self._back_to(turn, previous, reply)
        return reply

    def _expects(self, turn: Turn, slot: str) -> bool:
        task = self._open(turn.state)
        return task is not None and task.asking == slot

    @staticmethod
    def _secret_not_expected(turn: Turn) -> Reply:
        """A secure input arrived for a question no longer open (an old modal): drop it unread."""
        turn.read_only = True
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("secret.not_expected"), "warning", "secret_not_expected"),),
            turn.locale,
            audience="private",
            delete_inbound=True,
        )

    @staticmethod
    def _open(state: ConversationState) -> Task | None:
        return state.active if state.active is not None and state.active.is_open else None

    def _settle(self, state: ConversationState, task: Task) -> None:
        """Keep an open task active; file a finished one as the context for follow-ups."""
        task.updated_at = self.clock.now()
        if task.is_open:
            state.active = task
        else:
            if state.active is not None and state.active.id == task.id:
                state.active = None
            if task.status in (TaskStatus.COMPLETED, TaskStatus.FAILED):
                state.last_completed = task

    def _resumable(self, task: Task) -> bool:
        return isinstance(self.skills.get(task.skill), TaskSkill)

    def _describe(self, turn: Turn, task: Task) -> str:
        skill = self.skills.get(task.skill)
        return skill.describe(turn, task) if isinstance(skill, TaskSkill) else task.skill

    def _interrupt(self, state: ConversationState, task: Task) -> None:
        """A new clear intent replaces the open task. A question that only picked a coin is
        simply dropped; workspace tasks go on the resume stack, where they were."""
        if state.active is not None and state.active.id == task.id:
            state.active = None
        if not self._resumable(task):
            task.status = TaskStatus.CANCELLED
            return
        task.resume_status = task.status
        task.status = TaskStatus.INTERRUPTED
        task.resume_offered = False
        task.updated_at = self.clock.now()
        others = [t for t in state.resume_stack if t.id != task.id]
        state.resume_stack = [*others[-(MAX_RESUME_STACK - 1) :], task]

    # -- the open task: expiry, confirmation, cancel, side questions, resume ---------------------------

    def _busy(self, turn: Turn) -> bool:
        """Another process is executing this conversation's task right now (the state says
        "executing", recently). This turn must neither act on nor overwrite that state."""
        task = turn.state.active
        return (
            task is not None
            and task.status is TaskStatus.EXECUTING
            and turn.now - task.updated_at <= EXECUTING_GRACE
        )

    @staticmethod
    def _busy_reply(turn: Turn, event: Inbound) -> Reply:
        if isinstance(event, TextMessage) and is_confirm(event.text):
            notice = NoticeBlock(turn.t("task.already_handled"), "warning", "already_handled")
        else:
            notice = NoticeBlock(turn.t("task.busy"), "warning", "busy")
        return Reply(Status.FAILED, (notice,), turn.locale)

    def _expire_stale(self, turn: Turn) -> list[Block]:
        """Close an open task nobody continued in time (and old interrupted ones)."""
        state, now = turn.state, turn.now
        notices: list[Block] = []
        task = self._open(state)
        if task is not None:
            key: str | None = None
            if (
                task.status is TaskStatus.AWAITING_CONFIRMATION
                and task.confirm_expires_at is not None
                and now >= task.confirm_expires_at
            ):
                key, task.status = "task.confirm_expired", TaskStatus.EXPIRED
            elif task.status is TaskStatus.EXECUTING and now - task.updated_at > EXECUTING_GRACE:
                key, task.status = "task.crashed", TaskStatus.FAILED
            elif now - task.updated_at > TASK_IDLE_TTL:
                key, task.status = "task.expired", TaskStatus.EXPIRED
            if key is not None:
                state.active = None
                task.updated_at = now
                turn.trace.append(
                    TraceStep("store", "task_transition", {"task": task.id, "to": task.status.value})
                )
                if self._resumable(task):
                    code = key.split(".", 1)[1]
                    notices.append(NoticeBlock(turn.t(key, what=self._describe(turn, task)), "warning", code))
        kept: list[Task] = []
        for stacked in state.resume_stack:
            if now - stacked.updated_at > RESUME_TTL:
                stacked.status = TaskStatus.EXPIRED
            else:
                kept.append(stacked)
        state.resume_stack = kept
        return notices

    async def _typed_confirm(self, turn: Turn, task: Task) -> Reply:
        """ "确认" / "yes" spends the confirm button's token: one compare-and-set, whichever way
        (button, text, another process) the confirmation arrives first."""
        assert task.confirm_token is not None
        claim = await self.store.claim_token(task.confirm_token, turn.key.user_id, turn.now)
        turn.trace.append(
            TraceStep("input", "claim_confirmation", {"task": task.id}, detail={"outcome": claim.outcome})
        )
        skill = self.skills.get(task.skill)
        if claim.outcome is ClaimOutcome.CLAIMED and claim.token is not None and skill is not None:
            reply = await skill.on_button(turn, task, claim.token.payload)
            self._settle(turn.state, task)
            return reply
        return await self._unclaimable(turn, task, claim.outcome)

    async def _unclaimable(self, turn: Turn, task: Task, outcome: ClaimOutcome) -> Reply:
        state = turn.state
        if outcome is ClaimOutcome.USED:
            # Spent elsewhere (a button, another process): that turn owns the outcome and saves
            # it; this turn's copy of the state is stale and must not overwrite it.
            turn.read_only = True
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("task.already_handled"), "warning", "already_handled"),),
                turn.locale,
            )
        task.status = TaskStatus.EXPIRED
        task.updated_at = turn.now
        if state.active is not None and state.active.id == task.id:
            state.active = None
        return Reply(
            Status.FAILED,
            (
                NoticeBlock(
                    turn.t("task.confirm_expired", what=self._describe(turn, task)),
                    "warning",
                    "confirm_expired",
                ),
            ),
            turn.locale,
        )

    async def _cancel_task(self, turn: Turn, task: Task, *, spent: bool = False) -> Reply:
        """Cancel ``task``. A pending confirmation's tokens are spent first, so a confirm racing
        in from another process either wins (and we say so) or can no longer run."""
        if not spent and task.status is TaskStatus.AWAITING_CONFIRMATION and task.cancel_token:
            claim = await self.store.claim_token(task.cancel_token, turn.key.user_id, turn.now)
            if claim.outcome is ClaimOutcome.USED:
                return await self._unclaimable(turn, task, ClaimOutcome.USED)
        state = turn.state
        what = self._describe(turn, task)
        task.status = TaskStatus.CANCELLED
        task.updated_at = turn.now
        task.confirm_token = task.cancel_token = None
        if state.active is not None and state.active.id == task.id:
            state.active = None
        state.resume_stack = [t for t in state.resume_stack if t.id != task.id]
        turn.trace.append(TraceStep("store", "task_transition", {"task": task.id, "to": "cancelled"}))
        text = turn.t("task.cancelled", what=what) if self._resumable(task) else turn.t("cancel.done")
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="cancelled"),), turn.locale)

    async def _back_to(self, turn: Turn, task: Task, reply: Reply) -> Reply:
        """After a side answer: the open task's question again, below the answer."""
        skill = self.skills.get(task.skill)
        if not isinstance(skill, TaskSkill) or not task.is_open:
            return reply
        again = await skill.reprompt(turn, task)
        self._settle(turn.state, task)
        header = NoticeBlock(turn.t("task.back_to", what=skill.describe(turn, task)), code="back_to_task")
        return replace(
            reply,
            blocks=(*reply.blocks, header, *again.blocks),
            buttons=(*reply.buttons, *again.buttons),
            audience="private" if "private" in (reply.audience, again.audience) else "public",
            expects_secret=again.expects_secret,
        )

    async def _offer_resume(self, turn: Turn, reply: Reply) -> Reply:
        """Once nothing is open any more, offer (once) to continue the last interrupted task."""
        state = turn.state
        if self._open(state) is not None or not state.resume_stack:
            return reply
        task = state.resume_stack[-1]
        skill = self.skills.get(task.skill)
        if task.resume_offered or not isinstance(skill, TaskSkill):
            return reply
        task.resume_offered = True
        buttons = await turn.buttons(
            [
                (turn.t("task.button.resume"), {"kind": "task.resume", "task_id": task.id}),
                (turn.t("task.button.discard"), {"kind": "task.discard", "task_id": task.id}),
            ],
            ttl=RESUME_BUTTON_TTL,
            styles=("primary", "secondary"),
        )
        notice = NoticeBlock(
            turn.t("task.offer_resume", what=skill.describe(turn, task)), code="offer_resume"
        )
        return replace(reply, blocks=(*reply.blocks, notice), buttons=(*reply.buttons, *buttons))

    def _restore(self, turn: Turn, task: Task) -> None:
        """Bring an interrupted task back as the open one (interrupting whatever is open now)."""
        state = turn.state
        state.resume_stack = [t for t in state.resume_stack if t.id != task.id]
        current = self._open(state)
        if current is not None and current.id != task.id:
            self._interrupt(state, current)
        task.status = task.resume_status or TaskStatus.COLLECTING
        task.resume_status = None
        task.resume_offered = False
        task.updated_at = turn.now
        state.active = task

    async def _resume(self, turn: Turn, task_id: str) -> Reply:
        task = next((t for t in turn.state.resume_stack if t.id == task_id), None)
        skill = self.skills.get(task.skill) if task is not None else None
        if task is None or not isinstance(skill, TaskSkill):
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("task.nothing_to_resume"), code="nothing_to_resume"),),
                turn.locale,
            )
        self._restore(turn, task)
        turn.trace.append(TraceStep("store", "task_transition", {"task": task.id, "to": task.status.value}))
        reply = await skill.reprompt(turn, task)
        self._settle(turn.state, task)
        return reply

    def _discard(self, turn: Turn, task_id: str) -> Reply:
        state = turn.state
        task = next((t for t in state.resume_stack if t.id == task_id), None)
        if task is None:
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("task.nothing_to_resume"), code="nothing_to_resume"),),
                turn.locale,
            )
        state.resume_stack = [t for t in state.resume_stack if t.id != task_id]
        task.status = TaskStatus.CANCELLED
        task.updated_at = turn.now
        return Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t("task.discarded", what=self._describe(turn, task)), code="discarded"),),
            turn.locale,
        )

    def _private_only(self, turn: Turn, route: Route) -> Reply:
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("private_only"), "warning", "private_only"),),
            turn.locale,
            audience="private",
            route=RouteInfo(route.skill, route.action, dict(route.slots), by="rule"),
        )

    # -- commands ----------------------------------------------------------------------------------------

    async def _command(self, turn: Turn, cmd: Command, progress: ProgressSink | None) -> Reply:
        name = cmd.name.lower()
        if name in ("price", "history"):
            route = self.router.route(f"/{name} {cmd.args}".strip())
            assert route is not None
            return await self._start(turn, route)
        if name == "start":
            return await self._welcome(turn)
        if name == "help":
            return self._help(turn)
        if name == "lang":
            return await self._lang(turn, cmd.args.strip().lower())
        if name == "cancel":
            return await self._cancel_open(turn)
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("cmd.unknown", name=name), "warning", "unknown_command"),),
            turn.locale,
            important=False,
        )

    async def _welcome(self, turn: Turn) -> Reply:
        buttons = await turn.buttons(
            [("中文", {"kind": "lang", "locale": "zh"}), ("English", {"kind": "lang", "locale": "en"})],
            ttl=timedelta(days=7),
        )
        text = f"{turn.t('welcome')}\n{turn.t('examples')}\n\n{turn.t('help.commands')}"
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="welcome"),), turn.locale, buttons=buttons)

    def _help(self, turn: Turn) -> Reply:
        text = (
            f"{turn.t('help', supported=self.catalog.supported_bases())}\n"
            f"{turn.t('examples')}\n\n{turn.t('help.commands')}"
        )
        return Reply(Status.COMPLETED, (NoticeBlock(text, code="help"),), turn.locale)

    async def _lang(self, turn: Turn, arg: str) -> Reply:
        choice = parse_locale(arg) if arg else None
        if choice is None:
            if arg:
                return Reply(
                    Status.FAILED,
                    (NoticeBlock(turn.t("lang.invalid"), "warning", "invalid_locale"),),
                    turn.locale,
                )
            buttons = await turn.buttons(
                [("中文", {"kind": "lang", "locale": "zh"}), ("English", {"kind": "lang", "locale": "en"})],
                ttl=BUTTON_TTL,
            )
            return Reply(
                Status.NEEDS_INPUT,
                (NoticeBlock(turn.t("lang.ask"), code="ask_locale"),),
                turn.locale,
                buttons=buttons,
            )
        return self._set_locale(turn, choice)

    @staticmethod
    def _set_locale(turn: Turn, locale: Locale) -> Reply:
        turn.state.locale = locale
        turn.locale = locale
        return Reply(Status.COMPLETED, (NoticeBlock(turn.t("lang.set"), code="locale_set"),), locale)

    async def _cancel_open(self, turn: Turn) -> Reply:
        task = self._open(turn.state)
        if task is None and not turn.stopped_running:
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("cancel.nothing"), code="nothing_to_cancel"),),
                turn.locale,
            )
        if task is not None:
            return await self._cancel_task(turn, task)
        return Reply(Status.COMPLETED, (NoticeBlock(turn.t("cancel.done"), code="cancelled"),), turn.locale)

    # -- buttons -------------------------------------------------------------------------------------------

    async def _press(self, event: ButtonPress, progress: ProgressSink | None) -> Reply:
        now = self.clock.now()
        claim = await self.store.claim_token(event.token, event.key.user_id, now)
        if claim.outcome is not ClaimOutcome.CLAIMED or claim.token is None:
            presser = await self.store.load_state(event.key)  # only to answer in their language
            refused = self._press_refused(self._locale(presser, event), claim.outcome)
            if claim.outcome is ClaimOutcome.EXPIRED and claim.token is not None:
                # An expired confirmation: close the task it belonged to, and say so.
                refused = _prepend(refused, await self._expire_for(claim.token.key, event))
            return refused
        token = claim.token
        payload = token.payload
        kind = str(payload.get("kind", ""))
        if kind == "cancel_running":
            cancelled = await self._cancel_running(token.key)
            locale = self._guess_locale(event)
            key = "cancel.done" if cancelled else "cancel.nothing"
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(t(locale, key), code="cancelled" if cancelled else "nothing_to_cancel"),),
                locale,
            )
        async with self._locks.hold(token.key.as_str()):
            state = await self.store.load_state(token.key)
            turn = self._turn(token.key, event, state)
            if self._busy(turn):
                return self._finish(self._busy_reply(turn, event), turn)
            notices = self._expire_stale(turn)
            reply = await self._apply_button(turn, kind, payload)
            reply = await self._offer_resume(turn, reply)
            if not turn.read_only:
                await self.store.save_state(token.key, state)
        return self._finish(_prepend(reply, notices), turn)

    async def _expire_for(self, key: ConversationKey, event: Inbound) -> list[Block]:
        async with self._locks.hold(key.as_str()):
            state = await self.store.load_state(key)
            turn = self._turn(key, event, state)
            notices = self._expire_stale(turn)
            if notices:
                await self.store.save_state(key, state)
        return notices

    async def _apply_button(self, turn: Turn, kind: str, payload: dict[str, Any]) -> Reply:
        if kind == "lang":
            return self._set_locale(turn, "zh" if payload.get("locale") == "zh" else "en")
        state = turn.state
        task_id = str(payload.get("task_id", ""))
        if kind == "task.resume":
            return await self._resume(turn, task_id)
        if kind == "task.discard":
            return self._discard(turn, task_id)
        if kind == "task.cancel":
            target = self._find_task(state, task_id)
            if target is None or not (target.is_open or target.status is TaskStatus.INTERRUPTED):
                return Reply(
                    Status.COMPLETED,
                    (NoticeBlock(turn.t("cancel.nothing"), code="nothing_to_cancel"),),
                    turn.locale,
                )
            return await self._cancel_task(turn, target, spent=True)  # pressing spent the group
        skill_name = kind.split(".", 1)[0]
        skill = self.skills.get(skill_name)
        if skill is None:
            return Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("button.unknown"), "warning", "button_unknown"),),
                turn.locale,
            )
        task = self._open(state)
        if task_id and (task is None or task.id != task_id):
            # A button of an interrupted task (e.g. its confirmation): pressing it resumes it.
            stacked = next((t for t in state.resume_stack if t.id == task_id), None)
            if stacked is not None:
                self._restore(turn, stacked)
                task = stacked
        reply = await skill.on_button(turn, task, payload)
        if task is not None:
            self._settle(state, task)
        return reply

    @staticmethod
    def _find_task(state: ConversationState, task_id: str) -> Task | None:
        if state.active is not None and state.active.id == task_id:
            return state.active
        return next((t for t in state.resume_stack if t.id == task_id), None)

    @staticmethod
    def _press_refused(locale: Locale, outcome: ClaimOutcome) -> Reply:
        key, code = {
            ClaimOutcome.NOT_YOURS: ("button.not_yours", "not_yours"),
            ClaimOutcome.EXPIRED: ("button.expired", "button_expired"),
            ClaimOutcome.USED: ("button.used", "button_used"),
        }.get(outcome, ("button.unknown", "button_unknown"))
        return Reply(
            Status.FAILED,
            (NoticeBlock(t(locale, key), "warning", code),),
            locale,
            trace=(TraceStep("input", "claim_button", outcome="error", error_code=code),),
        )

    # -- what no rule recognises -------------------------------------------------------------------------

    async def _unrouted(self, turn: Turn, text: str, progress: ProgressSink | None) -> Reply:
        if self.planner is None:
            return self._fallback(turn)
        if progress is not None:
            buttons = await turn.buttons(
                [(turn.t("button.cancel"), {"kind": "cancel_running"})],
                ttl=timedelta(minutes=2),
                style="danger",
            )
            await progress(
                Reply(
                    Status.NEEDS_INPUT,
                    (NoticeBlock(turn.t("working"), code="working"),),
                    turn.locale,
                    buttons=buttons,
                )
            )
        key = turn.key.as_str()
        job = asyncio.create_task(self.planner.run(text=text, locale=turn.locale, user_id=turn.key.user_id))
        self._running[key] = job
        try:
            return await job
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                job.cancel()
                raise
            return Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("cancel.done"), "info", "cancelled"),),
                turn.locale,
                route=RouteInfo(None, by="model"),
            )
        finally:
            self._running.pop(key, None)

    async def _cancel_running(self, key: ConversationKey) -> bool:
        job = self._running.get(key.as_str())
        if job is None or job.done():
            return False
        job.cancel()
        await asyncio.wait({job}, timeout=1.0)
        return True

    def _fallback(self, turn: Turn) -> Reply:
        blocks: tuple[Block, ...] = (
            NoticeBlock(turn.t("fallback"), code="unsupported_request"),
            TextBlock(f"{turn.t('help', supported=self.catalog.supported_bases())}\n{turn.t('examples')}"),
        )
        return Reply(Status.COMPLETED, blocks, turn.locale, route=RouteInfo(None))


def _prepend(reply: Reply, notices: list[Block]) -> Reply:
    return replace(reply, blocks=(*notices, *reply.blocks)) if notices else reply


def _telling_text(event: Inbound) -> str:
    """The message text if it may tell its language. A lone token with digits ("sk-3f9a…", an API
    key being pasted) says nothing about the language the person speaks."""
    if not isinstance(event, TextMessage):
        return ""
    text = event.text.strip()
    if text.isascii() and not any(c.isspace() for c in text) and any(c.isdigit() for c in text):
        return ""
    return event.text
