"""Reading strategy requests: the action and the slots a sentence fills, zh + en, on the small
default catalog and on the bundled one of every listed coin (where "the" and "one" are tickers)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalog import bundled_catalog
from core.markets import MarketCatalog
from core.skills.strategy_management.reading import StrategyReader
from tests.cases import each

READERS = {"default": StrategyReader(MarketCatalog()), "bundled": StrategyReader(bundled_catalog())}


@pytest.mark.parametrize("catalog", list(READERS))
@pytest.mark.parametrize(
    ("text", "action", "slots"),
    [
        ("创建一个BTC定投策略，每天买50U", "create",
         {"kind": "dca", "symbol": "BTCUSDT", "interval": "1d", "quote_amount": "50"}),
        ("BTC定投，每周买100U，最多投入5000U", "create",
         {"kind": "dca", "symbol": "BTCUSDT", "interval": "1w", "quote_amount": "100", "max_total": "5000"}),
        # A total cap said with "no more than" is the cap, not dropped (it was, without a word).
        ("创建一个BTC定投策略，每天买50U，总共不超过1000U", "create",
         {"kind": "dca", "symbol": "BTCUSDT", "interval": "1d", "quote_amount": "50", "max_total": "1000"}),
        ("create a DCA strategy for BTC, 50U every day, total no more than 1000U", "create",
         {"kind": "dca", "symbol": "BTCUSDT", "interval": "1d", "quote_amount": "50", "max_total": "1000"}),
        ("make the grid strategy for ETH between 3000 and 4000", "create",
         {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"}),
        ("set up a grid bot for SOL between 100 and 200 with 10 grids at 20 USDT each", "create",
         {"kind": "grid", "symbol": "SOLUSDT", "lower": "100", "upper": "200", "grids": "10",
          "quote_per_grid": "20"}),
        ("创建一个ETH网格策略，3000到4000，20格，每格50U", "create",
         {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000", "grids": "20",
          "quote_per_grid": "50"}),
        ("create an AI strategy for BTC and ETH, one order max 200 USDT, position 20%", "create",
         {"kind": "ai", "symbols": "BTCUSDT,ETHUSDT", "max_order_notional": "200", "max_position_pct": "20"}),
        # The grid count's word after a range's end is no unit of it: 200 and 4000 are no counts.
        ("新建一个SOL网格策略 区间 100-200 格数 30 每格 10U", "create",
         {"kind": "grid", "symbol": "SOLUSDT", "lower": "100", "upper": "200", "grids": "30",
          "quote_per_grid": "10"}),
        ("create an ETH grid 3000 to 4000 grids 20", "create",
         {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000", "grids": "20"}),
        ("create an ETH grid, 20 grids, 3000 to 4000", "create",
         {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000", "grids": "20"}),
        ("make a strategy for ETH between 3000 and 4000", "create",
         {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"}),
        ("创建一个BTC定投策略，每天买20U，叫 小额定投", "create",
         {"kind": "dca", "symbol": "BTCUSDT", "interval": "1d", "quote_amount": "20", "name": "小额定投"}),
        ("把BTC定投的金额改成100", "update",
         {"field": "quote_amount", "quote_amount": "100", "target_ref": {"name": "BTC定投"}}),
        ("rename strategy BTC定投 to DCA main", "update",
         {"field": "name", "new_name": "DCA main", "target_ref": {"name": "BTC定投"}}),
        ("重命名策略 BTC定投 为 定投主力", "update",
         {"field": "name", "new_name": "定投主力", "target_ref": {"name": "BTC定投"}}),
        ("把策略 BTC定投 改名叫 定投主力", "update",
         {"field": "name", "new_name": "定投主力", "target_ref": {"name": "BTC定投"}}),
        ("给策略 BTC定投 改名叫 定投主力", "update",
         {"field": "name", "new_name": "定投主力", "target_ref": {"name": "BTC定投"}}),
        ("复制 BTC定投 为 BTC定投2", "duplicate", {"name": "BTC定投2", "target_ref": {"name": "BTC定投"}}),
        ("删除定投策略", "delete", {"target_ref": {"alias": "dca"}}),
        ("make ETH grid strategy the default", "activate", {"target_ref": {"name": "ETH grid"}}),
        ("停用默认策略", "deactivate", {}),
        ("我有几个策略", "query", {}),
        # The kind's word made to repeat otherwise (the copy just made): which one is asked, no name.
        ("make the strategy buy every 12h", "update", {"field": "interval", "interval": "12h"}),
    ],
)  # fmt: skip
def test_reading(catalog: str, text: str, action: str, slots: dict[str, Any]) -> None:
    assert READERS[catalog].read(text) == (action, slots)


@each(
    "text",
    [
        "what is a grid strategy", "定投是什么意思", "网格", "why does my grid strategy not work",
        "用网格策略创建一个交易员", "create a trader with my ETH grid strategy", "BTC 价格",
    ],
)  # fmt: skip
def test_not_a_strategy_action(text: str) -> None:
    for reader in READERS.values():
        assert reader.read(text) is None, text


@each(
    "text",
    ["回测BTC网格 3000到4000 格数 20", "backtest an ETH grid 3000 to 4000 grids 20 last 30 days"],
)
def test_a_backtested_grid_reads_its_count_after_its_word(text: str) -> None:
    """ "4000 grids" / "4000 格" is a range's end before the count's word: was 4000 grids, the
    range 3000 to 20 (the backtest's reader shares the strategy reader's grid values)."""
    from core.coin_index import CoinIndex
    from core.language.tagger import Tagger
    from core.skills.backtest.intents import read_slots

    slots = read_slots(Tagger(CoinIndex(MarketCatalog())).read(text))
    assert (slots.get("lower"), slots.get("upper"), slots.get("grids")) == ("3000", "4000", "20"), slots
