"""The account questions' slots (balance, positions, trades, the most one can buy), read from the
tags for their intents (core/skills/account_query/intents.py).

"导出我的交易记录" / "export my account history" is read as the question it contains (the trades),
with the ``export`` slot set: deskmate makes no files, so the answer shows what it has and says
plainly that exporting to a file is not offered."""

from __future__ import annotations

from typing import Any

from core.language.tagger import Reading
from core.workspace.trade_reading import account_ref
from core.workspace.wallets import WALLET, wallet_said

SKILL = "account_query"
EXPORT = "export"  # the slot: the person asked for a file


def asked_slots(reading: Reading) -> dict[str, Any]:
    """The slots of an account question, from its tags: which account ("主账户的余额", one of
    theirs by its name alone: "测试的余额"), which wallet ("合约账户"), a file asked for."""
    slots: dict[str, Any] = {}
    ref = account_ref(reading, question=True)
    if ref:
        slots["target_ref"] = ref
    wallet = wallet_said(reading)
    if wallet:
        slots[WALLET] = wallet
    if reading.has("trade.export"):
        slots[EXPORT] = "yes"
    return slots
