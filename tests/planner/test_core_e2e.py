"""The planner behind the real conversation engine: unmatched messages reach it; /cancel stops it."""

from __future__ import annotations

import asyncio

from adapters.demo_market import DemoMarket, demo_quote_price
from adapters.llm import OpenAIChatModel
from core.clock import FixedClock
from core.engine import Core
from core.events import Command, ConversationKey, TextMessage
from core.memory_store import MemoryStateStore
from core.planner import MemoryUsageLedger, Planner
from core.reply import NoticeBlock, QuoteBlock, Reply, Status
from tests.fakes import price_skills
from tests.planner.conftest import NOW, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call

KEY = ConversationKey("console", "c1", "u1")


def make_core(model: OpenAIChatModel, clock: FixedClock, market: DemoMarket) -> Core:
    skills = price_skills(market, clock)
    planner = Planner(model, skills.toolsets, clock=clock, ledger=MemoryUsageLedger())
    return Core(store=MemoryStateStore(), skills=skills, clock=clock, planner=planner)


async def test_an_unmatched_message_goes_to_the_model(
    llm: ScriptedLLMServer, model: OpenAIChatModel, clock: FixedClock, market: DemoMarket
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion("Bitcoin is quoted on the card above."),
    )
    core = make_core(model, clock, market)
    progress: list[Reply] = []

    async def sink(reply: Reply) -> None:
        progress.append(reply)

    reply = await core.handle(
        TextMessage("e1", KEY, text="what does the biggest crypto go for these days?"), sink
    )

    assert reply.route.by == "model"
    quote = next(b for b in reply.blocks if isinstance(b, QuoteBlock))
    assert quote.price == demo_quote_price("BTCUSDT", NOW)
    assert note_of(reply) == "Bitcoin is quoted on the card above."
    assert reply.status is Status.COMPLETED
    assert len(llm.requests) == 2
    assert llm.requests[0]["messages"][1] == {
        "role": "user",
        "content": "what does the biggest crypto go for these days?",
    }
    assert progress and progress[0].buttons  # "working…" with a Cancel button


async def test_cancel_stops_the_running_planner(
    llm: ScriptedLLMServer, model: OpenAIChatModel, clock: FixedClock, market: DemoMarket
) -> None:
    llm.add(completion("too slow"))
    llm.script[-1].delay = 30
    core = make_core(model, clock, market)

    turn = asyncio.create_task(core.handle(TextMessage("e1", KEY, text="tell me something about markets")))
    await asyncio.to_thread(llm.received.wait, 5)
    # Well before the model's 30 s, with room for a busy machine.
    cancel_reply = await asyncio.wait_for(core.handle(Command("e2", KEY, name="cancel")), 10)
    reply = await asyncio.wait_for(turn, 10)

    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["cancelled"]
    assert reply.status is Status.FAILED
    assert cancel_reply.status is Status.COMPLETED
    assert len(llm.requests) == 1
