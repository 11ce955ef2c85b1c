"""Backtests: a dca or grid strategy replayed over history with the trader runtime's own
decisions (core.traders.decide) on the paper exchange's fills (core.backtest.fills)."""
