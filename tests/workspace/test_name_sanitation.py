"""Names are what they look like (issue 22): zero-width and bidi marks are stripped, so a name
that differs from another only by them is the same name (refused as a duplicate); bidi
overrides are refused with the message; and an entity-like "a&amp;b" is kept whole."""

from __future__ import annotations

import pytest

from core.tasks.names import clean_name, name_key
from tests.workspace.conftest import codes, make_desk, text_of

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\ufeff", "\u00ad", "\u061c"]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_invisible_characters_leave_no_trace_in_a_name(mark: str) -> None:
    assert clean_name(f"ma{mark}in") == "main"
    assert name_key(f"{mark}Ma{mark}in ") == name_key("main")
    assert clean_name(mark * 3) is None  # nothing visible is no name


@pytest.mark.parametrize(
    ("first", "again", "taken"),
    [
        (
            "add a paper account called main",
            "add a paper account called ma\u200bin",
            "already use the name “main”",
        ),
        (
            "添加一个模拟账户，叫 主账户",
            "添加一个模拟账户，叫 主\u200d账户\u200f",
            "名字「主账户」已经被你的另一项使用了",
        ),
    ],
)
async def test_a_name_differing_only_by_invisible_characters_is_refused_as_a_duplicate(
    first: str, again: str, taken: str
) -> None:
    desk = make_desk()
    await desk.chat.say(first)
    reply = await desk.chat.say(again)
    assert "invalid_slot" in codes(reply) and taken in text_of(reply)
    names = [a.name for a in await desk.workspace.accounts.owned("console:user-1")]
    assert len(names) == 1 and all("\u200b" not in n and "\u200d" not in n for n in names)


async def test_a_bidi_override_in_a_name_is_refused_with_the_message() -> None:
    desk = make_desk()
    reply = await desk.chat.say("add a paper account called \u202emain")
    assert codes(reply) == ["control_characters"]
    assert await desk.workspace.accounts.owned("console:user-1") == []


@pytest.mark.parametrize(
    "text",
    ["add a paper account called a&amp;b", "添加一个模拟账户，叫 a&amp;b", "add a paper account named x;y"],
)
async def test_a_semicolon_inside_a_name_keeps_it_whole(text: str) -> None:
    desk = make_desk()
    await desk.chat.say(text)
    (account,) = await desk.workspace.accounts.owned("console:user-1")
    assert account.name == text.split()[-1]


async def test_a_semicolon_and_a_space_still_end_the_name() -> None:
    desk = make_desk()
    await desk.chat.say("add a paper account called alpha; balance 5000 usdt")
    (account,) = await desk.workspace.accounts.owned("console:user-1")
    assert account.name == "alpha"
