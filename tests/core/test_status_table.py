"""The README's status table, for what no tool answers: unsupported and not-yet-built requests
fail alike (unsupported ones with a few things to try, never the capability list), with or
without a model; a greeting without a model is answered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.llm import OpenAIChatModel
from core.reply import NoteBlock, NoticeBlock, Reply, Status, TextBlock
from tests import corpus
from tests.planner.llm_server import ScriptedLLMServer, completion
from tests.workspace.conftest import make_desk


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def suggestions_of(reply: Reply) -> str:
    texts = [b.text for b in reply.blocks if isinstance(b, TextBlock)]
    assert texts, "the suggestions are missing"
    assert len(texts[-1]) < 250, "a miss gets a few suggestions, not the capability list"
    return texts[-1]


@pytest.mark.parametrize("text", ["tell me a joke", "给我讲个笑话"])
async def test_unsupported_without_a_model_fails_with_suggestions(text: str) -> None:
    reply = await make_desk().chat.say(text)
    assert reply.status is Status.FAILED
    assert codes(reply) == ["unsupported_request"]
    assert "BTC" in suggestions_of(reply)


@pytest.mark.parametrize("text", ["hi", "你好", "thanks"])
async def test_a_greeting_without_a_model_is_answered(text: str) -> None:
    reply = await make_desk().chat.say(text)
    assert reply.status is Status.COMPLETED
    assert codes(reply) == ["greeting"]


async def test_unsupported_with_a_model_fails_the_same_way(llm: ScriptedLLMServer) -> None:
    model = OpenAIChatModel("sk-test-status-0123456789", llm.base_url, "deepseek-chat")
    try:
        llm.add(completion("Why did the bitcoin cross the road? To get to the other chain."))
        reply = await make_desk(model=model).chat.say("tell me a joke")
    finally:
        await model.aclose()
    assert reply.status is Status.FAILED
    assert codes(reply) == ["unsupported_request"]
    assert any(isinstance(b, NoteBlock) for b in reply.blocks)  # the words, labelled as a note
    assert "BTC" in suggestions_of(reply)


def _later(row: corpus.Row) -> bool:
    return row["expect"].get("skill") not in ("price", None, "exchange_management", "model_management")


async def test_a_feature_not_built_yet_has_the_status_of_an_unsupported_one() -> None:
    unsupported = await make_desk().chat.say("tell me a joke")
    not_yet: list[Reply] = []
    for row in corpus.own_rows():
        if not _later(row):
            continue
        reply = await make_desk().chat.say(row["text"])
        if "not_available_yet" in codes(reply):
            not_yet.append(reply)
    if not not_yet:
        pytest.skip("every recognised feature is built: no 'not available yet' answer is left")
    assert {r.status for r in not_yet} == {unsupported.status} == {Status.FAILED}


@pytest.fixture
def llm() -> Iterator[ScriptedLLMServer]:
    server = ScriptedLLMServer()
    server.start()
    yield server
    server.stop()
