"""Reading a trading request (zh + en): buy or sell what, how much, on which account; or the most
one can buy. The account a request names is read by core/workspace/account_named.py (for the
account questions too); the amount's shares, the whole holding and an answer to "how much?" by
core/workspace/trade_shares.py.

    买 100 USDT 的 BTC      -> buy   BTCUSDT  quote:100
    buy 0.01 BTC            -> buy   BTCUSDT  base:0.01
    用模拟账户买0.01个比特币  -> buy   BTCUSDT  base:0.01   account "模拟账户"
    清仓 ETH / sell all ETH -> sell  ETHUSDT  all
    sell half my SOL        -> sell  SOLUSDT  fraction:0.5
    最多能买多少个ETH        -> max_buy ETHUSDT

The amount slot is canonical text: "quote:100", "base:0.01", "all", "fraction:0.5".
"""

from __future__ import annotations

from typing import Any, Final

from core.coin_index import CoinIndex, Mention
from core.language.cents import in_cents
from core.language.fills import (
    outside,
    sides_name_orders,
    told_placed,
)
from core.language.held_told import counted_after, held_before_sale, outside_held
from core.language.negation import clauses, not_asked_clauses
from core.language.phrases import Words
from core.language.picks import positive
from core.language.slots import When, Word
from core.language.spared import said as spared_said
from core.language.spared import spared_beside
from core.language.tagger import COIN, Reading, Tagger
from core.language.values import REFUSED_PREFIX, Value, find_values
from core.markets import NOT_A_COIN, MarketCatalog
from core.routing.router import Route, RouteContext
from core.workspace.account_named import account_ref
from core.workspace.account_not import excluded
from core.workspace.counted_one import ONE_OF_NONE, one_counted
from core.workspace.extraction import find_name
from core.workspace.limit_price import (
    BUY,
    LIMIT,
    SELL,
    SPEND,
    as_typed,
    beside_price,
    counts_a_coin,
    other_than_size,
    paid_in_coins,
    paid_using,
    placed_side,
    priced_by_count,
    priced_first,
    said_beside,
    size_or_price,
    without_placing_count,
)
from core.workspace.order_expiry import EXPIRY, in_expiry, read_expiry
from core.workspace.told_move import told_moved
from core.workspace.trade_money import (
    PUT_IN,
    coin_choice,
    coin_list,
    cost_asked,
    each_of_coins,
    glued_to_price,
    or_price,
    puts_into,
    ranged_price,
    relative_price,
    side_names_order,
    spent,
    takes_off_the_table,
)
from core.workspace.trade_shares import (
    CLAUSE_JOIN,
    CLOSE_OUT,
    MONEY,
    SELL_ALL,
    WITHDRAWN,
    all_of_coin,
    amount_of,
    of_the_trade,
    one_amount,
    percent_of_coin,
    share_of_coin,
)
from core.workspace.wallets import WALLET, wallet_said

SKILL = "trade_execution"  # the skill whose routes it reads

SIDE = Word(  # the first said; a limit order's word says its side ("挂买单")
    "side",
    {
        "verb.sell": "sell",
        "verb.buy": "buy",
        "amount.all_in": "buy",
        "trade.put_in": "buy",  # "put $300 into btc" (only put into a coin: trade_money.puts_into)
        "order.limit_buy": "buy",
        "order.limit_sell": "sell",
        "order.catch": "buy",  # "eth跌到2800接一个": traders' buy at a level reached
    },
)
PLACED = "trade.placed"  # "i placed": an order told placed, never asked
MINE = "filler.mine"
RECORDS = frozenset({"noun.trader", "noun.account", "noun.model", "noun.alert"})  # no order's words
GIVE = "verb.give"  # with an amount, a buy: "get me 200 usdt of btc"
ADD_TO_POSITION = frozenset({"verb.create", "noun.holdings"})  # "add 50 usdt to my sol position"
TAKE_PROFIT = "order.take_profit"  # with a share and no price, a sale: "止盈一半ETH"
# No side said: "get me 200 usdt of btc" and "add 50 usdt to my sol position" buy (with an amount),
# "take profit on half of my eth" sells that share (shares only).
# "bid 200 usdt for eth at 2800", "offer 0.5 eth at 4000": the book's words say a limit order's side,
# only with its price after "at" (a value of the kind price).
_BOOK_SIDE = Word("side", {"trade.bid": "buy", "trade.offer": "sell"})
OTHER_SIDE = (
    ("buy", When(GIVE, none=["verb.create", *RECORDS])),
    ("buy", When(ADD_TO_POSITION, none=RECORDS)),
    ("sell", When(TAKE_PROFIT)),
)
ASKED = frozenset({"ask.how_much", "ask.most"})  # with a buy: the most one can buy
PRICE_QUESTION = frozenset({"noun.price", "noun.chart"})
# The price a coin moves to, and the side a limit order at it takes (a buy below, a sell above).
TRIGGERS = ((frozenset({"direction.below"}), "buy"), (frozenset({"direction.above"}), "sell"))
REACHED = frozenset({"direction.reach"})  # a level reached, which way unsaid ("eth到3000就卖掉")
ABOVE = frozenset({"direction.above"})
# "hits", "reaches": an alert reads them as a rise (it fires either way the price crosses), but a
# trade at the level they name says no way: a limit sell at 3200 with the market at 3500 sells now.
WAY_UNSAID: Final = Words("trade_money.way_unsaid")
NOTIONAL = frozenset({"trade.notional"})  # "金额100", "quote amount 100": the number after it is USDT
# A report that something went wrong ("为什么余额和持仓对不上", "my order was rejected", a pasted
# {"code":-2010,...}) asks for a diagnosis; a strategy or a DCA / grid plan is the strategy
# skill's: never an order or a balance; nor is what one did told as contrary to what is shown
# ("持仓显示0 但我明明买了": diagnosis.contrary); nor an order told unfilled ("买btc一直没成交", "the sol
# buy never filled": verb.unfilled), which the orders skill or a diagnosis reads. A trailing stop
# said is none deskmate places: its distance is no amount sold ("sell eth with a trailing stop of 5%"
# sold 5% of one's eth).
NOT_ORDERS = frozenset(
    {
        "verb.fail",
        "verb.unfilled",
        "ask.why",
        "error.code",
        "noun.strategy",
        "diagnosis.contrary",
        "term.trailing_stop",
    }
)
MANAGES = frozenset({"verb.create", "verb.delete"})
# An alert's or a protective order's word: a value said of it is that ask's, never the order's
# price or amount ("sell all my pepe and set an alert at 85k").
OTHER_ASK = frozenset(
    {"noun.alert", "verb.notify", "order.stop_loss", "order.stop_price", "order.take_profit"}
)
ORDER_WORDS = frozenset({*BUY, *SELL, *LIMIT, SELL_ALL})


class CoinNames:
    """The coins a message names (core.coin_index: names, tickers, pairs, longest first). The quote
    asset itself ("USDT") names no coin; an everyday-word ticker ("me", "one", "hot") counts only
    when no other coin is named and it is written as a ticker ("ME", "$ME"). ``read`` is the
    message as the language layer reads it (the tagger keeps the last texts': two rules read one)."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self.index = CoinIndex(catalog)
        self.tagger = Tagger(self.index)

    def read(self, text: str) -> Reading:
        return self.tagger.read(text)

    def _mentions(self, norm: str) -> list[Mention]:
        found = [m for m in self.index.find(norm) if m.symbol != NOT_A_COIN]
        strong = [m for m in found if not m.weak]
        if strong or not found:
            return strong
        # A weak one the layer reads as the coin where it is said ("buy me some link"), or written
        # as a ticker ("$ME").
        tagged = {(t.start, t.end) for t in self.read(norm).tags if COIN in t.concepts}
        return [m for m in found if m.explicit or (m.start, m.end) in tagged]

    def find(self, norm: str, *, supported: bool = True) -> str | None:
        """The first coin named that deskmate trades (not ``supported``: that it does not)."""
        return next(
            (m.symbol for m in self._mentions(norm) if self.catalog.is_supported(m.symbol) == supported), None
        )

    def all(self, norm: str) -> list[str]:
        """Every coin named (listed or not), each once, in order."""
        return list(dict.fromkeys(m.symbol for m in self._mentions(norm)))


_TRADE_ACTS: Final = frozenset({"verb.buy", "verb.sell", "amount.sell_all"})


def read_trade(text: str, coins: CoinNames, names: Reading | None = None) -> Route | None:
    """The order a message asks for (buy, sell, limit), or None when it is about something else;
    ``names``: the layer's reading of it with the person's record names, where an account of theirs
    is named without the word "account" ("用测试买0.01 btc": their account 测试)."""
    reading = coins.read(text)
    norm, said = reading.text, reading.concepts
    if not norm or norm.startswith("/") or said & NOT_ORDERS:
        return None
    told_not = not_asked_clauses(reading.scanned, reading.found, _TRADE_ACTS)
    if spared_said(reading.scanned, said):  # "except btc, buy 0.1 eth": the order is eth's, never btc's
        told_not = [*told_not, *spared_beside(reading.scanned, reading.found)]
    if told_not:  # "别把eth卖了，把btc卖了": the order is the other clause's, of the coin it names
        for start, end in told_not:
            norm = norm[:start] + " " * (end - start) + norm[end:]
        return read_trade(norm, coins, names)
    if said & WITHDRAWN and sides_name_orders(reading):
        return None
    if (PLACED in said or _mine_before_side(reading)) and sides_name_orders(reading):
        return None  # "where is my buy order for btc", "i placed a buy order for btc": an order named
    if told_placed(reading):
        return None  # "placed a market buy for eth": a buy told placed, never a new one asked
    if side_names_order(reading):
        return None  # "买sol的单子怎么没了": the order of that side asked about, none placed
    if PUT_IN in said and not said & ORDER_WORDS and not puts_into(reading):
        return None  # "eth could drop $300 to 3000": no money put into a coin
    values = [in_cents(v, text) for v in find_values(text, coins.index)]  # "at 25 cents": 0.25
    values, unplaced = _of_another_ask(reading, values)
    held = held_before_sale(reading)  # "i got 2 eth, sell one": the 2 held is no amount sold
    values, held_count = outside_held(held, values), counted_after(held)
    if _stop_told(reading, values, unplaced):
        return None  # "limit my losses on eth, sell if it hits 3200": the stop-loss itself (orders skill)
    symbol = _traded_coin(reading, coins, coins.find(norm))
    bought = next((v.coin for v in values if v.reason == "currency" and v.coin), None)
    symbol = bought or symbol  # "buy 100 usdc of eth": ETH bought, its amount refused (paid in USDC)
    if symbol is not None and one_counted(reading, values):
        symbol, held_count = None, ONE_OF_NONE  # "sell one": one of a coin not said, asked
    if held is not None and held_count is None and coins.find(held.after) is not None:
        symbol = coins.find(held.after)  # "i have 2 eth, sell my sol": the sale names its own coin
    if symbol is None:  # "buy 0.01btc", "买100ubtc": the coin glued to its amount
        symbol = next((v.coin for v in values if v.kind == "amount" and v.coin), None)
    if SELL_ALL in said and said & _RECORDS and symbol is None and coins.find(norm, supported=False) is None:
        return None  # "把提醒都清了": records cleared, no coin sold
    if names is not None and "strategy.quote_amount" in said and "own.strategy" in names.concepts:
        return None  # "change my sol stacker to 40 usdt a buy": what their strategy buys each time
    if said & MANAGES and "noun.account" in said and _no_coin(text, coins):
        return None  # "add a binance account called long shot": adding an account, not an order
    slots: dict[str, Any] = {}
    question = not said & (BUY | SELL) and SELL_ALL not in said
    ref = account_ref(names or reading, question=question)
    if ref:  # "buy 0.1 btc, not on paper": every account but the one said
        ref = excluded(names or reading, ref)
    # "用现货账户", "on my futures account": an account's wallet, no account's name (core.workspace.wallets),
    # unless one of theirs is called so (then tagged as theirs)
    wallet = wallet_said(names or reading)
    if wallet:
        slots[WALLET] = wallet
    if ref:
        slots["target_ref"] = ref
        # "用账户2买 100 USDT 的 BTC" buys 100 USDT: "2" is the account's name, no second amount
        name = ref.get("name", "")
        at = text.rfind(name) if name else -1
        values = outside(values, [(at, at + len(name))] if at >= 0 else [])
    # "take half my btc off the table": a sale, its share the trade's (only the coin's words between)
    taken = takes_off_the_table(reading)
    values = without_placing_count(reading, values if taken else of_the_trade(reading, values))
    side = _side(reading, values) or ("sell" if taken else None)
    if side is None or (side == "buy" and said & ASKED and not said & PRICE_QUESTION):
        return None  # the most one can buy ("最多能买多少个ETH"), a balance or trades question: no order
    if side == "buy" and said & PRICE_QUESTION and cost_asked(reading):
        return None  # "多少钱能买一个eth": what one coin costs, asked; never a buy of one
    if unplaced is not None:  # "buy 1 eth with a stop loss at 3000": no stop rides on an order here
        coin = symbol or coins.find(norm, supported=False)
        return Route(SKILL, side, {**slots, **({"symbol": coin} if coin else {}), "amount": unplaced})
    coin = symbol or coins.find(norm, supported=False)  # one not traded: the skill says so
    if coin is not None:
        slots["symbol"] = coin
    choice = coin_choice(reading)  # "sell btc or eth 100u", "賣btc定eth": which coin is undecided,
    if choice is not None:  # refused quoting the coins and asked, never the first coin's order
        slots["symbol"] = f"{REFUSED_PREFIX}coin_choice:{choice}"
    if each_of_coins(reading):  # "买btc和eth各100u": one order per coin (core.conversation.each_coin
        # asks each); read whole it is refused quoting it, never the first coin's order alone
        return Route(SKILL, side, {**slots, "amount": f"{REFUSED_PREFIX}each_coin:{text.strip()}"})
    if one_amount(values) and len(coins.all(norm)) > 1 and coin_list(reading) is not None:
        # "buy btc and eth 100u": the total or each? Refused quoting it, never the first coin's order
        # alone ("buy 100u of btc and 0.1 eth": no one list; "sell all my btc and eth": all of each,
        # one ask per coin; "buy one eth": "one" is no coin beside another)
        return Route(SKILL, side, {**slots, "amount": f"{REFUSED_PREFIX}coins_one_amount:{text.strip()}"})
    values = [v for v in values if not (symbol and v.unit == "base" and v.coin and v.coin != symbol)]
    relative = relative_price(norm, values)  # "3% under market", "比市價低3%": no price known yet
    values = [v for v in values if v is not relative]
    price = next((v for v in values if v.kind == "price" or v.unit == "price"), None) or beside_price(
        reading, values
    )
    # "buy btc if it drops to 80000", "eth涨到4000卖": the price it moves to is the limit price, never
    # an amount; a buy as it rises (a sell as it falls) is a stop order, refused quoting the price.
    # The order stays one at a level: a limit order whose price is refused quoting the level (then
    # asked), never a sale or a buy at the market now once its size is answered.
    at_level: str | None = None
    beside = price  # the price read before any move's word, which a level's word may still be
    moved = False  # a level a price moves to said ("drops to", "hits", "到"), a condition of the trade
    unsaid = way_unsaid(reading)  # "when eth hits 3200 sell half": a level reached, no way said
    for moves, limit_side in TRIGGERS:
        if unsaid and moves == ABOVE:
            continue
        # "eth跌到3000卖0.5个": the number right before the verb is the level it moves to, its way said
        trigger = said_beside(reading, values, moves)
        if trigger is None:
            continue
        if told_moved(reading, moves):  # "btc dropped to 20k, buy": the price now, no level
            values, price = [v for v in values if v is not trigger], None if price is trigger else price
            continue
        if price is not None and trigger is not price:
            # "buy eth at 3000 if it drops to 2900": a stop's trigger beside the price, never an
            # amount; a stop-limit is no order here, so the price is refused quoting the trigger
            values = [v for v in values if v is not trigger]
            at_level = f"{REFUSED_PREFIX}stop_trigger:{trigger.typed}"
            continue
        beside, moved = None, True  # its way said
        if side == limit_side:
            price = trigger
        else:
            price, at_level = trigger, f"{REFUSED_PREFIX}stop_trigger:{trigger.typed}"
    # "eth到3000就卖掉", "when eth gets to 3000 sell it": the level is no amount, and whether it is a
    # limit or a stop depends on which way the price goes: refused quoting it, never guessed.
    # A price read beside the verb that is that level ("eth到3200卖一半") is the level too, never a limit.
    reached = said_beside(reading, values, REACHED) or _after_to(text, values)
    if price is not None and (reached is not price or price is not beside):
        reached = None  # "eth涨到3200卖一半": its way said, a limit at 3200
    if reached is None and price is None and unsaid:
        reached = said_beside(reading, values, ABOVE)
    if reached is not None:
        moved = True
        price = reached  # "sell 2 sol when it reach 250, limit order": a limit order said, at that level
        at_level = None if said & LIMIT else f"{REFUSED_PREFIX}reach_level:{reached.typed}"
    across = moved and len(coins.all(norm)) > 1
    if across:
        # "if btc hits 100k sell my eth", "btc到10万就把eth卖了": one coin's trade on another coin's
        # price is a conditional order this product cannot place: refused quoting it, never the
        # first coin's limit (the wrong coin) nor a trade now; the other coin's level is no price
        # of it (dropped below: asked, never kept).
        slots["symbol"] = f"{REFUSED_PREFIX}cross_coin:{text.strip()}"
    # "place a limit buy for 0.01 BTC at 85000": its price is what it is about; it never becomes a
    # market order.
    limit = bool(said & LIMIT) or price is not None or relative is not None
    if limit:
        slots["side"] = side
        # an expiry's duration ("for 24 hours") is no amount: read by read_expiry below
        values = [v for v in values if v is not price and not in_expiry(v, text)]
        counted = [as_typed(v, values, kind=True) for v in reading.spans() if counts_a_coin(reading, v)]
        bare = [v for v in values if v.kind == "number" and v not in counted]  # "10 link": coins
        if price is None and (each := priced_by_count(values)) is not None:
            price = each  # "link 挂单卖 30刀 10个": 10 LINK at 30 each
            values.remove(price)
        elif price is None and len(bare) == 1 and len(values) == 2:
            money = values[0] if values[1] is bare[0] else values[1]
            if money.kind == "amount" and money.unit == "quote" and money.end <= bare[0].start:
                # "link 挂单卖 30刀 10": 10 LINK at 30 (a price said first) or 30 USDT's worth at 10?
                # Refused quoting both, asked; never guessed ("link 11挂单买50u": the price first)
                typed = text[money.start : bare[0].end]
                return Route(SKILL, "limit", {**slots, "amount": f"{REFUSED_PREFIX}two_numbers:{typed}"})
            price = bare[0]  # "限价单 85000 买 0.01 个比特币": the amount has its unit, the price not
            values.remove(price)
        elif price is None and len(bare) == 2 and len(values) == 2:
            price = other_than_size(reading, bare)  # "limit buy btc 88000 size 0.002"
            values = [v for v in values if v is not price]
        if price is not None:
            slots["limit_price"] = at_level or price.slot
            glued = glued_to_price(text, price, values)
            if glued is not None:  # "limit buy 0.1 btc at 100 20": no price of 100
                slots["limit_price"] = f"{REFUSED_PREFIX}two_numbers:{glued}"
            other_end = ranged_price(text, price, values)
            if other_end is not None:  # "eth 3200-3300 挂卖单": a range, never 3,200 ETH at 3,300
                first, last = sorted((price, other_end), key=lambda v: v.start)
                slots["limit_price"] = f"{REFUSED_PREFIX}two_numbers:{text[first.start : last.end]}"
                values = [v for v in values if v is not other_end]
            other = or_price(text, price, values)
            if other is not None:  # "sell at 58000 or 57000": two prices, never 57,000 coins
                return Route(SKILL, "limit", {**slots, "amount": f"{REFUSED_PREFIX}two_numbers:{other}"})
    if relative is not None and "limit_price" not in slots:
        slots["limit_price"] = f"{REFUSED_PREFIX}relative_price:{relative.typed}"
    if across:
        slots.pop("limit_price", None)
    notional = None if limit else said_beside(reading, values, NOTIONAL, joining=_KEYED)
    if notional is not None:  # "买btc 金额100": USDT, never 100 BTC; "金额 0.1 btc" is refused
        amount = spent([notional], text)
    elif said & {SPEND, PUT_IN} and side == "buy":
        amount = spent(values, text, of_money=SPEND in said and bool(said & MONEY))
    else:
        # "大餅升到12萬就沽晒", "eth涨到4000清仓": a limit sell of the whole holding, as "sell all at 4000"
        whole = not limit or side == "sell"
        amount = amount_of(values, text, SELL_ALL in said and whole, closes=CLOSE_OUT in said and whole)
        # "limit buy btc 60000", "挂单买入btc 6万": no price read, the lone bare number is the size or
        # the price (a limit needs both): refused as the market order's is, never 60,000 BTC
        unsure = None if limit and price is not None else size_or_price(reading, values)
        if unsure is not None and amount == positive(unsure).amount_slot:
            amount = f"{REFUSED_PREFIX}size_or_price:{unsure.typed}"
        paid = None if unsure is not None else paid_using(reading, values)
        if paid is not None:  # "用100买eth": which unit, never 100 coins
            amount = f"{REFUSED_PREFIX}unit:{paid.typed}"
        in_coins = paid_in_coins(reading, values) if side == "buy" else None
        if in_coins is not None:  # "用0.1个btc买eth": paid in BTC, never a buy of 0.1 BTC
            amount = f"{REFUSED_PREFIX}spent_not_usdt:{in_coins.typed}"
        if amount is None and side == "sell" and not limit and all_of_coin(reading):
            amount = "all"
        # "buy all the eth", "把eth全部买回来": all of the coin, never all of the USDT
        amount = share_of_coin(reading, side, amount) or amount
    if held_count is not None and not limit:
        amount = held_count  # "i got 2 eth, sell one": one of the coin held; "sell them": all of it
    if amount is None and not limit and (_price_asked(reading) or ("symbol" not in slots and not ref)):
        return None  # "BTC 买入价是多少": a price question; "buy" alone, or "我买了个寂寞"
    if amount is not None:
        slots["amount"] = amount
    expiry = read_expiry(text) if limit else None  # "for 24 hours", "今天有效", "good till cancelled"
    if expiry is not None:
        slots[EXPIRY] = expiry
    return Route(SKILL, "limit" if limit else side, slots)


def _traded_coin(reading: Reading, coins: CoinNames, first: str | None) -> str | None:
    """The coin the clause asking the trade names, where another clause names another one
    ("just looking at eth, buy 0.1 btc", "我在看eth，买0.1个btc": a remark's coin is none of the
    order's); ``first``, the first coin named, where that clause names none ("eth, buy 0.5")."""
    bounds = clauses(reading.scanned)
    if first is None or len(bounds) < 2 or len(coins.all(reading.text)) < 2:
        return first
    asking = next(
        (b for b in bounds if any(b[0] <= t.start < b[1] and t.concepts & _TRADE_ACTS for t in reading.tags)),
        None,
    )
    return (coins.find(reading.text[asking[0] : asking[1]]) if asking else None) or first


def _price_asked(reading: Reading) -> bool:
    """A price or chart word said, but not as how the trade right after it is done ("市价卖掉sol",
    "以市价买入": at the market's price, the verb right after it)."""
    verbs = {t.start for t in reading.tags if t.concepts & (BUY | SELL)}
    return any(t.concepts & PRICE_QUESTION and t.end not in verbs for t in reading.tags)


def _of_another_ask(reading: Reading, values: list[Value]) -> tuple[list[Value], str | None]:
    """``values`` without those an alert's or a protective order's word is said of (``OTHER_ASK``):
    "sell all my pepe and set an alert at 85k" sells everything (85k is the alert's level, asked
    next), never at 85k; "buy 1 eth and set a stop loss at 3000" buys 1 ETH, never at 3000. A value
    is another ask's in a clause (between joins and marks) with such a word and no order's word,
    or where such a word is the nearest before it. Said in the order's own clause after its verb
    ("buy 1 eth with a stop loss at 3000") it is refused (a stop order, the second return): no
    order here carries a stop, and dropping it would place the order without the stop asked for."""
    spans = reading.spans()
    if len(spans) != len(values) or not reading.concepts & OTHER_ASK:
        return values, None
    text = reading.text
    cuts = sorted(
        {0, len(text)}
        | {t.start for t in reading.tags if CLAUSE_JOIN in t.concepts}
        | {t.end for t in reading.tags if CLAUSE_JOIN in t.concepts}
        | {i for i, ch in enumerate(text) if ch in ",，;；。!！?？"}
    )
    kept: list[Value] = []
    unplaced: str | None = None
    for span, value in zip(spans, values, strict=True):
        if value.kind == "fraction" or (value.kind == "percent" and percent_of_coin(reading, span)):
            kept.append(value)  # a share is what is sold ("止盈一半ETH", "take profit on 30% of my sol")
            continue
        start = max(c for c in cuts if c <= span.start)
        end = min(c for c in cuts if c >= span.end)
        clause = [t for t in reading.tags if start <= t.start and t.end <= end]
        asks = [t for t in clause if t.concepts & OTHER_ASK]
        orders = [t for t in clause if t.concepts & ORDER_WORDS]
        said = [t for t in clause if t.end <= span.start and t.concepts & (OTHER_ASK | ORDER_WORDS)]
        nearest = said[-1] if said else None
        if asks and not orders:
            continue  # a later (or earlier) ask's own clause: its value
        if nearest is not None and nearest.concepts & OTHER_ASK and not nearest.concepts & ORDER_WORDS:
            unplaced = unplaced or f"{REFUSED_PREFIX}stop_trigger:{value.typed}"
            continue
        kept.append(value)
    return kept, unplaced


def _stop_told(reading: Reading, values: list[Value], unplaced: str | None) -> bool:
    """A stop-loss or take-profit asked, and a sell at a level only, no amount: the sell tells how
    the protective order works ("i want to limit my losses on eth, sell automatically if it hits
    3200", "止损 eth跌到3200自动卖"), never an order of its own; "sell 1 eth, stop loss at 3000" sells."""
    said = reading.concepts
    moves = said & {"direction.below", "direction.above", *REACHED}  # "if it hits", "跌到": a level's
    if not moves or not said & {"order.stop_loss", "order.take_profit"} or not said & SELL or said & BUY:
        return False
    ok = SELL_ALL not in said and (bool(values) or unplaced is not None)
    return ok and all(v.kind in ("number", "price") for v in values)


def _no_coin(text: str, coins: CoinNames) -> bool:
    """No coin is named outside the name the message gives ("called BTC main" names none)."""
    given = find_name(text)
    rest = f"{text[: given.start]} {text[given.end :]}" if given is not None else text
    return coins.find(coins.read(rest).text) is None


def way_unsaid(reading: Reading) -> bool:
    """Every rise said is a word that says no way ("hits", "reaches"), no fall said either."""
    rises = [t for t in reading.tags if t.concepts & ABOVE]
    text = reading.text
    return bool(rises) and all(WAY_UNSAID.prefix(text[t.start : t.end]) == t.end - t.start for t in rises)


def _after_to(text: str, values: list[Value]) -> Value | None:
    """A bare number typed right after 到 / 至 inside any word ("btc回到6万就卖", "反弹至3000"): a
    level reached, never a coin's amount (a word the lexicon does not list yet still says it)."""
    return next((v for v in values if v.kind == "number" and text[: v.start].rstrip().endswith(_TO)), None)


_TO: Final = ("到", "至")


def _mine_before_side(reading: Reading) -> bool:
    """One's own order named by its side ("my buy order", "my btc sell order"): "my" before the
    side, only a coin between; "buy my btc back" has no side after "my"."""
    tags = reading.tags
    for at, tag in enumerate(tags):
        if MINE not in tag.concepts:
            continue
        rest = [t for t in tags[at + 1 :] if COIN not in t.concepts]
        if rest and rest[0].concepts & (BUY | SELL):
            return True
    return False


def _side(reading: Reading, values: list[Value]) -> str | None:
    """The side said first ("卖了 ETH 买 BTC" sells); else what an amount with other words says
    (``OTHER_SIDE``; with a price a take-profit is an order, the orders skill's)."""
    kinds = {v.kind for v in values}
    # a share of the coin: "take profit on half of my eth", "take profit on 30% of my sol"
    of_coin = all(percent_of_coin(reading, v) for v in reading.spans() if v.kind == "percent")
    shares = kinds == {"fraction"} or (bool(kinds) and kinds <= {"fraction", "percent"} and of_coin)
    held = {"buy" if "amount" in kinds else "", "sell" if shares else ""}
    side = SIDE.read(reading) or placed_side(reading, values)
    if side is None and ("price" in kinds or priced_first(reading)):
        side = _BOOK_SIDE.read(reading)
    return side or next((s for s, holds in OTHER_SIDE if s in held and holds(reading.concepts)), None)


# What may stand between a field's name and its value ("金额：100", "amount=100", '"quote_amount":"100"').
_KEYED = frozenset({":", "：", "=", '":"', '": "', '":', "为", "是"})


_RECORDS: Final = frozenset({"noun.alert", "noun.trader", "noun.account", "noun.model", "noun.strategy"})


class TradeRule:
    """The trade skill's rule over ``read_trade``: buy, sell and limit orders, read with the
    person's record names where the layer has them (an account of theirs named alone: "用测试买0.01
    btc")."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        return read_trade(text, self.coins)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        return read_trade(reading.norm.original, self.coins, reading)
