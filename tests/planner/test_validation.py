"""Every proposed tool call is validated on the server; rejections go back with the same id."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adapters.demo_market import DemoMarket
from core.clock import FixedClock
from core.i18n import t
from core.market import history_window
from core.planner.ports import ToolCall
from core.planner.tools import RejectedCall, ToolBox, ValidCall, validate_call
from core.reply import HistoryBlock, NoteBlock, NoticeBlock, QuoteBlock, Status
from tests.fakes import price_tools
from tests.planner.conftest import NOW, MakePlanner
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call


def tool_messages(request: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(m["tool_call_id"], json.loads(m["content"])) for m in request["messages"] if m["role"] == "tool"]


async def test_invalid_json_is_rejected_and_the_model_can_retry(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(
        completion(None, [tool_call("bad", "get_current_price", '{"symbol": "BTCUSDT"')]),
        completion(None, [tool_call("good", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion("BTC price is on the card."),
    )

    reply = await make_planner().run(text="btc?", locale="en", user_id="u1")

    [(call_id, payload)] = tool_messages(llm.requests[1])
    assert call_id == "bad"
    assert payload["ok"] is False and payload["error"]["code"] == "invalid_json"
    assert market.quote_calls == 1  # only the valid call ran
    assert reply.status is Status.COMPLETED
    assert isinstance(reply.blocks[0], QuoteBlock)
    steps = [(s.name, s.outcome, s.error_code) for s in reply.trace if s.kind == "tool"]
    assert steps == [("get_current_price", "error", "invalid_json"), ("get_current_price", "ok", None)]


@pytest.mark.parametrize(
    ("name", "arguments", "code"),
    [
        ("place_order", {"symbol": "BTCUSDT", "side": "buy"}, "unknown_tool"),
        ("get_current_price", {"symbol": "BTCUSDT", "exchange": "binance"}, "unexpected_argument"),
        ("get_current_price", {}, "missing_argument"),
        ("get_current_price", {"symbol": "XMRUSDT"}, "unsupported_symbol"),
        ("get_current_price", {"symbol": "btc"}, "unsupported_symbol"),
        ("get_current_price", ["BTCUSDT"], "invalid_json"),
        # days: a whole JSON number from 2 to 90 (the price skill's check), refused outside, never clamped
        ("get_price_history", {"symbol": "BTCUSDT", "days": 1}, "unsupported_days"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": 91}, "unsupported_days"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": -3}, "unsupported_days"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": 0}, "unsupported_days"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": "7"}, "invalid_arguments"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": 7.5}, "invalid_arguments"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": 7.0}, "invalid_arguments"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": True}, "invalid_arguments"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": None}, "invalid_arguments"),
        ("get_price_history", {"symbol": "BTCUSDT", "days": 7, "interval": "1h"}, "unexpected_argument"),
    ],
)
async def test_rejected_calls_get_an_error_code_and_nothing_runs(
    llm: ScriptedLLMServer,
    make_planner: MakePlanner,
    market: DemoMarket,
    name: str,
    arguments: Any,
    code: str,
) -> None:
    raw = json.dumps(arguments)
    llm.add(
        completion(None, [tool_call("call_x", name, raw)]),
        completion("Sorry, I can't do that."),
    )

    reply = await make_planner().run(text="do something odd", locale="en", user_id="u1")

    [(call_id, payload)] = tool_messages(llm.requests[1])
    assert call_id == "call_x"
    assert payload == {"ok": False, "error": {"code": code, "message": payload["error"]["message"]}}
    assert payload["error"]["message"]
    assert (market.quote_calls, market.history_calls) == (0, 0)
    assert not any(isinstance(b, QuoteBlock) for b in reply.blocks)  # nothing invented
    # No tool ran: the model's words are a note, and the request is an unsupported one.
    assert reply.status is Status.FAILED
    assert reply.blocks == (
        NoteBlock("Sorry, I can't do that.", t("en", "planner.note_label")),
        NoticeBlock(t("en", "planner.unsupported"), "info", "unsupported_request"),
    )
    tool_step = next(s for s in reply.trace if s.kind == "tool")
    assert (tool_step.name, tool_step.outcome, tool_step.error_code) == (name, "error", code)


async def test_a_second_coin_in_one_task_is_rejected(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(
        completion(
            None,
            [
                tool_call("btc", "get_current_price", {"symbol": "BTCUSDT"}),
                tool_call("eth", "get_current_price", {"symbol": "ETHUSDT"}),
            ],
        ),
        completion(None, [tool_call("eth2", "get_price_history", {"symbol": "ETHUSDT", "days": 7})]),
        completion("BTC is above; please ask about ETH separately."),
    )

    reply = await make_planner().run(text="BTC and ETH prices", locale="en", user_id="u1")

    assert tool_messages(llm.requests[1])[1][0] == "eth"
    assert tool_messages(llm.requests[1])[1][1]["error"]["code"] == "one_coin_per_request"
    assert tool_messages(llm.requests[2])[2][1]["error"]["code"] == "one_coin_per_request"
    assert market.quote_calls == 1 and market.history_calls == 0
    quotes = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert [q.symbol for q in quotes] == ["BTCUSDT"]
    assert reply.status is Status.COMPLETED
    assert reply.route.slots == {"symbol": "BTCUSDT"}


def test_validation_is_strict(market: DemoMarket, clock: FixedClock) -> None:
    tools = ToolBox(price_tools(market, clock))
    ok = validate_call(ToolCall("1", "get_price_history", '{"days": 7, "symbol": "ETHUSDT"}'), tools)
    assert isinstance(ok, ValidCall)
    assert (ok.call, ok.name) == (
        ToolCall("1", "get_price_history", '{"days": 7, "symbol": "ETHUSDT"}'),
        "get_price_history",
    )
    assert ok.args == {"symbol": "ETHUSDT", "days": 7}
    for bad in ('{"symbol": null}', '{"symbol": 1}', '{"symbol": ["BTCUSDT"]}', "null", '"BTCUSDT"'):
        result = validate_call(ToolCall("2", "get_current_price", bad), tools)
        assert isinstance(result, RejectedCall), bad
    empty = validate_call(ToolCall("3", "get_current_price", ""), tools)
    assert isinstance(empty, RejectedCall) and empty.code == "missing_argument"


async def test_unsupported_request_is_explained_without_tools(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(completion("I can't see your account balance; I can show BTC, ETH or SOL prices."))

    reply = await make_planner().run(text="what's my balance?", locale="en", user_id="u1")

    # An unsupported request fails, as it does without a model (the engine adds what deskmate can do).
    assert reply.status is Status.FAILED
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["unsupported_request"]
    assert len(llm.requests) == 1


@pytest.mark.parametrize(("arguments", "days"), [({"days": 3}, 3), ({"days": 45}, 45), ({}, 7)])
async def test_history_serves_the_days_asked(
    llm: ScriptedLLMServer,
    make_planner: MakePlanner,
    market: DemoMarket,
    arguments: dict[str, Any],
    days: int,
) -> None:
    """Any whole number of days the price skill serves (2..90, 7 when none is given): that many
    closes fetched, shown and reported."""
    llm.add(
        completion(None, [tool_call("h", "get_price_history", {"symbol": "BTCUSDT", **arguments})]),
        completion("BTC's daily closes are on the card."),
    )

    reply = await make_planner().run(text="btc history", locale="en", user_id="u1")

    [(call_id, payload)] = tool_messages(llm.requests[1])
    window = history_window(NOW, days)
    assert call_id == "h" and payload["ok"] is True
    assert [c["date"] for c in payload["closes"]] == [d.isoformat() for d in window.days]
    assert len(window.days) == days
    [history] = [b for b in reply.blocks if isinstance(b, HistoryBlock)]
    assert [p.date for p in history.points] == list(window.days)
    assert market.history_calls == 1
    assert reply.status is Status.COMPLETED
    assert reply.route.slots == {"symbol": "BTCUSDT", "days": days}
    step = next(s for s in reply.trace if s.kind == "tool" and s.name == "get_price_history")
    assert (step.outcome, step.error_code) == ("ok", None)
