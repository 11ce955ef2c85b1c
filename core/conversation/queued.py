"""Later asks of one message that may need a confirmation, queued behind the task an earlier ask
opened ("停掉alpha然后删除它", "stop alpha then delete it").

Started at once, such an ask was checked against the state before the earlier one ran (the
delete refused: alpha still running), and two confirmations would wait side by side, one press
away from running both. So it waits in the conversation's state (ConversationState.queued, saved
with the tasks: a restart between the two confirmations loses nothing) and is started only once
the task it waits for has completed: as if just asked, its checks see the state after the first
ran, and a confirmation it needs is its own, with its own buttons (the first one's press, pressed
again, is refused as used). When that task ends any other way (cancelled, expired, failed, fallen
off the resume stack) the queued asks are dropped, never run, and the reply says so. Asks that
need no confirmation are answered at once, as before.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Awaitable, Callable
from typing import Literal

from core.conversation.replies import joined, prepend
from core.conversation.tasks import TaskBook, open_task, stacked_task
from core.i18n import is_zh
from core.reply import NoticeBlock, Reply, Status
from core.routing.router import Route
from core.state import ConversationState, QueuedAsk, Task, TaskStatus
from core.tasks.given import RESERVED
from core.turn import Turn

log = logging.getLogger(__name__)

Start = Callable[[Turn, Route], Awaitable[Reply]]
Fate = Literal["waits", "done", "gone"]


class AskQueue:
    """Puts risky later asks behind an open task, and starts or drops them once it has ended."""

    def __init__(self, book: TaskBook, start: Start) -> None:
        self.book = book
        self.start = start  # how a routed request starts (the engine's)

    def waits(self, route: Route) -> bool:
        """``route`` may ask for a confirmation (its action's policy is not "never"): it must not
        be checked or offered before the open task has run. A route carrying a typed secret is
        never kept (the state holds no key in clear): it starts at once, as before."""
        spec = self.book.skills.spec(route.skill)
        action = spec.actions.get(route.action) if spec is not None and route.action else None
        if action is None or any(slot in route.slots for slot in RESERVED):
            return False
        return action.confirm.mode != "never"

    def put(self, turn: Turn, text: str, route: Route, behind: Task) -> Reply:
        """Queue ``route`` behind ``behind``, and say so (its place in the one reply)."""
        assert route.action is not None  # waits() holds
        ask = QueuedAsk(
            text=text,
            skill=route.skill,
            action=route.action,
            slots=copy.deepcopy(route.slots),
            origin=route.by,
            behind=behind.id,
            asked_at=turn.now,
        )
        turn.state.queued.append(ask)
        notice = NoticeBlock(turn.t("asks.queued", what=self._name(turn, ask)), "info", "ask_queued")
        return Reply(Status.PARTIAL, (notice,), turn.locale)

    async def advance(self, turn: Turn, reply: Reply) -> Reply:
        """After a turn: start the asks whose task has completed (the first that opens a task of
        its own holds the rest behind it), drop those whose task ended otherwise; each said
        below ``reply``."""
        state = turn.state
        if turn.read_only or not state.queued:
            return reply
        fates = [(ask, _fate(state, ask.behind)) for ask in state.queued]
        state.queued = [ask for ask, fate in fates if fate == "waits"]
        ready = [ask for ask, fate in fates if fate == "done"]
        dropped = [ask for ask, fate in fates if fate == "gone"]
        parts = [reply]
        if dropped:
            parts.append(self._dropped(turn, dropped))
        current = open_task(state)
        if ready and current is not None:
            # Something else took the floor meanwhile (not seen in practice: a task completes
            # while it is the open one): they wait for that instead of interrupting it.
            for ask in ready:
                ask.behind = current.id
            state.queued.extend(ready)
        elif ready:
            parts += await self._start_in_turn(turn, ready)
        return reply if len(parts) == 1 else joined(turn, parts, open_task(state))

    async def _start_in_turn(self, turn: Turn, ready: list[QueuedAsk]) -> list[Reply]:
        """Start ``ready`` in order until one opens a task (the rest wait for it) or does not
        complete (the rest are dropped: what came after it was asked to follow it)."""
        out: list[Reply] = []
        for i, ask in enumerate(ready):
            out.append(await self._begin(turn, ask))
            rest = ready[i + 1 :]
            if not rest:
                break
            opened = open_task(turn.state)
            if opened is not None:
                for later in rest:
                    later.behind = opened.id
                turn.state.queued.extend(rest)
                break
            if out[-1].status is not Status.COMPLETED:
                out.append(self._dropped(turn, rest))
                break
        return out

    async def _begin(self, turn: Turn, ask: QueuedAsk) -> Reply:
        header = NoticeBlock(turn.t("asks.next", what=self._name(turn, ask)), "info", "ask_next")
        route = Route(ask.skill, ask.action, copy.deepcopy(ask.slots), by=ask.origin)
        said = turn.text
        turn.text = ask.text  # a skill reading the message reads its own clause
        try:
            started = await self.start(turn, route)
        finally:
            turn.text = said
        return prepend(started, [header])

    def _dropped(self, turn: Turn, asks: list[QueuedAsk]) -> Reply:
        names = [self._name(turn, ask) for ask in asks]
        what = "、".join(names) if is_zh(turn.locale) else "; ".join(names)
        notice = NoticeBlock(turn.t("asks.dropped", what=what), "info", "ask_dropped")
        return Reply(Status.COMPLETED, (notice,), turn.locale)

    def _name(self, turn: Turn, ask: QueuedAsk) -> str:
        """The ask in its skill's words for such a task ("删除交易员（alpha）"), else as typed."""
        slots = copy.deepcopy(ask.slots)
        ref = slots.pop("target_ref", None)
        task = Task(
            id="queued",
            skill=ask.skill,
            action=ask.action,
            slots=slots,
            target_ref=dict(ref) if isinstance(ref, dict) else None,
            created_at=ask.asked_at,
            updated_at=ask.asked_at,
        )
        skill = self.book.skill_of(task)
        try:
            what = " ".join(skill.describe(turn, task).split()) if skill is not None else ""
        except Exception:  # a name is a nicety: the person's own words do as well
            log.warning("%s could not name a queued %s", ask.skill, ask.action, exc_info=True)
            what = ""
        return what if what and what != ask.skill else ask.text


def _fate(state: ConversationState, task_id: str) -> Fate:
    """Where the task an ask waits for stands: still open or paused ("waits"), completed
    ("done"), or ended any other way or gone ("gone": never run what waited for it)."""
    active = state.active
    if active is not None and active.id == task_id and active.is_open:
        return "waits"
    if stacked_task(state, task_id) is not None:
        return "waits"
    last = state.last_completed
    if last is not None and last.id == task_id and last.status is TaskStatus.COMPLETED:
        return "done"
    return "gone"
