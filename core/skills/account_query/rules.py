"""The account question rule: balance, positions, trades, the most one can buy.

"导出我的交易记录" / "export my account history" is read as the question it contains (the trades),
with the ``export`` slot set: deskmate makes no files, so the answer shows what it has and says
plainly that exporting to a file is not offered."""

from __future__ import annotations

from core.language.gazetteer import named_in
from core.language.tagger import Reading
from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.routing.router import Route, RouteContext
from core.workspace.trade_reading import CoinNames, read_trade

SKILL = "account_query"
ACTIONS_EMITTED = frozenset({"balance", "positions", "trades", "max_buy"})
EXPORT = "export"  # the slot: the person asked for a file
_EXPORT = ("导出", "下载", "export", "exports", "exporting", "download", "csv", "excel", "spreadsheet")


class AccountQueryRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        return self._route(text, None)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        """The question read with the person's record names ("测试的余额": their account 测试)."""
        return self._route(reading.norm.original, reading)

    def _route(self, text: str, names: Reading | None) -> Route | None:
        reading = read_trade(text, self.coins, names)
        if reading is None or reading.kind != "query":
            return None
        slots = dict(reading.slots)
        if any(named_in(word, normalize(text)) for word in _EXPORT):
            slots[EXPORT] = "yes"
        return Route(SKILL, reading.action, slots)
