"""Binance spot market data (public REST endpoints over httpx)."""

from adapters.binance.market import BinanceMarket

__all__ = ["BinanceMarket"]
