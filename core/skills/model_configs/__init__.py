"""The model config skill (model_management): configure, update, delete and list model configs
(OpenAI-compatible APIs), in a private chat, with the API key sealed the moment it arrives."""

from __future__ import annotations

from core.secrets import SECRET_BOX
from core.services import CLOCK, Services
from core.skills.model_configs.intents import INTENTS
from core.skills.model_configs.rules import ACTIONS_EMITTED, SKILL, ModelConfigRule
from core.skills.model_configs.skill import ACTIONS, ModelSkill
from core.skills.model_configs.tools import MODEL_CONFIG_TASK
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec
from core.tasks.audit import AUDIT_LOG
from core.workspace.model_configs import MODEL_CONFIGS

__all__ = ["SPEC", "ModelSkill"]


def _build(services: Services) -> ModelSkill:
    return ModelSkill(
        ACTIONS,
        services.get(MODEL_CONFIGS),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "model configs", priority=220, build=lambda services: ModelConfigRule(), emits=ACTIONS_EMITTED
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.model_management"),
    tools=(MODEL_CONFIG_TASK,),
)
