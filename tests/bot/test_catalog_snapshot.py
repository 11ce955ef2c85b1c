"""The bundled catalog snapshot and the tool that writes it from a saved exchangeInfo answer."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.catalog import SNAPSHOT, bundled_catalog
from core.coin_index import CoinIndex
from core.coin_names import COIN_NAMES, POPULAR_BASES
from core.markets import MarketCatalog, market_for
from tools import catalog_snapshot


def test_the_bundled_snapshot_lists_the_popular_coins_once_each() -> None:
    catalog = bundled_catalog()
    assert len(catalog) == len(set(catalog.symbols)) >= 300
    assert all(catalog.is_supported(f"{b}USDT") for b in POPULAR_BASES)
    named = [b for b in COIN_NAMES if catalog.is_supported(f"{b}USDT")]
    assert len(named) >= 70  # the names people use are for coins that are listed
    assert not catalog.is_supported("XMRUSDT")  # named, not listed: "not supported"
    btc = catalog.rules("BTCUSDT")
    assert btc is not None and str(btc.tick_size) == "0.01"
    assert json.loads(SNAPSHOT.read_text(encoding="utf-8"))["quote"] == "USDT"


def test_catalogs_of_the_snapshot_share_one_name_index_and_a_new_list_gets_its_own() -> None:
    """Every catalog of the snapshot (one per caller, each free to replace its list) reads the
    same names: the index of thousands is built once per process, not once per catalog."""
    first, second = bundled_catalog(), bundled_catalog()
    assert first.aliases() is second.aliases()
    assert CoinIndex(first).find("比特幣 and sol") == CoinIndex(second).find("比特幣 and sol")
    second.replace([market_for("BTC"), market_for("PEPE")], datetime(2026, 1, 1, tzinfo=UTC), "exchange")
    assert second.resolve("pepe") == "PEPEUSDT" and second.resolve("sol") == "SOLUSDT"  # not listed
    assert not second.is_supported("SOLUSDT") and first.is_supported("SOLUSDT")
    assert [m.symbol for m in CoinIndex(second).find("pepe")] == ["PEPEUSDT"]
    assert first.aliases()["sol"] == "SOLUSDT" and first.aliases() is not second.aliases()
    # A list (it may change) is read afresh for each catalog.
    listed = [market_for("BTC")]
    assert MarketCatalog(listed).aliases() is not MarketCatalog(listed).aliases()


def test_the_tool_writes_a_snapshot_from_a_saved_exchange_info(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "exchange_info.json"
    filters = [
        {"filterType": "PRICE_FILTER", "tickSize": "0.00000001"},
        {"filterType": "LOT_SIZE", "minQty": "1", "maxQty": "900000000", "stepSize": "1"},
        {"filterType": "NOTIONAL", "minNotional": "1"},
    ]
    rows = [
        {"symbol": f"{b}USDT", "status": "TRADING", "baseAsset": b, "quoteAsset": "USDT", "filters": filters}
        for b in ("PEPE", "BTC")
    ]
    saved.write_text(json.dumps({"symbols": rows}), encoding="utf-8")
    out = tmp_path / "snapshot.json"
    argv = ["catalog_snapshot", "--exchange-info", str(saved), "--as-of", "2026-12-01", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    catalog_snapshot.main()
    catalog = bundled_catalog(out)
    assert sorted(catalog.symbols) == ["BTCUSDT", "PEPEUSDT"]
    pepe = catalog.rules("PEPEUSDT")
    assert pepe is not None and str(pepe.tick_size) == "1E-8"
    assert catalog.fetched_at is not None and catalog.fetched_at.isoformat().startswith("2026-12-01")
