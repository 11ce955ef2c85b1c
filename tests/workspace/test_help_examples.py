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
