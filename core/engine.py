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
            "en": "That confirmation was already handled (perhaps by a button elsewhere); it won't run twice.",
        },
        "task.nothing_to_confirm": {
            "zh": "当前没有等待确认的操作。",
            "en": "There's nothing waiting for confirmation.",
        },
        "task.cancelled": {"zh": "已取消「{what}」，没有做任何更改。", "en": "Cancelled {what}; nothing was changed."},
        "task.back_to": {"zh": "回到「{what}」：", "en": "Back to {what}:"},
        "task.offer_resume": {
            "zh": "「{what}」还没有完成，要继续吗？",
            "en": "You didn't finish {what}. Continue?",
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
                reply = await self._dispatch(turn, event, progress)
                self._remember_locale(turn, event)
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
        text = event.text if isinstance(event, TextMessage) else ""
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
            detected = detect_locale(event.text)
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
        if isinstance(event, Command):
            return await self._command(turn, event, progress)
        assert isinstance(event, TextMessage)
        return await self._text(turn, event.text.strip(), progress)

    async def _text(self, turn: Turn, text: str, progress: ProgressSink | None) -> Reply:
        state = turn.state
        route = self.router.route(text)
        active = state.active if state.active and state.active.is_open else None
        if active is not None:
            skill = self.skills.get(active.skill)
            if skill is not None:
                answer = await skill.continue_text(turn, active, route)
                if answer is not None:
                    self._settle(state, active)
                    return answer
        if route is not None:
            return await self._start(turn, route)
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
        task = Task(
            id=new_id(),
            skill=route.skill,
            action=action,
            slots=dict(route.slots),
            created_at=turn.now,
            updated_at=turn.now,
        )
        previous = state.active if state.active and state.active.is_open else None
        if previous is not None:
            self._interrupt(state, previous)
        reply = await skill.start(turn, task)
        self._settle(state, task)
        return reply

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

    @staticmethod
    def _interrupt(state: ConversationState, task: Task) -> None:
        """A new clear intent replaces the open task. A question that only picked a coin is
        simply dropped; workspace tasks go on the resume stack."""
        state.active = None
        if task.skill == "price":
            task.status = TaskStatus.CANCELLED
            return
        task.status = TaskStatus.INTERRUPTED
        state.resume_stack = [*state.resume_stack[-4:], task]

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
            return self._cancel_open(turn)
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

    def _cancel_open(self, turn: Turn) -> Reply:
        state = turn.state
        task = state.active if state.active and state.active.is_open else None
        if task is None and not turn.stopped_running:
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("cancel.nothing"), code="nothing_to_cancel"),),
                turn.locale,
            )
        if task is not None:
            task.status = TaskStatus.CANCELLED
            task.updated_at = turn.now
            state.active = None
        return Reply(Status.COMPLETED, (NoticeBlock(turn.t("cancel.done"), code="cancelled"),), turn.locale)

    # -- buttons -------------------------------------------------------------------------------------------

    async def _press(self, event: ButtonPress, progress: ProgressSink | None) -> Reply:
        now = self.clock.now()
        claim = await self.store.claim_token(event.token, event.key.user_id, now)
        if claim.outcome is not ClaimOutcome.CLAIMED or claim.token is None:
            presser = await self.store.load_state(event.key)  # only to answer in their language
            return self._press_refused(self._locale(presser, event), claim.outcome)
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
            reply = await self._apply_button(turn, kind, payload)
            await self.store.save_state(token.key, state)
        return self._finish(reply, turn)

    async def _apply_button(self, turn: Turn, kind: str, payload: dict[str, Any]) -> Reply:
        if kind == "lang":
            return self._set_locale(turn, "zh" if payload.get("locale") == "zh" else "en")
        skill_name = kind.split(".", 1)[0]
        skill = self.skills.get(skill_name)
        if skill is None:
            return Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("button.unknown"), "warning", "button_unknown"),),
                turn.locale,
            )
        state = turn.state
        task = state.active if state.active and state.active.is_open else None
        reply = await skill.on_button(turn, task, payload)
        if task is not None:
            self._settle(state, task)
        return reply

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
