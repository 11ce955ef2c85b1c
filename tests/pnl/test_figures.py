"""Every figure by hand: buys at several prices, partial sells, fees; UTC day / week / month
boundaries; a trader's own book apart from the manual trades on the same account."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal as D

from core.pnl.book import Book, fee_in_quote, replay
from core.pnl.drawdown import Snapshot, max_drawdown
from core.pnl.figures import per_coin, table, totals, win_stats
from core.pnl.periods import period
from core.trading.model import Trade


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def fill(when: str, symbol: str, side: str, qty: str, price: str, fee: str = "0", cid: str = "m") -> Trade:
    quantity, unit = D(qty), D(price)
    return Trade(symbol, side, quantity, unit, quantity * unit, D(fee), "USDT", None, at(when), cid)  # type: ignore[arg-type]


# 2026-03-01 is a Sunday, 2026-03-02 a Monday.
FILLS = [
    fill("2026-02-27T10:00:00", "BTCUSDT", "buy", "1", "100", "0.1"),  # cost 100.1
    fill("2026-02-28T23:59:59", "BTCUSDT", "buy", "1", "200", "0.2"),  # 2 BTC cost 300.3
    # closes 0.5 of 2: cost 75.075; yields 150 - 0.15 = 149.85; realized +74.775
    fill("2026-03-01T00:00:00", "BTCUSDT", "sell", "0.5", "300", "0.15"),
    # closes the 1.5 left: cost 225.225; yields 149.85; realized -75.375 (the trip: -0.6)
    fill("2026-03-02T00:00:00", "BTCUSDT", "sell", "1.5", "100", "0.15"),
    fill("2026-03-02T12:00:00", "ETHUSDT", "buy", "2", "10", "0.02"),  # cost 20.02
    fill("2026-03-03T08:00:00", "ETHUSDT", "sell", "1", "15", "0.015"),  # 14.985 - 10.01 = +4.975
    fill("2026-03-03T09:00:00", "SOLUSDT", "buy", "1", "50"),
    fill("2026-03-04T09:00:00", "SOLUSDT", "sell", "1", "60"),  # +10, a win
]
NOW = at("2026-03-04T18:00:00")
BIDS = {"ETHUSDT": D("12")}  # 1 ETH held at a cost of 10.01: +1.99


def test_the_whole_history() -> None:
    found = totals(replay(FILLS), period("all", NOW), BIDS)
    assert found.realized == D("74.775") - D("75.375") + D("4.975") + D("10")  # 14.375
    assert found.fees == D("0.635")
    assert found.unrealized == D("1.99")
    assert found.total == D("16.365")
    assert found.trades == 8


def test_the_fills_come_in_any_order() -> None:
    assert totals(replay(reversed(FILLS)), period("all", NOW), BIDS) == totals(
        replay(FILLS), period("all", NOW), BIDS
    )


def test_today_this_week_and_this_month_are_utc() -> None:
    book = replay(FILLS)
    assert totals(book, period("today", NOW), BIDS).realized == D("10")
    week = totals(book, period("week", NOW), BIDS)  # from Monday 2026-03-02 00:00 UTC
    assert week.realized == D("-75.375") + D("4.975") + D("10")
    assert week.fees == D("0.185")
    month = totals(book, period("month", NOW), BIDS)  # from 2026-03-01 00:00 UTC
    assert month.realized == D("14.375") and month.fees == D("0.335")


def test_the_day_table_splits_at_midnight_utc() -> None:
    rows = table(replay(FILLS), period("days", NOW, days=7), "day")
    assert rows[0].start == date(2026, 2, 26) and len(rows) == 7
    by_day = {r.start: (r.realized, r.fees, r.trades) for r in rows}
    assert by_day[date(2026, 2, 28)] == (D(0), D("0.2"), 1)  # 23:59:59 is still the 28th
    assert by_day[date(2026, 3, 1)] == (D("74.775"), D("0.15"), 1)
    assert by_day[date(2026, 3, 2)] == (D("-75.375"), D("0.17"), 2)
    assert by_day[date(2026, 2, 26)] == (D(0), D(0), 0)  # a quiet day is listed, at 0


def test_week_and_month_tables() -> None:
    book = replay(FILLS)
    weeks = table(book, period("all", NOW), "week")
    assert [(r.start, r.realized, r.fees) for r in weeks] == [
        (date(2026, 2, 23), D("74.775"), D("0.45")),  # Mon 23 Feb .. Sun 1 Mar
        (date(2026, 3, 2), D("-60.400"), D("0.185")),
    ]
    months = table(book, period("all", NOW), "month")
    assert [(r.start, r.realized, r.fees) for r in months] == [
        (date(2026, 2, 1), D(0), D("0.3")),
        (date(2026, 3, 1), D("14.375"), D("0.335")),
    ]


def test_per_coin() -> None:
    lines = {c.symbol: c for c in per_coin(replay(FILLS), period("all", NOW), BIDS)}
    assert lines["BTCUSDT"].realized == D("-0.6") and lines["BTCUSDT"].unrealized is None
    assert lines["BTCUSDT"].fees == D("0.6")
    assert lines["ETHUSDT"].realized == D("4.975") and lines["ETHUSDT"].unrealized == D("1.99")
    assert lines["SOLUSDT"].realized == D("10")


def test_win_rate_and_profit_factor_count_closed_positions_once() -> None:
    stats = win_stats(replay(FILLS), period("all", NOW))
    # BTC: two sells, one position (-0.6, a loss); SOL +10 a win; ETH is still open: not counted.
    assert (stats.closed, stats.wins, stats.losses) == (2, 1, 1)
    assert stats.win_rate == D("0.5")
    assert stats.gross_profit == D("10") and stats.gross_loss == D("0.6")
    assert stats.profit_factor == D("10") / D("0.6")


def test_a_partial_close_alone_is_no_closed_position() -> None:
    stats = win_stats(replay(FILLS[:3]), period("all", NOW))
    assert stats.closed == 0 and stats.win_rate is None and stats.profit_factor is None


def test_unvalued_holdings_leave_the_total_unknown() -> None:
    found = totals(replay(FILLS), period("all", NOW), {})
    assert found.unrealized is None and found.total is None and found.realized == D("14.375")


def test_a_traders_book_is_its_own() -> None:
    manual = fill("2026-03-01T10:00:00", "BTCUSDT", "buy", "1", "100", cid="manual-1")
    bot_buy = fill("2026-03-01T11:00:00", "BTCUSDT", "buy", "1", "200", cid="dt-1")
    bot_sell = fill("2026-03-01T12:00:00", "BTCUSDT", "sell", "1", "300", cid="dt-2")
    everything = [manual, bot_buy, bot_sell]
    # The account as one book: average entry 150, so the sell realized 150.
    assert totals(replay(everything), period("all", NOW), {"BTCUSDT": D("300")}).realized == D("150")
    trader = replay(f for f in everything if f.client_order_id.startswith("dt"))
    assert totals(trader, period("all", NOW), {}).realized == D("100")  # its own entry: 200
    person = replay(f for f in everything if not f.client_order_id.startswith("dt"))
    assert totals(person, period("all", NOW), {"BTCUSDT": D("300")}).unrealized == D("200")


def test_a_sell_with_no_entry_realizes_nothing() -> None:
    book = replay([fill("2026-03-01T10:00:00", "BTCUSDT", "sell", "1", "300", cid="dt-9")])
    assert totals(book, period("all", NOW), {}).realized == 0
    assert book.unmatched == {"BTC": D("1")}


def test_a_fee_in_the_coin_is_valued_at_its_fill_price() -> None:
    buy = Trade("BNBUSDT", "buy", D("1"), D("10"), D("10"), D("0.001"), "BNB", None, NOW, "x")
    assert fee_in_quote(buy) == D("0.01")
    book = Book()
    book.add(buy)
    assert book.positions["BNB"].quantity == D("0.999")


def test_max_drawdown_from_snapshots_with_a_gap() -> None:
    days = [("2026-03-01", "1000"), ("2026-03-02", "1200"), ("2026-03-04", "900"), ("2026-03-05", "1100")]
    snaps = [Snapshot("a", date.fromisoformat(d), D(e)) for d, e in days]  # 03-03 missing: a gap
    found = max_drawdown(snaps)
    assert found is not None
    assert found.amount == D("300") and found.share == D("0.25")
    assert (found.peak_day, found.trough_day) == (date(2026, 3, 2), date(2026, 3, 4))
    assert max_drawdown(snaps[:1]) is None


def test_yesterday_last_week_and_last_month() -> None:
    assert period("yesterday", NOW).start == at("2026-03-03T00:00:00")
    assert period("yesterday", NOW).end == at("2026-03-04T00:00:00")
    assert (period("last_week", NOW).start, period("last_week", NOW).end) == (
        at("2026-02-23T00:00:00"),
        at("2026-03-02T00:00:00"),
    )
    assert (period("last_month", NOW).start, period("last_month", NOW).end) == (
        at("2026-02-01T00:00:00"),
        at("2026-03-01T00:00:00"),
    )
    # February's fills: two buys, no sell: nothing realized, 0.3 USDT of fees.
    feb = totals(replay(FILLS), period("last_month", NOW), BIDS)
    assert (feb.realized, feb.fees, feb.trades) == (D(0), D("0.3"), 2)


def test_fills_of_one_instant_keep_their_order_and_count_up_to_now() -> None:
    buy = fill("2026-03-04T18:00:00", "SOLUSDT", "buy", "1", "50")
    sell = fill("2026-03-04T18:00:00", "SOLUSDT", "sell", "1", "60")
    found = totals(replay([buy, sell]), period("today", NOW), {})
    assert (found.realized, found.trades) == (D("10"), 2)  # stamped at "now": inside today
