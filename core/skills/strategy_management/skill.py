"""strategy_management: create, update, delete, activate (make default), deactivate, duplicate and
query strategies (core.strategies), in a private chat.

Parameters are filled like any slot: what the request said is checked first, the rest is asked
one at a time, each answer checked on its own and against the fields before it (a grid's upper
price above its lower one, its step not below the tick, its per-grid order not below the minimum
notional), so a refusal names the reason and asks that one value again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.clock import Clock
from core.i18n import is_zh
from core.language.tagger import words
from core.markets import MarketCatalog
from core.reply import Block, DetailsBlock, NoticeBlock, Reply, RouteInfo
from core.routing.router import Route
from core.secrets import SecretBox
from core.skills.strategy_management import present
from core.skills.strategy_management.reading import SKILL, StrategyReader, field_named
from core.state import Task, TaskStatus
from core.strategies import forms
from core.strategies.intervals import Interval
from core.strategies.model import NewStrategy, Strategy, StrategyChanges, StrategyStore
from core.strategies.params import (
    KINDS,
    InvalidParams,
    StrategyParams,
    plain,
    validate,
)
from core.strategies.words import FIELDS, kind_of, kind_word
from core.tasks import tokens
from core.tasks.actions import ActionSpec, SlotSpec
from core.tasks.answers import bare
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.errors import NotFound
from core.tasks.flow import Choice, Parsed, TaskFlow, owner_of
from core.tasks.names import MAX_NAME, clean_name, name_key
from core.tasks.refs import Target
from core.turn import Turn
from core.workspace import correcting, interrupted
from core.workspace.records import Records, audit_update, preview_record, update_question
from core.workspace.text import inline

_INTERVAL_BUTTONS = ("1h", "4h", "1d", "1w")
# Refusals saying an answer is not a value of the kind asked at all (rather than a wrong one).
_NOT_A_VALUE = frozenset({"strategy.bad.number", "strategy.bad.interval", "strategy.bad.symbol", None})
_GRID_BUTTONS = ("5", "10", "20", "50")


class StrategySkill(TaskFlow):
    name = SKILL
    ref_kind = "strategy"

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        store: StrategyStore,
        catalog: MarketCatalog,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.records = Records(
            store,
            kind_key="strategy.sm.kind",
            texts="strategy.sm",
            code="strategy",
            none_code="no_strategies",
        )
        self.store = store
        self.catalog = catalog
        self.reader = StrategyReader(catalog)  # an answer that is a sentence ("每天买50U")

    # -- the flow ------------------------------------------------------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        """ "停用默认策略" names no strategy: it means the default one (there is at most one)."""
        if task.action == "deactivate" and not task.target_ref:
            default = await self.store.default(owner_of(turn))
            if default is None:
                return self._fail(turn, task, turn.t("strategy.sm.no_default"), "no_default", ())
            task.target_ref = {"id": default.id, "name": default.name}
        unsure = correcting.take_name_unsure(task)
        return correcting.name_unsure(turn, task, await super().start(turn, task), unsure)

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        fixed = await correcting.corrected(self, self.records.domain, turn, task, route)
        return fixed if fixed is not None else await super().continue_text(turn, task, route)

    async def targets(self, owner: str) -> list[Target]:
        return [self.as_target(r) for r in await self.records.owned(owner)]

    def kind_label(self, turn: Turn) -> str:
        return self.records.kind_label(turn)

    async def version(self, turn: Turn, task: Task) -> str | None:
        return await self.records.version(turn, task)

    def describe(self, turn: Turn, task: Task) -> str:
        return self.records.describe(turn, task)

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        return []  # no slot of this skill's makes another stale

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        return correcting.shown_value(task, slot)

    # -- questions, choices and answers ------------------------------------------------------------

    def field_label(self, turn: Turn, slot: str) -> str | None:
        if slot in ("name", "new_name"):
            return turn.t("ws.field.name")
        if slot == "kind":
            return turn.t("strategy.sm.field.kind")
        return present.label(turn.t(f"strategy.field.{slot}")) if _is_param(slot) else None

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        asked = update_question(turn, task, spec)
        if asked is not None:
            return asked
        field = spec.name
        if field == "kind":
            return turn.t("strategy.sm.ask_kind")
        if field == "name":
            return turn.t(
                "strategy.sm.ask_copy_name" if task.action == "duplicate" else "strategy.sm.ask_name"
            )
        if task.action == "update":
            target = (task.target_ref or {}).get("name", "")
            return turn.t(
                "strategy.sm.ask_value",
                name=target,
                field=turn.t(f"strategy.field.{field}"),
                current=self._current_value(turn, task, field),
            )
        kind = str(task.slots.get("kind", ""))
        symbol = str(task.slots.get("symbol", ""))
        rules = self.catalog.rules(symbol) if symbol else None
        minimum = plain(rules.min_notional) if rules else "5"
        params: dict[str, object] = {
            "kind": inline(turn.locale, turn.t(f"strategy.kind.{kind}")) if kind else "",
            "coin": self.catalog.base_of(symbol) if symbol else "",
            "min": minimum,
            "lower": task.slots.get("lower", ""),
        }
        return turn.t(f"strategy.sm.ask_{field}", **params)

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        field = spec.name
        if field == "kind":
            return [Choice(k, turn.t(f"strategy.kind.{k}")) for k in KINDS]
        if field == "symbol":
            return [Choice(s, self.catalog.base_of(s)) for s in self.catalog.popular()]
        if field == "interval":
            return [Choice(i, present.describe_interval(turn, Interval.of(i))) for i in _INTERVAL_BUTTONS]
        if field == "grids":
            return [Choice(g, g) for g in _GRID_BUTTONS]
        if field == "field":
            kind = str(task.slots.get("kind", ""))
            return [Choice(f, self.field_label(turn, f) or f) for f in ("name", *forms.fields_of(kind))]
        if field in forms.OPTIONAL and task.action == "update":
            return [Choice(forms.NONE, turn.t("strategy.sm.no_cap"))]
        if field == "name" and task.action == "duplicate":
            suggestion = await self._copy_name(turn, task)
            return [Choice(suggestion, suggestion)] if suggestion else []
        return []

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        field = spec.name
        if field == "kind":
            kind = text if text in KINDS else kind_of(words(text)) or _kind_by_label(turn, text)
            return Parsed(kind) if kind else Parsed(error="strategy.sm.bad_kind")
        if field == "new_name":
            return await self.records.parse_name(turn, task, text)
        if field == "name":
            return await self._parse_new_name(turn, task, text)
        if field == "field":
            return self._parse_field_choice(turn, task, text)
        kind = str(task.slots.get("kind", ""))
        try:
            return Parsed(self._field_value(task, kind, field, text))
        except InvalidParams as exc:
            refused = _refused(turn, exc)
        if refused.of_shape or not kind:
            return refused
        return self._from_sentence(turn, task, kind, field, text) or refused

    def _field_value(self, task: Task, kind: str, field: str, text: str) -> str:
        value = forms.parse_field(kind, field, text, self.catalog)
        if kind:  # an update's value read before its strategy is known: checked once it is
            forms.check_known(kind, self._known(task, field, value), self.catalog)
        return value

    def _from_sentence(self, turn: Turn, task: Task, kind: str, field: str, text: str) -> Parsed | None:
        """An answer that is a sentence rather than the value alone ("每天买50U", "buy 50U every
        day" asked for the amount): the value it gives for ``field``, and, for a new strategy,
        the other parameters it says (the interval). For a new strategy, a sentence of other
        parameters only ("每天买50U" asked for the coin) keeps those and asks again; one value of
        another kind ("7d" asked for the amount) is a mistaken answer, refused with its reason.
        None when it gives none, or says something else than the strategy has (another coin):
        then it answers nothing here."""
        said = self.reader.values(text, kind)
        if field not in said:
            if task.action != "create" or len(said) < 2:
                return None
            also = self._also(task, kind, field, said)
            return Parsed(also=also) if also else None
        also = self._also(task, kind, field, said)
        if also is None:
            return None
        try:
            value = self._field_value(task, kind, field, said[field])
        except InvalidParams as exc:
            refused = _refused(turn, exc)  # "每天买2U": below the minimum, said so
            return refused if refused.of_shape else None
        return Parsed(value, also=also if task.action == "create" else {})

    def _also(self, task: Task, kind: str, field: str, said: dict[str, str]) -> dict[str, str] | None:
        """The parameters besides ``field`` a sentence says that the strategy does not have yet;
        None when one contradicts what it has (another coin)."""
        also: dict[str, str] = {}
        for other, raw in said.items():
            if other == field or other not in forms.fields_of(kind):
                continue
            known = task.slots.get(other)
            if known is None:
                also[other] = raw
                continue
            try:
                same = forms.parse_field(kind, other, raw, self.catalog) == known
            except InvalidParams:
                same = False
            if not same:
                return None
        return also

    def _parse_field_choice(self, turn: Turn, task: Task, text: str) -> Parsed:
        kind = str(task.slots.get("kind", ""))
        allowed = ("name", *forms.fields_of(kind)) if kind else ("name", *FIELDS)
        norm = bare(text)
        found = text if text in allowed else None
        if found is None:
            labels = {bare(self.field_label(turn, f) or f): f for f in allowed}
            found = labels.get(norm) or next((name for name in (field_named(norm),) if name in allowed), None)
        if found is not None:
            return Parsed(found)
        if not kind:
            return Parsed(error="ws.bad_field")
        fields = "、" if is_zh(turn.locale) else ", "
        shown = fields.join(self.field_label(turn, f) or f for f in allowed)
        return Parsed(
            error="strategy.sm.bad_field",
            params={"kind": inline(turn.locale, turn.t(f"strategy.kind.{kind}")), "fields": shown},
        )

    async def _parse_new_name(self, turn: Turn, task: Task, text: str) -> Parsed:
        """A create's or a copy's name: valid, and used by none of this person's strategies."""
        name = clean_name(text)
        if name is None:
            return Parsed(error="flow.bad_name", params={"max": MAX_NAME})
        if task.action == "duplicate" and name_key(name) == name_key((task.target_ref or {}).get("name", "")):
            return Parsed(error="strategy.sm.same_name")
        for rec in await self.records.owned(owner_of(turn)):
            if name_key(rec.name) == name_key(name):
                return Parsed(error="flow.name_taken", params={"name": name})
        return Parsed(name)

    def _known(self, task: Task, field: str, value: str) -> dict[str, str]:
        """The values ``field`` is checked against: a create's earlier fields, or an update's
        whole current set (once its target is known)."""
        kind = str(task.slots.get("kind", ""))
        if task.action == "update":
            current = task.slots.get("_current")
            base = dict(current) if isinstance(current, dict) else {}
            return {**base, field: value}
        order = forms.fields_of(kind)
        before = order[: order.index(field)] if field in order else ()
        return {f: str(task.slots[f]) for f in before if f in task.slots} | {field: value}

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        if task.action != "create" or spec.name != "name":
            return None
        # A name from the coin and the kind ("BTC定投", "ETH grid"), numbered when taken.
        kind = str(task.slots.get("kind", ""))
        coins = str(task.slots.get("symbols") or task.slots.get("symbol") or "")
        bases = "/".join(self.catalog.base_of(s) for s in coins.split(",") if s)
        base = turn.t(f"strategy.sm.auto_name.{kind}", coins=bases).strip()
        taken = {name_key(s.name) for s in await self.records.owned(owner_of(turn))}
        return next(n for n in _numbered(base) if name_key(n) not in taken)

    async def on_target(self, turn: Turn, task: Task) -> None:
        """An update learns its target's kind and current values; a setting the kind does not
        have is dropped (and asked for), "上限" of a DCA strategy is its total cap."""
        if task.action != "update":
            return
        rec = await self.records.current(turn, task)
        if rec is None:
            return
        task.slots["kind"] = rec.kind
        task.slots["_current"] = forms.values_of(rec.params)
        field = task.slots.get("field")
        renamed = {("dca", "upper"): "max_total", ("ai", "symbol"): "symbols", ("grid", "symbols"): "symbol",
                   ("dca", "symbols"): "symbol"}.get((rec.kind, str(field)))  # fmt: skip
        if renamed is not None:
            task.slots["field"] = renamed
            if field in task.slots:
                task.slots[renamed] = task.slots.pop(str(field))
            field = renamed
        if field is not None and field not in ("name", *forms.fields_of(rec.kind)):
            task.slots.pop("field", None)
            task.slots.pop(str(field), None)
            return
        if field and field != "name" and field in task.slots and not task.slots.get("_checked"):
            # A value the request gave, checked now that the whole set it joins is known: a bad
            # one is asked again with the reason, like a typed answer.
            task.slots["_checked"] = True
            try:
                forms.check_known(
                    rec.kind, task.slots["_current"] | {field: str(task.slots[field])}, self.catalog
                )
            except InvalidParams as exc:
                task.slots.pop(str(field))
                task.slots["_invalid"] = exc.message(turn.locale)

    async def ask(
        self, turn: Turn, task: Task, spec: SlotSpec, notes: Sequence[Block], *, carried_secret: bool = False
    ) -> Reply:
        invalid = task.slots.pop("_invalid", None)
        if invalid:
            notes = [NoticeBlock(str(invalid), "warning", "invalid_slot"), *notes]
        return await super().ask(turn, task, spec, notes, carried_secret=carried_secret)

    def _current_value(self, turn: Turn, task: Task, field: str) -> str:
        current = task.slots.get("_current")
        value = current.get(field) if isinstance(current, dict) else None
        if not value:
            return "—"
        return present.shown(turn, self.catalog, field, str(value))

    async def _copy_name(self, turn: Turn, task: Task) -> str | None:
        source = (task.target_ref or {}).get("name", "")
        if not source:
            return None
        taken = {name_key(s.name) for s in await self.records.owned(owner_of(turn))}
        base = f"{source} {turn.t('strategy.sm.copy_suffix')}"
        return next((n for n in _numbered(base) if name_key(n) not in taken and clean_name(n) == n), None)

    # -- parameters, previews and the record hooks ------------------------------------------------

    def params(self, task: Task, rec: Strategy | None) -> StrategyParams:
        """The parameters the task sets (an update's over ``rec``'s), checked: InvalidParams."""
        kind = str(task.slots.get("kind", ""))
        if task.action == "update":
            if rec is None:
                raise NotFound((task.target_ref or {}).get("id", ""))
            field = str(task.slots.get("field", ""))
            if field == "name":
                return rec.params
            values = forms.values_of(rec.params) | {field: str(task.slots[field])}
            return validate(forms.build(rec.kind, values), self.catalog)
        values = {f: str(task.slots[f]) for f in forms.fields_of(kind) if f in task.slots}
        return validate(forms.build(kind, values), self.catalog)

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        """Activate, deactivate and duplicate confirm only when run again after an interruption."""
        if task.action not in ("activate", "deactivate", "duplicate"):
            return await preview_record(self, turn, task)
        rec = await self.records.current(turn, task)
        name = rec.name if rec else (task.target_ref or {}).get("name", "")
        text = turn.t(f"strategy.sm.confirm_{task.action}", name=name, copy=task.slots.get("name", ""))
        return text, DetailsBlock(turn.t("strategy.sm.title", name=name), self.rows(turn, rec) if rec else ())

    async def preview_update(
        self, turn: Turn, task: Task, record: Strategy | None, name: str
    ) -> tuple[str, DetailsBlock]:
        field = str(task.slots.get("field", ""))
        label = self.field_label(turn, field) or field
        traders = await self.store.traders_using(owner_of(turn), record.id) if record else []
        new = str(task.slots.get("new_name" if field == "name" else field, ""))
        old = self._current_value(turn, task, field) if field != "name" else name
        change = f"{old} → {present.shown(turn, self.catalog, field, new) if field != 'name' else new}"
        text = turn.t("strategy.sm.confirm_update", name=name, field=label, traders=", ".join(traders))
        return text, DetailsBlock(turn.t("strategy.sm.title", name=name), ((label, change),))

    async def create(self, turn: Turn, task: Task, audit: AuditEntry) -> Strategy:
        params = self.params(task, None)
        owner = owner_of(turn)
        first = await self.store.default(owner) is None  # the first one (or none marked) is the default
        new = NewStrategy(owner, str(task.slots["name"]), params, turn.now, is_default=first)
        return await self.store.create(new, audit)

    def route_info(self, task: Task) -> RouteInfo:
        """Working values (an update's current set, under "_") are not part of the route."""
        info = super().route_info(task)
        return replace(info, slots={k: v for k, v in info.slots.items() if not k.startswith("_")})

    async def update(self, turn: Turn, task: Task, record: Strategy) -> tuple[Strategy, str]:
        field = str(task.slots["field"])
        if field == "name":
            changes = StrategyChanges(name=str(task.slots["new_name"]))
        else:
            changes = StrategyChanges(params=self.params(task, record))
        audit = audit_update(self, turn, task, record, field)
        return await self.store.update(owner_of(turn), record.id, changes, turn.now, audit), field

    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """An interrupted activate / deactivate / duplicate: the records tell whether it ran."""
        if task.action not in ("activate", "deactivate", "duplicate"):
            return await interrupted.recover(self, turn, task)
        rec = await self.records.current(turn, task)
        if task.action == "duplicate":
            wanted = name_key(str(task.slots.get("name", "")))
            owned = await self.records.owned(owner_of(turn))
            copy = next((s for s in owned if name_key(s.name) == wanted), None)
            done = copy is not None and copy.created_at == task.updated_at
        else:
            done = rec is not None and rec.is_default == (task.action == "activate")
        what = self.describe(turn, task)
        outcome = "done" if done else "not_run"
        notice = NoticeBlock(
            turn.t(f"ws.interrupted_{outcome}", what=what), "warning", f"interrupted_{outcome}"
        )
        if done:
            self.transition(turn, task, TaskStatus.COMPLETED)
            return [notice]
        # Not run: asked again from the top with a fresh confirmation (as interrupted.recover does).
        task.needs_confirmation = True
        tokens.forget(task)
        self.transition(turn, task, TaskStatus.COLLECTING)
        asked = await self.advance(turn, task)
        return [notice] if task.status is TaskStatus.AWAITING_CONFIRMATION else [notice, *asked.blocks]

    # -- presentation -------------------------------------------------------------------------------

    def rows(self, turn: Turn, rec: Strategy) -> tuple[tuple[str, str], ...]:
        return present.rows(turn, self.catalog, rec)

    def line(self, turn: Turn, rec: Strategy) -> str:
        return present.line(turn, self.catalog, rec)

    def as_target(self, rec: Strategy) -> Target:
        words = {rec.kind, kind_word(rec.kind).casefold()}
        words |= {"定投"} if rec.kind == "dca" else {"网格"} if rec.kind == "grid" else set()
        coins = {self.catalog.base_of(s).casefold() for s in rec.symbols}
        return Target(rec.id, rec.name, tuple(sorted(words | coins)))


def slot_kind(field: str) -> Any:
    """Notes are free text; every other parameter is a value of a definite shape (SlotSpec)."""
    return "text" if field == "notes" else "value"


def _is_param(field: str) -> bool:
    return any(field in fields for fields in forms.FIELDS.values())


def _numbered(base: str) -> list[str]:
    return [base, *(f"{base} {n}" for n in range(2, 1000))]


def _kind_by_label(turn: Turn, text: str) -> str | None:
    norm = bare(text)
    return next((k for k in KINDS if bare(turn.t(f"strategy.kind.{k}")) == norm), None)


def _refused(turn: Turn, exc: InvalidParams) -> Parsed:
    """A refused value; of the shape asked unless the refusal says it is no value of that kind."""
    field = turn.t(f"strategy.field.{exc.field}") if exc.field else ""
    return Parsed(
        error=exc.code, params={**exc.params, "field": field}, of_shape=exc.code not in _NOT_A_VALUE
    )
