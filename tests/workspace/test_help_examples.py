"""Every example deskmate offers in /help and in its fallback answer actually works."""

from __future__ import annotations

import pytest

from core.clock import FixedClock
from tests.fakes import NOW, full_skills
from tests.workspace.conftest import make_desk

SKILLS = full_skills(object(), FixedClock(NOW))  # /help's examples come from every registered spec
EXAMPLES = [(locale, example) for locale in ("zh", "en") for example in SKILLS.examples(locale)]


def test_the_help_lists_examples_in_both_languages() -> None:
    assert len([e for e in EXAMPLES if e[0] == "zh"]) >= 5
    assert len([e for e in EXAMPLES if e[0] == "en"]) >= 5


@pytest.mark.parametrize(("locale", "example"), EXAMPLES)
async def test_each_example_is_routed_by_a_rule(locale: str, example: str) -> None:
    desk = make_desk()
    reply = await desk.chat.say(example)
    assert reply.route.skill is not None and reply.route.by == "rule", reply.route
    assert reply.locale == locale
    # An order example shows its summary and waits for the confirm button.
    assert reply.status.value in ("completed", "needs_input", "awaiting_confirmation")


def test_every_skills_examples_are_data_beside_it() -> None:
    """Examples live in an examples.toml beside the skill (HelpSpec.of reads it), never as
    Python tuples in a spec: a newcomer edits one kind of file for what /help shows."""
    import ast
    from pathlib import Path

    import core.skills

    written_in_code = []
    for path in Path(core.skills.__path__[0]).rglob("*.py"):
        if path.name == "spec.py" and path.parent.name == "skills":
            continue  # HelpSpec's own home: HelpSpec.of builds it from the TOML
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "HelpSpec":
                written_in_code.append(f"{path.parent.name}/{path.name}:{node.lineno}")
    assert written_in_code == []
    with_help = [s for s in SKILLS.specs() if s.help is not None]
    assert with_help and all(s.help is not None and s.help.examples("en") for s in with_help)
