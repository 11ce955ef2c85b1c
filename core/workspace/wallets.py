"""An exchange account's wallets said in a request ("现货账户的余额", "buy on my futures account").

Exchanges split an account into wallets (spot, futures, margin, funding) and call them accounts;
they are no deskmate account's name. deskmate trades spot and reads each account's spot wallet:
a spot wallet is the account itself; a question about another answers the account's spot wallet
and says the other is not separated here; an order in another is refused, said (never placed on
spot in its place). The words are the lexicon's (core/language/lexicon/wallet.toml), read from the
message's tags.
"""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.tagger import COIN, Reading, Tag, words
from core.reply import NoticeBlock
from core.turn import Turn

WALLET: Final = "wallet"  # the task slot: spot | futures | margin | funding
SPOT: Final = "spot"
_ACCOUNT: Final = "wallet.account"  # the account's word after a wallet's ("合约账户")
# What a wallet's word may stand right before: an account's word, or what is asked of the account,
# its holdings or balance ("合约仓位", "futures positions", "现货余额"), or an order in it ("合约买10个sol",
# "现货卖掉0.1个btc": never a spot order for one asked in futures).
_LINK: Final = Words("account_ref.wallet_link")  # "合约那边的仓位"
_ON: Final = Words("wallet_place.on")  # "on futures"
_IN: Final = Words("wallet_place.in")  # "in spot", "我现货"
_NEVER_ON: Final = frozenset({SPOT, "funding"})
_OF_WALLET: Final = frozenset({_ACCOUNT, "noun.holdings", "noun.balance", "verb.buy", "verb.sell"})
# What one has in it, asked ("现货里有多少钱", "合约有多少u"): its balance; never of funds ("初始资金有多少").
# What is had there, or which coins ("现货都有啥币", "合约里有哪些币"): a wallet's holdings asked.
_HAVE: Final = frozenset({"trade.have", "trade.coins"})


def wallet_said(reading: Reading) -> str | None:
    """The wallet a message names, its word right before an account's ("资金账户余额", "my futures
    wallet", "合約帳戶"), its holdings' or balance's ("合约仓位", "futures positions") or an order's
    side ("合约买"), or with one linking word between ("合约那边的仓位"); a bare
    "资金" or "spot" says none ("初始资金", "on the spot"). A record of
    theirs so called is tagged as theirs, not as a wallet."""
    tags, text = reading.tags, reading.text
    for at, tag in enumerate(tags):
        wallet = _wallet(tag) or named_after_coin(reading, at)
        if (
            wallet
            and _OF_WALLET & tag.concepts
            and (wallet not in _NEVER_ON or " " in text[tag.start : tag.end])
        ):
            # one word of both: "合约仓" (a futures position), "spot bal"; "资金" alone is money too
            return wallet
        of_wallet = _OF_WALLET if wallet in (None, "funding") else _OF_WALLET | _HAVE
        after = next((t for t in tags[at + 1 :] if of_wallet & t.concepts), None) if wallet else None
        if wallet and after and _linked(text[tag.end : after.start], wallet):
            return wallet
        if wallet and wallet not in _NEVER_ON and (_on(text[: tag.start]) or _last(reading, at)):
            return wallet
        if wallet == SPOT and _on(text[: tag.start], _IN.words):
            return wallet  # "usdt sitting in spot", "我現貨有幾多錢": never "on the spot" (at once)
        if wallet and wallet not in _NEVER_ON and _coin_then_side(reading, at, wallet):
            return wallet
        if wallet and wallet not in _NEVER_ON and _side_then_coin(reading, at, wallet):
            return wallet
    return None


def _side_then_coin(reading: Reading, at: int, wallet: str) -> bool:
    """An order's side right before the wallet's word, then a linking word and a coin ("卖掉合约的eth",
    "平咗合約啲eth", "close my futures eth"): the coin held there is what is traded."""
    tags = reading.tags
    before = next((t for t in reversed(tags[:at]) if not _filler(t)), None)
    if before is None or not _SIDES & before.concepts:
        return False
    coin = next((i for i in range(at + 1, len(tags)) if COIN in tags[i].concepts), None)
    return coin is not None and _linked(reading.text[tags[at].end : tags[coin].start], wallet)


def _filler(tag: Tag) -> bool:
    return bool(tag.concepts) and all(c.startswith("filler.") for c in tag.concepts)


def _coin_then_side(reading: Reading, at: int, wallet: str) -> bool:
    """The wallet's word, a linking word, a coin, then an order's side ("合约上的eth平掉一半",
    "futures eth sell half"): the coin held there is what is traded."""
    tags = reading.tags
    coin = next((i for i in range(at + 1, len(tags)) if COIN in tags[i].concepts), None)
    if coin is None or not _linked(reading.text[tags[at].end : tags[coin].start], wallet):
        return False
    return any(_SIDES & t.concepts for t in tags[coin + 1 :])


def _last(reading: Reading, at: int) -> bool:
    """The wallet's word said last, after an order's side ("开多0.05个大饼 合约", "long 0.2 eth
    perp"): where the order is; only filler, or the order's amount or leverage ("开多btc合约 300u", "long
    eth perp 500 usdt", "long 1 eth perps 3x": never a spot order in its place), may follow it."""
    tags, text = reading.tags, reading.text
    end = tags[at].end
    amounts = [v for v in reading.spans() if v.start >= end and v.kind in ("amount", "number", "multiple")]
    after = [t for t in tags[at + 1 :] if not any(v.start <= t.start and t.end <= v.end for v in amounts)]
    if not all(t.concepts and all(c.startswith("filler.") for c in t.concepts) for t in after):
        return False
    rest = "".join(
        ch
        for i, ch in enumerate(text[end:], end)
        if not any(t.start <= i < t.end for t in after) and not any(v.start <= i < v.end for v in amounts)
    )
    said = any(_SIDES & t.concepts for t in tags[:at])
    return said and not any(ch.isalnum() for ch in rest)


_SIDES: Final = frozenset({"verb.buy", "verb.sell"})


def _on(before: str, place: tuple[str, ...] | None = None) -> bool:
    """ "on" / "in my" / "在" right before a wallet's word ("eth on futures"): where it is; a
    word of place ``place`` ("我", "in"), ended by no other word ("睇下我", never "jin")."""
    said = " ".join(before.split()).lower()
    words = _ON.words if place is None else place
    # a word of place is ended by another only if it is Latin ("jin"): Chinese writes none between
    return any(
        said.endswith(w)
        and (len(said) == len(w) or not ((place is None or w.isascii()) and said[-len(w) - 1].isalnum()))
        for w in words
    )


def _linked(between: str, wallet: str) -> bool:
    """Nothing, or one linking word ("合约那边的仓位", "现货里的余额": account_ref.wallet_link),
    between a wallet's word and what is asked of it. Funds are no wallet but right before one's
    word ("资金账户"): "初始资金的余额" is the money's balance."""
    said = " ".join(between.split())
    if not said:
        return True
    return wallet != "funding" and said in _LINK.words


def wallet_named(name: str) -> str | None:
    """The wallet a name read as an account's is, whole ("现货账户", "futures" of "my futures
    account"), or None."""
    reading = words(name)
    tags = reading.tags
    if not tags or reading.rest() or not all(_wallet(t) or _ACCOUNT in t.concepts for t in tags):
        return None
    return _wallet(tags[0])


def named_after_coin(reading: Reading, at: int) -> str | None:
    """A wallet's word the catalog also lists as a coin, said right after another coin ("short 0.01
    btc perp": PERP is a ticker too): the wallet of the coin before it."""
    tags = reading.tags
    tag = tags[at]
    if at == 0 or COIN not in tag.concepts or COIN not in tags[at - 1].concepts:
        return None
    if reading.text[tags[at - 1].end : tag.start].strip():
        return None
    said = words(reading.text[tag.start : tag.end]).tags
    return _wallet(said[0]) if len(said) == 1 else None


def _wallet(tag: Tag) -> str | None:
    return next((c[7:] for c in tag.concepts if c.startswith("wallet.") and c != _ACCOUNT), None)


def not_separated(turn: Turn, wallet: object) -> tuple[NoticeBlock, ...]:
    """The note above an answer about a wallet deskmate does not read (none for spot)."""
    if not isinstance(wallet, str) or wallet in ("", SPOT):
        return ()
    text = turn.t("ws.wallet_not_separated", wallet=turn.t(f"ws.wallet.{wallet}"))
    return (NoticeBlock(text, "info", "wallet_not_separated"),)


def spot_only(turn: Turn, wallet: str) -> str:
    """Why an order in a wallet other than spot is not placed."""
    return turn.t("ws.wallet_spot_only", wallet=turn.t(f"ws.wallet.{wallet}"))
