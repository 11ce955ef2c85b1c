"""What the record skills share (exchange accounts, model configs, strategies, traders): one kind
of named, owned record, read through a repository protocol.

Each lists, looks up, renames, deletes (refused while a trader uses the record), summarises with
masked secrets and answers queries alike; they differ in the record type, the repository, their
message keys and the rows they show. What they share is a part, not a layer of classes: a skill
holds a ``Records`` (its repository and its message keys) and calls the shared steps below from
its own flow hooks; the shared actions are core.workspace.record_actions', given the skill
(``RecordFlow``: what they need of it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from core.i18n import is_zh
from core.reply import Block, Button, DetailsBlock, Reply, Status
from core.secrets import SecretBox, SecretUnavailable
from core.state import Task, TaskStatus
from core.tasks.actions import SlotSpec
from core.tasks.audit import AuditEntry, Outcome
from core.tasks.choices import Parsed
from core.tasks.names import MAX_NAME, clean_name, name_key
from core.tasks.owner import owner_of
from core.tasks.refs import Target
from core.turn import Turn
from core.workspace.extraction import given_name
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


@dataclass(frozen=True, slots=True)
class Records(Generic[R]):
    """A record skill's records: its repository, and the keys its shared replies are said with.

    Message keys are "<texts>.title", ".none", ".list_title", ".confirm_delete", ".created",
    ".updated", ".deleted" and ".describe.<action>"; reply codes "<code>_created", "_updated",
    "_deleted", "_details", and ``none_code`` for an empty list."""

    store: RecordStore[R]
    kind_key: str  # what the skill manages, as not-found and choice messages name it
    texts: str
    code: str
    none_code: str
    domain: str = ""  # "exchange" | "model": which label fills which secret (given_secrets.SLOTS)

    async def owned(self, owner: str) -> list[R]:
        return await self.store.owned(owner)

    async def get(self, owner: str, record_id: str) -> R | None:
        return await self.store.get(owner, record_id)

    async def current(self, turn: Turn, task: Task) -> R | None:
        """The task's target record, or None when it has none (yet) or it is gone."""
        ref = task.target_ref or {}
        if "id" not in ref:
            return None
        return await self.get(owner_of(turn), ref["id"])

    async def version(self, turn: Turn, task: Task) -> str | None:
        """The target as it is now (TaskFlow.version): a confirmation of another one is stale."""
        rec = await self.current(turn, task)
        if rec is None:
            return None
        return f"{rec.id}|{rec.name}|{rec.created_at.isoformat()}|{rec.updated_at.isoformat()}"

    async def parse_name(self, turn: Turn, task: Task, text: str) -> Parsed:
        """A valid name not used by another of this person's records (the target may keep its own)."""
        name = given_name(text) or clean_name(text)  # "call it pancake": pancake
        if name is None:
            return Parsed(error="flow.bad_name", params={"max": MAX_NAME})
        own = (task.target_ref or {}).get("id")
        for rec in await self.owned(owner_of(turn)):
            if name_key(rec.name) == name_key(name) and rec.id != own:
                return Parsed(error="flow.name_taken", params={"name": name})
        return Parsed(name)

    def kind_label(self, turn: Turn) -> str:
        return turn.t(self.kind_key)

    def describe(self, turn: Turn, task: Task, catalog_label: str | None = None) -> str:
        """The task in a few words, with its target's name (or the exchange / provider it names)."""
        what = turn.t(f"{self.texts}.describe.{task.action}")
        detail = (task.target_ref or {}).get("name") or catalog_label
        if not detail:
            return what
        return f"{what}（{detail}）" if is_zh(turn.locale) else f"{what} ({detail})"


class RecordFlow(Protocol):
    """What the shared record steps and actions need of a record skill (a TaskFlow holding its
    ``Records``, with the hooks that are its own)."""

    @property
    def name(self) -> str: ...

    @property
    def ref_kind(self) -> str: ...

    @property
    def records(self) -> Records[Any]: ...

    def as_target(self, record: Any) -> Target: ...

    def rows(self, turn: Turn, record: Any) -> tuple[tuple[str, str], ...]: ...

    def line(self, turn: Turn, record: Any) -> str: ...

    async def preview_update(
        self, turn: Turn, task: Task, record: Any, name: str
    ) -> tuple[str, DetailsBlock]: ...

    def describe(self, turn: Turn, task: Task) -> str: ...

    def kind_label(self, turn: Turn) -> str: ...

    def transition(self, turn: Turn, task: Task, status: TaskStatus) -> None: ...

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply: ...

    def private_reply(
        self,
        turn: Turn,
        task: Task,
        status: Status,
        blocks: Sequence[Block],
        *,
        buttons: tuple[Button, ...] = (),
        delete_inbound: bool = False,
        expects_secret: str | None = None,
    ) -> Reply: ...

    def audit_entry(
        self,
        turn: Turn,
        task: Task,
        outcome: Outcome = "ok",
        target: Target | None = None,
        detail: Mapping[str, str] | None = None,
    ) -> AuditEntry: ...


class WritesRecords(RecordFlow, Protocol):
    """A record skill whose create and update are the shared ones (record_actions)."""

    async def create(self, turn: Turn, task: Task, audit: AuditEntry) -> Any:
        """Create the record and write ``audit`` in the same transaction."""
        ...

    async def update(self, turn: Turn, task: Task, record: Any) -> tuple[Any, str]:
        """Apply the update with its audit row (``audit_update``); the updated record and the
        changed field names."""
        ...


# -- the shared steps ---------------------------------------------------------------------------

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


def labelled_field(turn: Turn, slot: str) -> str | None:
    """A workspace field's name for people (TaskFlow.field_label), or None."""
    return turn.t(f"ws.field.{slot}") if slot in _LABELLED_FIELDS else None


def update_question(turn: Turn, task: Task, spec: SlotSpec) -> str | None:
    """An update asks alike in every record skill: which field, the new name, the new secret;
    None for a slot the skill asks in its own words."""
    target = (task.target_ref or {}).get("name", "")
    if spec.name == "field":
        return turn.t("ws.ask_field", name=target)
    if spec.name == "new_name":
        return turn.t("ws.ask_new_name", name=target)
    if spec.kind == "secret" and task.action == "update":
        return turn.t("ws.ask_new_secret", field=turn.t(f"ws.field.{spec.name}"), name=target)
    return None


async def preview_record(skill: RecordFlow, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
    """The confirmation of a create (run again after an interruption), an update or a delete."""
    records = skill.records
    if task.action == "create":  # confirmed only when run again after an interruption
        what = skill.describe(turn, task)
        name = str(task.slots.get("name", ""))
        return turn.t("ws.confirm_create", what=what), DetailsBlock(what, ((turn.t("ws.field.name"), name),))
    rec = await records.current(turn, task)
    name = rec.name if rec else (task.target_ref or {}).get("name", "")
    if task.action != "delete":
        return await skill.preview_update(turn, task, rec, name)
    details = DetailsBlock(turn.t(f"{records.texts}.title", name=name), skill.rows(turn, rec) if rec else ())
    return turn.t(f"{records.texts}.confirm_delete", name=name), details


def audit_update(skill: RecordFlow, turn: Turn, task: Task, record: Any, fields: str) -> AuditEntry:
    """The audit row an update writes with its change."""
    return skill.audit_entry(turn, task, target=skill.as_target(record), detail={"fields": fields})


def masked(secrets: SecretBox, sealed: str | None) -> str:
    """A stored secret as shown: masked, "—" when unset, "????" when it cannot be opened."""
    if not sealed:
        return "—"
    try:
        return mask(secrets.decrypt(sealed))
    except SecretUnavailable:
        return "????"
