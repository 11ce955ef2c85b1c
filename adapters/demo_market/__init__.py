"""The offline demo market: deterministic prices, always labelled "demo"."""

from adapters.demo_market.market import DemoMarket, demo_close, demo_quote_price
from adapters.demo_market.rules import demo_rules

__all__ = ["DemoMarket", "demo_close", "demo_quote_price", "demo_rules"]
