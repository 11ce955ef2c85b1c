"""The glossary skill: short, model-free answers about a few terms the workspace mentions."""

from __future__ import annotations

from core.skills.glossary.intents import INTENTS
from core.skills.glossary.skill import ACTIONS, SKILL, GlossarySkill
from core.skills.registry import HelpSpec, SkillSpec

__all__ = ["SPEC"]

SPEC = SkillSpec(
    name=SKILL,
    build=lambda services: GlossarySkill(ACTIONS),
    # "什么是 API key" names a credential word but is a question (the term and the asking word).
    intents=INTENTS,
    intents_only=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.glossary"),
)
