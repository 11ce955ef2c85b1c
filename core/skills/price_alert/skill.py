"""price_alert: set, list and delete price alerts by conversation or with /alert.

Where an alert goes follows where it was set: in a private chat to that person, in a group or a
Discord channel to that chat as a whole; only people who may manage the chat (Telegram group
admins, Discord Manage Server / Manage Channels) set or delete a chat's alerts. Levels are
checked against the symbol's tick size and the price now; an alert whose condition already
holds says so and asks, because alerts fire on a crossing, not on being there."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from core.events import ChatKind
from core.formatting import format_price
from core.jobs.queue import JobQueue
from core.language.values import refusal_in
from core.market import MarketData, MarketError, Quote, sane_price
from core.markets import MarketCatalog, rules_key
from core.reply import Block, Button, NoticeBlock, Reply, RouteInfo, Status
from core.routing.router import Route
from core.skills.base import OneShotSkill
from core.skills.price_alert import managing
from core.skills.price_alert.asked import (
    ask_coin,
    ask_level,
    coin_answered,
    create_task,
    spec_from,
    wants_coin,
    wants_level,
)
from core.skills.price_alert.common import BUTTON_TTL, PER_CHANNEL, PER_PERSON, Problem, destination_of
from core.skills.price_alert.describe import block_of, condition_text, pair_of, plain
from core.skills.price_alert.from_now import MAX_PERCENT, MIN_PERCENT, counted
from core.skills.price_alert.intents import SKILL
from core.skills.price_alert.model import (
    WINDOWS,
    Alert,
    AlertSpec,
    AlertStatus,
    reference_slack,
)
from core.skills.price_alert.named import NAME, given_name, label, taken
from core.skills.price_alert.ports import AlertStore, LimitReached, NameInUse
from core.skills.price_alert.reading import level_answered
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.transitions import move
from core.turn import Turn
from core.workspace.trade_reading import CoinNames

log = logging.getLogger(__name__)

CHECK_JOB = f"{SKILL}.check"
CHECK_EVERY = timedelta(seconds=30)  # one quote per watched symbol this often (README: weights)
LEVEL_RANGE = Decimal(10)  # a level within 1/10 .. 10x the price now
DEFAULT_COOLDOWN = timedelta(hours=1)
MIN_COOLDOWN, MAX_COOLDOWN = timedelta(minutes=5), timedelta(days=7)
# What an alert cannot do, said back quoting it: "5% in 4 hours", "cooldown 7.5 min", "twice", ...
SAID_BACK = frozenset({"window", "cooldown", "level_window", "count", "move_from", "level_every"})


# Notes the slots' check leaves unworded, worded in the turn's language by their codes.
_NOTES = {"alert_window_default": "alert.window_default", "alert_both_ways": "alert.both_ways"}


def new_alert_id() -> str:
    return secrets.token_hex(4)  # 8 hex digits: short enough to type ("delete alert 3f9c01ab")


def owner_of(turn: Turn) -> str:
    return f"{turn.key.platform}:{turn.key.user_id}"


class PriceAlertSkill(OneShotSkill):
    name = SKILL
    # Renames only the alert the message names, to the name it gives: never started without them
    # (a "did you mean" button is not offered bare, core.conversation.choices).
    NAMED_ONLY = frozenset({"rename"})

    def __init__(
        self,
        store: AlertStore,
        market: MarketData,
        catalog: MarketCatalog,
        audit: AuditLog,
        jobs: JobQueue | None,
    ) -> None:
        super().__init__(ACTIONS)
        self.store = store
        self.market = market
        self.catalog = catalog
        self.audit = audit
        self.jobs = jobs
        self.coins = CoinNames(catalog)  # an answer to "which level?" read as an alert's

    def describe(self, turn: Turn, task: Task) -> str:
        if task.action in ("create", "query", "delete", "rename"):
            return turn.t(f"alert.describe.{task.action}")
        return turn.t("alert.describe")

    # -- create ----------------------------------------------------------------------------------

    async def create(self, turn: Turn, task: Task) -> Done:
        if wants_coin(task.slots) and self._may_manage(turn) is None:
            return self._ask_symbol(turn, task)
        if wants_level(task.slots) and self._may_manage(turn) is None:
            level = self._ask_level(turn, task)
            if level is not None:
                return level
        problem = await self._from_now(turn, task.slots)
        if problem is not None:
            move(task, TaskStatus.EXECUTING, turn.now)
            return self._fail(turn, task, problem)
        also = task.slots.get("also")
        if isinstance(also, list) and also:
            return await self._create_each(turn, task, also)
        move(task, TaskStatus.EXECUTING, turn.now)
        checked = await self._checked(turn, task)
        if isinstance(checked, Done):
            return checked
        spec, quote, notes, holds = checked
        if holds:
            return await self._ask_anyway(turn, task, spec, quote, notes)
        return await self._store(turn, task, spec, quote, armed=holds is False, notes=notes)

    async def _from_now(self, turn: Turn, slots: dict[str, Any]) -> Problem | None:
        """ "BTC 翻倍", "moves 5% from now": levels counted from the price now (from_now.py), said
        back beside the alert; a coin not given or not traded is asked about as for any alert."""
        symbol = self.catalog.resolve(str(slots.get("symbol") or "")) or ""
        if not ("times" in slots or "from_now" in slots) or not self.catalog.is_supported(symbol):
            return None
        if "from_now" in slots and slots.get("condition") not in ("above", "below", "move"):
            slots["condition"] = "move"  # a percent from now with no side said (the planner's): either way
        price: Decimal | None = None
        if not (refusal_in(slots.get("times")) or refusal_in(slots.get("from_now"))):
            try:
                price = (await self.market.get_quote(symbol)).price
            except MarketError as exc:
                pair = pair_of(symbol, self.catalog)
                return Problem("alert.market_down", {"pair": pair, "code": exc.code}, exc.code)
        rules = self.catalog.rules(symbol)
        problem = counted(slots, price, rules.tick_size if rules is not None else None)
        if problem is not None:
            return Problem(*problem)
        shown = {"pair": pair_of(symbol, self.catalog), "price": format_price(price or Decimal(0))}
        slots["from_price"] = turn.t("alert.from_now", **shown, levels=slots["from_price"])
        return None

    async def _create_each(self, turn: Turn, task: Task, also: list[Any]) -> Done:
        """ "BTC 到 90000 或 80000 提醒我", "above 90000 or below 80000": an alert for each level,
        each checked and set (or asked about) on its own, all shown in one reply."""
        move(task, TaskStatus.EXECUTING, turn.now)
        refusal = self._may_manage(turn)
        if refusal is not None:
            return self._fail(turn, task, refusal)
        first = {k: v for k, v in task.slots.items() if k != "also"}
        # A later level takes its own direction, or none (the side the price is not on now); a
        # name given is the first alert's (names are unique where alerts are).
        rest = {k: v for k, v in first.items() if k not in ("condition", NAME)}
        wanted = [first, *({**rest, **dict(one)} for one in also if isinstance(one, Mapping))]
        blocks: list[Block] = []
        buttons: list[Button] = []
        statuses: list[Status] = []
        for slots in wanted:
            one = create_task(turn, slots, task.origin)
            reply = (await self.create(turn, one)).reply
            blocks += [b for b in reply.blocks if b not in blocks]
            buttons += reply.buttons
            statuses.append(reply.status)
        made = statuses.count(Status.COMPLETED)
        if Status.NEEDS_INPUT in statuses:
            status = Status.NEEDS_INPUT
        else:
            status = Status.COMPLETED if made == len(statuses) else Status.PARTIAL if made else Status.FAILED
        move(task, TaskStatus.FAILED if status is Status.FAILED else TaskStatus.COMPLETED, turn.now)
        return Done(self._reply(turn, task, status, blocks, tuple(buttons)), ok=status is not Status.FAILED)

    async def _checked(
        self, turn: Turn, task: Task
    ) -> Done | tuple[AlertSpec, Quote, list[Block], bool | None]:
        """The request checked (who asks, the values, the level against a live quote), or the
        refusal. ``holds``: the condition at the price now (None: a move with nothing to compare)."""
        refusal = self._may_manage(turn)
        if refusal is not None:
            return self._fail(turn, task, refusal)
        name = given_name(task.slots)  # "叫它抄底线": checked, and not one of the alerts here already
        if isinstance(name, tuple):
            return self._fail(turn, task, Problem(*name))
        if name is not None and taken(await self.store.for_destination(destination_of(turn)), name):
            return self._fail(turn, task, Problem("alert.name_taken", {"name": name}, "name_taken"))
        await self._direction(task.slots)
        slots, notes, problem = self._checked_slots(task.slots)
        task.slots = slots
        if problem is not None:
            return self._fail(turn, task, problem)
        spec = spec_from(slots)
        try:
            quote = await self.market.get_quote(spec.symbol)
        except MarketError as exc:
            pair = pair_of(spec.symbol, self.catalog)
            return self._fail(
                turn, task, Problem("alert.market_down", {"pair": pair, "code": exc.code}, exc.code)
            )
        problem = self._check_level(spec, quote)
        if problem is not None:
            return self._fail(turn, task, problem)
        return spec, quote, notes, spec.holds(quote.price, await self._reference(spec, turn.now))

    async def _direction(self, slots: dict[str, Any]) -> None:
        """A level said with no direction ("BTC到10万提醒我", "alert at 100k"): the side of it the
        price is not on now (above 100,000 while it is 90,000). Left unset when there is no quote
        or the price is right at it: then the level is asked for with its direction."""
        level, symbol = slots.get("level"), slots.get("symbol")
        if slots.get("condition") or not level or not symbol or refusal_in(level):
            return
        resolved = self.catalog.resolve(str(symbol)) or str(symbol)
        if not self.catalog.is_supported(resolved):
            return
        try:
            price = (await self.market.get_quote(resolved)).price
            wanted = Decimal(str(level))
        except (MarketError, InvalidOperation):
            return
        if wanted != price:
            slots["condition"] = "above" if wanted > price else "below"

    def _checked_slots(self, raw: dict[str, Any]) -> tuple[dict[str, Any], list[Block], Problem | None]:
        slots = dict(raw)
        notes: list[Block] = []
        examples = {"examples": ""}
        symbol = slots.get("symbol")
        if not symbol:
            params = {"supported": self.catalog.supported_bases(), **examples}
            return slots, notes, Problem("alert.no_symbol", params, "alert_no_symbol")
        if (refused := refusal_in(str(symbol))) is not None:  # "btc or eth", "btc and eth": which one
            reason, typed = refused
            return slots, notes, Problem(f"value.refused.{reason}", {"typed": typed}, "refused_value")
        if not self.catalog.is_supported(str(symbol)):
            # A coin's name as a model passed it ("Bitcoin", "以太坊"), as the catalog knows it.
            symbol = self.catalog.resolve(str(symbol)) or str(symbol)
            slots["symbol"] = symbol
        if not self.catalog.is_supported(str(symbol)):
            coin = self.catalog.base_of(str(symbol))
            params = {"coin": coin, "supported": self.catalog.supported_bases()}
            return slots, notes, Problem("alert.unsupported", params, "unsupported_symbol")
        level = slots.get("level")
        if level and not slots.get("condition") and not refusal_in(level):
            # "BTC 到 90000 提醒我" with BTC at 90,000 (or no quote): which side, of that level
            params = {"level": str(level)[:20], "coin": self.catalog.base_of(str(symbol))}
            return slots, notes, Problem("alert.which_side", params, "alert_no_level")
        if slots.get("condition") not in ("above", "below", "move") or not level:
            return slots, notes, Problem("alert.no_level", examples, "alert_no_level")
        refusal = refusal_in(slots.get("level")) or refusal_in(slots.get("cooldown"))
        refusal = refusal or refusal_in(slots.get("window")) or refusal_in(slots.get("said"))
        if refusal is not None:  # "below -80000", "below 80000,5": refused quoting it, nothing stored
            reason, typed = refusal
            if reason in SAID_BACK:
                problem = Problem(f"alert.bad_{reason}_said", {"typed": typed}, f"alert_bad_{reason}")
                return slots, notes, problem
            return slots, notes, Problem(f"value.refused.{reason}", {"typed": typed}, "refused_value")
        try:
            level = Decimal(str(slots["level"]))
        except InvalidOperation:
            return (
                slots,
                notes,
                Problem("alert.bad_level", {"level": str(slots["level"])[:20]}, "alert_bad_level"),
            )
        one_way = slots.pop("one_way", None)
        if slots["condition"] == "move":
            if one_way:  # "drops 5%": a move alert fires either way, which the reply says
                notes.append(NoticeBlock("", code="alert_both_ways"))
            if not MIN_PERCENT <= level <= MAX_PERCENT or level != level.quantize(Decimal("0.01")):
                params = {"low": plain(MIN_PERCENT), "high": plain(MAX_PERCENT)}
                return slots, notes, Problem("alert.bad_percent", params, "alert_bad_percent")
            if slots.get("window") not in WINDOWS:
                slots["window"] = "24h"
                notes.append(NoticeBlock("", code="alert_window_default"))  # worded per turn below
        else:
            slots.pop("window", None)
        if slots.get("repeat"):
            minutes = int(slots.get("cooldown") or DEFAULT_COOLDOWN.total_seconds() // 60)
            if not MIN_COOLDOWN <= timedelta(minutes=minutes) <= MAX_COOLDOWN:
                limits = {"low": MIN_COOLDOWN.seconds // 60, "high": MAX_COOLDOWN.days}
                return slots, notes, Problem("alert.bad_cooldown", limits, "alert_bad_cooldown")
            slots["cooldown"] = str(minutes)
        else:
            slots["repeat"] = False
            slots.pop("cooldown", None)
        slots["level"] = plain(level)
        return slots, notes, None

    def _check_level(self, spec: AlertSpec, quote: Quote) -> Problem | None:
        if spec.condition == "move":
            return None
        pair = pair_of(spec.symbol, self.catalog)
        level = sane_price(spec.level)
        if level is None:
            return Problem("alert.bad_level", {"level": plain(spec.level)[:20]}, "alert_bad_level")
        rules = self.catalog.rules(spec.symbol)
        if rules is not None and level % rules.tick_size != 0:
            suggestion = (level // rules.tick_size) * rules.tick_size
            params = {
                "level": plain(level),
                "pair": pair,
                "tick": plain(rules.tick_size),
                "suggestion": plain(suggestion),
            }
            return Problem(rules_key("alert.bad_tick", rules), params, "alert_bad_tick")
        low, high = quote.price / LEVEL_RANGE, quote.price * LEVEL_RANGE
        if not low <= level <= high:
            tick = rules.tick_size if rules is not None else Decimal("0.00000001")
            params = {
                "level": format_price(level),
                "pair": pair,
                "price": format_price(quote.price),
                "low": format_price(
                    max(tick, (low / tick).to_integral_value(rounding="ROUND_CEILING") * tick)
                ),
                "high": format_price((high / tick).to_integral_value(rounding="ROUND_FLOOR") * tick),
            }
            return Problem("alert.out_of_range", params, "alert_out_of_range")
        return None

    async def _reference(self, spec: AlertSpec, now: datetime) -> Decimal | None:
        if spec.condition != "move" or spec.window is None:
            return None
        window = spec.window
        return await self.store.reference(spec.symbol, now - WINDOWS[window], reference_slack(window))

    async def _ask_anyway(
        self, turn: Turn, task: Task, spec: AlertSpec, quote: Quote, notes: list[Block]
    ) -> Done:
        payload = {"kind": f"{SKILL}.create", "slots": dict(task.slots)}
        buttons = await turn.buttons(
            [
                (turn.t("alert.button.set_anyway"), payload),
                (turn.t("alert.button.cancel"), {"kind": f"{SKILL}.not_set"}),
            ],
            ttl=BUTTON_TTL,
            styles=["primary", "secondary"],
        )
        text = turn.t(
            "alert.already_holds",
            pair=pair_of(spec.symbol, self.catalog),
            price=format_price(quote.price),
            condition=condition_text(spec, turn.locale, self.catalog),
        )
        blocks = [*self._worded(turn, notes), NoticeBlock(text, "warning", "alert_already_holds")]
        move(task, TaskStatus.COMPLETED, turn.now)
        return Done(self._reply(turn, task, Status.NEEDS_INPUT, blocks, buttons))

    async def _store(
        self, turn: Turn, task: Task, spec: AlertSpec, quote: Quote, *, armed: bool, notes: list[Block]
    ) -> Done:
        destination = destination_of(turn)
        alert = Alert(
            id=new_alert_id(),
            owner=owner_of(turn),
            created_in=turn.key.as_str(),
            destination=destination,
            spec=spec,
            status=AlertStatus.ACTIVE,
            armed=armed,
            locale=turn.locale,
            source=quote.source,
            created_at=turn.now,
            last_price=quote.price,
            checked_at=turn.now,
            name=task.slots.get(NAME) or None,
        )
        limit = PER_PERSON if destination.is_direct else PER_CHANNEL
        summary = condition_text(spec, turn.locale, self.catalog)
        stored = await self.store.create(alert, limit, self._audit(turn, "create", alert.id, summary))
        if isinstance(stored, LimitReached):
            key = "alert.limit.person" if destination.is_direct else "alert.limit.channel"
            return self._fail(turn, task, Problem(key, {"limit": stored.limit}, "alert_limit"))
        if isinstance(stored, NameInUse):  # another alert here has it: nothing stored
            return self._fail(turn, task, Problem("alert.name_taken", {"name": stored.name}, "name_taken"))
        await self.store.add_sample(spec.symbol, quote.fetched_at, quote.price)
        await self.ensure_check(spec.symbol, turn.now)
        where = turn.t("alert.where.you" if destination.is_direct else "alert.where.chat")
        shown = label(alert, turn.locale)
        if spec.condition == "move":
            text = turn.t("alert.created_move", label=shown, condition=summary, where=where)
        else:
            source = "Binance" if quote.source == "binance" else quote.source
            text = turn.t(
                "alert.created",
                label=shown,
                condition=summary,
                where=where,
                pair=pair_of(spec.symbol, self.catalog),
                price=format_price(quote.price),
                source=source,
            )
        said = task.slots.get("from_price")
        blocks: list[Block] = [*self._worded(turn, notes, said), NoticeBlock(text, code="alert_created")]
        blocks.append(block_of(stored, self.catalog))
        if quote.source == "demo":
            blocks.append(NoticeBlock(turn.t("alert.demo_note"), "warning", "demo_market"))
        move(task, TaskStatus.COMPLETED, turn.now)
        return Done(self._reply(turn, task, Status.COMPLETED, blocks))

    async def ensure_check(self, symbol: str, now: datetime) -> None:
        """One check job per watched symbol (a dedupe key: two processes make one)."""
        if self.jobs is None:
            return
        await self.jobs.enqueue(
            CHECK_JOB,
            {"symbol": symbol},
            due_at=now + CHECK_EVERY,
            dedupe_key=f"{CHECK_JOB}:{symbol}",
        )

    # -- the coin asked for ----------------------------------------------------------------------

    def _ask_symbol(self, turn: Turn, task: Task) -> Done:
        """Which coin? The request waits for it and goes on with the answer (asked.py)."""
        ask_coin(task, turn.now)
        params = {"supported": self.catalog.supported_bases(), "examples": ""}
        block = self._problem_block(turn, Problem("alert.no_symbol", params, "alert_no_symbol"))
        return Done(self._reply(turn, task, Status.NEEDS_INPUT, [block]))

    def _ask_level(self, turn: Turn, task: Task) -> Done | None:
        """What should it watch? Only the coin was said ("add an alert for btc"): the request waits
        for its level and goes on with the answer, nothing set before (None: a coin not traded,
        refused as any alert's)."""
        symbol = self.catalog.resolve(str(task.slots["symbol"])) or ""
        if refusal_in(str(task.slots["symbol"])) or not self.catalog.is_supported(symbol):
            return None
        ask_level(task, turn.now)
        text = turn.t("alert.ask_level", coin=self.catalog.base_of(symbol))
        return Done(
            self._reply(turn, task, Status.NEEDS_INPUT, [NoticeBlock(text, "info", "alert_ask_level")])
        )

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        if task.asking == "level":
            return await self._level_answered(turn, task, route)
        return await self.start(turn, task) if coin_answered(task, route) else None

    async def _level_answered(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        """ "above 100000", "跌破8万", "5% in 1h" after "which level?": the request goes on with it.
        A request of its own (any route, a whole alert's too) is no answer: read as itself."""
        if route is not None:
            return None
        symbol = self.catalog.resolve(str(task.slots.get("symbol") or "")) or ""
        answer = level_answered(turn.text, self.coins, self.catalog.base_of(symbol))
        if answer is None:
            return None
        task.asking = None
        task.slots = {**task.slots, **answer}
        return await self.start(turn, task)

    # -- buttons ---------------------------------------------------------------------------------

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        kind = str(payload.get("kind", "")).split(".", 1)[-1]
        if kind == "not_set":
            return self._notice(turn, "alert.not_set", "alert_not_set", Status.COMPLETED)
        if kind == "kept":  # a delete offered and not confirmed: nothing deleted
            return self._notice(turn, "alert.kept", "alert_kept", Status.COMPLETED)
        refusal = self._may_manage(turn)
        if refusal is not None:
            return Reply(Status.FAILED, (self._problem_block(turn, refusal),), turn.locale)
        if kind == "create":
            return await self._create_anyway(turn, dict(payload.get("slots") or {}))
        alert = await self.store.get(str(payload.get("alert_id", "")))
        if alert is None or (
            alert.destination != destination_of(turn) and alert.created_in != turn.key.as_str()
        ):
            return self._notice(turn, "alert.gone", "not_found", Status.FAILED, "warning")
        if kind == "delete":
            return await managing.delete_one(self, turn, alert)
        if kind == "rearm":
            summary = condition_text(alert.spec, turn.locale, self.catalog)
            rearmed = await self.store.rearm(
                alert.id, turn.now, self._audit(turn, "rearm", alert.id, summary)
            )
            if rearmed is None:
                return self._notice(turn, "alert.gone", "not_found", Status.FAILED, "warning")
            await self.ensure_check(alert.symbol, turn.now)
            rearmed_text = turn.t("alert.rearmed", label=label(alert, turn.locale), summary=summary)
            notice = NoticeBlock(rearmed_text, code="alert_rearmed")
            return Reply(Status.COMPLETED, (notice, block_of(rearmed, self.catalog)), turn.locale)
        return await super().on_button(turn, task, payload)

    async def _create_anyway(self, turn: Turn, slots: dict[str, Any]) -> Reply:
        """ "Set it anyway": checked again from the start (the price may have moved since), and set
        unarmed if its condition still holds, so it fires only after a real crossing."""
        task = create_task(turn, slots)
        move(task, TaskStatus.EXECUTING, turn.now)
        checked = await self._checked(turn, task)
        if isinstance(checked, Done):
            return checked.reply
        spec, quote, notes, holds = checked
        return (await self._store(turn, task, spec, quote, armed=holds is False, notes=notes)).reply

    # -- helpers ---------------------------------------------------------------------------------

    def _may_manage(self, turn: Turn) -> Problem | None:
        """A chat's alerts are set and deleted by those who may manage the chat."""
        if turn.chat_kind is ChatKind.PRIVATE or turn.actor_admin is True:
            return None
        platform = turn.key.platform if turn.key.platform in ("telegram", "discord") else "other"
        return Problem(f"alert.not_admin.{platform}", {}, "not_admin")

    def _worded(self, turn: Turn, notes: list[Block], said: object = None) -> list[Block]:
        """The notes in the turn's words; first what a level was counted from ("BTC 翻倍")."""
        worded: list[Block] = [NoticeBlock(str(said), code="alert_from_now")] if said else []
        for note in notes:
            code = note.code if isinstance(note, NoticeBlock) and not note.text else None
            worded.append(NoticeBlock(turn.t(_NOTES[code]), code=code) if code in _NOTES else note)
        return worded

    def _problem_block(self, turn: Turn, problem: Problem) -> NoticeBlock:
        params = dict(problem.params)
        if "examples" in params and not params["examples"]:
            params["examples"] = turn.t("alert.examples")
        return NoticeBlock(turn.t(problem.key, **params), "warning", problem.code)

    def _fail(self, turn: Turn, task: Task, problem: Problem) -> Done:
        block = self._problem_block(turn, problem)
        if task.is_open:
            move(task, TaskStatus.FAILED, turn.now)
        return Done(self._reply(turn, task, Status.FAILED, [block]), ok=False)

    def _notice(
        self, turn: Turn, key: str, code: str, status: Status, level: str = "info", **params: object
    ) -> Reply:
        block = NoticeBlock(turn.t(key, **params), level, code)  # type: ignore[arg-type]
        return Reply(status, (block,), turn.locale)

    def _reply(
        self, turn: Turn, task: Task, status: Status, blocks: list[Block], buttons: tuple[Button, ...] = ()
    ) -> Reply:
        return Reply(status, tuple(blocks), turn.locale, buttons=buttons, route=self._route(task))

    def _with_route(self, reply: Reply, task: Task) -> Reply:
        return Reply(reply.status, reply.blocks, reply.locale, buttons=reply.buttons, route=self._route(task))

    @staticmethod
    def _route(task: Task) -> RouteInfo:
        return RouteInfo(SKILL, task.action, dict(task.slots), by=task.origin)

    def _audit(self, turn: Turn, action: str, alert_id: str, summary: str) -> AuditEntry:
        return AuditEntry(
            owner=owner_of(turn),
            actor=turn.key.as_str(),
            at=turn.now,
            skill=SKILL,
            action=action,
            target_id=alert_id,
            target_name=summary,
            outcome="ok",
        )


ACTIONS: dict[str, ActionSpec[PriceAlertSkill]] = {
    "create": ActionSpec(run=PriceAlertSkill.create),
    "query": ActionSpec(run=managing.query, writes=False),
    "delete": ActionSpec(run=managing.delete),
    "rename": ActionSpec(run=managing.rename),
}
