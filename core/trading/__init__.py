"""The trading domain: order sizing and exchange filters, fees, positions, risk caps, the paper
exchange, and the trading service every order goes through (a conversation or a job alike).

Platform- and IO-free: storage, market quotes and live exchanges are ports (core.trading.ports).
Money is Decimal everywhere; nothing here ever touches a float.
"""
