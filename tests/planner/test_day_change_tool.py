"""The planner's get_current_price (issue 24): its quote card carries the 24-hour change like the
skill's, the model reads it in the tool result, and a note repeating it is kept (a checked figure);
a market without the change still answers the price. A scripted model on 127.0.0.1."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.i18n import Locale
from core.reply import QuoteBlock, Status
from tests.fakes import ScriptedMarket
from tests.planner.conftest import FailingMarket, MakePlanner, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call


@pytest.mark.parametrize(
    ("locale", "prose"),
    [("en", "BTC is up 2.27% over the last 24 hours."), ("zh", "比特币过去 24 小时上涨了 2.27%。")],
)
async def test_the_tool_quote_card_has_the_day_change_and_the_model_may_repeat_it(
    llm: ScriptedLLMServer, make_planner: MakePlanner, clock: FixedClock, locale: Locale, prose: str
) -> None:
    market = ScriptedMarket(
        prices={"BTCUSDT": Decimal("90000")}, opens={"BTCUSDT": Decimal("88000")}, clock=clock
    )
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose),
    )
    reply = await make_planner(market_data=market).run(
        text="did btc go up today", locale=locale, user_id="u1"
    )
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.change_24h == Decimal("2000") and quote.change_24h_percent == Decimal("2.27")
    result = json.loads(llm.requests[1]["messages"][-1]["content"])
    assert result["change_24h"] == "2000" and result["change_24h_percent"] == "2.27"
    assert "2.27%" in (note_of(reply) or "")  # a checked figure: not removed by the guard
    assert reply.status is Status.COMPLETED


@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_a_market_without_the_change_still_answers_the_price(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: object, locale: Locale
) -> None:
    failing = FailingMarket("market_unavailable", quote_ok=market)  # type: ignore[arg-type]
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion("Here is the price." if locale == "en" else "这是价格。"),
    )
    reply = await make_planner(market_data=failing).run(text="btc price", locale=locale, user_id="u1")
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.change_24h is None and reply.status is Status.COMPLETED


@pytest.mark.parametrize(
    ("locale", "prose"),
    [
        ("en", "Over the last 24 hours BTC ranged from 87,500 to 91,000."),
        ("zh", "比特币过去 24 小时最低 87,500，最高 91,000。"),
    ],
)
async def test_the_tool_result_has_the_24h_high_and_low_and_the_model_may_repeat_them(
    llm: ScriptedLLMServer, make_planner: MakePlanner, clock: FixedClock, locale: Locale, prose: str
) -> None:
    market = ScriptedMarket(
        prices={"BTCUSDT": Decimal("90000")},
        opens={"BTCUSDT": Decimal("88000")},
        highs_lows={"BTCUSDT": (Decimal("91000"), Decimal("87500"))},
        clock=clock,
    )
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose),
    )
    reply = await make_planner(market_data=market).run(
        text="what was btc's range today", locale=locale, user_id="u1"
    )
    result = json.loads(llm.requests[1]["messages"][-1]["content"])
    assert result["high_24h"] == "91000" and result["low_24h"] == "87500"
    note = note_of(reply) or ""
    assert "91,000" in note and "87,500" in note  # checked figures: not removed by the guard
