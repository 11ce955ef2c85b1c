"""The order intents: a table (core/language/lexicon/intents/trade_execution.toml); a buy or a sell
is read by the trade rule, everything on one coin ("梭哈大饼") by the fills here when it does not."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.language.intents import SlotFill, table
from core.language.refusals import REFUSED_PREFIX
from core.language.slots import Coins, Const, Number, Slots
from core.language.tagger import COIN, Reading
from core.language.unwatched import HELD_MOVE
from core.workspace.trade_money import spent

SKILL = "trade_execution"


# "梭哈大饼": all of the one coin named; "ape 100 usdt into pepe": a buy of the one coin named,
# with the one amount said (read exactly, or its refusal), a bare number the USDT put in, as
# put_in's ("ape 1k into pepe": 1,000 USDT).
_ONE_COIN = Coins("symbol", only=True, need=True)
_AMOUNT = Number("amount", ("amount", "fraction"), amount=True)
_ALL_IN = Slots(_ONE_COIN, Const("amount", "all"))


@dataclass(frozen=True)
class _Aped:
    """The one amount said (``said``), a bare number the USDT spent (trade_money.spent)."""

    said: Number
    need: bool = False

    @property
    def name(self) -> str:
        return self.said.name

    def read(self, reading: Reading) -> Any:
        values = reading.spans()
        if len(values) == 1 and values[0].kind == "number":
            return spent(values, reading.text)
        return self.said.read(reading)


_APED = Slots(_ONE_COIN, _Aped(_AMOUNT))


def _besides_money_of_coin(reading: Reading) -> object:
    """What a message says besides one sum of money, "of" (or "worth of") and one coin, in that order
    ("$100 of doge", "100u of eth", "i want 300 dollars worth of bitcoin"), or None when that is all
    (with wanting it at most): then it asks that buy. Among other words ("I
    placed your order for 100 USDT of BTC", "the amount per buy of 3 USDT is below…") or with a
    coin's amount ("0.1 btc of eth") it asks none."""
    values = reading.spans()
    coins = [t for t in reading.tags if COIN in t.concepts]
    of = reading.first(OF) or reading.first(WORTH_OF)
    if len(values) != 1 or values[0].unit != "quote" or len(coins) != 1 or of is None:
        return "more"
    # "of" after the sum, or "worth of" with the sum's unit in it ("300 dollars worth of")
    if not (values[0].start < of.start and of.end <= coins[0].start) or reading.rest(
        spans=[(values[0].start, values[0].end)]
    ):
        return "more"
    value = values[0]
    said = {c for t in reading.tags if not value.start <= t.start < value.end for c in t.concepts}
    # "my 300 dollars worth of bitcoin" tells a holding: no buy
    return None if all(c in _WANTED or (c.startswith("filler.") and c != MINE) for c in said) else "more"


OF, WORTH_OF, MINE = "filler.of", "trade.worth_of", "filler.mine"
# Besides the coin, what a buy of money's worth of it may say: wanting it ("i want", "get me").
_WANTED = frozenset({COIN, WORTH_OF, "trade.answer_word", "verb.want", "verb.give"})
_MONEY_OF_COIN = Slots(_ONE_COIN, Number("amount", ("amount",), amount=True), unless=_besides_money_of_coin)
_COIN = Slots(_ONE_COIN)


def _held(side: str) -> SlotFill:
    """A trade held for a move with no level ("buy 100u of doge when it drops"): its one coin, with
    the refusal that ends the task saying so and asking a price (core.language.refusals)."""

    def fill(reading: Reading) -> Mapping[str, Any] | None:
        if not any(HELD_MOVE in t.concepts for t in reading.tags):
            return None  # only supposed ("what if i buy 1 eth"): no order, nothing refused
        got = _COIN(reading)
        if not got and reading.has(COIN):
            return None  # "buy btc or eth when it drops": which coin, the order's reading asks
        # no coin said ("buy when it drops", "等回调再买"): refused the same, asking the coin too
        coin = str(got["symbol"]).removesuffix("USDT") if got else ""
        said = reading.norm.typed(0, len(reading.text)).strip()  # as typed: "跌落嚟先買100u狗狗幣"
        return {"symbol": f"{REFUSED_PREFIX}held_{side}:{coin}:{said}", "side": side}

    return fill


MONEY, CONVERT = "trade.money", "trade.convert"
_USDT = "USDT"  # what trade.money names in a conversion: the quote every coin trades against


def _named_in_order(reading: Reading) -> list[tuple[int, str]]:
    """What a conversion names, in order: each coin (its symbol) and USDT (its word, or a sum of it
    "100u"), the same one said again counted once."""
    named = [(t.start, str(t.value)) for t in reading.tags if COIN in t.concepts and t.value]
    named += [(t.start, _USDT) for t in reading.tags if MONEY in t.concepts]
    named += [(v.start, _USDT) for v in reading.spans() if v.kind == "amount" and v.unit == "quote"]
    out: list[tuple[int, str]] = []
    for at, what in sorted(named):
        if not out or out[-1][1] != what:
            out.append((at, what))
    return out


def _converted(side: str) -> SlotFill:
    """A coin converted to or from USDT after the convert word ("convert 0.5 eth to usdt": a sale of
    0.5 ETH; "swap 100 usdt for sol", "把100u换成btc": a buy of 100 USDT of it, a bare number the USDT
    spent); one coin into another ("swap 0.5 eth for sol") is refused on the sale's side, said as two
    orders, never a guess of either amount."""

    def fill(reading: Reading) -> Mapping[str, Any] | None:
        named = _named_in_order(reading)
        if len(named) != 2 or reading.first(CONVERT) is None:
            return None
        (_, first), (_, then) = named
        if _USDT not in (first, then):
            if side != "sell":
                return None
            said = reading.norm.typed(0, len(reading.text)).strip()
            return {"symbol": f"{REFUSED_PREFIX}coin_to_coin:{said}", "side": side}
        if side == "sell" and then == _USDT:
            amount = _AMOUNT.read(reading)
            return {"symbol": first} | ({"amount": amount} if amount else {})
        if side == "buy" and first == _USDT:
            amount = spent(reading.spans(), reading.text)
            return {"symbol": then} | ({"amount": amount} if amount else {})
        return None

    return fill


def _sold_into_another(reading: Reading) -> Mapping[str, Any] | None:
    """A sale said with what it is converted into ("卖一半eth换成sol", "sell half my eth and swap it
    to sol"): into another coin it is one coin into another, refused whole as "把eth换成sol" is (never
    the sale alone, its buy dropped); into USDT the sale's own reading reads it."""
    got = _converted("sell")(reading)
    return got if got and str(got["symbol"]).startswith(f"{REFUSED_PREFIX}coin_to_coin:") else None


_FILLS: dict[str, SlotFill] = {
    "converted_buy": _converted("buy"),
    "converted_sell": _converted("sell"),
    "sold_into_another": _sold_into_another,
    "all_in": _ALL_IN,
    "aped": _APED,
    "money_of_coin": _MONEY_OF_COIN,
    "held_buy": _held("buy"),
    "held_sell": _held("sell"),
}
INTENTS = table(SKILL, "trade_execution", _FILLS).intents
