"""Live exchange accounts through ccxt: balances, market orders under a client order id, the
order behind a client order id, my trades, exchange time. ccxt is imported by the first live
call (it costs most of a second), never by a price answer."""

from adapters.exchanges.ccxt_client import CcxtExchanges, Endpoints

__all__ = ["CcxtExchanges", "Endpoints"]
