"""Where a trade message says its limit price, and which side a bid or an offer takes: the number
beside a price word, a limit order's word, a bid's or an offer's, or written against the side
("6万卖出大饼"); never an amount (core/workspace/trade_reading.py reads the rest of the order)."""

from __future__ import annotations

from core.language.fills import field_value, next_to, tag_after, tag_before, tag_beside
from core.language.phrases import Words
from core.language.tagger import COIN, Reading
from core.language.values import Value

# What a message says, as the lexicon's concepts (core/language/lexicon/*.toml).
BUY = frozenset({"verb.buy", "amount.all_in"})  # 梭哈 / all in: a buy of everything
SELL = frozenset({"verb.sell"})
PRICE_WORDS = frozenset({"noun.price"})  # a number beside it is the limit price ("85000的价格")
PRICE_OF = ("of", "的")  # between a price word and its number ("a price of 85000")
# "85000 each", "每个85000": one coin's price, the limit price ("each" is the grid word's too)
EACH = frozenset({"trade.each", "strategy.quote_per_grid"})
BOOK_SIDES = frozenset({"trade.bid", "trade.offer"})
# "buy btc for 100", "sell eth with 3000", "buy btc in 2025": a bare number after these is no
# coin's amount said plainly (with no unit it may be money paid or the price)
PAID_WITH = ("for", "with", "in", "for like", "for about", "for around", "with like", "with about")
COIN_OR_SIDE = frozenset({COIN, "verb.buy", "verb.sell"})
# "buy btc for approx 100", "买btc 大概100": a hedge right before a bare number, no exact amount
HEDGE = frozenset({"filler.approx"})
# "用100买eth", "拿100买eth": a bare number right after what a buy is paid with is money, its unit
# unsaid (USDT most likely, never known): no limit price and no coins
USING = frozenset({"filler.using", "verb.make"})  # "用", "拿", "with", "using", "use"
SIZE = frozenset({"trade.size"})  # "size 0.002": the number after it is the amount
PLACING = "order.placing"  # "挂一个", "掛張": a limit order placed
# A limit order's sided words and its putting up ("全部挂卖单", "全部挂上"): a share said of them is
# the order's size (core.workspace.trade_reading's TRADED), never a remark's.
SIDED_LIMIT = frozenset({"order.limit_buy", "order.limit_sell", "order.placing", "order.put_up"})
# A limit order names its price ("limit buy 0.01 BTC at 85000", "挂单 85000 买"): not a market order.
LIMIT = frozenset(
    {"trade.limit", "order.limit_order", "order.limit_buy", "order.limit_sell", "order.placing"}
)
# "spend 200u on sol", a buy paid in USDT: its amount is USDT, a bare number too ("spend 200 on
# sol"); a coin's amount or a share spent is refused, never read as the coin bought.
SPEND = "trade.spend"
# "bnb 650帮我挂个卖单", "3200 请挂单": a request word between the price and the placing word still
# leaves the number the order's price (said first), never 650 coins
ASKING = ("帮我", "请", "帮忙", "麻烦", "请帮我", "麻烦帮我", "帮我去", "帮我先", "先")


def priced_first(reading: Reading) -> bool:
    """A bid's or an offer's price said right after it, and what is traded after that ("bid 90k
    for 0.01 btc"): a limit order, as "bid 0.01 btc at 90k" is. A bare level alone ("bid 90k")
    says no side: it may be the money bid."""
    spans = reading.spans()
    price = next_to(reading, [v for v in spans if v.kind == "number"], BOOK_SIDES)
    return price is not None and any(v.kind == "amount" and v.start > price.end for v in spans)


def said_beside(
    reading: Reading, values: list[Value], cues: frozenset[str], *, joining: frozenset[str] = frozenset()
) -> Value | None:
    """The one of ``values`` said right after a word of ``cues`` ("drops to 80000"), or after it
    and one of ``joining``."""
    bare = [v for v in reading.spans() if v.kind in ("number", "amount") or v.refused]
    return as_typed(next_to(reading, bare, cues, joining=joining), values, kind=False)


def other_than_size(reading: Reading, bare: list[Value]) -> Value | None:
    """Of a limit order's two bare numbers, the one not said right after a quantity's word
    (trade.size: "88000 size 0.002", "3000 数量 0.5"): its price; None unless one is."""
    numbers = [v for v in reading.spans() if v.kind == "number"]
    sized = as_typed(next_to(reading, numbers, SIZE), bare, kind=True)
    return None if sized is None else next((v for v in bare if v is not sized), None)


def beside_price(reading: Reading, values: list[Value]) -> Value | None:
    """A number said beside a price word ("at a price of 85000", "以85000的价格") or right before or
    after a limit order's word ("3200挂单", "挂单 3200"): the limit price, never an amount;
    the same value of ``values`` (their offsets are the typed text's, the reading's its own)."""
    bare = [v for v in reading.spans() if (v.kind == "number" or v.refused) and not counts_a_coin(reading, v)]
    said = (
        next_to(reading, bare, PRICE_WORDS, joining=PRICE_OF)
        or next_to(reading, bare, PRICE_WORDS, joining=PRICE_OF, before=True)
        or field_value(reading, bare, EACH)
        or next_to(reading, bare, BOOK_SIDES)  # "bid 90k for 0.01 btc": the bid's price first
        # "eth 4000卖0.5 挂单": the number glued before the side is where it trades, the one after
        # it how much (never a price of 0.5 for 4,000 coins)
        or glued_to_side(reading, bare)
        # "3200挂单买一个", "eth 3200 limit buy", "大饼10万挂卖0.02" (the price first, then how much)
        or next_to(reading, bare, LIMIT, joining=ASKING, before=True)
        or next_to(unsided(reading), bare, LIMIT)  # "limit 4000 sell 0.5 eth", "挂单 3200"
        or _after_limit_and_coin(reading, bare)  # "限价单 btc 十万 卖 0.05", "挂张单 eth 3000 卖 0.5"
        or _after_placed_order(reading, bare)  # "挂个eth买单 3100"
    )
    return as_typed(said, values, kind=True)


# A count word between a number and the coin it counts ("10个link", "两粒eth").
_COUNTS = ("个", "粒", "颗", "枚", "個", "顆")


def counts_a_coin(reading: Reading, value: Value) -> bool:
    """``value`` (the reading's offsets) is a number of the coin tagged right after it, or a count
    ("挂单卖10个link 30刀", "limit sell 10 link $30": 10 LINK, whatever the value grammar made of a
    ticker that is also a word), never a price."""
    text, at = reading.text, value.end
    at = len(text) - len(text[at:].lstrip())
    if text[at : at + 1] in _COUNTS:
        return True  # a count of things ("10个"), never a price
    return any(t.start == at and COIN in t.concepts for t in reading.tags)


def glued_to_side(reading: Reading, bare: list[Value]) -> Value | None:
    """A bare number written right against the side after it ("6万卖出大饼", "3000买eth"): where it
    trades, as "在6万卖大饼" is, never 60,000 coins (with no size the order asks for it). Spaced
    ("eth 0.5 卖", "0.1 sell btc") it stays what it was: a coin's amount said before its verb; money
    spent ("花200买sol") is what is paid."""
    if SPEND in reading.concepts:
        return None
    for value in bare:
        if paid_using(reading, [value]) is not None or (value.refused and next_to(reading, [value], USING)):
            continue  # "用100买eth", "用200蚊買sol" (Hong Kong dollars, refused): the money paid, no price
        tag = tag_after(reading, value.end, BUY | SELL)
        if tag is not None and tag.start == value.end:
            return value
    return None


def _after_limit_and_coin(reading: Reading, bare: list[Value]) -> Value | None:
    """A bare number right after a limit order's word and its coin ("限价单 btc 十万 卖 0.05", "limit eth
    3000 sell 0.5"): its price, as it is with the coin said first ("btc 限价单 十万") or none
    ("限价单 十万 卖 0.05 btc"); only spaces between the three."""
    plain = unsided(reading)
    for value in bare:
        coin = tag_beside(plain, value.start, {COIN})
        if coin is not None and tag_beside(plain, coin.start, LIMIT) is not None:
            return value
    return None


# A side's order named ("买单", "卖单"): a bare number right after it, the order placed, is its price
NAMED_SIDES = frozenset({"order.buy_named", "order.sell_named"})


def _after_placed_order(reading: Reading, bare: list[Value]) -> Value | None:
    """A bare number right after a placed order's name ("挂个eth买单 3100", "挂张sol卖单 180"): the
    order's price, as "挂单 3200" is, never 3,100 coins (its size, unsaid, is asked)."""
    return next_to(reading, bare, NAMED_SIDES) if PLACING in reading.concepts else None


def unsided(reading: Reading) -> Reading:
    """``reading`` without the limit words that name a side too ("limit buy", "限价卖单"): after
    them comes what is traded ("limit buy 0.2 eth"), never the price ("limit 4000 sell")."""
    tags = tuple(t for t in reading.tags if not t.concepts & (BUY | SELL))
    return Reading(reading.norm, tags, reading.concepts)


def as_typed(said: Value | None, values: list[Value], *, kind: bool) -> Value | None:
    """The one of ``values`` (offsets of the typed text) that ``said`` (the reading's offsets) is:
    the same number or refusal, and the same kind when ``kind``."""
    if said is None:
        return None
    return next(
        (
            v
            for v in values
            if (v.number, v.reason) == (said.number, said.reason) and (not kind or v.kind == said.kind)
        ),
        None,
    )


def size_or_price(reading: Reading, values: list[Value]) -> Value | None:
    """A bare number said right after the coin ("buy eth 3000", "买大饼 60000"), no unit and no other
    value: a trader's shorthand for the size as often as for the price, and which one depends on
    the coin's price, which no reader has (the summary fetches it later). Money is read exactly or
    refused: refused, quoting it, never 3,000 ETH bought. Said before the coin ("buy 3000 eth") or
    with a unit ("eth 0.5个", "eth 300u") it is the size, as typed; so is one below 1 ("buy eth 0.5"):
    meant as a price p it would buy under 1 coin of a coin worth under 1 USDT, below every market's
    minimum order (5 USDT), which the summary refuses. Hedged ("buy btc for approx 100", "买btc
    大概100", "buy btc ~100") it is no exact amount either: refused wherever it stands."""
    if len(values) != 1 or values[0].kind != "number" or values[0].number < 1:
        return None
    numbers = [v for v in reading.spans() if v.kind == "number"]
    said = (
        next_to(reading, numbers, (COIN,))
        or next_to(reading, numbers, HEDGE)
        or _paid_with(reading, numbers)
        or _coin_first(reading, numbers)
    )
    return as_typed(said, values, kind=True)


def _coin_first(reading: Reading, numbers: list[Value]) -> Value | None:
    """A bare number right after the side, the coin said before it ("eth 卖3000", "btc buy 100"),
    a classifier between them or not ("大饼买个1000": 个 says "a", not 1,000 coins, which "买1000个"
    would): the coin's shorthand as "卖eth 3000" is, refused as a size or a price."""
    said = next_to(reading, numbers, ("verb.buy", "verb.sell"), joining=_COUNTED.words)
    if said is None:
        return None
    side = tag_before(reading, said.start, ("verb.buy", "verb.sell"))
    return said if side is not None and tag_before(reading, side.start, (COIN,)) is not None else None


# A coin's classifier ("个", "枚", "颗"), said between the side and a bare number.
_COUNTED = Words("values.coin_join")


def _paid_with(reading: Reading, numbers: list[Value]) -> Value | None:
    """A bare number after "for" / "with" following the coin or the side ("buy btc for 100", "sell
    eth for 3000", "buy for 100", "buy sol with 50"): money paid or the price asked, never 3,000
    ETH sold; which one the unit would say, so with none it is refused as a size or a price."""
    for value in numbers:
        tag = tag_before(reading, value.start, COIN_OR_SIDE)
        if tag is not None and reading.text[tag.end : value.start].strip() in PAID_WITH:
            return value
    return None


def placed_side(reading: Reading, values: list[Value]) -> str | None:
    """A limit order placed with its side named ("在0.2挂个doge买单 50u", "在180挂张sol卖单 2个"): that
    side, with a value said of any kind ("帮我挂个doge买单" alone says no order yet)."""
    said = reading.concepts
    if SELL_PLACED in said and _priced_between(reading, values):
        return "sell"  # "一半的姨太挂4200出": 出 after the placing and its price
    # "在130挂200U的sol买单": 挂 and its price said before the side's 买单 (alone, 买单 pays a bill)
    if not values or not (PLACING in said or "trade.limit" in said):
        return None
    return "buy" if "order.buy_named" in said else "sell" if "order.sell_named" in said else None


SELL_PLACED = "verb.sell_placed"


def _priced_between(reading: Reading, values: list[Value]) -> bool:
    """A price said between a limit's placing word and the 出 after it ("挂4200出"); "挂单后一直没出"
    says none: no order."""
    placed = [t.end for t in reading.tags if "trade.limit" in t.concepts]
    sold = [t.start for t in reading.tags if SELL_PLACED in t.concepts]
    return any(
        a <= v.start and v.end <= b and v.kind in ("number", "price")
        for a in placed
        for b in sold
        for v in values
    )


def without_placing_count(reading: Reading, values: list[Value]) -> list[Value]:
    """``values`` without the "一个" of a limit order placed ("在3000挂一个eth卖单 卖0.5个"): one order,
    read from inside the placing word, never its size ("在3000挂一个eth卖单" asks how much)."""
    placing = [t for t in reading.tags if PLACING in t.concepts]
    inside = [
        v
        for v in reading.spans()
        if v.kind == "amount" and v.number == 1 and any(t.start < v.start < t.end for t in placing)
    ]
    one = as_typed(inside[0], values, kind=True) if len(inside) == 1 else None
    return [v for v in values if v is not one]


def paid_using(reading: Reading, values: list[Value]) -> Value | None:
    """The bare number of ``values`` said right after what a trade is paid with ("用100买eth", "拿 100
    买 sol"): money with no unit, refused asking which ("用100u买eth" is 100 USDT), never a limit
    price of 100 or 100 coins."""
    numbers = [v for v in reading.spans() if v.kind == "number"]
    return as_typed(next_to(reading, numbers, USING), values, kind=True)


def paid_in_coins(reading: Reading, values: list[Value]) -> Value | None:
    """A coin's amount said right after what a trade is paid with ("用0.1个btc买eth", "拿 0.5 eth 买
    sol"): paid in another coin, which no order here does (money spent is USDT): never a buy of
    0.1 BTC."""
    coins = [v for v in reading.spans() if v.kind == "amount" and v.unit == "base"]
    return as_typed(next_to(reading, coins, USING), values, kind=True)


def priced_by_count(values: list[Value]) -> Value | None:
    """A limit order's two amounts, one of money and one a count of coins ("link 挂单卖 30刀 10个",
    "eth 挂单买 3000u 0.5个"): the coins counted are its size, said once, so the money is each one's
    price (a sell never placed below it). Two of one kind ("30刀 50u", "10个 5个") or a bare number
    ("30 10") say no such thing: None (refused as two numbers)."""
    if len(values) != 2 or any(v.kind != "amount" for v in values):
        return None
    quote = [v for v in values if v.unit == "quote"]
    return quote[0] if len(quote) == 1 and any(v.unit == "base" for v in values) else None
