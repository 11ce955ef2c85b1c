"""Demo trading rules: the offline demo market (`make run`) checks a paper order for any catalog coin
against labelled, Binance-like demo filters where the bundled snapshot has none; the live market
never invents filters and says honestly that a coin's rules come with the first refresh."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from adapters.demo_market import demo_quote_price, demo_rules
from bot.catalog import bundled_catalog, demo_catalog
from bot.settings import Settings
from bot.wiring import App, build_app, migrate
from core.clock import FixedClock
from core.markets import DEMO_RULES_NOTE, rules_to_row
from core.reply import DetailsBlock, NoticeBlock, OrderBlock, Reply, Status
from core.texts import catalogue
from core.trading.memory import MemoryOrderStore
from core.trading.model import OrderIntent
from core.trading.service import RULES_UNKNOWN, TradingService
from core.workspace.accounts import ExchangeAccount
from core.workspace.memory import MemoryWorkspace
from tests.fakes import ScriptedMarket
from tests.workspace.conftest import Chat

NOW = datetime(2026, 12, 3, 8, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("symbol", "tick", "step", "max_qty"),
    [
        ("DOGEUSDT", "0.00001", "1", "90000000"),  # demo price near 0.2
        ("XRPUSDT", "0.0001", "0.1", "9000000"),  # near 2.2
        ("LINKUSDT", "0.001", "0.01", "900000"),  # near 18
        ("BNBUSDT", "0.01", "0.001", "90000"),  # near 650
        ("SHIBUSDT", "0.00000001", "1", "90000000000"),  # near 0.000015: the finest tick, capped
    ],
)
def test_demo_rules_follow_the_demo_price_level_like_binance(
    symbol: str, tick: str, step: str, max_qty: str
) -> None:
    rules = demo_rules(symbol)
    assert rules.demo is True
    assert (rules.tick_size, rules.step_size, rules.min_qty) == (Decimal(tick), Decimal(step), Decimal(step))
    assert rules.max_qty == Decimal(max_qty) and "E" not in str(rules.max_qty)
    assert rules.min_notional == 5 and rules.max_notional is None
    assert demo_rules(symbol.lower()) == rules  # a function of the symbol alone


def test_every_snapshot_coin_gets_sensible_demo_rules_and_real_ones_are_kept() -> None:
    catalog = demo_catalog()
    live = bundled_catalog()
    for market in catalog.markets:
        rules = catalog.rules(market.symbol)
        assert rules is not None
        if live.rules(market.symbol) is not None:  # BTC, ETH, SOL: the exchange's own, unlabelled
            assert rules == live.rules(market.symbol) and not rules.demo
            continue
        price = demo_quote_price(market.symbol, NOW)
        assert rules.demo and Decimal("0.00000001") <= rules.tick_size <= Decimal("0.01")
        assert rules.step_size * price < 2  # one step is worth under about 1 USDT
        assert rules.min_qty * price < rules.min_notional  # the minimum order is reachable
        assert rules.max_qty * price > 500_000  # no cap a paper order meets
    assert live.rules("DOGEUSDT") is None  # the snapshot itself stays honest


def test_demo_rules_are_never_written_down() -> None:
    assert rules_to_row(demo_rules("DOGEUSDT")) is None


def test_the_live_catalog_never_invents_filters() -> None:
    catalog = bundled_catalog()
    assert catalog.rules("DOGEUSDT") is None
    assert [m.base for m in catalog.tradable(5)] == ["BTC", "ETH", "SOL"]
    assert [m.base for m in demo_catalog().tradable(5)] == ["BTC", "ETH", "SOL", "BNB", "XRP"]


async def test_the_trading_service_refuses_a_listed_coin_without_filters_honestly() -> None:
    market = ScriptedMarket(source="binance", prices={"DOGEUSDT": Decimal("0.2")}, clock=FixedClock(NOW))
    orders = MemoryOrderStore(MemoryWorkspace().audit)
    service = TradingService(orders, market, bundled_catalog(), FixedClock(NOW))
    account = ExchangeAccount("a1", "console:u", "paper", "paper", {}, Decimal(10_000), NOW, NOW)
    plan = await service.plan(account, OrderIntent("buy", "DOGEUSDT", "DOGE", Decimal(50), "quote"))
    assert plan.rejection is not None and plan.rejection.code == RULES_UNKNOWN
    assert plan.quantity == 0


# -- through the wired app, as `make run` / a live deployment starts ------------------------------


@pytest.fixture
def app_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], AsyncIterator[App]]:
    for key in list(os.environ):
        if key.startswith("DESKMATE_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    # The live market's address is nowhere: nothing here may reach it before refusing.
    monkeypatch.setenv("DESKMATE_BINANCE__BASE_URL", "http://127.0.0.1:9")

    @asynccontextmanager
    async def make(market: str) -> AsyncIterator[App]:
        monkeypatch.setenv("DESKMATE_MARKET", market)
        settings = Settings()
        migrate(settings)
        app = await build_app(settings, clock=FixedClock(NOW))
        try:
            yield app
        finally:
            await app.aclose()

    return make  # type: ignore[return-value]


def notice_texts(reply: Reply) -> list[str]:
    return [b.text for b in reply.blocks if isinstance(b, NoticeBlock)]


@pytest.mark.parametrize(
    ("text", "rules_row"),
    [
        ("buy 50 USDT of DOGE", ("Trading rules", "demo rules (step 1, minimum 5 USDT)")),
        ("买 50 USDT 的狗狗币", ("交易规则", "演示规则（数量步长 1，最小金额 5 USDT）")),
    ],
)
async def test_a_paper_buy_of_doge_on_the_demo_market_fills_under_labelled_demo_rules(
    app_for: Callable[[str], AsyncIterator[App]], text: str, rules_row: tuple[str, str]
) -> None:
    async with app_for("demo") as app:  # type: ignore[attr-defined]
        chat = Chat(app.core)
        summary = await chat.say(text)
        assert summary.status is Status.AWAITING_CONFIRMATION, notice_texts(summary)
        details = next(b for b in summary.blocks if isinstance(b, DetailsBlock))
        assert rules_row in details.rows
        done = await chat.press(summary.buttons[0].token)
        order = next(b for b in done.blocks if isinstance(b, OrderBlock))
        assert (order.symbol, order.status) == ("DOGEUSDT", "filled")
        assert order.quantity == order.quantity.to_integral_value()  # on the demo step of 1 DOGE
        assert 45 < order.quote_amount <= 50


async def test_a_demo_filter_refusal_says_the_rules_are_demo_ones(
    app_for: Callable[[str], AsyncIterator[App]],
) -> None:
    async with app_for("demo") as app:  # type: ignore[attr-defined]
        reply = await Chat(app.core).say("buy 3 USDT of DOGE")
        assert reply.status is Status.FAILED
        [text] = notice_texts(reply)[-1:]
        assert "below the minimum of 5 USDT (-1013 Filter failure: NOTIONAL)" in text
        assert text.endswith("(the demo market's demo rules: the exchange's are not known)")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "buy 50 USDT of DOGE",
            "DOGE's trading rules (tick size, step size, minimum order) are not known yet: orders wait "
            "for the first refresh of the exchange's list (prices are not affected). "
            "Tradable now: BTC, ETH, SOL.",
        ),
        (
            "买 50 USDT 的狗狗币",
            "还不知道 DOGE 的交易规则（最小价格变动、数量步长、最小下单金额），要等交易所币种列表"
            "首次刷新后才能下单（查价格不受影响）。现在可交易：BTC, ETH, SOL。",
        ),
    ],
)
async def test_the_same_buy_on_the_live_market_without_filters_is_refused_honestly(
    app_for: Callable[[str], AsyncIterator[App]], text: str, said: str
) -> None:
    async with app_for("binance") as app:  # type: ignore[attr-defined]
        assert app.catalog.rules("DOGEUSDT") is None
        reply = await Chat(app.core).say(text)
        assert said in notice_texts(reply)
        assert not any(isinstance(b, (DetailsBlock, OrderBlock)) for b in reply.blocks)
        assert reply.status is not Status.AWAITING_CONFIRMATION


# -- strategies and alerts on the demo market -----------------------------------------------------


def test_a_doge_strategy_is_checked_against_labelled_demo_rules_on_the_demo_market() -> None:
    from core.strategies import DcaParams, GridParams, InvalidParams, validate
    from core.strategies.intervals import Interval
    from core.strategies.params import grid_levels

    demo, live = demo_catalog(), bundled_catalog()
    grid = GridParams("DOGEUSDT", Decimal("0.15"), Decimal("0.25"), 10, Decimal(20))
    assert validate(grid, demo) == grid
    rules = demo.rules("DOGEUSDT")
    assert rules is not None and all(level % rules.tick_size == 0 for level in grid_levels(grid, rules))
    with pytest.raises(InvalidParams) as small:
        validate(DcaParams("DOGEUSDT", Decimal(3), Interval(1, "d")), demo)
    assert small.value.code == "strategy.bad.min_notional.demo"
    assert small.value.message("en").endswith(
        "below DOGE's minimum order of 5 USDT. (the demo market's demo rules: the exchange's are not known)"
    )
    assert small.value.message("zh").endswith("（演示行情的演示规则：交易所的规则未知）")
    with pytest.raises(InvalidParams) as unknown:  # the live market: no filters, no grid
        validate(grid, live)
    assert unknown.value.code == "strategy.bad.no_rules"
    with pytest.raises(InvalidParams) as btc:  # real filters: the plain sentence
        validate(DcaParams("BTCUSDT", Decimal(3), Interval(1, "d")), demo)
    assert btc.value.code == "strategy.bad.min_notional"


async def test_a_diagnosis_shows_demo_rules_as_demo_ones(
    app_for: Callable[[str], AsyncIterator[App]],
) -> None:
    async with app_for("demo") as app:  # type: ignore[attr-defined]
        doge = await Chat(app.core).say("my DOGE order failed: -1013 Filter failure: LOT_SIZE")
        btc = await Chat(app.core).say("my BTC order failed: -1013 Filter failure: LOT_SIZE")
    assert "DOGEUSDT · step 1, min quantity 1, tick 0.00001, min amount 5 USDT (demo rules:" in repr(
        doge.blocks
    )
    assert "BTCUSDT · step 0.00001" in repr(btc.blocks) and "demo rules" not in repr(btc.blocks)


# Every refusal core.markets.rules_key names (a new one is added here and to its texts.toml).
REFUSALS_CITING_RULES = (
    "alert.bad_tick",
    "strategy.bad.min_notional",
    "strategy.bad.grid_tick",
    "strategy.bad.grid_notional",
    "strategy.bad.grid_quantity",
)


@pytest.mark.parametrize("key", REFUSALS_CITING_RULES)
def test_the_demo_variant_of_a_refusal_is_its_words_and_the_demo_rules_note(key: str) -> None:
    """``<key>.demo`` (texts.toml) says exactly what ``<key>`` says, then DEMO_RULES_NOTE."""
    texts = catalogue()
    for locale, note in DEMO_RULES_NOTE.items():
        assert texts.get(f"{key}.demo")[locale] == texts.get(key)[locale] + note
