"""Turns of different conversations wait at the door beyond ``max_turns_at_once`` (core.engine):
the waiting ones hold nothing, every one is answered, and no more than the limit run at once."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from core.clock import FixedClock
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.market import Book, Quote
from core.memory_store import MemoryStateStore
from core.reply import QuoteBlock, Reply
from tests.fakes import NOW, ScriptedMarket, price_skills


class SlowMarket(ScriptedMarket):
    """Answers after a pause and counts the calls in flight at once."""

    def __init__(self) -> None:
        super().__init__(prices={"BTCUSDT": Decimal("90000")})
        self.in_flight = 0
        self.most = 0

    async def _pause(self) -> None:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        try:
            await asyncio.sleep(0.02)
        finally:
            self.in_flight -= 1

    async def get_quote(self, symbol: str) -> Quote:
        await self._pause()
        return await super().get_quote(symbol)

    async def get_book(self, symbol: str) -> Book:
        await self._pause()
        return await super().get_book(symbol)


async def test_no_more_than_the_limit_of_turns_run_at_once_and_every_one_is_answered() -> None:
    market, clock = SlowMarket(), FixedClock(NOW)
    core = Core(
        store=MemoryStateStore(), skills=price_skills(market, clock), clock=clock, max_turns_at_once=3
    )

    async def ask(n: int) -> Reply:
        key = ConversationKey("test", f"chat-{n}", f"user-{n}")
        return await core.handle(TextMessage(f"e{n}", key, text="BTC price"))

    replies = await asyncio.gather(*(ask(n) for n in range(20)))

    assert all(any(isinstance(b, QuoteBlock) for b in r.blocks) for r in replies)
    assert market.most <= 3
    assert market.most >= 2  # they did overlap: the limit, not one at a time
