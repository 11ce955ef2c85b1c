"""An ai backtest against a local OpenAI-compatible server on 127.0.0.1, through the project's own
adapter (adapters.llm.decisions.OpenAIDecisionModels, the one live ai traders use): one request
per decision, the configured model named, the key only in the Authorization header and never in
what the model is sent; a server error mid-run stops it partial."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from adapters.demo_market.market import DemoMarket
from adapters.llm.decisions import OpenAIDecisionModels
from core.reply import BacktestBlock, NoticeBlock, Reply, Status
from core.strategies.intervals import Interval
from core.workspace.memory import MemorySecretBox
from core.workspace.model_configs import NewModelConfig
from tests.local_server import LocalJsonServer
from tests.local_server import Reply as LocalReply
from tests.planner.llm_server import completion
from tests.traders.conftest import AUDIT, TraderDesk, ai_params, make_desk
from tests.traders.openai_server import Script, openai_server

KEY = "sk-local-backtest-key-0123"
BUY = '{"action": "buy", "symbol": "BTCUSDT", "quote_amount": "100", "reason": "dip"}'
HOLD = '{"action": "hold", "symbol": "BTCUSDT", "reason": "wait"}'


async def _desk(base_url: str) -> TraderDesk:
    desk = make_desk()
    desk.market.get_klines = DemoMarket(desk.clock).get_klines  # type: ignore[attr-defined]
    secrets = MemorySecretBox()
    skill: Any = desk.core.skills.skill("backtest")
    skill.models = OpenAIDecisionModels(secrets)
    await desk.workspace.models.create(
        NewModelConfig(
            desk.owner, "local", "custom", base_url, "m", secrets.encrypt(KEY), True, desk.clock.now()
        ),
        AUDIT,
    )
    # Every 4 hours: a day is 6 decisions (each a real HTTP request through the SDK).
    await desk.strategy("brain", replace(ai_params(), interval=Interval.of("4h")))
    return desk


def _blocks(reply: Reply) -> list[BacktestBlock]:
    return [b for b in reply.blocks if isinstance(b, BacktestBlock)]


async def test_a_day_of_4h_decisions_is_6_requests_to_the_configured_model() -> None:
    script = Script([BUY])
    with openai_server(script) as base_url:
        desk = await _desk(base_url)
        quote = await desk.chat.say("backtest brain over the last 1 days")
        assert quote.status is Status.AWAITING_CONFIRMATION and script.requests == []
        done = await desk.chat.press(quote.buttons[0].token)
    [block] = _blocks(done)
    assert block.status == "complete" and block.model_calls == 6 and block.buys == 1
    assert block.interval == "4h" and block.candles == 6
    assert len(script.requests) == 6 and {r["model"] for r in script.requests} == {"m"}
    assert all(r["max_tokens"] == 300 for r in script.requests)
    assert block.tokens == 6 * 120  # as the server reported them
    assert KEY not in json.dumps(script.requests)


async def test_a_server_error_mid_run_stops_it_partial_and_the_key_rides_only_in_the_header() -> None:
    seen: list[tuple[dict[str, Any], dict[str, str]]] = []

    def respond(method: str, target: str, body: str, headers: dict[str, str]) -> LocalReply:
        seen.append((json.loads(body), {k.lower(): v for k, v in headers.items()}))
        if len(seen) == 4:
            return LocalReply(status=500, payload={"error": {"message": "overloaded"}})
        return LocalReply(payload=completion(BUY if len(seen) == 1 else HOLD).body)

    with LocalJsonServer(respond) as server:
        desk = await _desk(f"{server.base_url}/v1")
        quote = await desk.chat.say("backtest brain over the last 1 days")
        done = await desk.chat.press(quote.buttons[0].token)
    [block] = _blocks(done)
    assert block.status == "partial" and block.model_calls == 4 and block.candles == 3 and block.buys == 1
    codes = [b.code for b in done.blocks if isinstance(b, NoticeBlock)]
    assert "backtest_partial_model" in codes
    assert len(seen) == 4  # never retried, never a decision made up in its place
    assert all(h.get("authorization") == f"Bearer {KEY}" for _, h in seen)
    assert KEY not in json.dumps([b for b, _ in seen])
