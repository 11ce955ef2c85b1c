"""Profit and loss from the stored fills: realized (the average-cost rule of core.trading.positions),
fees, unrealized at the best bid, by UTC day / week / month, per coin, per trader, win rate and
profit factor over closed positions, and the max drawdown of the daily equity snapshots."""
