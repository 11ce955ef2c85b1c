"""model_diagnosis: why a model config does not work, checked in a fixed order.

For a pasted error: its HTTP status and the provider's error type, read. For each config the
message means (its name, its provider, else all of them, at most MAX_CONFIGS): the record, the
base URL (https, except on this machine), one tiny live completion, then the model name (a 404
or "model not found" lists the provider's current model names from the catalog).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from core.diagnosis.causes import model_cause
from core.diagnosis.pasted import PastedError, clean
from core.diagnosis.ports import ModelAnswer, ModelProbe
from core.diagnosis.report import Checklist, answer, nothing_to_check, say
from core.language.gazetteer import named_in
from core.language.word_scan import PROVIDER, named
from core.reply import Block, DiagnosisBlock
from core.routing.normalize import normalize
from core.secrets import SecretBox, SecretUnavailable
from core.skills.base import OneShotSkill
from core.skills.diagnosis.common import finish, pasted_of, targeted
from core.state import Task
from core.tasks.actions import ActionSpec, Done
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.turn import Turn
from core.workspace.model_configs import ModelConfig, ModelConfigRepository
from core.workspace.providers import PROVIDERS, check_base_url

SKILL = "model_diagnosis"
MAX_CONFIGS = 3
PROBE_SECONDS = 15.0
_LATER = ("completion", "model_name")


class ModelDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        models: ModelConfigRepository,
        secrets: SecretBox,
        probe: ModelProbe | None,
    ) -> None:
        super().__init__(actions)
        self.models = models
        self.secrets = secrets
        self.probe = probe

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        pasted = pasted_of(task.slots.get("error"))
        configs = await self.models.owned(owner_of(turn))
        chosen = targeted(task, configs)
        if chosen is None:
            chosen = _chosen(configs, turn.text, str(task.slots.get("provider") or "") or None, pasted)
        blocks: list[Block] = []
        if pasted is not None and not chosen:
            blocks.append(self._pasted_only(turn, pasted, str(task.slots.get("provider") or "")))
        for config in chosen[:MAX_CONFIGS]:
            blocks.append(await self._config(turn, config, pasted))
        if not blocks:
            blocks.append(self._no_config(turn))
        return finish(self.name, turn, task, blocks)

    # -- a pasted error alone --------------------------------------------------------------------

    def _pasted_only(self, turn: Turn, pasted: PastedError, provider: str) -> DiagnosisBlock:
        checks = Checklist(turn.locale)
        _add_pasted(checks, pasted)
        params = _params(turn, None, provider or None)
        params["message"] = pasted.message
        return answer(
            SKILL,
            checks,
            title=say(turn.locale, "dx.title.model_pasted"),
            happened=_happened(turn, pasted),
            ok_cause="model_ok",
            params=params,
        )

    # -- one config -------------------------------------------------------------------------------

    async def _config(self, turn: Turn, config: ModelConfig, pasted: PastedError | None) -> DiagnosisBlock:
        locale = turn.locale
        checks = Checklist(locale)
        params = _params(turn, config, config.provider)
        if pasted is not None:
            _add_pasted(checks, pasted)
            params["message"] = pasted.message
        detail = say(
            locale,
            "dx.detail.model_config",
            {
                "name": config.name,
                "provider": params["provider"],
                "model": config.model,
                "base_url": config.base_url,
            },
        )
        if config.enabled:
            checks.ok("model_config", detail)
        else:
            checks.failed(
                "model_config",
                say(locale, "dx.detail.disabled", {"name": config.name}),
                None,
                "model_disabled",
            )
        _url, problem = check_base_url(config.base_url)
        if problem is not None:
            cause = "model_http_refused" if problem == "url_needs_https" else "model_unreachable"
            detail = say(locale, "dx.detail.http_refused") if cause == "model_http_refused" else problem
            checks.failed("base_url", detail, problem, cause)
            checks.skip_all(_LATER)
        else:
            checks.ok("base_url", config.base_url)
            await self._complete(turn, checks, config, params)
        failed = any(c.outcome == "failed" and c.name != "pasted_error" for c in checks.checks)
        happened = (
            _happened(turn, pasted)
            if pasted is not None and not failed
            else say(
                locale,
                "dx.happened.model_failed" if failed else "dx.happened.model_ok",
                {"name": config.name},
            )
        )
        return answer(
            SKILL,
            checks,
            title=say(locale, "dx.title.model", {"name": config.name}),
            happened=happened,
            ok_cause="model_ok",
            params=params,
        )

    async def _complete(
        self, turn: Turn, checks: Checklist, config: ModelConfig, params: dict[str, object]
    ) -> None:
        locale = turn.locale
        if self.probe is None:
            checks.skip_all(_LATER)
            return
        try:
            key = self.secrets.decrypt(config.api_key)
        except SecretUnavailable:
            checks.failed("completion", "secret_unavailable", "secret_unavailable", "model_key_invalid")
            checks.skipped("model_name")
            return
        found = await self.probe.complete(config.base_url, config.model, key, PROBE_SECONDS)
        outcome = _classify(found)
        if outcome is None:
            ok = say(locale, "dx.detail.completion_ok", {"status": found.status, "ms": found.elapsed_ms})
            checks.ok("completion", ok)
            checks.ok("model_name", say(locale, "dx.detail.model_listed", params))
            return
        cause, code, message = outcome
        params["status"] = found.status or ""
        params["message"] = message
        checks.failed("completion", _detail(turn, found, message), code, cause)
        self._model_name(turn, checks, config, params, cause)

    def _model_name(
        self, turn: Turn, checks: Checklist, config: ModelConfig, params: dict[str, object], cause: str
    ) -> None:
        known = PROVIDERS.get(config.provider)
        listed = known is not None and config.model in known.models
        if cause in ("model_not_found", "model_bad_request") and known is not None and known.models:
            if listed:
                checks.ok("model_name", say(turn.locale, "dx.detail.model_listed", params))
            else:
                detail = say(turn.locale, "dx.detail.model_unlisted", params)
                checks.failed("model_name", detail, "model_not_found", "model_not_found")
        elif listed:
            checks.ok("model_name", say(turn.locale, "dx.detail.model_listed", params))
        else:
            checks.skipped("model_name")

    def _no_config(self, turn: Turn) -> DiagnosisBlock:
        return nothing_to_check(
            SKILL,
            turn.locale,
            check="model_config",
            detail="dx.happened.no_model_config",
            cause="no_model_config",
            title="dx.title.model_pasted",
            ok_cause="model_ok",
        )


def _classify(found: ModelAnswer) -> tuple[str, str, str] | None:
    """None when the completion worked; else (cause, code, the provider's message)."""
    if found.failure is not None:
        cause = {
            "timeout": "model_timeout",
            "connect": "model_unreachable",
            "http_refused": "model_http_refused",
            "invalid_url": "model_unreachable",
        }[found.failure]
        return cause, found.failure, found.detail
    status = found.status or 0
    body = _json(found.body)
    if body is None:
        # A web page (or anything not JSON): the base URL does not point at the API.
        return "model_not_json", f"http_{status}", clean(found.body, 120)
    if 200 <= status < 300:
        if isinstance(body, dict) and isinstance(body.get("choices"), list):
            return None
        return "model_not_json", f"http_{status}", clean(found.body, 120)
    kind, message = _error_of(body)
    return model_cause(status, kind, message), f"http_{status}", message


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _error_of(body: Any) -> tuple[str | None, str]:
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            kind = error.get("code") or error.get("type")
            return (str(kind) if kind else None), clean(str(error.get("message", "")), 200)
        if isinstance(error, str):
            return None, clean(error, 200)
        if "message" in body:
            return (str(body.get("code")) if body.get("code") else None), clean(str(body["message"]), 200)
    return None, ""


def _detail(turn: Turn, found: ModelAnswer, message: str) -> str:
    if found.failure == "timeout":
        return say(turn.locale, "dx.detail.timeout", {"seconds": f"{PROBE_SECONDS:g}"})
    if found.failure == "http_refused":
        return say(turn.locale, "dx.detail.http_refused")
    if found.failure is not None:
        return say(turn.locale, "dx.detail.unreachable", {"detail": found.detail})
    if _json(found.body) is None:
        return say(turn.locale, "dx.detail.not_json", {"content_type": found.content_type or "?"})
    return say(turn.locale, "dx.detail.http", {"status": found.status, "message": message or "—"})


def _add_pasted(checks: Checklist, pasted: PastedError) -> None:
    cause = model_cause(pasted.status, pasted.kind, pasted.message)
    checks.failed("pasted_error", f"{pasted.code} {pasted.message}".strip(), pasted.code, cause)


def _happened(turn: Turn, pasted: PastedError) -> str:
    source = say(turn.locale, "dx.source.model")
    return say(
        turn.locale,
        "dx.happened.pasted",
        {"source": source, "code": pasted.code, "message": pasted.message or "—"},
    )


def _params(turn: Turn, config: ModelConfig | None, provider: str | None) -> dict[str, object]:
    known = PROVIDERS.get(provider or "")
    models = known.models if known is not None else ()
    return {
        "name": config.name if config is not None else say(turn.locale, "dx.your_model"),
        "provider": known.display if known is not None else say(turn.locale, "dx.the_provider"),
        "model": config.model if config is not None else "",
        "models": ", ".join(models) if models else "—",
        "first": models[0] if models else "",
        "expected": (
            known.base_url if known is not None and known.base_url else say(turn.locale, "dx.api_address")
        ),
        "base_url": config.base_url if config is not None else "",
        "status": "",
        "message": "",
    }


def _chosen(
    configs: list[ModelConfig], text: str, provider: str | None, pasted: PastedError | None
) -> list[ModelConfig]:
    """The configs the message means: the one it names, else those of the provider it names,
    else every enabled one (every one when none is enabled); with a pasted error and nothing
    named, none (the error alone is diagnosed)."""
    said = name_key(text)
    by_name = [c for c in configs if _names(name_key(c.name), said)]
    if by_name:
        return by_name
    provider = provider or named(normalize(text), PROVIDER)
    if provider:
        return [c for c in configs if c.provider == provider]
    if pasted is not None:
        return []
    return [c for c in configs if c.enabled] or configs


def _names(key: str, said: str) -> bool:
    return bool(key) and named_in(key, said)


def actions() -> dict[str, ActionSpec[ModelDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=ModelDiagnosisSkill.diagnose, writes=False)}
