"""model_management: create, update, delete and query model configs (OpenAI-compatible APIs)."""

from __future__ import annotations

import re

from core.reply import DetailsBlock, NoticeBlock, Reply, Status
from core.state import Task, TaskStatus
from core.turn import Turn
from core.workspace.flow import Choice, Done, Parsed, SlotSpec, WorkspaceSkill, owner_of
from core.workspace.masking import mask
from core.workspace.names import clean_name, name_key
from core.workspace.ports import ModelChanges, ModelConfig, NewModelConfig, NotFound, SecretUnavailable
from core.workspace.providers import PROVIDERS, check_base_url, exact_provider
from core.workspace.refs import Target, resolve
from core.workspace.text import bare

SKILL = "model_management"
_MODEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}")
_TRUE = frozenset({"true", "on", "yes", "enable", "enabled", "启用", "开启", "打开"})
_FALSE = frozenset({"false", "off", "no", "disable", "disabled", "禁用", "停用", "关闭"})
_FIELD_WORDS = {
    "name": ("name", "名字", "名称", "改名", "rename"),
    "api_key": ("api_key", "api key", "apikey", "key", "密钥", "秘钥"),
    "base_url": ("base_url", "base url", "url", "地址", "接口地址", "endpoint"),
    "model": ("model", "模型", "模型名", "model name"),
    "enabled": ("enabled", "启用", "禁用", "enable", "disable", "状态"),
}
CRITICAL_FIELDS = frozenset({"api_key", "base_url"})  # where the key goes, and the key itself


class ModelSkill(WorkspaceSkill):
    name = SKILL
    ref_kind = "model_config"

    # -- declarations ------------------------------------------------------------------------

    def slots_for(self, task: Task) -> list[SlotSpec]:
        if task.action == "create":
            return [
                SlotSpec("provider", "choice", infer=("message",)),
                SlotSpec("name", "text", infer=("message", "existing")),
                SlotSpec("base_url", "text", infer=("message", "catalog")),
                SlotSpec("model", "text", infer=("message", "catalog")),
                SlotSpec("api_key", "secret"),
            ]
        if task.action == "update":
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
        return []

    def needs_confirmation(self, task: Task) -> bool:
        if task.action == "delete":
            return True
        return task.action == "update" and task.slots.get("field") in CRITICAL_FIELDS

    def kind_label(self, turn: Turn) -> str:
        return turn.t("ws.kind.model")

    async def targets(self, owner: str) -> list[Target]:
        return [_target(m) for m in await self.store.list_models(owner)]

    # -- questions and answers -----------------------------------------------------------------

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        provider = PROVIDERS.get(str(task.slots.get("provider", "")))
        shown = provider.display if provider else ""
        target = (task.target_ref or {}).get("name", "")
        if spec.name == "provider":
            return turn.t("ws.md.ask_provider")
        if spec.name == "name":
            return turn.t("ws.md.ask_name", provider=shown)
        if spec.name == "field":
            return turn.t("ws.ask_field", name=target)
        if spec.name == "new_name":
            return turn.t("ws.ask_new_name", name=target)
        if spec.name == "enabled":
            return turn.t("ws.md.ask_enabled", name=target)
        if spec.name == "api_key":
            label = turn.t("ws.field.api_key")
            if task.action == "update":
                return turn.t("ws.ask_new_secret", field=label, name=target)
            return turn.t("ws.md.ask_api_key", provider=shown)
        key = "ws.md.ask_base_url" if spec.name == "base_url" else "ws.md.ask_model"
        return turn.t(key, name=target or shown)

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
            return await self._parse_name(turn, task, text)
        if spec.name == "field":
            norm = bare(text)
            field = next((f for f, words in _FIELD_WORDS.items() if norm in words), None)
            return Parsed(field) if field else Parsed(error="ws.bad_field")
        if spec.name == "base_url":
            url, error = check_base_url(text)
            return Parsed(url) if url else Parsed(error=f"ws.md.{error}")
        if spec.name == "model":
            value = text.strip()
            return Parsed(value) if _MODEL_ID.fullmatch(value) else Parsed(error="ws.md.bad_model")
        if spec.name == "enabled":
            norm = bare(text)
            if norm in _TRUE:
                return Parsed("true")
            if norm in _FALSE:
                return Parsed("false")
            return Parsed(error="ws.md.bad_enabled")
        return Parsed(error="ws.invalid")

    async def _parse_name(self, turn: Turn, task: Task, text: str) -> Parsed:
        name = clean_name(text)
        if name is None:
            return Parsed(error="ws.bad_name", params={"max": 32})
        own = (task.target_ref or {}).get("id")
        for cfg in await self.store.list_models(owner_of(turn)):
            if name_key(cfg.name) == name_key(name) and str(cfg.id) != own:
                return Parsed(error="ws.name_taken", params={"name": name})
        return Parsed(name)

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
            taken = {name_key(m.name) for m in await self.store.list_models(owner_of(turn))}
            return next(n for n in _numbered(provider.key) if name_key(n) not in taken)
        return None

    # -- confirmation and execution ------------------------------------------------------------

    async def _config(self, turn: Turn, task: Task) -> ModelConfig | None:
        ref = task.target_ref or {}
        if "id" not in ref:
            return None
        return await self.store.get_model(owner_of(turn), int(ref["id"]))

    async def precheck(self, turn: Turn, task: Task) -> Reply | None:
        if task.action != "delete":
            return None
        cfg = await self._config(turn, task)
        if cfg is None:
            return None
        traders = await self.store.traders_using_model(owner_of(turn), cfg.id)
        if not traders:
            return None
        text = turn.t("ws.in_use", name=cfg.name, traders=", ".join(traders))
        return Reply(
            Status.FAILED,
            (NoticeBlock(text, "error", "in_use"),),
            turn.locale,
            route=self.route_info(task),
            audience="private",
        )

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        cfg = await self._config(turn, task)
        name = cfg.name if cfg else (task.target_ref or {}).get("name", "")
        title = turn.t("ws.md.title", name=name)
        if task.action == "delete":
            return turn.t("ws.md.confirm_delete", name=name), DetailsBlock(
                title, self._rows(turn, cfg) if cfg else ()
            )
        field = str(task.slots.get("field"))
        label = turn.t(f"ws.field.{field}")
        if field == "api_key":
            old = self._masked(cfg.api_key) if cfg else "—"
            change = f"{old} → {self._masked(str(task.slots['api_key']))}"
        else:
            change = f"{cfg.base_url if cfg else '—'} → {task.slots.get('base_url')}"
        return turn.t("ws.confirm_update", name=name, fields=label), DetailsBlock(title, ((label, change),))

    async def execute(self, turn: Turn, task: Task) -> Done:
        owner = owner_of(turn)
        if task.action == "create":
            created = await self.store.create_model(
                NewModelConfig(
                    owner=owner,
                    name=str(task.slots["name"]),
                    provider=str(task.slots["provider"]),
                    base_url=str(task.slots["base_url"]),
                    model=str(task.slots["model"]),
                    api_key=str(task.slots["api_key"]),
                    enabled=True,
                    now=turn.now,
                )
            )
            return Done(
                self._summary(turn, task, created, "ws.md.created", "model_created"), _target(created)
            )
        cfg = await self._config(turn, task)
        if cfg is None:
            raise NotFound((task.target_ref or {}).get("id", ""))
        if task.action == "update":
            field = str(task.slots["field"])
            value = task.slots.get("new_name" if field == "name" else field)
            changes = ModelChanges(
                name=str(value) if field == "name" else None,
                base_url=str(value) if field == "base_url" else None,
                model=str(value) if field == "model" else None,
                api_key=str(value) if field == "api_key" else None,
                enabled=(value == "true") if field == "enabled" else None,
            )
            updated = await self.store.update_model(owner, cfg.id, changes, turn.now)
            return Done(
                self._summary(turn, task, updated, "ws.md.updated", "model_updated"),
                _target(updated),
                {"fields": field},
            )
        await self.store.delete_model(owner, cfg.id)
        reply = Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t("ws.md.deleted", name=cfg.name), code="model_deleted"),),
            turn.locale,
            route=self.route_info(task),
            audience="private",
        )
        return Done(reply, _target(cfg))

    async def query(self, turn: Turn, task: Task) -> Reply:
        configs = await self.store.list_models(owner_of(turn))
        ref = task.target_ref or {}
        if ref:
            matches = resolve(ref, [_target(c) for c in configs], turn.state.recent_refs.get(self.ref_kind))
            if len(matches) == 1:
                cfg = next(c for c in configs if c.id == matches[0].id)
                return self._summary(turn, task, cfg, None, "model_details")
            if not matches:
                self.transition(turn, task, TaskStatus.FAILED)
                names = ", ".join(c.name for c in configs) or "—"
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
            configs = [c for c in configs if c.id in {m.id for m in matches}]
        if not configs:
            return Reply(
                Status.COMPLETED,
                (NoticeBlock(turn.t("ws.md.none"), code="no_models"),),
                turn.locale,
                route=self.route_info(task),
                audience="private",
            )
        rows = tuple((c.name, self._line(turn, c)) for c in configs)
        details = DetailsBlock(turn.t("ws.md.list_title", count=len(configs)), rows)
        return Reply(
            Status.COMPLETED, (details,), turn.locale, route=self.route_info(task), audience="private"
        )

    def describe(self, turn: Turn, task: Task) -> str:
        what = turn.t(f"ws.md.describe.{task.action}")
        detail = (task.target_ref or {}).get("name") or ""
        provider = PROVIDERS.get(str(task.slots.get("provider", "")))
        if not detail and provider is not None:
            detail = provider.display
        if not detail:
            return what
        return f"{what}（{detail}）" if turn.locale == "zh" else f"{what} ({detail})"

    # -- presentation ------------------------------------------------------------------------

    def _masked(self, sealed: str | None) -> str:
        if not sealed:
            return "—"
        try:
            return mask(self.secrets.decrypt(sealed))
        except SecretUnavailable:
            return "????"

    def _rows(self, turn: Turn, cfg: ModelConfig) -> tuple[tuple[str, str], ...]:
        provider = PROVIDERS.get(cfg.provider)
        return (
            (turn.t("ws.field.name"), cfg.name),
            (turn.t("ws.field.provider"), provider.display if provider else cfg.provider),
            (turn.t("ws.field.base_url"), cfg.base_url),
            (turn.t("ws.field.model"), cfg.model),
            (turn.t("ws.field.api_key"), self._masked(cfg.api_key)),
            (turn.t("ws.field.enabled"), turn.t("ws.md.on" if cfg.enabled else "ws.md.off")),
        )

    def _line(self, turn: Turn, cfg: ModelConfig) -> str:
        provider = PROVIDERS.get(cfg.provider)
        return " · ".join(
            (
                provider.display if provider else cfg.provider,
                cfg.model,
                cfg.base_url,
                f"{turn.t('ws.field.api_key')} {self._masked(cfg.api_key)}",
                turn.t("ws.md.on" if cfg.enabled else "ws.md.off"),
            )
        )

    def _summary(self, turn: Turn, task: Task, cfg: ModelConfig, notice: str | None, code: str) -> Reply:
        blocks: list[NoticeBlock | DetailsBlock] = []
        if notice:
            blocks.append(NoticeBlock(turn.t(notice, name=cfg.name), code=code))
        blocks.append(DetailsBlock(turn.t("ws.md.title", name=cfg.name), self._rows(turn, cfg)))
        return Reply(
            Status.COMPLETED, tuple(blocks), turn.locale, route=self.route_info(task), audience="private"
        )


def _target(cfg: ModelConfig) -> Target:
    provider = PROVIDERS.get(cfg.provider)
    return Target(cfg.id, cfg.name, (cfg.provider, *(provider.aliases if provider else ())))


def _numbered(base: str) -> list[str]:
    return [base, *(f"{base}-{n}" for n in range(2, 1000))]
