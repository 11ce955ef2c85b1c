"""The account question rule: balance, positions, trades, the most one can buy.

"导出我的交易记录" / "export my account history" is read as the question it contains (the trades),
with the ``export`` slot set: deskmate makes no files, so the answer shows what it has and says
plainly that exporting to a file is not offered."""

from __future__ import annotations

from typing import Any

from core.language.gazetteer import named_in
from core.routing.normalize import normalize
from core.workspace.trade_reading import TradeRule

SKILL = "account_query"
ACTIONS_EMITTED = frozenset({"balance", "positions", "trades", "max_buy"})
EXPORT = "export"  # the slot: the person asked for a file
_EXPORT = ("导出", "下载", "export", "exports", "exporting", "download", "csv", "excel", "spreadsheet")


class AccountQueryRule(TradeRule):
    skill = SKILL
    kind = "query"

    def slots(self, text: str, slots: dict[str, Any]) -> dict[str, Any]:
        if any(named_in(word, normalize(text)) for word in _EXPORT):
            slots[EXPORT] = "yes"
        return slots
