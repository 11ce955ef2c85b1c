"""The model config skill (model_management): configure, update, delete and list model configs
(OpenAI-compatible APIs), in a private chat, with the API key sealed the moment it arrives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.model_configs.intents import INTENTS, SKILL
from core.skills.model_configs.tools import MODEL_CONFIG_TASK
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.model_configs.skill import ModelSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("create", "update", "delete", "query")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.model_configs.skill:ACTIONS")


def _build(services: Services) -> ModelSkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.model_configs.skill import ModelSkill
    from core.tasks.audit import AUDIT_LOG
    from core.workspace.model_configs import MODEL_CONFIGS

    return ModelSkill(
        ACTIONS,
        services.get(MODEL_CONFIGS),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _rule(services: Services) -> Rule:
    from core.workspace.reading import RecordRule

    return RecordRule("model", SKILL, "own.model")


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(RuleSpec("model configs", priority=220, build=_rule, emits=frozenset(_ACTIONS)),),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.model_management"),
    tools=(MODEL_CONFIG_TASK,),
)
