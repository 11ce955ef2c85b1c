"""model_management: create, update, delete and query model configs (OpenAI-compatible APIs)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from core.clock import Clock
from core.language.fills import on_off
from core.language.phrases import Words
from core.reply import Block, DetailsBlock, NoticeBlock, Reply
from core.routing.router import Route
from core.secrets import SecretBox
from core.skills.model_configs.intents import SKILL
from core.state import Task
from core.tasks.actions import ActionSpec, Confirm, SlotSpec
from core.tasks.answers import bare
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.flow import Choice, Parsed, TaskFlow, owner_of
from core.tasks.names import name_key
from core.tasks.refs import Target
from core.turn import Turn
from core.workspace import correcting, interrupted, record_actions
from core.workspace.model_configs import ModelChanges, ModelConfig, ModelConfigRepository, NewModelConfig
from core.workspace.providers import PROVIDERS, check_base_url, exact_provider
from core.workspace.records import (
    Records,
    audit_update,
    labelled_field,
    masked,
    preview_record,
    update_question,
)
from core.workspace.text import inline, quoted

_MODEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}")
# Update: which field, each answered by its words (phrases/model_answer.toml), tried in this order.
_FIELDS = ("name", "api_key", "base_url", "model", "enabled")
CRITICAL_FIELDS = frozenset({"api_key", "base_url"})  # where the key goes, and the key itself


class ModelSkill(TaskFlow):
    name = SKILL
    ref_kind = "model_config"

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        models: ModelConfigRepository,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.records = Records(
            models,
            kind_key="ws.kind.model",
            texts="ws.md",
            code="model",
            none_code="no_models",
            domain="model",
        )
        self.models = models

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

    # -- declarations (named by the action table below) -------------------------------------

    def update_slots(self, task: Task) -> list[SlotSpec]:
        """Which field, then its new value."""
        specs = [SlotSpec("field", "choice", infer=("message",))]
        field = task.slots.get("field")
        if field == "name":
            specs.append(SlotSpec("new_name", "text", infer=("message",)))
        elif field == "api_key":
            specs.append(SlotSpec("api_key", "secret"))
        elif field in ("base_url", "model"):
            specs.append(SlotSpec(str(field), "text", infer=("message",)))
        elif field == "enabled":
            specs.append(SlotSpec("enabled", "choice", infer=("message",)))
        return specs

    def changes_critical_field(self, turn: Turn, task: Task) -> bool:
        """The confirmation rule of an update: the API key, or where it is sent."""
        return task.slots.get("field") in CRITICAL_FIELDS

    # -- questions and answers -----------------------------------------------------------------

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        asked = update_question(turn, task, spec)
        if asked is not None:
            return asked
        shown = self.catalog_label(turn, task) or ""
        target = (task.target_ref or {}).get("name", "")
        # Once the config has a name, questions use it ("which model should “local” use").
        named = target or str(task.slots.get("name") or "")
        if spec.name == "provider":
            return turn.t("ws.md.ask_provider")
        if spec.name == "name":
            return turn.t("ws.md.ask_name", provider=inline(turn.locale, shown))
        if spec.name == "enabled":
            return turn.t("ws.md.ask_enabled", name=target)
        if spec.name == "api_key":
            custom = task.slots.get("provider") == "custom" and named
            whose = quoted(turn.locale, named) if custom else inline(turn.locale, shown)
            return turn.t("ws.md.ask_api_key", provider=whose)
        key = "ws.md.ask_base_url" if spec.name == "base_url" else "ws.md.ask_model"
        return turn.t(key, name=named or shown)

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        if spec.name == "provider":
            return [Choice(p.key, p.display) for p in PROVIDERS.values()]
        if spec.name == "field":
            return [
                Choice(f, turn.t(f"ws.field.{f}"))
                for f in ("name", "api_key", "base_url", "model", "enabled")
            ]
        if spec.name == "enabled":
            return [Choice("true", turn.t("ws.md.enable")), Choice("false", turn.t("ws.md.disable"))]
        return []

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name == "provider":
            key = text if text in PROVIDERS else exact_provider(bare(text))
            return Parsed(key) if key else Parsed(error="ws.md.bad_provider")
        if spec.name in ("name", "new_name"):
            return await self.records.parse_name(turn, task, text)
        if spec.name == "field":
            norm = bare(text)
            field = next((f for f in _FIELDS if norm in Words(f"model_answer.{f}").words), None)
            return Parsed(field) if field else Parsed(error="ws.bad_field")
        if spec.name == "base_url":
            url, error = check_base_url(text)
            return Parsed(url) if url else Parsed(error=f"ws.md.{error}")
        if spec.name == "model":
            value = text.strip()
            return Parsed(value) if _MODEL_ID.fullmatch(value) else Parsed(error="ws.md.bad_model")
        if spec.name == "enabled":
            on = on_off(text)  # the layer's on / off words (phrases/switch.toml)
            return Parsed(error="ws.md.bad_enabled") if on is None else Parsed("true" if on else "false")
        return Parsed(error="flow.invalid")

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        if task.action != "create":
            return None
        provider = PROVIDERS.get(str(task.slots.get("provider", "")))
        if provider is None:
            return None
        if spec.name == "base_url":
            return provider.base_url
        if spec.name == "model":
            return provider.model
        if spec.name == "name" and provider.key != "custom":
            # The provider's own name, numbered when taken: one less question.
            taken = {name_key(m.name) for m in await self.records.owned(owner_of(turn))}
            return next(n for n in _numbered(provider.key) if name_key(n) not in taken)
        return None

    # -- corrections ---------------------------------------------------------------------------

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        """Another provider: its defaults replace the old one's, and the old key is dropped."""
        before = PROVIDERS.get(str(old or ""))
        if slot != "provider" or task.action != "create":
            return []
        if before is not None:
            for field, default in (("base_url", before.base_url), ("model", before.model)):
                if task.slots.get(field) == default:
                    task.slots.pop(field, None)
            if str(task.slots.get("name", "")) in _numbered(before.key):
                task.slots.pop("name", None)  # the old provider's name, given by deskmate
        if "api_key" in task.sealed:
            task.unseal_slot("api_key")
            return [NoticeBlock(turn.t("ws.keys_dropped"), "info", "keys_dropped")]
        return []

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        if slot == "provider":
            return self.catalog_label(turn, task) or str(task.slots.get(slot, ""))
        return correcting.shown_value(task, slot)

    # -- confirmation and execution ------------------------------------------------------------

    async def preview_update(
        self, turn: Turn, task: Task, cfg: ModelConfig | None, name: str
    ) -> tuple[str, DetailsBlock]:
        title = turn.t("ws.md.title", name=name)
        field = str(task.slots.get("field"))
        label = turn.t(f"ws.field.{field}")
        if field == "api_key":
            old = masked(self.secrets, cfg.api_key) if cfg else "—"
            change = f"{old} → {masked(self.secrets, str(task.slots['api_key']))}"
        else:
            change = f"{cfg.base_url if cfg else '—'} → {task.slots.get('base_url')}"
        return turn.t("ws.confirm_update", name=name, fields=label), DetailsBlock(title, ((label, change),))

    async def create(self, turn: Turn, task: Task, audit: AuditEntry) -> ModelConfig:
        return await self.models.create(
            NewModelConfig(
                owner=owner_of(turn),
                name=str(task.slots["name"]),
                provider=str(task.slots["provider"]),
                base_url=str(task.slots["base_url"]),
                model=str(task.slots["model"]),
                api_key=str(task.slots["api_key"]),
                enabled=True,
                now=turn.now,
            ),
            audit,
        )

    async def update(self, turn: Turn, task: Task, cfg: ModelConfig) -> tuple[ModelConfig, str]:
        field = str(task.slots["field"])
        value = task.slots.get("new_name" if field == "name" else field)
        changes = ModelChanges(
            name=str(value) if field == "name" else None,
            base_url=str(value) if field == "base_url" else None,
            model=str(value) if field == "model" else None,
            api_key=str(value) if field == "api_key" else None,
            enabled=(value == "true") if field == "enabled" else None,
        )
        audit = audit_update(self, turn, task, cfg, field)
        return await self.models.update(owner_of(turn), cfg.id, changes, turn.now, audit), field

    def catalog_label(self, turn: Turn, task: Task) -> str | None:
        provider = PROVIDERS.get(str(task.slots.get("provider", "")))
        if provider is None:
            return None
        return turn.t("ws.md.custom") if provider.key == "custom" else provider.display

    # -- presentation ------------------------------------------------------------------------

    def rows(self, turn: Turn, cfg: ModelConfig) -> tuple[tuple[str, str], ...]:
        provider = PROVIDERS.get(cfg.provider)
        return (
            (turn.t("ws.field.name"), cfg.name),
            (turn.t("ws.field.provider"), provider.display if provider else cfg.provider),
            (turn.t("ws.field.base_url"), cfg.base_url),
            (turn.t("ws.field.model"), cfg.model),
            (turn.t("ws.field.api_key"), masked(self.secrets, cfg.api_key)),
            (turn.t("ws.field.enabled"), turn.t("ws.md.on" if cfg.enabled else "ws.md.off")),
        )

    def line(self, turn: Turn, cfg: ModelConfig) -> str:
        provider = PROVIDERS.get(cfg.provider)
        return " · ".join(
            (
                provider.display if provider else cfg.provider,
                cfg.model,
                cfg.base_url,
                f"{turn.t('ws.field.api_key')} {masked(self.secrets, cfg.api_key)}",
                turn.t("ws.md.on" if cfg.enabled else "ws.md.off"),
            )
        )

    def as_target(self, cfg: ModelConfig) -> Target:
        provider = PROVIDERS.get(cfg.provider)
        return Target(cfg.id, cfg.name, (cfg.provider, *(provider.aliases if provider else ())))


def _numbered(base: str) -> list[str]:
    return [base, *(f"{base}-{n}" for n in range(2, 1000))]


_CREATE = (
    SlotSpec("provider", "choice", infer=("message",)),
    SlotSpec("name", "text", infer=("message", "existing")),
    SlotSpec("base_url", "text", infer=("message", "catalog")),
    SlotSpec("model", "text", infer=("message", "catalog")),
    SlotSpec("api_key", "secret"),
)
ACTIONS: dict[str, ActionSpec[ModelSkill]] = {
    "create": ActionSpec(run=record_actions.create_record, slots=_CREATE),
    "update": ActionSpec(
        run=record_actions.update_record,
        slots=ModelSkill.update_slots,
        target=True,
        confirm=Confirm.when(ModelSkill.changes_critical_field, "it changes the API key or where it is sent"),
    ),
    "delete": record_actions.DELETE,
    "query": ActionSpec(run=record_actions.query_records, writes=False),
}
