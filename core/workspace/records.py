"""What the exchange-account and model-config skills share: one kind of named, owned record.

Both skills list, look up, rename, delete (refused while a trader uses the record), summarise
with masked secrets, and answer queries in the same way; they differ in the record type, the
repository, their message keys and the rows they show. This base holds the shared executors
(create, update, delete, query: each skill's action table names them) and a skill supplies
only what is its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from core.clock import Clock
from core.reply import Block, DetailsBlock, Reply
from core.routing.router import Route
from core.secrets import SecretBox, SecretUnavailable
from core.state import Task
from core.tasks.actions import ActionSpec, SlotSpec
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.flow import Parsed, TaskFlow, owner_of
from core.tasks.names import MAX_NAME, clean_name, name_key
from core.tasks.refs import Target
from core.turn import Turn
from core.workspace import correcting, interrupted
from core.workspace.masking import mask


class Record(Protocol):
    """What the shared steps read of a stored record (read-only: records are frozen)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def created_at(self) -> datetime: ...

    @property
    def updated_at(self) -> datetime: ...


R = TypeVar("R", bound=Record)


class RecordStore(Protocol[R]):
    """A record skill's repository: what its shared steps list, look up and delete through.
    The exchange-account, model-config and strategy stores are one as they are."""

    async def owned(self, owner: str, /) -> list[R]: ...

    async def get(self, owner: str, record_id: str, /) -> R | None: ...

    async def delete(self, owner: str, record_id: str, audit: AuditEntry, /) -> None:
        """Delete the record and write ``audit`` in the same transaction."""
        ...

    async def traders_using(self, owner: str, record_id: str, /) -> list[str]:
        """The names of the traders that use the record (its delete is refused while any do)."""
        ...


# Slots whose name the shared "that looks like a key, not a <field>" notice can say.
_LABELLED_FIELDS = frozenset(
    {
        "name",
        "base_url",
        "model",
        "paper_balance",
        "exchange",
        "provider",
        "api_key",
        "api_secret",
        "passphrase",
    }
)


class RecordSkill(TaskFlow, Generic[R]):
    """A workspace skill over one record type (create, update, delete, query); it follows
    corrections and credentials typed mid-task (core.workspace.correcting)."""

    record_domain = ""  # "exchange" | "model": which label fills which secret (given_secrets.SLOTS)

    # Message keys are "<texts>.title", ".none", ".list_title", ".confirm_delete", ".created",
    # ".updated", ".deleted" and ".describe.<action>"; reply codes "<code>_created", "_updated",
    # "_deleted", "_details", and ``none_code`` for an empty list.
    kind_key = ""
    texts = ""
    code = ""
    none_code = ""

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        repository: RecordStore[R],
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.repository = repository

    async def records(self, owner: str) -> list[R]:
        return await self.repository.owned(owner)

    async def record(self, owner: str, record_id: str) -> R | None:
        return await self.repository.get(owner, record_id)

    # -- hooks a record skill implements -------------------------------------------------------

    async def create(self, turn: Turn, task: Task, audit: AuditEntry) -> R:
        """Create the record and write ``audit`` in the same transaction."""
        raise NotImplementedError

    async def update(self, turn: Turn, task: Task, record: R) -> tuple[R, str]:
        """Apply the update with its audit row (``audit_update``); the updated record and the
        changed field names."""
        raise NotImplementedError

    async def preview_update(
        self, turn: Turn, task: Task, record: R | None, name: str
    ) -> tuple[str, DetailsBlock]:
        raise NotImplementedError

    def own_question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        """The question for a slot of the skill's own (not a shared update question)."""
        raise NotImplementedError

    def as_target(self, record: R) -> Target:
        raise NotImplementedError

    def rows(self, turn: Turn, record: R) -> tuple[tuple[str, str], ...]:
        raise NotImplementedError

    def line(self, turn: Turn, record: R) -> str:
        raise NotImplementedError

    def catalog_label(self, turn: Turn, task: Task) -> str | None:
        """The exchange / provider the task names, shown when it has no target yet."""
        return None

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        """Drop what the change of ``slot`` (from ``old``) makes stale; notices to show."""
        return []

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        """``slot``'s new value as the confirmation of a correction shows it."""
        return correcting.shown_value(task, slot)

    # -- the flow's entry points: corrections first --------------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        unsure = correcting.take_name_unsure(task)
        return correcting.name_unsure(turn, task, await super().start(turn, task), unsure)

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        fixed = await correcting.corrected(self, self.record_domain, turn, task, route)
        return fixed if fixed is not None else await super().continue_text(turn, task, route)

    # -- the shared steps ------------------------------------------------------------------------

    def kind_label(self, turn: Turn) -> str:
        return turn.t(self.kind_key)

    def field_label(self, turn: Turn, slot: str) -> str | None:
        return turn.t(f"ws.field.{slot}") if slot in _LABELLED_FIELDS else None

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        # An update asks alike in every record skill: which field, the new name, the new secret.
        target = (task.target_ref or {}).get("name", "")
        if spec.name == "field":
            return turn.t("ws.ask_field", name=target)
        if spec.name == "new_name":
            return turn.t("ws.ask_new_name", name=target)
        if spec.kind == "secret" and task.action == "update":
            return turn.t("ws.ask_new_secret", field=turn.t(f"ws.field.{spec.name}"), name=target)
        return self.own_question(turn, task, spec)

    async def targets(self, owner: str) -> list[Target]:
        return [self.as_target(r) for r in await self.records(owner)]

    async def current(self, turn: Turn, task: Task) -> R | None:
        """The task's target record, or None when it has none (yet) or it is gone."""
        ref = task.target_ref or {}
        if "id" not in ref:
            return None
        return await self.record(owner_of(turn), ref["id"])

    async def version(self, turn: Turn, task: Task) -> str | None:
        rec = await self.current(turn, task)
        if rec is None:
            return None
        return f"{rec.id}|{rec.name}|{rec.created_at.isoformat()}|{rec.updated_at.isoformat()}"

    async def parse_name(self, turn: Turn, task: Task, text: str) -> Parsed:
        """A valid name not used by another of this person's records (the target may keep its own)."""
        name = clean_name(text)
        if name is None:
            return Parsed(error="flow.bad_name", params={"max": MAX_NAME})
        own = (task.target_ref or {}).get("id")
        for rec in await self.records(owner_of(turn)):
            if name_key(rec.name) == name_key(name) and rec.id != own:
                return Parsed(error="flow.name_taken", params={"name": name})
        return Parsed(name)

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        if task.action == "create":  # confirmed only when run again after an interruption
            what = self.describe(turn, task)
            name = str(task.slots.get("name", ""))
            return turn.t("ws.confirm_create", what=what), DetailsBlock(
                what, ((turn.t("ws.field.name"), name),)
            )
        rec = await self.current(turn, task)
        name = rec.name if rec else (task.target_ref or {}).get("name", "")
        if task.action != "delete":
            return await self.preview_update(turn, task, rec, name)
        details = DetailsBlock(turn.t(f"{self.texts}.title", name=name), self.rows(turn, rec) if rec else ())
        return turn.t(f"{self.texts}.confirm_delete", name=name), details

    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """core.conversation.interrupted.Recoverable: the record tells whether it ran."""
        return await interrupted.recover(self, turn, task)

    def audit_update(self, turn: Turn, task: Task, record: R, fields: str) -> AuditEntry:
        """The audit row an update writes with its change."""
        return self.audit_entry(turn, task, target=self.as_target(record), detail={"fields": fields})

    def describe(self, turn: Turn, task: Task) -> str:
        what = turn.t(f"{self.texts}.describe.{task.action}")
        detail = (task.target_ref or {}).get("name") or self.catalog_label(turn, task)
        if not detail:
            return what
        return f"{what}（{detail}）" if turn.locale == "zh" else f"{what} ({detail})"

    # -- presentation --------------------------------------------------------------------------

    def masked(self, sealed: str | None) -> str:
        """A stored secret as shown: masked, "—" when unset, "????" when it cannot be opened."""
        if not sealed:
            return "—"
        try:
            return mask(self.secrets.decrypt(sealed))
        except SecretUnavailable:
            return "????"
