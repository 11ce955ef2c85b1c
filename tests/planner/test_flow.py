"""The planner's happy paths through real HTTP: exact messages, cards from tool data only."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from adapters.demo_market import DemoMarket, demo_close, demo_quote_price
from core.clock import FixedClock
from core.market import history_window
from core.planner.prompt import system_prompt
from core.reply import ChartBlock, HistoryBlock, NoteBlock, NoticeBlock, QuoteBlock, Status
from tests.fakes import price_tools
from tests.planner.conftest import API_KEY, NOW, FakeCharts, MakePlanner, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call

PRICE_GUIDANCE = [t.guidance() for t in price_tools(DemoMarket(FixedClock(NOW)), FixedClock(NOW))]


def tool_payload(message: dict[str, Any]) -> dict[str, Any]:
    assert message["role"] == "tool"
    payload: dict[str, Any] = json.loads(message["content"])
    return payload


async def test_current_btc_price_takes_two_requests(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    answer = "BTC 当前卖一价（参考买入价）见上方卡片。"
    llm.add(
        completion(
            None,
            [tool_call("call_1", "get_current_price", {"symbol": "BTCUSDT"})],
            prompt_tokens=400,
            completion_tokens=18,
        ),
        completion(answer, prompt_tokens=520, completion_tokens=30),
    )
    planner = make_planner()

    reply = await planner.run(text="获取当前 BTC 价格", locale="zh", user_id="u1")

    price = demo_quote_price("BTCUSDT", NOW)
    assert reply.status is Status.COMPLETED
    assert reply.locale == "zh"
    quote = reply.blocks[0]
    assert isinstance(quote, QuoteBlock)
    assert (quote.symbol, quote.price, quote.source) == ("BTCUSDT", price, "demo")
    assert note_of(reply) == answer
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["demo_data"]
    assert (reply.route.skill, reply.route.action, reply.route.slots, reply.route.by) == (
        "price",
        "current",
        {"symbol": "BTCUSDT"},
        "model",
    )
    assert (reply.usage.model_requests, reply.usage.prompt_tokens, reply.usage.completion_tokens) == (
        2,
        920,
        48,
    )
    assert [(s.kind, s.name, s.outcome) for s in reply.trace] == [
        ("route", "price", "ok"),
        ("model", "request_1", "ok"),
        ("tool", "get_current_price", "ok"),
        ("model", "request_2", "ok"),
    ]
    assert reply.trace[0].detail["by"] == "model"
    assert reply.trace[1].detail["prompt_tokens"] == 400
    assert reply.trace[2].args == {"symbol": "BTCUSDT"}
    assert reply.trace[2].detail["tool_call_id"] == "call_1"

    # Exactly two requests, with the SDK's real wire format.
    assert len(llm.requests) == 2
    assert llm.paths == ["/v1/chat/completions"] * 2
    assert llm.headers[0]["authorization"] == f"Bearer {API_KEY}"
    first, second = llm.requests
    assert first["model"] == "deepseek-chat"
    assert first["max_tokens"] == 800
    assert first["messages"] == [
        {"role": "system", "content": system_prompt(PRICE_GUIDANCE, NOW, "zh")},
        {"role": "user", "content": "获取当前 BTC 价格"},
    ]
    assert second["messages"][:2] == first["messages"]
    assert second["messages"][2] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "get_current_price", "arguments": '{"symbol": "BTCUSDT"}'},
            }
        ],
    }
    assert second["messages"][3]["tool_call_id"] == "call_1"
    result = tool_payload(second["messages"][3])
    assert result["ok"] is True
    assert (result["symbol"], Decimal(result["price"]), result["source"]) == ("BTCUSDT", price, "demo")
    assert len(second["messages"]) == 4


async def test_system_prompt_and_tool_definitions(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion("Which coin do you mean? I support BTC, ETH and SOL."))

    reply = await make_planner().run(text="what's the price?", locale="en", user_id="u1")

    assert reply.status is Status.FAILED  # no tool ran: words only, not an answer from data
    assert note_of(reply) == "Which coin do you mean? I support BTC, ETH and SOL."
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["unsupported_request"]
    assert reply.route.skill is None and reply.route.by == "model"
    body = llm.requests[0]
    prompt = body["messages"][0]["content"]
    for fragment in (
        "You are deskmate",
        "- BTCUSDT: BTC, Bitcoin, 比特币 (also called: 比特幣, 大饼, 大餅, xbt, btc/usdt, sats, satoshis, "
        "satoshi, 饼, 餅, orange coin, digital gold, king coin)",
        "- ETHUSDT: ETH, Ethereum, 以太坊",
        "- SOLUSDT: SOL, Solana, 索拉纳",
        "DOGE",
        "Current time: 2026-05-01 12:00 UTC (Friday).",
        "Reply language: English.",
        "must come from a tool result",
        "Never use prices from memory",
        "One coin per request",
        "ask which coin they mean",
        "cannot see account balances",
    ):
        assert fragment in prompt, fragment
    tools = {t["function"]["name"]: t["function"]["parameters"] for t in body["tools"]}
    assert tools == {
        "get_current_price": {
            "type": "object",
            "properties": {
                "symbol": {
                    "type": "string",
                    "pattern": "^[A-Z0-9]{1,20}USDT$",  # hundreds of markets: checked on the server
                    "description": tools["get_current_price"]["properties"]["symbol"]["description"],
                }
            },
            "required": ["symbol"],
            "additionalProperties": False,
        },
        "get_price_history": {
            "type": "object",
            "properties": {
                "symbol": tools["get_current_price"]["properties"]["symbol"],
                "days": {
                    "type": "integer",
                    "minimum": 2,  # the price skill's window (core.skills.price.ranges)
                    "maximum": 90,
                    "default": 7,
                    "description": tools["get_price_history"]["properties"]["days"]["description"],
                },
            },
            "required": ["symbol"],
            "additionalProperties": False,
        },
    }
    assert body["tool_choice"] == "auto"


async def test_current_and_history_in_one_response(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(
        completion(
            "Let me look.",
            [
                tool_call("call_a", "get_current_price", {"symbol": "ETHUSDT"}),
                tool_call("call_b", "get_price_history", {"symbol": "ETHUSDT", "days": 7}),
            ],
        ),
        completion("ETH is shown above with its last 7 daily closes."),
    )
    charts = FakeCharts()

    reply = await make_planner(charts=charts).run(
        text="ETH now and over the week?", locale="en", user_id="u1"
    )

    assert reply.status is Status.COMPLETED
    kinds = [type(b) for b in reply.blocks]
    assert kinds[:4] == [QuoteBlock, HistoryBlock, ChartBlock, NoteBlock]
    history = reply.blocks[1]
    assert isinstance(history, HistoryBlock)
    window = history_window(NOW)
    assert [p.close for p in history.points] == [demo_close("ETHUSDT", d) for d in window.days]
    assert charts.drawn == [history]
    assert charts.options == [(reply.blocks[0], "en")]  # the chart shows the current price too
    chart = reply.blocks[2]
    assert isinstance(chart, ChartBlock) and chart.png == b"\x89PNG fake ETHUSDT"
    assert reply.route.action == "both"
    assert reply.route.slots == {"symbol": "ETHUSDT", "days": 7}
    assert (market.quote_calls, market.history_calls) == (1, 1)

    messages = llm.requests[1]["messages"]
    assert messages[2]["content"] == "Let me look."
    assert [c["id"] for c in messages[2]["tool_calls"]] == ["call_a", "call_b"]
    assert [m["tool_call_id"] for m in messages[3:]] == ["call_a", "call_b"]
    closes = tool_payload(messages[4])["closes"]
    assert [c["date"] for c in closes] == [d.isoformat() for d in window.days]
    assert [Decimal(c["close"]) for c in closes] == [p.close for p in history.points]


async def test_calls_spread_over_rounds_and_last_round_gets_no_tools(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(
        completion(None, [tool_call("r1", "get_current_price", {"symbol": "SOLUSDT"})]),
        completion(None, [tool_call("r2", "get_price_history", {"symbol": "SOLUSDT", "days": 7})]),
        completion("SOL: price and week shown."),
    )

    reply = await make_planner().run(text="sol please, and then its week", locale="en", user_id="u1")

    assert reply.status is Status.COMPLETED
    assert [type(b) for b in reply.blocks[:3]] == [QuoteBlock, HistoryBlock, NoteBlock]
    assert len(llm.requests) == 3
    assert "tools" in llm.requests[0] and "tools" in llm.requests[1]
    # The third request is the last one allowed: it only reads results.
    assert "tools" not in llm.requests[2] and "tool_choice" not in llm.requests[2]
    roles = [m["role"] for m in llm.requests[2]["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "assistant", "tool"]
    assert llm.requests[2]["messages"][3]["tool_call_id"] == "r1"
    assert llm.requests[2]["messages"][5]["tool_call_id"] == "r2"
    assert reply.usage.model_requests == 3


async def test_model_text_is_shown_raw_and_cards_use_tool_prices(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    prose = '<b>BTC is $1.00</b> <script>alert("x")</script> &amp; buy now'
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose, reasoning_content="internal chain of thought: maybe 1.00?"),
    )

    reply = await make_planner().run(text="is BTC cheap today?", locale="en", user_id="u1")

    quote = reply.blocks[0]
    assert isinstance(quote, QuoteBlock)
    assert quote.price == demo_quote_price("BTCUSDT", NOW) != Decimal("1.00")
    # The prose is the assistant's note, made plain (no tags, no script) and without the figure
    # no tool gave; no card reads it.
    assert note_of(reply) == 'BTC is (unverified figure removed) alert("x") & buy now'
    assert not any(isinstance(b, QuoteBlock) and b.price == Decimal("1.00") for b in reply.blocks)
    assert all("chain of thought" not in getattr(b, "text", "") for b in reply.blocks)


async def test_reasoning_is_never_sent_back_or_shown(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(
        completion(
            "<think>the user wants BTC</think>",
            [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})],
            reasoning_content="hidden reasoning A",
        ),
        completion("<think>now explain</think>Here is BTC.", reasoning_content="hidden reasoning B"),
    )

    reply = await make_planner().run(text="btc?", locale="en", user_id="u1")

    assert note_of(reply) == "Here is BTC."
    assert b"hidden reasoning" not in llm.raw[1]
    assert llm.requests[1]["messages"][2]["content"] is None  # the <think> part is dropped too
    assert "reasoning_content" not in llm.requests[1]["messages"][2]
