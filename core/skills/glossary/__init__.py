"""The glossary skill: short, model-free answers about a few terms the workspace mentions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.glossary.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.skills.glossary.skill import GlossarySkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


ACTIONS = LazyActions.at(("explain",), "core.skills.glossary.skill:ACTIONS")


def _build(services: Services) -> GlossarySkill:
    from core.skills.glossary.skill import GlossarySkill

    return GlossarySkill(ACTIONS)


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    # "什么是 API key" names a credential word but is a question (the term and the asking word).
    intents=INTENTS,
    intents_only=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.glossary"),
)
