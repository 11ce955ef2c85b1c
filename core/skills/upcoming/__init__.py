"""The skills of later parts, recognised today so they can say they are not available yet.

Each becomes its own package (with its repository and its real actions) when it is built;
until then its spec keeps its name, its routes and an honest answer.
"""

from __future__ import annotations

from core.skills.registry import RuleSpec, SkillSpec
from core.skills.upcoming.skill import DiagnosisRule, UnavailableSkill, not_yet_actions
from core.workspace.reading import Domain

__all__ = ["DIAGNOSES"]


def _diagnosis(domain: Domain, priority: int) -> SkillSpec:
    name = f"{domain}_diagnosis"
    declared = not_yet_actions("diagnose")
    return SkillSpec(
        name=name,
        build=lambda services: UnavailableSkill(name, declared),
        rules=(
            RuleSpec(
                f"{domain} problems",
                priority,
                lambda services: DiagnosisRule(name, domain),
                emits=frozenset({"diagnose"}),
            ),
        ),
        actions=declared,
    )


# Workspace readings are exclusive by domain, so these priorities only place them after the
# glossary and before the price rule.
DIAGNOSES = (_diagnosis("trader", 252),)
