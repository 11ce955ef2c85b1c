"""The replay, hand-computed on small synthetic paths: fees, step rounding and filters included,
and no look-ahead."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal as D

import pytest

from core.backtest.engine import DcaPolicy, GridPolicy, Seen, State, max_drawdown, replay
from core.backtest.model import Candle, Result
from core.markets import SymbolRules
from core.strategies import DcaParams, GridParams
from core.strategies.intervals import Interval
from core.traders import decide

RULES = SymbolRules(D("0.01"), D("0.001"), D("0.001"), D(1000), D(5))
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def candles(closes: list[str], hours: int = 24) -> list[Candle]:
    step = timedelta(hours=hours)
    return [Candle(T0 + step * i, D(c), D(c), D(c), D(c)) for i, c in enumerate(closes)]


def run_dca(closes: list[str], amount: str = "10", **kw: object) -> Result:
    p = DcaParams("XUSDT", D(amount), Interval.of("1d"))
    return replay(DcaPolicy(p), candles(closes), symbol="XUSDT", base="X", interval="1d", rules=RULES)


def test_a_daily_dca_by_hand() -> None:
    r = run_dca(["100", "50", "200"])
    # 10 USDT at 100: 10 / (100 x 1.001) = 0.0999.. -> 0.099 on the step; 9.9 + fee 0.0099.
    # at 50: 0.199 (9.95 + 0.00995); at 200: 0.049 (9.8 + 0.0098).
    assert [t.quantity for t in r.trades] == [D("0.099"), D("0.199"), D("0.049")]
    assert r.fees == D("0.02965")
    assert r.start_cash == D(30)
    assert r.cash == D("0.32035") and r.holdings == D("0.347")
    # Buys pay the ask (the close); the coin is valued at the bid, one paper spread (0.02 %) under
    # it on the tick: 200 -> 199.96, so 0.32035 + 0.347 x 199.96.
    assert r.final_equity == D("69.70647")
    assert r.return_pct == D("132.35")
    # hold: 30 USDT at 100 -> 0.299 (29.9 + 0.0299), 0.0701 left; at the bid 199.96: 59.85814.
    assert r.hold_return_pct == D("99.53")
    # equity 29.98812 (20.0901 + 0.099 x 99.98) -> 25.02717 (10.13015 + 0.298 x 49.99): -16.54 %.
    assert r.max_drawdown_pct == D("16.54")
    assert (r.buys, r.sells, r.rejected) == (3, 0, 0)


def test_a_dca_below_the_minimum_notional_is_refused_as_on_the_paper_exchange() -> None:
    r = run_dca(["100", "100"], amount="4")  # 3.996 USDT of coin < 5 USDT NOTIONAL
    assert (r.buys, r.rejected) == (0, 2)
    assert r.final_equity == r.start_cash == D(8)


def test_a_dca_stops_at_its_total() -> None:
    p = DcaParams("XUSDT", D(10), Interval.of("1d"), max_total=D(25))
    r = replay(DcaPolicy(p), candles(["100"] * 5), symbol="XUSDT", base="X", interval="1d", rules=RULES)
    assert r.buys == 2 and r.start_cash == D(25)  # a third would pass 25 with fees


def test_a_dca_on_hourly_candles_buys_once_a_day() -> None:
    p = DcaParams("XUSDT", D(10), Interval.of("1d"))
    r = replay(
        DcaPolicy(p), candles(["100"] * 72, hours=1), symbol="XUSDT", base="X", interval="1h", rules=RULES
    )
    assert r.buys == 3 and r.start_cash == D(30)
    assert [t.at - T0 for t in r.trades] == [timedelta(hours=h) for h in (1, 25, 49)]


def test_a_grid_by_hand() -> None:
    p = GridParams("XUSDT", D(90), D(110), 2, D(10))  # levels 90, 100, 110
    r = replay(
        GridPolicy(p, RULES), candles(["105", "95", "85", "100", "112"], hours=1),
        symbol="XUSDT", base="X", interval="1h", rules=RULES,
    )  # fmt: skip
    # armed at 105; 95 buys level 1 at the ask 95 (0.105: 9.975 + 0.009975); 85 buys level 0
    # (0.117: 9.945 + 0.009945); the sells get the bid, one paper spread (0.02 %) under the close
    # on the tick: 100 -> 99.98 sells level 0 (0.117 x 99.98 = 11.69766 - 0.01169766), 112 ->
    # 111.97 (111.9776 down to the tick) sells level 1 (11.75685 - 0.01175685).
    assert [(t.side, t.level, t.quantity, t.price) for t in r.trades] == [
        ("buy", 1, D("0.105"), D(95)), ("buy", 0, D("0.117"), D(85)),
        ("sell", 0, D("0.117"), D("99.98")), ("sell", 1, D("0.105"), D("111.97")),
    ]  # fmt: skip
    assert r.start_cash == D(20)
    assert r.cash == D("23.49113549") and r.holdings == 0
    assert r.fees == D("0.04337451")
    assert r.return_pct == D("17.46")
    assert r.hold_return_pct == D("6.52")  # 0.190 at 105 (19.95 + 0.01995), 21.30435 at the bid 111.97
    assert (r.buys, r.sells) == (2, 2)


def test_the_replay_uses_the_runtime_decisions() -> None:
    p = GridParams("XUSDT", D(90), D(110), 2, D(10))
    levels = (D(90), D(100), D(110))
    assert decide.grid_orders(p, levels, D(105), D(85), {}) == [
        decide.Order("buy", D(10), "quote", 0), decide.Order("buy", D(10), "quote", 1),
    ]  # fmt: skip
    assert decide.grid_orders(p, levels, D(85), D(112), {"0": "0.1"}) == [
        decide.Order("sell", D("0.1"), "base", 0)
    ]


class Peeking:
    """A dca that buys only before a rise: it reads the candle after the decision's time."""

    def __init__(self, inner: DcaPolicy, everything: list[Candle]) -> None:
        self.inner = inner
        self.everything = everything

    def start_cash(self, closes: list[datetime]) -> D:
        return self.inner.start_cash(closes)

    def decide(self, seen: Seen, at: datetime, state: State) -> list[decide.Order]:
        orders = self.inner.decide(seen, at, state)
        following = self.everything[len(seen)] if len(seen) < len(self.everything) else None
        return orders if following is not None and following.close > seen.last.close else []

    def filled(self, state: State, fills: list[decide.Filled]) -> None:
        self.inner.filled(state, fills)


def test_no_look_ahead() -> None:
    path = candles(["100", "50", "200", "80", "160"])
    p = DcaParams("XUSDT", D(10), Interval.of("1d"))
    kw = {"symbol": "XUSDT", "base": "X", "interval": "1d", "rules": RULES}
    honest = replay(DcaPolicy(p), path, **kw)  # type: ignore[arg-type]
    peeking = replay(Peeking(DcaPolicy(p), path), path, **kw)  # type: ignore[arg-type]
    assert peeking.return_pct != honest.return_pct
    # It bought only before the rises (at 50 and 80): the replay itself never sees that far.
    assert [t.price for t in peeking.trades] == [D(50), D(80)]
    assert [t.price for t in honest.trades] == [D(100), D(50), D(200), D(80), D(160)]
    # What a decision is given ends at its candle: the next one cannot be read.
    seen = Seen(path, 2)
    assert seen.last == path[1] and list(seen) == path[:2]
    with pytest.raises(IndexError):
        seen[2]


def test_max_drawdown() -> None:
    assert max_drawdown([D(100), D(120), D(90), D(130), D(117)]) == D("25.00")
    assert max_drawdown([D(1), D(2), D(3)]) == 0


def _grid_orders_by_loop(
    p: GridParams, levels: tuple[D, ...], prev: D, price: D, held: dict[str, str]
) -> list[decide.Order]:
    """The rule as first written: every level looked at (what the bisect must equal)."""
    out = []
    for i in range(p.grids):
        if prev > levels[i] >= price and str(i) not in held:
            out.append(decide.Order("buy", p.quote_per_grid, "quote", i))
        elif prev < levels[i + 1] <= price and str(i) in held:
            out.append(decide.Order("sell", D(held[str(i)]), "base", i))
    return out


def test_grid_orders_look_only_between_the_prices_with_the_same_result() -> None:
    import random

    rng = random.Random(7)
    p = GridParams("XUSDT", D(100), D(200), 10, D(10))
    levels = tuple(D(100 + 10 * i) for i in range(11))
    for _ in range(2000):
        prev, price = (D(rng.randrange(80, 221)) for _ in range(2))
        held = {str(i): "0.1" for i in range(10) if rng.random() < 0.5}
        assert decide.grid_orders(p, levels, prev, price, held) == _grid_orders_by_loop(
            p, levels, prev, price, held
        )


def test_a_candle_book_is_the_paper_exchanges_book() -> None:
    """The replay fills on the book the demo market would show at that price: the close is the
    ask, the bid one paper spread under it (one implementation: core.trading.paper.bid_under)."""
    from adapters.demo_market.market import demo_bid
    from core.backtest.fills import candle_book

    for close in (D("100.00"), D("95123.45"), D("0.15")):
        book = candle_book("XUSDT", close, RULES)
        assert book.ask == close and book.bid == demo_bid(close) < close
    assert candle_book("XUSDT", D(100), RULES, D(0)).bid == D(100)  # no spread: both sides the close


def test_a_round_trip_at_one_price_pays_the_spread_and_both_fees() -> None:
    p = GridParams("XUSDT", D(90), D(110), 2, D(10))  # levels 90, 100, 110
    r = replay(
        GridPolicy(p, RULES), candles(["105", "95", "112"], hours=1),
        symbol="XUSDT", base="X", interval="1h", rules=RULES,
    )  # fmt: skip
    buy, sell = r.trades
    assert (buy.price, sell.price) == (D(95), D("111.97"))  # 112 x 0.9998 = 111.9776, down to the tick
    no_spread = replay(
        GridPolicy(p, RULES), candles(["105", "95", "112"], hours=1),
        symbol="XUSDT", base="X", interval="1h", rules=RULES, spread=D(0),
    )  # fmt: skip
    assert no_spread.trades[1].price == D(112)
    # The spread's cost is the sell's 0.03 a coin less, and its fee on that much less.
    assert no_spread.cash - r.cash == D("0.105") * D("0.03") * D("0.999")


def test_the_replay_calls_the_runtime_decision_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    """One implementation: the replay asks core.traders.decide (the functions the trader runtime's
    ticks call) for every order, so a change there changes the backtest too."""
    calls: list[str] = []
    for name in ("grid_orders", "grid_held", "dca_due", "dca_spent", "next_slot"):
        real = getattr(decide, name)

        def counted(*args: object, _real: object = real, _name: str = name) -> object:
            calls.append(_name)
            return _real(*args)  # type: ignore[operator]

        monkeypatch.setattr(decide, name, counted)
    grid = GridParams("XUSDT", D(90), D(110), 2, D(10))
    replay(GridPolicy(grid, RULES), candles(["105", "95", "112"], hours=1), symbol="XUSDT", base="X",
           interval="1h", rules=RULES)  # fmt: skip
    assert calls.count("grid_orders") == 2 and calls.count("grid_held") == 2
    calls.clear()
    run_dca(["100", "50", "200"])
    assert calls.count("dca_due") == 3 and calls.count("dca_spent") == 3 and "next_slot" in calls
    # And the runtime's ticks call the same module's functions.
    import inspect

    from core.traders import runtime, tick_decisions

    source = inspect.getsource(runtime) + inspect.getsource(tick_decisions)
    for name in ("decide.grid_orders(", "decide.grid_held(", "decide.dca_due(", "decide.dca_spent("):
        assert name in source
