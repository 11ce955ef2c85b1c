"""exchange_management: create, update, delete and query exchange accounts."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from core.reply import DetailsBlock, NoticeBlock, Reply, Status
from core.state import Task, TaskStatus
from core.turn import Turn
from core.workspace.exchanges import CREDENTIAL_FIELDS, EXCHANGES, PAPER_DEFAULT_BALANCE, exact_exchange
from core.workspace.flow import Choice, Done, Parsed, SlotSpec, WorkspaceSkill, owner_of
from core.workspace.masking import mask
from core.workspace.names import clean_name, name_key
from core.workspace.ports import (
    AccountChanges,
    ExchangeAccount,
    NewExchangeAccount,
    NotFound,
    SecretUnavailable,
)
from core.workspace.refs import Target, resolve
from core.workspace.text import bare

SKILL = "exchange_management"
MAX_PAPER_BALANCE = Decimal("100000000")

# Update: which field ("credentials" = every credential of the account's exchange).
_FIELD_WORDS = {
    "name": ("name", "名字", "名称", "改名", "rename"),
    "api_key": ("api_key", "api key", "apikey", "key"),
    "api_secret": ("api_secret", "api secret", "secret", "密钥", "秘钥"),
    "passphrase": ("passphrase", "口令", "密码短语"),
    "credentials": ("credentials", "凭证", "凭据", "全部密钥", "key 和 secret", "key and secret"),
}


class ExchangeSkill(WorkspaceSkill):
    name = SKILL
    ref_kind = "exchange_account"

    # -- declarations ------------------------------------------------------------------------

    def slots_for(self, task: Task) -> list[SlotSpec]:
        if task.action == "create":
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
        if task.action == "update":
            specs = [SlotSpec("field", "choice", infer=("message",))]
            field = task.slots.get("field")
            if field == "name":
                specs.append(SlotSpec("new_name", "text", infer=("message",)))
            elif field in CREDENTIAL_FIELDS or field == "credentials":
                specs += [SlotSpec(f, "secret") for f in self._credential_fields(task)]
            return specs
        return []

    def _credential_fields(self, task: Task) -> tuple[str, ...]:
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        fields = exchange.fields if exchange is not None else ()
        chosen = task.slots.get("field")
        if chosen == "credentials":
            return fields
        return tuple(f for f in fields if f == chosen)

    def needs_confirmation(self, task: Task) -> bool:
        if task.action == "delete":
            return True
        return task.action == "update" and bool(self._credential_fields(task))

    def kind_label(self, turn: Turn) -> str:
        return turn.t("ws.kind.exchange")

    async def targets(self, owner: str) -> list[Target]:
        return [_target(a) for a in await self.store.list_accounts(owner)]

    # -- questions and answers -----------------------------------------------------------------

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        shown = exchange.display(turn.locale) if exchange else ""
        target = (task.target_ref or {}).get("name", "")
        if spec.name == "exchange":
            return turn.t("ws.ex.ask_exchange")
        if spec.name == "name":
            return turn.t("ws.ex.ask_name", exchange=shown)
        if spec.name == "field":
            return turn.t("ws.ask_field", name=target)
        if spec.name == "new_name":
            return turn.t("ws.ask_new_name", name=target)
        label = turn.t(f"ws.field.{spec.name}")
        if task.action == "update":
            return turn.t("ws.ask_new_secret", field=label, name=target)
        return turn.t("ws.ask_secret", field=label, exchange=shown)

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        if spec.name == "exchange":
            return [Choice(e.key, e.display(turn.locale)) for e in EXCHANGES.values()]
        if spec.name == "field":
            fields = ["name", *self._account_fields(task)]
            return [Choice(f, turn.t(f"ws.field.{f}")) for f in fields]
        if spec.name == "name":
            exchange = str(task.slots.get("exchange", "account"))
            taken = {name_key(a.name) for a in await self.store.list_accounts(owner_of(turn))}
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
            return await self._parse_name(turn, task, text)
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
            try:
                amount = Decimal(text.replace(",", "").strip())
            except InvalidOperation:
                return Parsed(error="ws.ex.bad_balance")
            if not (Decimal(0) < amount <= MAX_PAPER_BALANCE):
                return Parsed(error="ws.ex.bad_balance")
            return Parsed(str(amount))
        return Parsed(error="ws.invalid")

    async def _parse_name(self, turn: Turn, task: Task, text: str) -> Parsed:
        name = clean_name(text)
        if name is None:
            return Parsed(error="ws.bad_name", params={"max": 32})
        own = (task.target_ref or {}).get("id")
        for acc in await self.store.list_accounts(owner_of(turn)):
            if name_key(acc.name) == name_key(name) and str(acc.id) != own:
                return Parsed(error="ws.name_taken", params={"name": name})
        return Parsed(name)

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        if spec.name == "paper_balance":
            return str(PAPER_DEFAULT_BALANCE)
        return None

    # -- targets -------------------------------------------------------------------------------

    async def on_target(self, turn: Turn, task: Task) -> None:
        # An update needs the account's exchange (its credential fields) once it is known.
        if "exchange" not in task.slots:
            acc = await self._account(turn, task)
            if acc is not None:
                task.slots["exchange"] = acc.exchange
        field = task.slots.get("field")
        if field in CREDENTIAL_FIELDS and field not in self._account_fields(task):
            task.slots.pop("field")  # e.g. a passphrase on a Binance account: ask what to change

    async def _account(self, turn: Turn, task: Task) -> ExchangeAccount | None:
        ref = task.target_ref or {}
        if "id" not in ref:
            return None
        return await self.store.get_account(owner_of(turn), int(ref["id"]))

    async def precheck(self, turn: Turn, task: Task) -> Reply | None:
        if task.action != "delete":
            return None
        acc = await self._account(turn, task)
        if acc is None:
            return None  # execution reports it gone
        traders = await self.store.traders_using_account(owner_of(turn), acc.id)
        if not traders:
            return None
        text = turn.t("ws.in_use", name=acc.name, traders=", ".join(traders))
        return Reply(
            Status.FAILED,
            (NoticeBlock(text, "error", "in_use"),),
            turn.locale,
            route=self.route_info(task),
            audience="private",
        )

    # -- confirmation and execution ------------------------------------------------------------

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        acc = await self._account(turn, task)
        name = acc.name if acc else (task.target_ref or {}).get("name", "")
        if task.action == "delete":
            rows = self._rows(turn, acc) if acc else ()
            return turn.t("ws.ex.confirm_delete", name=name), DetailsBlock(
                turn.t("ws.ex.title", name=name), rows
            )
        changes: list[tuple[str, str]] = []
        for field in self._credential_fields(task):
            old = self._masked(acc.credentials.get(field)) if acc else "—"
            new = self._masked(str(task.slots[field]))
            changes.append((turn.t(f"ws.field.{field}"), f"{old} → {new}"))
        fields = "、".join(c[0] for c in changes) if turn.locale == "zh" else ", ".join(c[0] for c in changes)
        return (
            turn.t("ws.confirm_update", name=name, fields=fields),
            DetailsBlock(turn.t("ws.ex.title", name=name), tuple(changes)),
        )

    async def execute(self, turn: Turn, task: Task) -> Done:
        owner = owner_of(turn)
        if task.action == "create":
            exchange = EXCHANGES[str(task.slots["exchange"])]
            balance = task.slots.get("paper_balance")
            created = await self.store.create_account(
                NewExchangeAccount(
                    owner=owner,
                    name=str(task.slots["name"]),
                    exchange=exchange.key,
                    credentials={f: str(task.slots[f]) for f in exchange.fields},
                    paper_balance=Decimal(str(balance)) if exchange.key == "paper" and balance else None,
                    now=turn.now,
                )
            )
            return Done(
                self._summary(turn, task, created, "ws.ex.created", "account_created"), _target(created)
            )
        acc = await self._account(turn, task)
        if acc is None:
            raise NotFound((task.target_ref or {}).get("id", ""))
        if task.action == "update":
            fields = self._credential_fields(task)
            changes = AccountChanges(
                name=str(task.slots["new_name"]) if task.slots.get("field") == "name" else None,
                credentials={f: str(task.slots[f]) for f in fields},
            )
            updated = await self.store.update_account(owner, acc.id, changes, turn.now)
            changed = ["name"] if changes.name is not None else list(fields)
            return Done(
                self._summary(turn, task, updated, "ws.ex.updated", "account_updated"),
                _target(updated),
                {"fields": ",".join(changed)},
            )
        await self.store.delete_account(owner, acc.id)
        reply = Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t("ws.ex.deleted", name=acc.name), code="account_deleted"),),
            turn.locale,
            route=self.route_info(task),
            audience="private",
        )
        return Done(reply, _target(acc))

    async def query(self, turn: Turn, task: Task) -> Reply:
        accounts = await self.store.list_accounts(owner_of(turn))
        ref = task.target_ref or {}
        if ref:
            matches = resolve(ref, [_target(a) for a in accounts], turn.state.recent_refs.get(self.ref_kind))
            if len(matches) == 1:
                acc = next(a for a in accounts if a.id == matches[0].id)
                return self._summary(turn, task, acc, None, "account_details")
            if not matches:
                self.transition(turn, task, TaskStatus.FAILED)
                names = ", ".join(a.name for a in accounts) or "—"
                text = turn.t(
                    "ws.not_found", ref=ref.get("name", ""), kind=self.kind_label(turn), names=names
                )
                return Reply(
                    Status.FAILED,
                    (NoticeBlock(text, "error", "not_found"),),
                    turn.locale,
                    route=self.route_info(task),
                    audience="private",
                )
            accounts = [a for a in accounts if a.id in {m.id for m in matches}]
        if not accounts:
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("ws.ex.none"), code="no_accounts"),),
                turn.locale,
                route=self.route_info(task),
                audience="private",
            )
        rows = tuple((a.name, self._line(turn, a)) for a in accounts)
        details = DetailsBlock(turn.t("ws.ex.list_title", count=len(accounts)), rows)
        return Reply(
            Status.COMPLETED, (details,), turn.locale, route=self.route_info(task), audience="private"
        )

    def describe(self, turn: Turn, task: Task) -> str:
        what = turn.t(f"ws.ex.describe.{task.action}")
        detail = (task.target_ref or {}).get("name") or ""
        exchange = EXCHANGES.get(str(task.slots.get("exchange", "")))
        if not detail and exchange is not None:
            detail = exchange.display(turn.locale)
        return (
            f"{what}（{detail}）"
            if detail and turn.locale == "zh"
            else f"{what} ({detail})"
            if detail
            else what
        )

    # -- presentation ------------------------------------------------------------------------

    def _masked(self, sealed: str | None) -> str:
        if not sealed:
            return "—"
        try:
            return mask(self.secrets.decrypt(sealed))
        except SecretUnavailable:
            return "????"

    def _rows(self, turn: Turn, acc: ExchangeAccount) -> tuple[tuple[str, str], ...]:
        exchange = EXCHANGES.get(acc.exchange)
        rows = [
            (turn.t("ws.field.name"), acc.name),
            (turn.t("ws.field.exchange"), exchange.display(turn.locale) if exchange else acc.exchange),
        ]
        for field in exchange.fields if exchange else ():
            rows.append((turn.t(f"ws.field.{field}"), self._masked(acc.credentials.get(field))))
        if acc.paper_balance is not None:
            rows.append((turn.t("ws.field.paper_balance"), f"{acc.paper_balance} USDT"))
        return tuple(rows)

    def _line(self, turn: Turn, acc: ExchangeAccount) -> str:
        exchange = EXCHANGES.get(acc.exchange)
        parts = [exchange.display(turn.locale) if exchange else acc.exchange]
        if "api_key" in acc.credentials:
            parts.append(f"{turn.t('ws.field.api_key')} {self._masked(acc.credentials['api_key'])}")
        if acc.paper_balance is not None:
            parts.append(f"{acc.paper_balance} USDT")
        return " · ".join(parts)

    def _summary(self, turn: Turn, task: Task, acc: ExchangeAccount, notice: str | None, code: str) -> Reply:
        blocks: list[NoticeBlock | DetailsBlock] = []
        if notice:
            blocks.append(NoticeBlock(turn.t(notice, name=acc.name), code=code))
        blocks.append(DetailsBlock(turn.t("ws.ex.title", name=acc.name), self._rows(turn, acc)))
        return Reply(
            Status.COMPLETED, tuple(blocks), turn.locale, route=self.route_info(task), audience="private"
        )


def _target(acc: ExchangeAccount) -> Target:
    exchange = EXCHANGES.get(acc.exchange)
    aliases = (acc.exchange, *(exchange.aliases if exchange else ()))
    return Target(acc.id, acc.name, tuple(aliases))


def _parse_field(text: str) -> str | None:
    norm = bare(text)
    for field, words in _FIELD_WORDS.items():
        if norm in words:
            return field
    return None
