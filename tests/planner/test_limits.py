"""Limits owned by the runner: requests, tool runs, deadlines, budgets, cancellation."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from adapters.demo_market import DemoMarket, demo_quote_price
from core.i18n import t
from core.market import MarketErrorCode
from core.planner import MemoryUsageLedger, PlannerLimits, user_scope
from core.reply import HistoryBlock, NoteBlock, NoticeBlock, QuoteBlock, Reply, Status, TextBlock
from tests.planner.conftest import NOW, FailingMarket, MakePlanner, SlowMarket, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call

TODAY = NOW.date()
LATE = 60.0  # seconds a slow model takes to answer (released early when its server stops)
# A limit that cuts it: far below LATE, yet long enough for the steps before it (the first answer,
# the quote) on a machine under load (0.6 s ran out before the quote at load average 12).
CUT = 5.0


def notices(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def current(call_id: str, symbol: str = "BTCUSDT") -> dict[str, Any]:
    return tool_call(call_id, "get_current_price", {"symbol": symbol})


def history(call_id: str, symbol: str = "BTCUSDT") -> dict[str, Any]:
    return tool_call(call_id, "get_price_history", {"symbol": symbol, "days": 7})


async def test_a_model_that_keeps_calling_tools_is_stopped(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(
        completion(None, [current("a1"), history("a2"), current("a3")]),
        completion(None, [history("b1"), current("b2")]),
        completion("I want more", [current("c1")]),  # tools were not even offered
        completion("never requested"),
    )

    reply = await make_planner().run(text="btc everything", locale="en", user_id="u1")

    assert len(llm.requests) == 3  # max 3 model requests
    assert "tools" not in llm.requests[2]  # the last one only reads results
    assert market.quote_calls + market.history_calls == 4  # max 4 tool executions
    second = llm.requests[2]["messages"]
    limit_reply = next(m for m in second if m.get("tool_call_id") == "b2")
    assert json.loads(limit_reply["content"])["error"]["code"] == "tool_limit_reached"
    assert reply.status is Status.PARTIAL  # data, but the model never finished
    assert isinstance(reply.blocks[0], QuoteBlock) and isinstance(reply.blocks[1], HistoryBlock)
    assert not any(isinstance(b, (TextBlock, NoteBlock)) for b in reply.blocks)
    assert "limit_reached" in notices(reply)
    skipped = [s for s in reply.trace if s.kind == "tool" and s.outcome == "skipped"]
    assert [(s.detail["tool_call_id"], s.error_code) for s in skipped] == [("b2", "tool_limit_reached")]


async def test_when_tool_runs_are_used_up_the_next_request_offers_no_tools(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(
        completion(None, [current("1"), history("2"), current("3"), history("4")]),
        completion("Done."),
    )

    reply = await make_planner().run(text="btc", locale="en", user_id="u1")

    assert "tools" not in llm.requests[1]
    assert reply.status is Status.COMPLETED
    assert reply.usage.model_requests == 2


async def test_model_timeout_after_data_is_partial_and_keeps_the_cards(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(completion(None, [current("c1")]))
    llm.add(completion("too late"))
    llm.script[-1].delay = LATE
    planner = make_planner(limits=PlannerLimits(request_timeout_seconds=CUT))

    started = time.perf_counter()
    reply = await planner.run(text="btc price", locale="en", user_id="u1")

    assert time.perf_counter() - started < LATE / 2  # cut at the timeout, not waited for
    assert reply.status is Status.PARTIAL
    quote = reply.blocks[0]
    assert isinstance(quote, QuoteBlock) and quote.price == demo_quote_price("BTCUSDT", NOW)
    notice = next(b for b in reply.blocks if isinstance(b, NoticeBlock) and b.code == "model_timeout")
    assert notice.text == t("en", "planner.model.timeout")
    last = reply.trace[-1]
    assert (last.kind, last.name, last.outcome, last.error_code) == ("model", "request_2", "error", "timeout")


async def test_the_task_deadline_bounds_every_step(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion(None, [current("c1")]))
    llm.add(completion("too late"))
    llm.script[-1].delay = LATE
    # Each request may take 20 s, but the whole task only has CUT.
    planner = make_planner(limits=PlannerLimits(task_deadline_seconds=CUT))

    started = time.perf_counter()
    reply = await planner.run(text="btc price", locale="en", user_id="u1")

    assert time.perf_counter() - started < LATE / 2  # cut at the deadline, not waited for
    assert reply.status is Status.PARTIAL
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert {"model_timeout", "deadline_exceeded"} & set(notices(reply))


async def test_a_slow_market_call_is_cut_at_its_own_timeout(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(completion(None, [current("c1")]), completion("The exchange is slow right now."))
    planner = make_planner(market_data=SlowMarket(), limits=PlannerLimits(market_timeout_seconds=0.2))

    started = time.perf_counter()
    reply = await planner.run(text="btc price", locale="en", user_id="u1")

    assert time.perf_counter() - started < 15  # cut at its timeout, not after the market's 30 s
    payload = json.loads(llm.requests[1]["messages"][3]["content"])
    assert payload["error"]["code"] == MarketErrorCode.TIMEOUT
    assert reply.status is Status.FAILED  # no usable data
    assert notices(reply) == ["market_timeout"]
    assert note_of(reply) == "The exchange is slow right now."


async def test_market_failure_is_reported_to_the_model_not_invented(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(completion(None, [current("c1")]), completion("Price data is unavailable right now."))
    failing = FailingMarket(MarketErrorCode.UNAVAILABLE)

    reply = await make_planner(market_data=failing).run(text="btc price", locale="en", user_id="u1")

    payload = json.loads(llm.requests[1]["messages"][3]["content"])
    assert payload == {
        "ok": False,
        "error": {"code": "market_unavailable", "message": "market data unavailable (market_unavailable)"},
    }
    assert reply.status is Status.FAILED
    assert not any(isinstance(b, QuoteBlock) for b in reply.blocks)
    notice = next(b for b in reply.blocks if isinstance(b, NoticeBlock))
    assert notice.text == t("en", "market.market_unavailable")


async def test_history_failure_after_a_good_quote_is_partial(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(completion(None, [current("c1"), history("h1")]), completion("Quote shown; history unavailable."))
    failing = FailingMarket(MarketErrorCode.TIMEOUT, quote_ok=market)

    reply = await make_planner(market_data=failing).run(text="btc now and week", locale="en", user_id="u1")

    assert reply.status is Status.PARTIAL
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert not any(isinstance(b, HistoryBlock) for b in reply.blocks)
    assert "market_timeout" in notices(reply)


async def test_budget_exhausted_makes_no_request(
    llm: ScriptedLLMServer, make_planner: MakePlanner, ledger: MemoryUsageLedger
) -> None:
    await ledger.add_tokens([user_scope("u1")], TODAY, 50_000)
    llm.add(completion("should not be asked"))

    reply = await make_planner().run(text="btc?", locale="zh", user_id="u1")

    assert llm.requests == []
    assert reply.status is Status.FAILED
    assert reply.blocks == (NoticeBlock(t("zh", "planner.budget_user"), "warning", "budget_user"),)
    assert reply.usage.model_requests == 0
    # Another user still has budget.
    llm.add(completion("Which coin?"))
    other = await make_planner().run(text="price?", locale="en", user_id="u2")
    assert note_of(other) == "should not be asked" and len(llm.requests) == 1


async def test_site_budget_exhausted_makes_no_request(
    llm: ScriptedLLMServer, make_planner: MakePlanner, ledger: MemoryUsageLedger
) -> None:
    await ledger.add_tokens(["site"], TODAY, 10)
    planner = make_planner(limits=PlannerLimits(site_daily_token_budget=10))

    reply = await planner.run(text="btc?", locale="en", user_id="u9")

    assert llm.requests == []
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["budget_site"]


async def test_budget_is_charged_and_checked_before_each_request(
    llm: ScriptedLLMServer, make_planner: MakePlanner, ledger: MemoryUsageLedger
) -> None:
    llm.add(completion(None, [current("c1")], prompt_tokens=900, completion_tokens=150), completion("never"))
    planner = make_planner(limits=PlannerLimits(user_daily_token_budget=1000))

    reply = await planner.run(text="btc", locale="en", user_id="u1")

    assert len(llm.requests) == 1  # the second request would be over budget
    assert await ledger.tokens_used(user_scope("u1"), TODAY) == 1050
    assert await ledger.tokens_used("site", TODAY) == 1050
    assert reply.status is Status.PARTIAL
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert "budget_user" in notices(reply)


async def test_cancellation_propagates_and_abandons_the_call(
    llm: ScriptedLLMServer, make_planner: MakePlanner, ledger: MemoryUsageLedger, market: DemoMarket
) -> None:
    llm.add(completion("slow answer"))
    llm.script[-1].delay = 30
    job = asyncio.create_task(make_planner().run(text="btc", locale="en", user_id="u1"))
    await asyncio.to_thread(llm.received.wait, 5)
    assert len(llm.requests) == 1

    started = time.perf_counter()
    job.cancel()
    with pytest.raises(asyncio.CancelledError):
        await job
    assert time.perf_counter() - started < 10  # at once, not after the model's 30 s (room for a busy machine)
    assert await ledger.tokens_used(user_scope("u1"), TODAY) == 0  # nothing recorded
    assert market.quote_calls == 0


async def test_cancellation_during_a_market_call(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion(None, [current("c1")]), completion("never"))
    job = asyncio.create_task(
        make_planner(market_data=SlowMarket()).run(text="btc", locale="en", user_id="u1")
    )
    await asyncio.to_thread(llm.received.wait, 5)
    await asyncio.sleep(0.2)  # the first answer arrives and the market call starts

    job.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(job, 10)  # at once, not after the market's 30 s (room for a busy machine)
    assert len(llm.requests) == 1
