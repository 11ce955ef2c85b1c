"""The money of an order (zh + en): the one amount among the values said, the USDT a buy spends
("spend 200u on sol", "花一半的usdt买sol"), and money put into a coin ("put $300 into btc").
A share taken off the table ("take half my btc off the table") is a sale; an amount for each of
several coins ("帮我买btc和eth各100u") is one order per coin, never the first coin's alone. Read by
core/workspace/trade_reading.py and core/conversation/each_coin.py."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from itertools import pairwise
from typing import Final

from core.language.fills import SIDES, word_after
from core.language.phrases import Words
from core.language.picks import one_value, positive
from core.language.tagger import COIN, Reading, Tag
from core.language.values import REFUSED_PREFIX, Kind, Value, refused_slot
from core.workspace.wallets import named_after_coin

AMOUNT_KINDS: tuple[Kind, ...] = ("amount", "number", "fraction", "percent")
# "put $300 into btc", "throw 100u into sol": money put into a coin, a buy paid in USDT as spend's;
# only a sum said right after the word, then into / in right before the coin ("btc could drop
# $5000" buys nothing). What is no sum of USDT ("put all my money into btc") is refused, quoting it.
PUT_IN = "trade.put_in"
_INTO: Final = ("into", "in")
_INTO_SPACED: Final = tuple(f"{w} " for w in _INTO)


def pick_amount(values: list[Value], text: str) -> str | None:
    """The one amount among ``values``: a refused one wins (it was meant as the amount); two
    ("buy 100 200 USDT of BTC") are refused rather than one of them taken."""
    chosen = one_value(values, AMOUNT_KINDS, text)
    if chosen is None:
        return None
    if chosen.kind == "percent" and not Decimal(0) < chosen.number <= 100:
        return f"{REFUSED_PREFIX}share:{chosen.typed}"  # "sell 150% of my BTC": no share of a holding
    return positive(chosen).amount_slot


def spent(values: list[Value], text: str, *, of_money: bool = False) -> str | None:
    """The USDT a buy spends ("spend 200u on sol": quote:200; "spend 200 on sol" too), or a share of
    the money named with spend's word ("spend half my usdt on link", "花全部u买eth"); what is no USDT
    ("spend 0.5 btc on eth", "spend half on sol": half of what?, "put all my money into btc") is
    refused, quoting it."""
    chosen = one_value(values, AMOUNT_KINDS, text)
    if chosen is None or chosen.refused:
        return None if chosen is None else refused_slot(chosen)
    if of_money and chosen.kind in ("fraction", "percent"):
        return pick_amount([chosen], text)
    if chosen.kind == "number" or (chosen.kind == "amount" and chosen.unit == "quote"):
        return positive(replace(chosen, kind="amount", unit="quote")).amount_slot
    if chosen.kind == "fraction" and of_usdt(text[chosen.end :]):
        return chosen.amount_slot  # "throw all my usdt into doge", "花一半的usdt买sol": a share of the USDT
    return f"{REFUSED_PREFIX}spent_not_usdt:{chosen.typed}"


_USDT_WORDS: Final = ("usdt", "usd", "u")  # "all my money" may be more than the USDT: refused


def of_usdt(rest: str) -> bool:
    """The USDT named right after a share ("all my usdt", "half of the usdt", "一半的U")."""
    rest = rest.lower().lstrip()
    while lead := next((w for w in ("of ", "my ", "the ", "our ", "我的", "的") if rest.startswith(w)), ""):
        rest = rest[len(lead) :].lstrip()
    word = next((w for w in _USDT_WORDS if rest.startswith(w)), "")
    after = rest[len(word) : len(word) + 1]
    return bool(word) and not (after.isascii() and after.isalnum())


def puts_into(reading: Reading) -> bool:
    """Money put into a coin: a put word (trade.put_in) right before a value, then into / in right
    before the coin, only filler or money words between ("put $300 into btc", "put all my money into
    btc": the latter's share refused by spent)."""
    text, values = reading.text, reading.spans()
    for tag in reading.tags:
        if PUT_IN not in tag.concepts:
            continue
        at = len(text) - len(text[tag.end :].lstrip())
        value = next((v for v in values if v.start == at), None)
        if value is None:
            continue
        at = value.end
        for said in (t for t in reading.tags if t.start >= at):
            rest = text[at:].lstrip()
            if rest.startswith(_INTO_SPACED):
                break  # into / in itself is a filler word too: read below, never skipped
            if text[at : said.start].strip() or not (said.concepts & _PUT_BETWEEN or _filler_only(said)):
                break
            at = said.end
        rest = text[at:].lstrip()
        word = next((w for w in _INTO if rest.startswith(f"{w} ")), None)
        if word is not None and word_after(reading, len(text) - len(rest) + len(word), (COIN,)):
            return True
    return False


_PUT_BETWEEN: Final = frozenset({"trade.money"})  # "put all my money into btc"


def _filler_only(tag: Tag) -> bool:
    return all(c.startswith("filler.") for c in tag.concepts)


# The words are data: core/language/lexicon/phrases/trade_money.toml.
_TAKE, _TAKEN_BETWEEN = Words("trade_money.take"), Words("trade_money.taken_between")
# What else may stand between "take" and "off the table": the money, the holding, an amount's unit.
OFF_THE_TABLE = "trade.off_the_table"
_TAKEN_TAGS: Final = frozenset({COIN, "trade.money", "noun.holdings", "trade.answer_word"})


def takes_off_the_table(reading: Reading) -> bool:
    """A coin taken off the table, a sale ("take half my btc off the table", "taking some eth off the
    table"): a take word, then the coin (with its amount, filler, the words of taken_between), then
    "off the table", nothing else between. Either alone sells nothing ("selling is off the table",
    "take half my btc out to my wallet")."""
    text = reading.text
    offs = [(t.start, t.end) for t in reading.tags if OFF_THE_TABLE in t.concepts]
    if not offs:
        return False
    values = reading.spans()
    for _, start in _TAKE.spans(text):
        end = next((s for s, _ in offs if s >= start), None)
        if end is None:
            continue
        inside = [t for t in reading.tags if start <= t.start and t.end <= end]
        if not any(COIN in t.concepts for t in inside):
            continue
        keep = [True] * (end - start)
        spans = [(t.start, t.end) for t in inside if _taken(t)] + [
            (v.start, v.end) for v in values if start <= v.start and v.end <= end
        ]
        spans += [(start + s, start + e) for s, e in _TAKEN_BETWEEN.spans(text[start:end])]
        for s, e in spans:
            keep[s - start : e - start] = [False] * (e - s)
        if not "".join(ch for ch, k in zip(text[start:end], keep, strict=True) if k).strip():
            return True
    return False


def _taken(tag: Tag) -> bool:
    return bool(tag.concepts & _TAKEN_TAGS) or all(c.startswith(("filler.", "amount.")) for c in tag.concepts)


_ORDER_OF_SIDE, _PLACING_SIDE = Words("trade_money.order_of_side"), Words("trade_money.placing_side")


def side_names_order(reading: Reading) -> bool:
    """A buy or sell said names an order, in Chinese: the side, its coin right after it, then the
    order's word after 的 / 那 ("买sol的单子怎么没了", "卖eth的那个单呢", "我買sol嘅單去咗邊"): the order
    asked about, never one asked for (nor another side's, read as first: no order at all); unless
    a placing is said right before the side ("帮我下一个买sol的单", "挂个卖eth的单 100u": one to place)."""
    text, tags = reading.text, reading.tags
    for i, side in enumerate(tags[:-1]):
        coin = tags[i + 1]
        if not side.concepts & SIDES or COIN not in coin.concepts or text[side.end : coin.start].strip():
            continue
        if (
            _ORDER_OF_SIDE.after(text, coin.end) is not None
            and _PLACING_SIDE.before(text, side.start) is None
        ):
            return True
    return False


_EACH, _NOT_EACH = Words("trade_money.each"), Words("trade_money.not_each")
_COIN_JOIN = Words("trade_money.coin_join")


def each_said(text: str) -> list[tuple[int, int]]:
    """Where an amount is said to be for each of several ("各100u", "50 usdt each"), in ``text``;
    not 各 of another word ("各个币", "各种")."""
    held = _NOT_EACH.spans(text)
    return [(s, e) for s, e in _EACH.spans(text) if not any(a <= s and e <= b for a, b in held)]


def each_of_coins(reading: Reading) -> bool:
    """An "each" said with two coins or more named: one order per coin is asked."""
    coins = {t.value for t in reading.tags if COIN in t.concepts}
    return len(coins) >= 2 and bool(each_said(reading.text))


def coin_list(reading: Reading) -> list[Tag] | None:
    """The coins' tags of the one list of coins a message names ("btc和eth", "sol、doge", "btc, eth
    and sol"), only joining words between them; None when a coin is named apart or fewer than two
    coins are. A wallet's word the catalog lists too, right after a coin ("long eth perp"), is the
    wallet's."""
    tags = [
        t for at, t in enumerate(reading.tags) if COIN in t.concepts and named_after_coin(reading, at) is None
    ]
    if len({t.value for t in tags}) < 2:
        return None
    if any(_COIN_JOIN.sub("", reading.text[a.end : b.start]).strip() for a, b in pairwise(tags)):
        return None
    return tags


_COIN_OR, _WHICH_ONE = Words("trade_money.coin_or"), Words("trade_money.which_one")


def coin_choice(reading: Reading) -> str | None:
    """The coins of a choice between them as typed ("btc or eth", "btc或者eth", "btc定eth"): one
    list of coins (only joining words between) with an "or" between two; None otherwise. An order
    or an alert for one of them is undecided: refused quoting them, never the first coin's."""
    tags = [
        t for at, t in enumerate(reading.tags) if COIN in t.concepts and named_after_coin(reading, at) is None
    ]
    if len({t.value for t in tags}) < 2:
        return None
    between = [reading.text[a.end : b.start] for a, b in pairwise(tags)]
    if any(_COIN_JOIN.sub("", _COIN_OR.sub("", s)).strip() for s in between):
        return None
    if not any(_COIN_OR.spans(s) for s in between) and not _WHICH_ONE.spans(reading.text):
        return None  # "btc和eth哪个好买": which one of the list, asked, is a choice too
    return reading.norm.typed(tags[0].start, tags[-1].end)


OR_WORDS: Final = ("or", "或", "或者", "还是", "還是", "/")


def glued_to_price(text: str, price: Value, values: list[Value]) -> str | None:
    """A bare number typed right after the price, spaces only between, beside the order's size said
    otherwise ("limit buy 0.1 btc at 100 20", "限价100 20买0.1个btc"): 10020 as some group digits, or a
    price and something else? The two as typed, refused as the price; never the first kept as it.
    With no other size it is the size ("buy btc at 60000 0.1": 0.1 BTC)."""
    for value in values:
        if value.kind == "number" and value.start > price.end and not text[price.end : value.start].strip():
            sized = any(v is not value and v is not price for v in values)
            return text[price.start : value.end] if sized else None
    return None


def or_price(text: str, price: Value, values: list[Value]) -> str | None:
    """A second bare number said as the price's alternative ("58000 or 57000", "3000或者2900"): the
    two as typed, refused; never the other read as the amount."""
    for value in values:
        if value.kind != "number" or value is price:
            continue
        first, second = sorted((price, value), key=lambda v: v.start)
        if text[first.end : second.start].strip() in OR_WORDS:
            return text[first.start : second.end]
    return None


# Between the two ends of a range of prices ("3200-3300", "3500至3600", "3k to 3.2k"): data
# (phrases/trade_money.toml).
_PRICE_RANGE = Words("trade_money.price_range")


def ranged_price(text: str, price: Value, values: list[Value]) -> Value | None:
    """The other end of a range the price was said as ("eth 3200-3300 挂卖单", "eth 3k-3.2k limit buy"):
    the bare number joined to it by a range's word. Somewhere between is no price, and the other end is
    no amount (never 3,200 ETH sold at 3,300): the caller refuses the two as typed."""
    for value in values:
        if value.kind != "number" or value is price:
            continue
        first, second = sorted((price, value), key=lambda v: v.start)
        if text[first.end : second.start].strip() in _PRICE_RANGE.words:
            return value
    return None


# A price said against the market's ("3% under market", "比现价低5%"): data, phrases/trade_money.toml.
_RELATIVE_BEFORE = Words("trade_money.relative_before")
_RELATIVE_AFTER = Words("trade_money.relative_after")


def relative_price(text: str, values: list[Value]) -> Value | None:
    """The percent a limit's price is said off the market's by ("limit buy 0.5 eth 3% under market",
    "比现价低5%挂单买btc 500u"): a price no reader knows (the market moves) and no amount either; the
    caller refuses it as the limit's price and reads the order's size from the rest."""
    for value in values:
        if value.kind == "percent" and (
            _RELATIVE_AFTER.after(text, value.end) is not None
            or _RELATIVE_BEFORE.before(text, value.start) is not None
        ):
            return value
    return None


# What a sum asked ("多少钱", "几刀", "几多钱") and the buy after it may have between them: whether it is
# enough ("多少钱能买一个eth", "要多少钱才能买一个eth"): data, phrases/trade_money.toml.
_SUM_ASKED = Words("trade_money.sum_asked")
_ENOUGH_TO = Words("trade_money.enough_to")
_BUYS = frozenset({"verb.buy"})


def cost_asked(reading: Reading) -> bool:
    """How much money a buy takes, asked ("多少钱能买一个eth", "要多少钱才能买一个eth", "几多钱可以买一粒
    eth"): never a buy. Nothing answers it yet (the price skill does not read it): no route."""
    text = reading.text
    asked = _SUM_ASKED.spans(text)
    if not asked:
        return False
    enough = set(_ENOUGH_TO.words)
    for tag in reading.tags:
        if not tag.concepts & _BUYS:
            continue
        for _, end in asked:
            between = text[end : tag.start].strip()
            if end <= tag.start and (not between or between in enough):
                return True
    return False
