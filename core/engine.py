"""The conversation core: one inbound event in, one Reply out.

inbound -> validate -> dedupe + hold the conversation (in this process and across processes) +
load state -> continue the open task, or route by rules, or hand to the planner -> save state
(compare-and-set) and let go -> Reply.

Core orchestrates a turn; its parts live in core.conversation: validation and locale policy,
the task book and lifecycle, resumption, commands, buttons, and the unrouted path. It knows
skills only through the registry's SkillSet (core.skills.registry) and the Skill protocol.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import cast

from core.clock import Clock
from core.conversation.after_alert import split_held
from core.conversation.buttons import ButtonActions, refused, stopped
from core.conversation.choices import did_you_mean, nearest_choices, ties
from core.conversation.commands import Commands
from core.conversation.interrupted import recover_interrupted
from core.conversation.leases import ConversationBusy, ConversationLeases, HeldTurn, LeasePolicy
from core.conversation.lifecycle import (
    TaskLifecycle,
    busy_reply,
    is_busy,
    nothing_to_cancel,
    nothing_to_confirm,
)
from core.conversation.locale_policy import guess_locale, remember_locale, resolve_locale
from core.conversation.queued import AskQueue
from core.conversation.reading import corrected_text, piece_readers
from core.conversation.recall import remember_ask
from core.conversation.references import again, asks_again, refer
from core.conversation.replies import notice_reply, prepend
from core.conversation.resume import Resumption
from core.conversation.several import answer_each
from core.conversation.stalled import not_run, stalled
from core.conversation.tasks import TaskBook, open_task, stacked_task
from core.conversation.unrouted import Planner, UnroutedAnswers
from core.conversation.validation import (
    looks_like_stray_secret,
    secret_not_expected,
    unexpected_secret,
    validate,
)
from core.events import (
    MAX_MESSAGE_CHARS,
    ButtonPress,
    ChatKind,
    Command,
    ConversationKey,
    Inbound,
    TextMessage,
)
from core.i18n import Locale
from core.language.own_names import load_names
from core.locks import KeyedLocks
from core.planner.tooling import Handoff
from core.ports import ClaimOutcome, ProgressSink, StaleState, StateStore, TokenClaim
from core.reply import Block, NoticeBlock, Reply, RouteInfo, Status, TraceStep
from core.routing.router import Route, RouteContext
from core.skills.base import Redirecting
from core.skills.registry import SkillSet
from core.state import ConversationState, Task, TaskStatus
from core.tasks import ended, tokens
from core.tasks.answers import is_cancel, is_confirm, is_decline, is_resume
from core.tasks.flow import owner_of
from core.tasks.given import RESERVED, shown_slots
from core.turn import Stopwatch, Turn, TurnStore, new_id

__all__ = ["MAX_MESSAGE_CHARS", "Core", "Planner"]

log = logging.getLogger(__name__)

TURN_ATTEMPTS = 3  # a turn whose save lost its compare-and-set is run again on the newer state
# Turns of different conversations one process runs at once; the rest wait at the door, holding
# nothing. Without a limit, 200 conversations at once each ran their ten or so statements in a
# queue of 200 others': every turn took as long as the slowest, a pooled connection could not
# be had within its timeout mid-turn (a message unanswered, a paper order left pending), and
# throughput fell as concurrency rose. Waiting before the turn costs the same time in all, but no
# turn is ever cut off halfway. High enough that turns waiting on an exchange or a model (which
# run inside a turn for seconds) do not hold up the rest.
MAX_TURNS_AT_ONCE = 64


class Core:
    """Platform-neutral conversation engine. Adapters call ``handle``."""

    def __init__(
        self,
        *,
        store: StateStore,
        skills: SkillSet,
        clock: Clock,
        default_locale: Locale = "en",
        planner: Planner | None = None,
        leases: LeasePolicy | None = None,
        max_turns_at_once: int = MAX_TURNS_AT_ONCE,
    ) -> None:
        self.store = store
        self.clock = clock
        self.default_locale = default_locale
        self.planner = planner
        self.skills = skills
        self.router = skills.router  # every registered rule, by declared priority
        self.tasks = TaskBook(skills, clock)
        self.lifecycle = TaskLifecycle(self.tasks)
        self.resumption = Resumption(self.tasks)
        self.commands = Commands(skills, self.lifecycle)
        self.buttons = ButtonActions(self.tasks, self.lifecycle, self.resumption, self._start)
        self.queue = AskQueue(self.tasks, self._start)  # later risky asks of one message
        self._locks = KeyedLocks()  # turns of one conversation in this process queue here ...
        self._admission = asyncio.Semaphore(max_turns_at_once)  # ... turns of all of them here ...
        self.leases = ConversationLeases(store, leases)  # ... and across processes here
        self.unrouted = UnroutedAnswers(planner, skills, self.leases)

    # -- entry point -----------------------------------------------------------------------------

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply:
        watch = Stopwatch()
        if isinstance(event, TextMessage | Command):
            invalid = validate(event, guess_locale(event, self.default_locale))
            if invalid is not None:
                return invalid
        stopped_running = False
        if isinstance(event, Command) and event.name == "cancel":
            # Before the lock: the turn being cancelled may be holding it.
            stopped_running = await self.unrouted.stop(event.key)
        event_id = f"{event.key.platform}:{event.event_id}"
        if isinstance(event, ButtonPress):
            reply = await self._press(event, event_id)
        else:
            reply = await self._in_conversation(
                event.key,
                event,
                lambda turn: self._dispatch(turn, event, progress),
                stopped_running=stopped_running,
                record=event_id,
            )
        log.debug("turn %s done in %.1f ms: %s", event.event_id, watch.ms(), reply.status)
        return reply

    async def _in_conversation(
        self,
        key: ConversationKey,
        event: Inbound,
        act: Callable[[Turn], Awaitable[Reply]],
        *,
        stopped_running: bool = False,
        record: str | None = None,
    ) -> Reply:
        """Run ``act`` on the conversation's state while holding it, and save the state after,
        unless another process is executing its task right now: then only say so.
        ``record``: the event id to dedupe, recorded in the same round trip as the load.

        Holding the conversation (core.conversation.leases) makes its turns run one at a time
        in every process; the save is a compare-and-set all the same. A turn that loses it (its
        hold lapsed while it stalled) runs again on the newer state, unless it had already
        checkpointed, i.e. begun something irreversible: then its reply stands and the newer
        state is kept."""
        async with self._locks.hold(key.as_str()), self._admission:
            for attempt in range(1, TURN_ATTEMPTS + 1):
                try:
                    async with self.leases.hold(key, record, self.clock.now()) as held:
                        if held is None:  # a redelivered update: answered the first time
                            return self._duplicate(event)
                        record = None  # recorded now: a second attempt is no redelivery
                        turn = self._turn(key, event, held.state, held)
                        turn.stopped_running = stopped_running
                        if held.waited_ms:
                            turn.trace.append(
                                TraceStep("store", "wait_for_conversation", latency_ms=held.waited_ms)
                            )
                        reply = await self._run(turn, held, event, act)
                    return self._finish(reply, turn)
                except StaleState:
                    if attempt == TURN_ATTEMPTS:
                        log.error("a turn lost its save %d times in a row; giving up", attempt)
                        return self._busy(event)
                    log.warning("the conversation changed during a turn; running it again")
                except ConversationBusy:
                    return self._busy(event)
        raise AssertionError("unreachable")

    async def _run(
        self, turn: Turn, held: HeldTurn, event: Inbound, act: Callable[[Turn], Awaitable[Reply]]
    ) -> Reply:
        if is_busy(turn):
            return busy_reply(turn.locale, event)  # read-only: the executing turn saves
        state = turn.state
        began = [state.active, *state.resume_stack]  # the tasks this turn may end (or drop)
        reply = await act(turn)
        remember_locale(turn.state, event)
        if turn.read_only:
            return reply
        # Their buttons stay in the chat: a late press names the request it belonged to.
        self.tasks.remember_ended(turn, [*began, turn.state.active, turn.state.last_completed])
        turn.state.forget_ended_secrets()  # a finished task's sealed keys are never kept
        try:
            await held.commit(turn.state)
        except StaleState:
            if not held.checkpointed:
                raise  # nothing irreversible happened: run the turn again
            # It acted (and said so); someone saved meanwhile, and the newer state stands.
            log.error("a turn's state was not saved after it acted: the conversation moved on meanwhile")
        return reply

    def _busy(self, event: Inbound) -> Reply:
        return busy_reply(guess_locale(event, self.default_locale), event)

    def _duplicate(self, event: Inbound) -> Reply:
        return Reply(
            Status.COMPLETED,
            (),
            guess_locale(event, self.default_locale),
            important=False,
            trace=(TraceStep("input", "duplicate_event", {"event_id": event.event_id}),),
        )

    def _turn(self, key: ConversationKey, event: Inbound, state: ConversationState, store: TurnStore) -> Turn:
        return Turn(
            key=key,
            chat_kind=event.chat_kind,
            state=state,
            locale=resolve_locale(state, event, self.default_locale),
            now=self.clock.now(),
            store=store,
            text=event.text if isinstance(event, TextMessage) else "",
            actor_admin=event.actor_admin,
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
        asked_secret = self._asked_secret(turn.state)  # before expiry closes the question
        notices = await self._settle_old_tasks(turn)
        notices += await self._inbound_notices(turn)
        if isinstance(event, Command):
            reply = await self._command(turn, event, progress)
        else:
            assert isinstance(event, TextMessage)
            dropped = unexpected_secret(turn, event)
            if dropped is not None:
                return dropped
            reply = await self._text(turn, event.text.strip(), progress, asked_secret=asked_secret)
        reply = await self.queue.advance(turn, reply)  # before the resume offer: a next ask comes first
        reply = await self.resumption.offer(turn, reply)
        return prepend(reply, notices)

    async def _inbound_notices(self, turn: Turn) -> list[Block]:
        """What the skills' inbound hooks say whenever someone writes (never failing the turn)."""
        found: list[Block] = []
        for hook in self.skills.inbound_hooks:
            try:
                found.extend(await hook.on_inbound(turn))
            except Exception:
                log.exception("an inbound hook failed; the message is answered without it")
        return found

    async def _command(self, turn: Turn, cmd: Command, progress: ProgressSink | None) -> Reply:
        route = self.commands.route(cmd)
        if route is not None:
            return await self._start(turn, route)
        spec = self.skills.command(cmd.name.lower())
        if spec is not None and spec.kind == "text" and cmd.args.strip():
            return await self._text(turn, cmd.args.strip(), progress)  # /ask: words like any message
        return await self.commands.run(turn, cmd)

    async def _text(
        self, turn: Turn, text: str, progress: ProgressSink | None, *, asked_secret: bool = False
    ) -> Reply:
        state = turn.state
        active = open_task(state)
        # A rule may read a message differently while a task waits for an answer ("4h" asked as
        # an interval is no chart window).
        awaiting = active.skill if active is not None and active.status is TaskStatus.COLLECTING else None
        context = RouteContext(awaiting=awaiting)
        said = corrected_text(text, piece_readers(self.router, context, turn.locale)[2])
        if said != text:  # "buy 0.05 btc. wait no, 0.02": read as if typed right the first time
            text = turn.text = said
            turn.trace.append(TraceStep("input", "corrected", {"read_as": text}))
        route, context = await self._route(turn, text, context)
        referred = refer(
            text, route, state.recall, turn.locale, lambda said: self.router.route(said, context)
        )
        if referred is not None:  # "再看看它三个月的走势": "它" is the last coin (or record)
            text, route = referred
            turn.text = text
            turn.trace.append(TraceStep("input", "pronoun", {"read_as": text}))
        if active is not None:
            if active.status is TaskStatus.AWAITING_CONFIRMATION and tokens.pending(active):
                if is_confirm(text):
                    return await self.lifecycle.typed_confirm(turn, active)
                if is_cancel(text) or is_decline(text):
                    return await self.lifecycle.cancel(turn, active)
            elif is_cancel(text):
                return await self.lifecycle.cancel(turn, active)
            skill = self.tasks.skill_of(active)
            if skill is not None:
                answer = await skill.continue_text(turn, active, self.skills.looked(route))
                if answer is not None:
                    self.tasks.settle(state, active)
                    return answer
            if route is None and self.tasks.resumable(active):
                # A side question: answer it (planner or fallback), then ask the open question again.
                outcome = await self.unrouted.answer(turn, text, progress)
                if isinstance(outcome, Handoff):  # the model started a task: like a routed one
                    return await self._handoff(turn, outcome)
                return await self.resumption.back_to(turn, active, outcome)
        elif state.resume_stack and is_cancel(text):
            shelved = self.lifecycle.cancel_shelved(turn)
            if shelved is not None:
                return shelved
        elif state.resume_stack and is_resume(text):
            return await self.resumption.resume(turn, state.resume_stack[-1].id)
        if route is None and active is None:
            route = again(text, state.recall)  # "再来一次", "again": the last request once more
        if active is None:
            # Each piece read with the person's own names, as the whole was ("启动小飞侠，然后…"),
            # and once, however many ways its clauses are cut (read_asks reads them so too).
            route_piece, back, told_by = piece_readers(self.router, context, turn.locale)
            asks = split_held(text, route, route_piece, back, told_by)
            if asks is not None:  # "比特币价格和余额": each answered, in order, in one reply
                # Before a tie of the whole: asks that each route on their own are not one ask
                # read two ways ("卖掉所有狗狗币，然后删除交易员 beta"), as read_asks reads them.
                return await answer_each(turn, asks, self._start, self.tasks, self.queue)
            candidates = ties(route, self.router.layer, text, context, self.skills)
            if candidates:  # a close tie between intents: ask, a button per candidate
                return await did_you_mean(turn, candidates, self.skills)
        if route is not None:
            return await self._start(turn, route)
        if is_confirm(text):
            return nothing_to_confirm(turn)
        if is_cancel(text):  # one line, never the list of what deskmate can do
            return nothing_to_cancel(turn)
        if asks_again(text):
            return notice_reply(turn, "again.nothing", "nothing_to_repeat")
        if asked_secret and looks_like_stray_secret(text):
            # A key for a question that closed (switched away from, or expired): the planner's
            # redaction cannot spot a short passphrase, so it must not get this far.
            return secret_not_expected(turn)
        if self.unrouted.planner is None and self.unrouted.may_guess(text):
            # No rule read it and no model is there to: what the nearest known phrasings name.
            group = turn.chat_kind is ChatKind.GROUP
            offered = await nearest_choices(self.router, text, context, self.skills, group=group)
            if offered:
                return await did_you_mean(turn, offered, self.skills, nearest=True)
        outcome = await self.unrouted.answer(turn, text, progress)
        if isinstance(outcome, Handoff):
            return await self._handoff(turn, outcome)
        return outcome

    async def _route(self, turn: Turn, text: str, context: RouteContext) -> tuple[Route | None, RouteContext]:
        """The message's route; read again with the person's own record names when they could
        change it ("启动机器人一号": a verb and one of their traders, no word for a trader). The
        context returned holds the names when they were loaded: each ask of the message is read
        with them too ("启动机器人一号，然后查一下余额")."""
        route = self.router.route(text, context)
        if self.router.wants_names(text, route):
            more = await self.skills.own_names(turn)  # their alerts' names: where the turn is
            names = await load_names(self.skills.services, owner_of(turn), more)
            if names:
                context = replace(context, names=names)
                route = self.router.route(text, context) or route
        return route, context

    async def _handoff(self, turn: Turn, handoff: Handoff) -> Reply:
        """The planner's task tool proposed a route: start it as a routed task would start (same
        slot filling, same confirmation), and report the model's usage and trace with it."""
        route, layer = handoff.route, self.router.layer
        if layer is not None:  # "get me some btc tmrw": a model's task for later is refused as a routed one
            route = layer.ahead(route, turn.text)
        reply = await self._start(turn, route)
        if handoff.annotate is not None:
            reply = handoff.annotate(reply)
        return replace(
            prepend(reply, list(handoff.notices)),
            usage=handoff.usage,
            trace=(*handoff.trace, *reply.trace),
            delete_inbound=reply.delete_inbound or handoff.delete_inbound,
        )

    def _asked_secret(self, state: ConversationState) -> bool:
        """A task of this conversation (open or interrupted) last asked for a secret."""
        tasks = [t for t in (state.active, *state.resume_stack) if t is not None]
        for task in tasks:
            skill = self.tasks.skill_of(task)
            if skill is not None and skill.asks_secret(task):
                return True
        return False

    async def _start(self, turn: Turn, route: Route, *, redirected: bool = False) -> Reply:
        state = turn.state
        spec = self.skills.spec(route.skill)
        skill = self.skills.skill(route.skill)
        if spec is None or skill is None:
            return self.unrouted.fallback(turn)
        if not self.skills.declares(route):
            # A rule or tool produced an action its skill does not declare: never run anything else.
            log.error("route to an undeclared action %s.%s refused", route.skill, route.action)
            return self._undeclared(turn, route)
        if spec.private and turn.chat_kind is ChatKind.GROUP:
            return self._private_only(turn, route)
        action = route.action
        if action is None:  # a bare follow-up: same kind of answer as last time
            last = state.last_completed
            same = last is not None and last.skill == route.skill and last.action in spec.actions
            action = last.action if same and last is not None else spec.default_action
            if action is None:
                return self._undeclared(turn, route)
        remember_ask(state.recall, route, action)
        slots = dict(route.slots)
        target_ref = slots.pop("target_ref", None)
        task = Task(
            id=new_id(),
            skill=route.skill,
            action=action,
            origin=route.by,
            slots=slots,
            target_ref=dict(target_ref) if isinstance(target_ref, dict) else None,
            created_at=turn.now,
            updated_at=turn.now,
        )
        previous = open_task(state)
        # A quick public question (a price, a term) in the middle of a resumable task is a side
        # question: answered, and the open task stays where it was. Anything else switches.
        side = previous is not None and self.tasks.resumable(previous) and not spec.private
        parked = previous if previous is not None and not side else None
        if parked is not None:
            self.tasks.interrupt(state, parked)
        if not redirected and _redirecting(skill):
            elsewhere = await cast(Redirecting, skill).redirect(turn, task)
            if isinstance(elsewhere, Reply):
                return elsewhere  # answered without a task of its own
            if elsewhere is not None:  # another skill's request: this task never began
                turn.trace.append(
                    TraceStep("route", "redirect", {"from": route.skill, "to": elsewhere.skill})
                )
                return await self._start(turn, elsewhere, redirected=True)
        reply = await skill.start(turn, task)
        if side and previous is not None and task.is_open:
            self.tasks.interrupt(state, previous)  # the side question needs an answer itself: it takes over
            parked = previous  # and that is said, with the way back
        self.tasks.settle(state, task)
        if side and previous is not None and state.active is previous:
            reply = await self.resumption.back_to(turn, previous, reply)
        if parked is not None and parked.status is TaskStatus.INTERRUPTED:
            reply = await self.resumption.parked(turn, parked, reply)  # said, with the way back
        return reply

    @staticmethod
    def _private_only(turn: Turn, route: Route) -> Reply:
        carried = any(k in route.slots for k in RESERVED)  # a key typed in a group: delete it there
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("private_only"), "warning", "private_only"),),
            turn.locale,
            audience="private",
            route=RouteInfo(route.skill, route.action, shown_slots(route.slots), by=route.by),
            delete_inbound=carried,
        )

    @staticmethod
    def _undeclared(turn: Turn, route: Route) -> Reply:
        return Reply(
            Status.FAILED,
            (NoticeBlock(turn.t("action.undeclared"), "error", "undeclared_action"),),
            turn.locale,
            route=RouteInfo(route.skill, route.action, {}, by=route.by),
        )

    # -- buttons -------------------------------------------------------------------------------------------

    async def _settle_old_tasks(self, turn: Turn) -> list[Block]:
        """What became of tasks left behind: one a dead process left "executing", idle ones."""
        return [*await recover_interrupted(turn, self.tasks), *self.lifecycle.expire_stale(turn)]

    async def _press(self, event: ButtonPress, event_id: str) -> Reply:
        now = self.clock.now()
        if not await self.store.record_event(event_id, now):
            return self._duplicate(event)
        claim = await tokens.claim(self.store, event.token, event.key, now)
        token = claim.token
        if claim.outcome is ClaimOutcome.CLAIMED and token is not None:
            kind = str(token.payload.get("kind", ""))
            if kind == "cancel_running":  # not in the conversation: the running turn holds it
                cancelled = await self.unrouted.stop(token.key)
                return stopped(guess_locale(event, self.default_locale), cancelled)

            async def apply(turn: Turn) -> Reply:
                notices = await self._settle_old_tasks(turn)
                reply = await self.buttons.apply(turn, kind, token.payload)
                reply = await self.queue.advance(turn, reply)
                reply = await self.resumption.offer(turn, reply)
                return prepend(reply, notices)

            return await self._in_conversation(token.key, event, apply)
        if claim.outcome is ClaimOutcome.EXPIRED or stalled(claim, now):
            # The press's own conversation has to change: its task expired, or a dead process
            # spent this button long ago and the task still waits for it.
            return await self._in_conversation(
                event.key, event, lambda turn: self._late_press(turn, event, claim)
            )
        presser = await self.store.load_state(event.key)  # their language, their cancelled buttons
        return self._refused(presser, event, claim)

    def _refused(self, presser: ConversationState, event: ButtonPress, claim: TokenClaim) -> Reply:
        cancelled = tokens.was_cancelled(presser, event.token)
        elsewhere = claim.token is not None and (claim.token.key.platform, claim.token.key.user_id) == (
            event.key.platform,
            event.key.user_id,
        )  # the right person, the wrong chat
        reply = refused(
            resolve_locale(presser, event, self.default_locale),
            claim.outcome,
            cancelled=cancelled,
            elsewhere=elsewhere,
        )
        if claim.token is None or claim.outcome is ClaimOutcome.NOT_YOURS:
            return reply
        key = ended.CANCELLED if cancelled else None
        return ended.reworded(reply, presser, claim.token.payload.get("task_id"), key=key)  # named

    async def _late_press(self, turn: Turn, event: ButtonPress, claim: TokenClaim) -> Reply:
        assert claim.token is not None
        task = open_task(turn.state)
        if claim.outcome is ClaimOutcome.USED:
            if (
                task is not None
                and task.status is TaskStatus.AWAITING_CONFIRMATION
                and tokens.is_pair_of(task, event.token)
            ):
                what = self.tasks.describe(turn, task)
                reply = await self.buttons.apply(
                    turn, str(claim.token.payload.get("kind", "")), claim.token.payload
                )
                reply = await self.queue.advance(turn, reply)
                return prepend(reply, [not_run(turn, what)])
            turn.read_only = True
            return self._refused(turn.state, event, claim)
        # An expired confirmation: close the task it belonged to, and say so once, in the task's
        # words, under the code that tells the adapter to drop the buttons. A paused task's button
        # names that task, not the one open now.
        pressed = stacked_task(turn.state, str(claim.token.payload.get("task_id", "")))
        if pressed is not None:
            own = await self.resumption.expired_button(turn, pressed)
            return replace(own, blocks=(*own.blocks, *self.lifecycle.expire_stale(turn)))
        if task is None or task.id != claim.token.payload.get("task_id"):
            task = None  # not the open task's button: its expiry (if any) is said as its own
        reply = self._refused(turn.state, event, claim)
        notices = self.lifecycle.expire_stale(turn)
        turn.read_only = not notices
        if (
            task is not None
            and notices
            and isinstance(notices[0], NoticeBlock)
            and notices[0].code == "confirm_expired"
        ):
            merged = NoticeBlock(notices[0].text, "warning", "button_expired")
            return replace(reply, blocks=(merged, *notices[1:]))
        return prepend(reply, notices)


_REDIRECTING: dict[type, bool] = {}


def _redirecting(skill: object) -> bool:
    """isinstance(skill, Redirecting), decided once per skill class: a runtime Protocol check
    walks the protocol's members every time."""
    kind = type(skill)
    found = _REDIRECTING.get(kind)
    if found is None:
        found = _REDIRECTING[kind] = isinstance(skill, Redirecting)
    return found
