"""exchange_management: create, update, delete and query exchange accounts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from core.clock import Clock
from core.i18n import is_zh
from core.language.phrases import Words
from core.language.picks import sole_value
from core.reply import Block, DetailsBlock, NoticeBlock, Reply, Status
from core.routing.router import Route
from core.secrets import SecretBox
from core.skills.exchange_accounts.kinds import Kind, Match, matches
from core.skills.exchange_accounts.rules import ALSO_ALERT, ANY_KIND, BARE_ACTIONS, SKILL
from core.state import Task
from core.tasks.actions import ActionSpec, Confirm, SlotSpec
from core.tasks.answers import bare
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.flow import CHOICE_TTL, Choice, Parsed, TaskFlow, owner_of
from core.tasks.names import name_key
from core.tasks.refs import Target
from core.turn import Turn
from core.workspace import correcting, interrupted, record_actions
from core.workspace.accounts import (
    AccountChanges,
    ExchangeAccount,
    ExchangeAccountRepository,
    NewExchangeAccount,
)
from core.workspace.exchanges import CREDENTIAL_FIELDS, EXCHANGES, PAPER_DEFAULT_BALANCE, exact_exchange
from core.workspace.records import (
    Records,
    audit_update,
    labelled_field,
    masked,
    preview_record,
    update_question,
)
from core.workspace.text import inline

MAX_PAPER_BALANCE = Decimal("100000000")

# Update: which field ("credentials" = every credential of the account's exchange), each answered
# by its words (phrases/account_answer.toml), tried in this order.
_FIELDS = ("name", "api_key", "api_secret", "passphrase", "credentials")


class ExchangeSkill(TaskFlow):
    name = SKILL
    ref_kind = "exchange_account"

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
        other_kinds: Sequence[Kind] = (),
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.records = Records(
            accounts,
            kind_key="ws.kind.exchange",
            texts="ws.ex",
            code="account",
            none_code="no_accounts",
            domain="exchange",
        )
        self.accounts = accounts
        self.other_kinds = tuple(other_kinds)  # what else a bare "delete main" may name

    # -- the records (core.workspace.records; corrections: core.workspace.correcting) -----------

    async def start(self, turn: Turn, task: Task) -> Reply:
        unsure = correcting.take_name_unsure(task)
        return correcting.name_unsure(turn, task, await super().start(turn, task), unsure)

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        fixed = await correcting.corrected(self, self.records.domain, turn, task, route)
        return fixed if fixed is not None else await super().continue_text(turn, task, route)

    async def targets(self, owner: str) -> list[Target]:
        return [self.as_target(r) for r in await self.records.owned(owner)]

    def kind_label(self, turn: Turn) -> str:
        return self.records.kind_label(turn)

    def field_label(self, turn: Turn, slot: str) -> str | None:
        return labelled_field(turn, slot)

    async def version(self, turn: Turn, task: Task) -> str | None:
        return await self.records.version(turn, task)

    def describe(self, turn: Turn, task: Task) -> str:
        return self.records.describe(turn, task, self.catalog_label(turn, task))

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        return await preview_record(self, turn, task)

    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """core.conversation.interrupted.Recoverable: the record tells whether it ran."""
        return await interrupted.recover(self, turn, task)

    # -- a bare name ("delete main", "rename main to core") ----------------------------------------

    async def redirect(self, turn: Turn, task: Task) -> Route | Reply | None:
        """ "delete main" or "rename main to core" said no kind of record: it is the account
        unless "main" is only the person's strategy, trader or model config (then that skill
        takes the same request); when several kinds have a "main", they choose with buttons.
        No match anywhere: this skill's not-found answer, naming the accounts they have."""
        alert = task.slots.pop(ALSO_ALERT, None)  # an alert of theirs is so called too: among the choices
        if not task.slots.pop(ANY_KIND, None) or task.action not in BARE_ACTIONS or not self.other_kinds:
            return None
        ref = dict(task.target_ref or {})
        if "recent" in ref:
            return self._last_touched(turn, task)
        own = Kind("exchange", SKILL, self.targets)
        found = await matches((own, *self.other_kinds), owner_of(turn), ref)
        name = ref.get("name", "")
        if alert and name and not found:
            return _alert_request(task, name)
        if not alert and (not found or [m.kind for m in found] == [own]):
            return None
        if not alert and len(found) == 1:
            return _same_request(task, found[0], ref)
        options = [
            (
                turn.t(f"ws.ex.kind_of.{m.kind.key}", name=name or m.targets[0].name),  # by number: its name
                _route_button(_same_request(task, m, ref)),
            )
            for m in found
        ]
        if alert and name:
            options.append(
                (turn.t("ws.ex.kind_of.alert", name=name), _route_button(_alert_request(task, name)))
            )
        buttons = await turn.buttons(options, ttl=CHOICE_TTL)
        which = (
            turn.t(f"ws.ex.which_kind.{task.action}", name=name)
            if name
            else turn.t(f"ws.ex.which_kind_number.{task.action}", number=ref.get("id", ""))
        )
        notice = NoticeBlock(which, code="ambiguous_kind")
        return self.private_reply(turn, task, Status.NEEDS_INPUT, (notice,), buttons=buttons)

    def _last_touched(self, turn: Turn, task: Task) -> Route | None:
        """ "删掉刚配的那个", "delete the one i just made": the record the conversation last
        touched, in its own kind's skill (which resolves the last one of its kind and confirms);
        an account's, or none remembered: this skill's."""
        record = turn.state.recall.record
        if record is None or record.skill == SKILL or record.skill not in {k.skill for k in self.other_kinds}:
            return None
        return Route(record.skill, task.action, {**task.slots, "target_ref": {"recent": "1"}})

    # -- declarations (named by the action table below) -------------------------------------

    def create_slots(self, task: Task) -> list[SlotSpec]:
        """The exchange, a name, then that exchange's credentials (all secrets)."""
        specs = [
            SlotSpec("exchange", "choice", infer=("message",)),
            SlotSpec("name", "text", infer=("message",)),
        ]
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        if exchange is not None:
            specs += [SlotSpec(f, "secret") for f in exchange.fields]
            if exchange.key == "paper":
                specs.append(SlotSpec("paper_balance", "text", required=False, infer=("catalog",)))
        return specs

    def update_slots(self, task: Task) -> list[SlotSpec]:
        """Which field, then its new value (a new name, or the account's credentials)."""
        specs = [SlotSpec("field", "choice", infer=("message",))]
        field = task.slots.get("field")
        if field == "name":
            specs.append(SlotSpec("new_name", "text", infer=("message",)))
        elif field in CREDENTIAL_FIELDS or field == "credentials":
            specs += [SlotSpec(f, "secret") for f in self._credential_fields(task)]
        return specs

    def _credential_fields(self, task: Task) -> tuple[str, ...]:
        """The credentials an update replaces: the chosen one, or all for "credentials"."""
        fields = self._account_fields(task)
        chosen = task.slots.get("field")
        if chosen == "credentials":
            return fields
        return tuple(f for f in fields if f == chosen)

    def replaces_credential(self, turn: Turn, task: Task) -> bool:
        """The confirmation rule of an update: it overwrites a stored key."""
        return bool(self._credential_fields(task))

    # -- questions and answers -----------------------------------------------------------------

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        asked = update_question(turn, task, spec)
        if asked is not None:
            return asked
        shown = self.catalog_label(turn, task) or ""
        if spec.name == "exchange":
            return turn.t("ws.ex.ask_exchange")
        if spec.name == "name":
            # "模拟账户" + "账户": the template already says what it is.
            kind = shown.removesuffix("账户").removesuffix("帳戶") if is_zh(turn.locale) else shown
            return turn.t("ws.ex.ask_name", exchange=inline(turn.locale, kind))
        if spec.name == "paper_balance":  # asked only when the one given was not read exactly
            return turn.t("ws.ex.ask_balance", default=PAPER_DEFAULT_BALANCE)
        field = turn.t(f"ws.field.{spec.name}")
        return turn.t("ws.ask_secret", field=field, exchange=inline(turn.locale, shown))

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        if spec.name == "exchange":
            return [Choice(e.key, e.display(turn.locale)) for e in EXCHANGES.values()]
        if spec.name == "field":
            fields = ["name", *self._account_fields(task)]
            return [Choice(f, turn.t(f"ws.field.{f}")) for f in fields]
        if spec.name == "name":
            exchange = str(task.slots.get("exchange", "account"))
            taken = {name_key(a.name) for a in await self.records.owned(owner_of(turn))}
            suggestion = next(f"{exchange}-{n}" for n in range(1, 1000) if f"{exchange}-{n}" not in taken)
            return [Choice(suggestion, suggestion)]
        return []

    @staticmethod
    def _account_fields(task: Task) -> tuple[str, ...]:
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        return exchange.fields if exchange is not None else ()

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name == "exchange":
            key = text if text in EXCHANGES else exact_exchange(bare(text))
            return Parsed(key) if key else Parsed(error="ws.ex.bad_exchange")
        if spec.name in ("name", "new_name"):
            return await self.records.parse_name(turn, task, text)
        if spec.name == "field":
            field = _parse_field(text)
            if "exchange" not in task.slots and field is not None:
                return Parsed(field)  # read from the request before the account is known: on_target checks
            allowed = {"name", *self._account_fields(task)}
            if field == "credentials" and self._account_fields(task):
                return Parsed(field)
            if field in allowed:
                return Parsed(field)
            if field in CREDENTIAL_FIELDS:
                return Parsed(error="ws.ex.no_such_field")
            return Parsed(error="ws.bad_field")
        if spec.name == "paper_balance":
            # Read by the value grammar: "50000", "5万U", "10k usdt"; "-5000", "1e9", "50000,5"
            # refused quoting them (Decimal() would take "1e3" as 1000 and "NaN" as a number).
            value = sole_value(text, ("number", "amount"))
            if value is not None and value.refused:
                return Parsed.refused(value.reason or "separators", value.typed)
            if value is None or value.unit == "base" or not Decimal(0) < value.number <= MAX_PAPER_BALANCE:
                return Parsed(error="ws.ex.bad_balance")
            return Parsed(value.slot)
        return Parsed(error="flow.invalid")

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        if spec.name == "paper_balance":
            return str(PAPER_DEFAULT_BALANCE)
        return None

    # -- corrections ---------------------------------------------------------------------------

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        """Another exchange: the keys given for the old one (and a paper balance) no longer apply."""
        if slot != "exchange":
            return []
        if task.slots.get("exchange") != "paper":
            task.slots.pop("paper_balance", None)
        dropped = [f for f in CREDENTIAL_FIELDS if f in task.sealed]
        for field in dropped:
            task.unseal_slot(field)
        return [NoticeBlock(turn.t("ws.keys_dropped"), "info", "keys_dropped")] if dropped else []

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        if slot == "exchange":
            return self.catalog_label(turn, task) or str(task.slots.get(slot, ""))
        return correcting.shown_value(task, slot)

    # -- targets -------------------------------------------------------------------------------

    async def on_target(self, turn: Turn, task: Task) -> None:
        # An update needs the account's exchange (its credential fields) once it is known.
        if "exchange" not in task.slots:
            acc = await self.records.current(turn, task)
            if acc is not None:
                task.slots["exchange"] = acc.exchange
        field = task.slots.get("field")
        if field in CREDENTIAL_FIELDS and field not in self._account_fields(task):
            task.slots.pop("field")  # e.g. a passphrase on a Binance account: ask what to change

    # -- confirmation and execution ------------------------------------------------------------

    async def preview_update(
        self, turn: Turn, task: Task, record: ExchangeAccount | None, name: str
    ) -> tuple[str, DetailsBlock]:
        changes: list[tuple[str, str]] = []
        for field in self._credential_fields(task):
            old = masked(self.secrets, record.credentials.get(field)) if record else "—"
            new = masked(self.secrets, str(task.slots[field]))
            changes.append((turn.t(f"ws.field.{field}"), f"{old} → {new}"))
        fields = "、".join(c[0] for c in changes) if is_zh(turn.locale) else ", ".join(c[0] for c in changes)
        return (
            turn.t("ws.confirm_update", name=name, fields=fields),
            DetailsBlock(turn.t("ws.ex.title", name=name), tuple(changes)),
        )

    async def create(self, turn: Turn, task: Task, audit: AuditEntry) -> ExchangeAccount:
        exchange = EXCHANGES[str(task.slots["exchange"])]
        balance = task.slots.get("paper_balance")
        return await self.accounts.create(
            NewExchangeAccount(
                owner=owner_of(turn),
                name=str(task.slots["name"]),
                exchange=exchange.key,
                credentials={f: str(task.slots[f]) for f in exchange.fields},
                paper_balance=Decimal(str(balance)) if exchange.key == "paper" and balance else None,
                now=turn.now,
            ),
            audit,
        )

    async def update(self, turn: Turn, task: Task, record: ExchangeAccount) -> tuple[ExchangeAccount, str]:
        fields = self._credential_fields(task)
        changes = AccountChanges(
            name=str(task.slots["new_name"]) if task.slots.get("field") == "name" else None,
            credentials={f: str(task.slots[f]) for f in fields},
        )
        changed = ",".join(["name"] if changes.name is not None else list(fields))
        audit = audit_update(self, turn, task, record, changed)
        updated = await self.accounts.update(owner_of(turn), record.id, changes, turn.now, audit)
        return updated, changed

    def catalog_label(self, turn: Turn, task: Task) -> str | None:
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        return exchange.display(turn.locale) if exchange is not None else None

    # -- presentation ------------------------------------------------------------------------

    def rows(self, turn: Turn, acc: ExchangeAccount) -> tuple[tuple[str, str], ...]:
        exchange = EXCHANGES.get(acc.exchange)
        rows = [
            (turn.t("ws.field.name"), acc.name),
            (turn.t("ws.field.exchange"), exchange.display(turn.locale) if exchange else acc.exchange),
        ]
        for field in exchange.fields if exchange else ():
            rows.append((turn.t(f"ws.field.{field}"), masked(self.secrets, acc.credentials.get(field))))
        if acc.paper_balance is not None:
            rows.append((turn.t("ws.field.paper_balance"), f"{acc.paper_balance} USDT"))
        return tuple(rows)

    def line(self, turn: Turn, acc: ExchangeAccount) -> str:
        exchange = EXCHANGES.get(acc.exchange)
        parts = [exchange.display(turn.locale) if exchange else acc.exchange]
        if "api_key" in acc.credentials:
            parts.append(f"{turn.t('ws.field.api_key')} {masked(self.secrets, acc.credentials['api_key'])}")
        if acc.paper_balance is not None:
            parts.append(f"{acc.paper_balance} USDT")
        return " · ".join(parts)

    def as_target(self, record: ExchangeAccount) -> Target:
        exchange = EXCHANGES.get(record.exchange)
        aliases = (record.exchange, *(exchange.aliases if exchange else ()))
        return Target(record.id, record.name, tuple(aliases))


def _parse_field(text: str) -> str | None:
    norm = bare(text)
    return next((f for f in _FIELDS if norm in Words(f"account_answer.{f}").words), None)


ACTIONS: dict[str, ActionSpec[ExchangeSkill]] = {
    "create": ActionSpec(run=record_actions.create_record, slots=ExchangeSkill.create_slots),
    "update": ActionSpec(
        run=record_actions.update_record,
        slots=ExchangeSkill.update_slots,
        target=True,
        confirm=Confirm.when(ExchangeSkill.replaces_credential, "it overwrites a stored credential"),
    ),
    "delete": record_actions.DELETE,
    "query": ActionSpec(run=record_actions.query_records, writes=False),
}


def _same_request(task: Task, match: Match, ref: dict[str, str]) -> Route:
    """The same delete or rename (its new name, if said) of the record the name means in
    ``match``'s kind: its skill asks which of several, and confirms, as for any of its own."""
    target = match.targets[0]
    one = {"id": target.id, "name": target.name} if len(match.targets) == 1 else ref
    return Route(match.kind.skill, task.action, {**task.slots, "target_ref": one})


def _alert_request(task: Task, name: str) -> Route:
    """The same delete or rename of their alert called ``name`` (the alert skill's own slots)."""
    if task.action == "delete":
        return Route("price_alert", "delete", {"name": name})
    new = task.slots.get("new_name")
    return Route("price_alert", "rename", {"name": name, **({"new_name": new} if new else {})})


def _route_button(route: Route) -> dict[str, Any]:
    return {"kind": "task.route", "skill": route.skill, "action": route.action, "slots": route.slots}
