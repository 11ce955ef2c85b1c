"""Every example deskmate offers in /help and in its fallback answer actually works."""

from __future__ import annotations

import pytest

from core.i18n import t
from tests.workspace.conftest import make_desk

EXAMPLES = [
    (locale, line.lstrip("· ").strip())
    for locale in ("zh", "en")
    for line in t(locale, "examples").splitlines()
]


def test_the_help_lists_examples_in_both_languages() -> None:
    assert len([e for e in EXAMPLES if e[0] == "zh"]) >= 5
    assert len([e for e in EXAMPLES if e[0] == "en"]) >= 5


@pytest.mark.parametrize(("locale", "example"), EXAMPLES)
async def test_each_example_is_routed_by_a_rule(locale: str, example: str) -> None:
    desk = make_desk()
    reply = await desk.chat.say(example)
    assert reply.route.skill is not None and reply.route.by == "rule", reply.route
    assert reply.locale == locale
    assert reply.status.value in ("completed", "needs_input")
