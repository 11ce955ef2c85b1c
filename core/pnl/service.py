"""P&L reports of one account: its stored fills replayed (core.pnl.book), the bids of what it holds,
the trader each order belongs to, and its daily equity snapshots.

A trader's orders are known by their client order ids, which its recorded decisions list
(core.traders.model.Decision.legs): every fill of such an order is that trader's; the others are
the person's manual trades. Each is its own book (its own average entry), shown side by side; the
account's own figures replay every fill together, as the fills were recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable, Sequence
from datetime import timedelta
from decimal import Decimal
from typing import Final

from core.market import BookData, MarketError
from core.pnl.book import Book, replay
from core.pnl.drawdown import Snapshot, max_drawdown
from core.pnl.figures import per_coin, table, totals, win_stats
from core.pnl.periods import Grain, Period
from core.pnl.ports import SnapshotStore
from core.pnl.report import AccountReport, TraderLine
from core.traders.model import Trader
from core.traders.ports import TraderStore
from core.trading.model import Trade
from core.trading.ports import OrderStore
from core.trading.service import kind_of
from core.workspace.accounts import ExchangeAccount

# Every fill of an account is read: the average entry needs the whole history. Far above what a
# person trades through deskmate; a bound so one read stays one read.
MAX_FILLS: Final = 100_000
MAX_DECISIONS: Final = 100_000
TABLE_ROWS: Final = {"day": 31, "week": 12, "month": 12}


class PnlService:
    def __init__(
        self,
        orders: OrderStore,
        books: BookData,
        traders: TraderStore,
        snapshots: SnapshotStore | None = None,
    ) -> None:
        self.orders = orders
        self.books = books
        self.traders = traders
        self.snapshots = snapshots

    async def fills(self, account_id: str) -> list[Trade]:
        """Oldest first (the store answers newest first; fills of one instant keep their order)."""
        return list(reversed(await self.orders.trades(account_id, MAX_FILLS)))

    async def trader_orders(self, traders: Iterable[Trader]) -> dict[str, str]:
        """client order id -> the name of the trader that placed it."""
        owned: dict[str, str] = {}
        for trader in traders:
            for decision in await self.traders.decisions(trader.id, limit=MAX_DECISIONS):
                for leg in decision.legs:
                    owned[leg.client_order_id] = trader.name
        return owned

    async def bids(self, symbols: Iterable[str]) -> dict[str, Decimal | None]:
        found: dict[str, Decimal | None] = {}
        for symbol in dict.fromkeys(symbols):
            found[symbol] = None
            with contextlib.suppress(MarketError):
                found[symbol] = (await self.books.get_book(symbol)).bid
        return found

    async def report(
        self,
        account: ExchangeAccount,
        window: Period,
        *,
        grain: Grain | None = None,
        traders: Sequence[Trader] = (),
        only_trader: Trader | None = None,
    ) -> AccountReport:
        """The account's report over ``window``; ``traders``: the person's traders on it (each
        shown as its own book); ``only_trader``: the report is of that trader's orders alone."""
        fills = await self.fills(account.id)
        mine = [t for t in traders if t.account_id == account.id]
        owners = await self.trader_orders([only_trader] if only_trader else mine)
        snaps = [] if only_trader else await self._snapshots(account, window)
        # Replaying up to MAX_FILLS fills is CPU work: it runs in a worker thread so the event
        # loop goes on serving every other conversation meanwhile (reads stay on the loop).
        book = await asyncio.to_thread(_book_of, fills, owners, only_trader)
        bids = await self.bids(book.held())
        return await asyncio.to_thread(
            _figures, account, window, grain, mine, only_trader, fills, owners, book, bids, snaps
        )

    async def _snapshots(self, account: ExchangeAccount, window: Period) -> list[Snapshot]:
        if self.snapshots is None:
            return []
        # The day before the period is its starting equity: a fall on its first day counts.
        since = (window.start - timedelta(days=1)).date() if window.start is not None else None
        return await self.snapshots.of(account.id, since)


def _book_of(fills: list[Trade], owners: dict[str, str], only_trader: Trader | None) -> Book:
    if only_trader is not None:
        fills = [f for f in fills if owners.get(f.client_order_id) == only_trader.name]
    return replay(fills)


def _figures(
    account: ExchangeAccount,
    window: Period,
    grain: Grain | None,
    mine: list[Trader],
    only_trader: Trader | None,
    fills: list[Trade],
    owners: dict[str, str],
    book: Book,
    bids: dict[str, Decimal | None],
    snaps: list[Snapshot],
) -> AccountReport:
    """Every figure of the report from what was read: pure computation, no IO."""
    lines: list[TraderLine] = []
    if only_trader is None and mine:
        for name in sorted({t.name for t in mine}):
            own = [f for f in fills if owners.get(f.client_order_id) == name]
            lines.append(TraderLine(name, totals(replay(own), window, bids)))
        manual = [f for f in fills if f.client_order_id not in owners]
        lines.append(TraderLine("", totals(replay(manual), window, bids)))
    rows = table(book, window, grain)[-TABLE_ROWS[grain] :] if grain else []
    return AccountReport(
        account=account.name,
        kind=kind_of(account),
        period=window.key,
        start=window.start,
        end=window.end,
        days=window.days,
        totals=totals(book, window, bids),
        by_symbol=tuple(per_coin(book, window, bids)),
        by_trader=tuple(lines),
        wins=win_stats(book, window),
        drawdown=None if only_trader else max_drawdown(snaps),
        snapshots=len(snaps),
        grain=grain,
        rows=tuple(rows),
        trader=only_trader.name if only_trader else None,
        unpriced=tuple(s for s, b in bids.items() if b is None),
        curve=tuple(snaps),
    )
