"""The trading workspace: multi-turn management tasks over exchange accounts and model configs.

Wiring: ``rules, skills = build_workspace(store, secrets, clock)`` and pass them to
``core.engine.Core(extra_rules=rules, extra_skills=skills)``.
"""

from __future__ import annotations

from core.clock import Clock
from core.routing.router import Rule
from core.skills.base import Skill
from core.workspace.exchange_skill import ExchangeSkill
from core.workspace.glossary import GlossaryRule, GlossarySkill
from core.workspace.memory import MemorySecretBox, MemoryWorkspaceStore
from core.workspace.model_skill import ModelSkill
from core.workspace.ports import SecretBox, SecretUnavailable, WorkspaceStore
from core.workspace.rules import WorkspaceRule
from core.workspace.unavailable import LATER_SKILLS, UnavailableSkill

__all__ = [
    "MemorySecretBox",
    "MemoryWorkspaceStore",
    "SecretBox",
    "SecretUnavailable",
    "WorkspaceStore",
    "build_workspace",
]


def build_workspace(
    store: WorkspaceStore, secrets: SecretBox, clock: Clock
) -> tuple[list[Rule], list[Skill]]:
    """The workspace's routing rules (to run before the price rule) and its skills."""
    rules: list[Rule] = [GlossaryRule(), WorkspaceRule()]
    skills: list[Skill] = [
        ExchangeSkill(store, secrets, clock),
        ModelSkill(store, secrets, clock),
        GlossarySkill(),
        *(UnavailableSkill(name) for name in LATER_SKILLS),
    ]
    return rules, skills
