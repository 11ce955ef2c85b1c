"""The coin a story lends the ask after it: "手里的sol拿了半年一直横着不动，看着就心累，全卖了吧" sells SOL,
"my 14 year old keeps going on about pepe. buy 50 usdt of it" buys PEPE, "刚下班挤地铁，看群里说大饼又
跳水了，现在到底多少钱啊" asks BTC's price: the story names one coin, the ask names none (a pronoun, "it",
"它", or nothing at all), and the coin is the one the story is about, as the conversation's last coin
is for a message of its own.

Only an ask that would name a coin (a buy or a sale at the market, a price) and names none borrows
it, read with that coin as if typed (the ask's own slots all kept); a trade with no pronoun after a
story that tells a sale borrows nothing ("我卖了eth，帮我买100u": bought with the money, maybe of
another coin, which is asked; "上星期喺3000沽咗一半eth，沽早咗": a regret, no sale).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from core.conversation.one_request import has_coins
from core.conversation.references import refer
from core.i18n import Locale
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.tagger import Reading
from core.markets import QUOTE_ASSET
from core.routing.router import Route
from core.state import Recall

RouteFn = Callable[[str], Route | None]

_TRADE: Final = "trade_execution"
# The asks that name a coin: a trade at the market, a price.
# What a route keeps of the words as typed (the ask's own text), not a slot read.
_SAID: Final = frozenset({"request"})
_PRICE, _PRICE_WORD = "price", "noun.price"
COIN_ASKS: Final = frozenset({(_TRADE, "buy"), (_TRADE, "sell"), (_PRICE, "current"), (_PRICE, "history")})


def remark(route: Route) -> bool:
    """A price of no coin: a remark read as one ("100 a week over the last 6 months"), no ask."""
    return route.skill == _PRICE and not (route.slots.get("symbols") or route.slots.get("symbol"))


def wants_coin(found: Route | None) -> bool:
    """A clause that asks nothing without a coin (none read, or a price of none), or a trade that
    names none."""
    if found is None or remark(found):
        return True
    return (found.skill, found.action) in COIN_ASKS and not has_coins(found)


def lend_coin(
    clause: str, said: Reading, found: Route | None, coin: str, route: RouteFn, *, sold: bool
) -> Route | None:
    """``clause`` (read as ``said``, routed as ``found``) read with ``coin``, the one coin the story
    before it names: its pronoun read as that coin, else the coin said before it, for a trade or a
    price its own words ask ("现在到底多少钱啊", not "how much do i need"). None when that reads no ask
    of the coin, loses a slot ``found`` read, or changes its request; ``sold``: the story tells a
    sale, so what is traded after it names its coin itself, by a pronoun at least ("沽早咗" after one
    is a regret, no sale; "帮我买100u" after one may spend it on another coin)."""
    locale: Locale = "zh" if has_cjk(clause) else "en"
    referred = refer(clause, found, Recall(coin=coin), locale, route)
    if referred is not None:
        lent: Route | None = referred[1]
    else:
        lent = route(f"{coin.removesuffix(QUOTE_ASSET).lower()} {clause}")
        if lent is None or (lent.skill, lent.action) not in COIN_ASKS:
            return None
        if sold and lent.skill == _TRADE:
            return None
        if lent.skill == _PRICE and _PRICE_WORD not in said.concepts and not _how_much_now(said):
            return None
        if coin not in (lent.slots.get("symbol"), *(lent.slots.get("symbols") or ())):
            return None
    if lent is None or lent.followup or remark(lent):
        return None
    if found is not None and not remark(found):
        same = (found.skill, found.action) == (lent.skill, lent.action)
        kept = all(lent.slots.get(k) == v for k, v in found.slots.items() if k not in _SAID)
        if not same or not has_coins(lent) or not kept:
            return None
    return lent


_HOW_MUCH_NOW: Final = frozenset({"ask.how_much", "time.now"})


def _how_much_now(said: Reading) -> bool:
    """ "现在多少", "而家幾多", "how much now": how much now, nothing else said, asks the price of the
    coin the story is about ("大饼插针了？现在多少"); "how much do i need now" says more."""
    others = {c for c in said.concepts if not c.startswith("filler.")}
    return others == _HOW_MUCH_NOW and not said.rest()


_SOLD = Words("beside.sold")


def sale_told(reading: Reading) -> bool:
    """The story tells a sale ("我卖了eth", "上星期喺3000沽咗一半eth"): what was sold is no coin to lend."""
    return _SOLD.search(reading.text) is not None
