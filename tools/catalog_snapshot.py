"""Write deskmate's bundled market catalog (bot/data/market_catalog.json).

From a saved Binance answer (the normal way; no network here, save it yourself first):
    curl -s https://api.binance.com/api/v3/exchangeInfo > exchange_info.json
    python -m tools.catalog_snapshot --exchange-info exchange_info.json

Or from a list of tickers (whitespace separated) when no saved answer is at hand: the coins are
listed without filters (trading waits for the first refresh from the exchange), except the ones
the current snapshot already has filters for.
    python -m tools.catalog_snapshot --bases bases.txt --as-of 2026-12-01
"""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from adapters.binance.exchange_info import parse_exchange_info
from bot.catalog import SNAPSHOT
from core.markets import DEFAULT_MARKETS, MarketCatalog, MarketSpec, catalog_rows, market_for


def _from_bases(path: Path) -> list[MarketSpec]:
    known = {m.base: m.rules for m in DEFAULT_MARKETS}
    if SNAPSHOT.exists():
        from bot.catalog import bundled_catalog

        known.update({m.base: m.rules for m in bundled_catalog().markets if m.rules is not None})
    bases = dict.fromkeys(b.strip().upper() for b in path.read_text(encoding="utf-8").split() if b.strip())
    return [market_for(base, known.get(base)) for base in bases]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--exchange-info", type=Path, help="a saved /api/v3/exchangeInfo answer")
    source.add_argument("--bases", type=Path, help="a file of tickers")
    parser.add_argument("--as-of", help="the date the list is from (default: the file's time)")
    parser.add_argument("--out", type=Path, default=SNAPSHOT)
    args = parser.parse_args()
    if args.exchange_info:
        payload = json.loads(args.exchange_info.read_text(encoding="utf-8"), parse_float=Decimal)
        markets = parse_exchange_info(payload)
        origin = "binance exchangeInfo"
        stamp = args.exchange_info.stat().st_mtime
    else:
        markets = _from_bases(args.bases)
        origin = "ticker list"
        stamp = args.bases.stat().st_mtime
    when = (
        datetime.fromisoformat(args.as_of).replace(tzinfo=UTC)
        if args.as_of
        else datetime.fromtimestamp(stamp, UTC)
    )
    rows = catalog_rows(MarketCatalog(markets))
    body = {"source": origin, "quote": "USDT", "fetched_at": when.isoformat(), "symbols": rows}
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    # One symbol per line: a refresh shows up in a diff as the symbols that changed.
    text = text.replace(',{"symbol"', ',\n{"symbol"')
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} markets to {args.out}")


if __name__ == "__main__":
    main()
