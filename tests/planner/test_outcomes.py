"""Statuses and notices for the less happy endings: gaps, empty or cut answers, broken ledgers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from adapters.demo_market import DemoMarket
from core.i18n import t
from core.market import DailyCloses, HistoryWindow, Quote
from core.reply import HistoryBlock, NoteBlock, NoticeBlock, QuoteBlock, Reply, Status
from tests.planner.conftest import FakeCharts, MakePlanner
from tests.planner.llm_server import Scripted, ScriptedLLMServer, completion, tool_call


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


class GappyMarket:
    """The demo market, but the exchange returns only some days of history."""

    source = "binance"

    def __init__(self, inner: DemoMarket, keep: int) -> None:
        self.inner = inner
        self.keep = keep

    async def get_quote(self, symbol: str) -> Quote:
        return await self.inner.get_quote(symbol)

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        full = await self.inner.get_daily_closes(symbol, window)
        return DailyCloses(closes=full.closes[: self.keep])


class BrokenLedger:
    def __init__(self, *, read: bool, write: bool) -> None:
        self.read, self.write = read, write

    async def tokens_used(self, scope: str, day: date) -> int:
        if not self.read:
            raise OSError("database is down")
        return 0

    async def add_tokens(self, scopes: Sequence[str], day: date, tokens: int) -> None:
        if not self.write:
            raise OSError("database is down")


class BrokenCharts:
    async def render_history(self, history: HistoryBlock, **options: object) -> bytes:
        raise RuntimeError("no fonts")


def history_then(text: str) -> list[Scripted]:
    return [
        completion(None, [tool_call("h", "get_price_history", {"symbol": "BTCUSDT", "days": 7})]),
        completion(text),
    ]


async def test_missing_days_make_it_partial_and_stay_gaps(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(*history_then("Two days are missing."))

    reply = await make_planner(market_data=GappyMarket(market, keep=5)).run(
        text="btc week", locale="en", user_id="u"
    )

    history = reply.blocks[0]
    assert isinstance(history, HistoryBlock)
    assert [p.close is None for p in history.points] == [False] * 5 + [True] * 2
    assert reply.status is Status.PARTIAL
    assert "missing_days" in codes(reply)


async def test_a_history_with_no_closes_is_no_data(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(*history_then("No data."))

    reply = await make_planner(market_data=GappyMarket(market, keep=0)).run(
        text="btc week", locale="en", user_id="u"
    )

    assert not any(isinstance(b, HistoryBlock) for b in reply.blocks)
    assert reply.status is Status.FAILED
    assert "no_history" in codes(reply)


async def test_a_chart_failure_keeps_the_data(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(*history_then("Week shown."))

    reply = await make_planner(charts=BrokenCharts()).run(text="btc week", locale="en", user_id="u")

    assert isinstance(reply.blocks[0], HistoryBlock)
    assert reply.status is Status.PARTIAL
    assert "chart_failed" in codes(reply)
    assert ("render_chart", "error") in [(s.name, s.outcome) for s in reply.trace]


async def test_chart_is_rendered_from_the_validated_history(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(*history_then("Week shown."))
    charts = FakeCharts()

    reply = await make_planner(charts=charts).run(text="btc week", locale="zh", user_id="u")

    assert charts.drawn == [reply.blocks[0]]
    assert reply.status is Status.COMPLETED


async def test_an_empty_answer_says_so(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion(""))

    reply = await make_planner().run(text="hmm", locale="en", user_id="u")

    assert reply.status is Status.FAILED
    assert reply.blocks == (NoticeBlock(t("en", "planner.no_answer"), "warning", "no_answer"),)


async def test_a_cut_off_answer_is_flagged(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion("A very long answer that was cu", finish_reason="length"))

    reply = await make_planner().run(text="tell me everything", locale="en", user_id="u")

    assert reply.blocks[0] == NoteBlock("A very long answer that was cu", t("en", "planner.note_label"))
    assert codes(reply) == ["unsupported_request", "answer_truncated"]


async def test_an_unreadable_ledger_fails_closed(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    reply = await make_planner(ledger=BrokenLedger(read=False, write=True)).run(
        text="btc?", locale="en", user_id="u"
    )

    assert llm.requests == []
    assert codes(reply) == ["budget_unknown"]
    assert reply.status is Status.FAILED


async def test_a_failed_usage_write_still_answers(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(
        completion(None, [tool_call("c", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion("BTC shown."),
    )

    reply = await make_planner(ledger=BrokenLedger(read=True, write=False)).run(
        text="btc?", locale="en", user_id="u"
    )

    assert reply.status is Status.COMPLETED
    assert isinstance(reply.blocks[0], QuoteBlock)
