"""The account questions' slots (balance, positions, trades, the most one can buy), read from the
tags for their intents (core/skills/account_query/intents.py).

"导出我的交易记录" / "export my account history" is read as the question it contains (the trades),
with the ``export`` slot set: deskmate makes no files, so the answer shows what it has and says
plainly that exporting to a file is not offered."""

from __future__ import annotations

from functools import partial

from core.language.slots import Choose, Read, When
from core.workspace.account_named import account_ref
from core.workspace.wallets import WALLET, wallet_said

SKILL = "account_query"
EXPORT = "export"  # the slot: the person asked for a file


# The slots of an account question, from its tags: which account ("主账户的余额", one of theirs by
# its name alone: "测试的余额"), which wallet ("合约账户"), a file asked for.
ACCOUNT = Read("target_ref", partial(account_ref, question=True))
QUESTION = (ACCOUNT, Read(WALLET, wallet_said), Choose(EXPORT, (("yes", When("trade.export")),)))
