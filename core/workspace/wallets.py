"""An exchange account's wallets said in a request ("现货账户的余额", "buy on my futures account").

Exchanges split an account into wallets (spot, futures, margin, funding) and call them accounts;
they are no deskmate account's name. deskmate trades spot and reads each account's spot wallet:
a spot wallet is the account itself; a question about another answers the account's spot wallet
and says the other is not separated here; an order in another is refused, said (never placed on
spot in its place). The words: core/language/lexicon/phrases/wallet.toml.
"""

from __future__ import annotations

from typing import Final

from core.language.lexicon import phrases
from core.language.phrases import found
from core.reply import NoticeBlock
from core.routing.normalize import normalize
from core.turn import Turn

WALLET: Final = "wallet"  # the task slot: spot | futures | margin | funding
SPOT: Final = "spot"
_ACCOUNT_WORDS = ("账户", "账号", "帐户", "帐号", "钱包", "account", "wallet")


def wallet_named(name: str) -> str | None:
    """The wallet a name read as an account's is ("现货账户", "futures" of "my futures account")."""
    word = normalize(name)
    return next((c.name[7:] for c in phrases("wallet").concepts.values() if word in c.words), None)


def wallet_said(text: str) -> str | None:
    """The wallet a message names with its account word ("资金账户余额", "my futures wallet"); a
    bare "资金" or "spot" says none ("初始资金", "on the spot")."""
    norm = normalize(text)
    said = (
        min(names) for start, end, names in found(WALLET, norm) if norm[start:end].endswith(_ACCOUNT_WORDS)
    )
    return next(said, "")[7:] or None


def not_separated(turn: Turn, wallet: object) -> tuple[NoticeBlock, ...]:
    """The note above an answer about a wallet deskmate does not read (none for spot)."""
    if not isinstance(wallet, str) or wallet in ("", SPOT):
        return ()
    text = turn.t("ws.wallet_not_separated", wallet=turn.t(f"ws.wallet.{wallet}"))
    return (NoticeBlock(text, "info", "wallet_not_separated"),)


def spot_only(turn: Turn, wallet: str) -> str:
    """Why an order in a wallet other than spot is not placed."""
    return turn.t("ws.wallet_spot_only", wallet=turn.t(f"ws.wallet.{wallet}"))
