"""The amount a trade is of, as the trade reader (core.workspace.trade_reading) reads it: the
shares said of what is traded and not of something else ("钱全部亏了 再买点BTC" buys an amount not
given), the whole holding sold ("sell all my sol", "清仓一半eth" refused), "every doge" said of the
coin; and a typed answer to "how much?" ("100u", "一半", "all"), with the canonical slot's parts."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from core.coin_index import CoinIndex
from core.language.fills import value_spans, word_after
from core.language.phrases import Words
from core.language.tagger import COIN, Reading, Tagger
from core.language.values import REFUSED_PREFIX, Value, find_values, refused_slot
from core.workspace.account_named import is_filler
from core.workspace.limit_price import BUY, SELL, SIDED_LIMIT, SPEND
from core.workspace.trade_money import PUT_IN, of_usdt, pick_amount

SELL_ALL = "amount.sell_all"  # 清仓 / sell all: the whole holding
CLOSE_OUT = "amount.close_out"  # "close out my btc": the whole, or the share told ("close out half")
# An order withdrawn ("cancel my limit buy", "kill the eth sell order", "撤销我的限价买单"): its side
# names which order, no order is placed (the orders skill's cancel).
WITHDRAWN = frozenset(
    {"verb.cancel", "verb.stop", "verb.delete", "order.revoke", "order.revoke_all", "order.withdraw"}
)
# "every" / "all" / "所有" right before the coin sold ("sell every doge i got", "卖掉所有doge"): the
# whole holding; said before anything else it is no amount ("sell doge every week").
ALL_OF = "filler.all"
# What a share may be said of to be the amount traded ("全部买", "sell all my sol", "用全部USDT",
# "一半仓位"): the order's words, the coin, the money, the holding. Said of anything else ("钱全部亏了",
# "USDT 全部没了", "lost all my money", "cancel all orders") it is a remark's, no amount.
MONEY = frozenset({"trade.money", "noun.balance"})  # "u", "my usdt", "my balance"
# A limit's placing word after the share is the order's too ("sol全部挂185卖掉": all of it placed at 185).
TRADED = SIDED_LIMIT | frozenset(
    {
        *BUY,
        *SELL,
        SELL_ALL,
        "trade.spend",
        *MONEY,
        "noun.holdings",
        COIN,
        "filler.using",
        "filler.of",
        "trade.limit",
    }
)
HELD = frozenset({COIN, *MONEY, "noun.holdings"})  # what a share may be of, not the trade's verb
CLAUSE_JOIN = "filler.join"  # "and", "然后", "再": what comes after is another clause


def one_amount(values: list[Value]) -> bool:
    """A value said that could be a total or each coin's ("100u", "half"); all of a holding is each's."""
    return any(not (v.kind == "fraction" and v.number == 1) for v in values)


def of_the_trade(reading: Reading, values: list[Value]) -> list[Value]:
    """``values`` without the shares said of something else than what is traded: "钱全部亏了 再买点
    BTC", "lost all my money, buy some btc", "cancel all orders and sell my sol" buy or sell an
    amount not given (the order asks for it), never everything."""
    shares = [v for v in reading.spans() if v.kind == "fraction"]
    typed = [v for v in values if v.kind == "fraction"]
    if len(shares) != len(typed):
        return values  # the two readings do not line up: keep what the grammar read
    spends = bool(reading.concepts & {SPEND, PUT_IN})  # "spend all my usdt on sol": the money spent
    other = {
        id(t)
        for s, t in zip(shares, typed, strict=True)
        if _said_of_other(reading, s) and not (spends and of_usdt(reading.text[s.end :]))
    }
    return [v for v in values if id(v) not in other] if other else values


def _said_of_other(reading: Reading, share: Value) -> bool:
    """A share said of another thing than the trade's: a word after it (past filler) that is none
    of ``TRADED`` ("全部亏了", "全部没了", "all orders"), or an unknown word or a withdrawal right
    before it, its verb ("lost all", "cancel all"). A share said alone, or inside the trade's own
    word ("all in", "梭哈"), is the trade's."""
    if any(t.start <= share.start and share.end <= t.end and t.concepts & TRADED for t in reading.tags):
        return False
    values = [(v.start, v.end) for v in reading.spans() if v is not share]
    # Opening its clause ("all my usdt is gone"), a share of the money is what the words after
    # the money say of it; after the trade's verb ("sell all my sol lol") it is the verb's.
    subject = not any(t.end <= share.start and t.concepts & (BUY | SELL) for t in reading.tags)
    at, noun = share.end, False
    for tag in (t for t in reading.tags if t.start >= at):
        word, mark = _gap(reading, at, tag.start, values, spaced=not subject)
        if word:
            return True  # a word no tag explains ("亏完", "没了", "all my usdt is gone")
        if mark or CLAUSE_JOIN in tag.concepts or (noun and not is_filler(tag)):
            break  # the clause ends, or what was said of the money
        if tag.concepts & TRADED:
            if not (subject and tag.concepts & HELD):
                break  # the trade's word
            noun = True
            at = tag.end
            continue
        if not any(c.startswith("filler.") or c == _ANSWER_WORD for c in tag.concepts):
            return True  # a word of another thing ("orders"), or one the lexicon keeps no concept of
        at = tag.end
    else:
        if _gap(reading, at, len(reading.text), values, spaced=not subject)[0]:
            return True
    before = next((t for t in reversed(reading.tags) if t.end <= share.start), None)
    word, mark = _gap(reading, before.end if before else 0, share.start, values, last=True)
    if word:
        return True  # its verb, a word no tag explains ("lost all my money")
    if before is None or mark:
        return False  # the clause starts with it ("全部买btc"; "..., all in")
    # "lost all", "cancel all"; a removal's word that is also a sale's is the trade's verb ("get rid
    # of half my doge": half of it sold)
    return not before.concepts or bool(before.concepts & WITHDRAWN and not before.concepts & (BUY | SELL))


def _gap(
    reading: Reading,
    start: int,
    end: int,
    values: list[tuple[int, int]],
    *,
    last: bool = False,
    spaced: bool = False,
) -> tuple[bool, bool]:
    """(a word, a punctuation mark) between ``start`` and ``end`` that no tag and no value is:
    the word before the first mark (``last``: after the last one). ``spaced``: a space between two
    Chinese words parts clauses as a comma does ("pepe赶紧卖一半 要崩了": the half is the sale's)."""
    full = reading.text
    text = list(full[start:end])
    for v_start, v_end in values:
        for i in range(max(v_start, start), min(v_end, end)):
            text[i - start] = " "
    for i, ch in enumerate(text):
        at = start + i
        if spaced and ch.isspace() and _cjk(full[:at].rstrip()[-1:]) and _cjk(full[at:].lstrip()[:1]):
            text[i] = ","
    parts = _MARKS.split("".join(text))
    return bool(parts[-1 if last else 0].strip()), len(parts) > 1


_ANSWER_WORD = "trade.answer_word"  # "sol沽一半先": 先 (first), said around an amount, no other thing


def _cjk(ch: str) -> bool:
    return bool(ch) and "\u4e00" <= ch <= "\u9fff"


_MARKS = re.compile(r"[^\s\w]+|_")  # punctuation, not spaces (a space often parts two words of one clause)


def amount_of(values: list[Value], text: str, sells_all: bool, *, closes: bool = False) -> str | None:
    if sells_all or closes:
        told = [v for v in values if v.kind in _TOLD_AMOUNT or v.refused]
        if not [v for v in told if not (v.kind == "fraction" and v.number == 1 == v.per)]:
            return "all"
        if closes and not sells_all:
            return pick_amount(values, text)  # "close out half my btc": the half closed
        # "sell all but 0.1 btc", "清仓一半eth", "sell all but half": everything and another amount;
        # refused, never a sale of everything
        return refused_slot(Value("refused", 0, len(text), text.strip(), reason="two_numbers"))
    return pick_amount(values, text)


_TOLD_AMOUNT = frozenset({"amount", "number", "percent", "fraction"})


# What says a share on a buy is of the USDT paid: the money named ("all my usdt", "全部U", "my
# balance", "全部钱"), an all-in word ("梭哈", "all in", "全仓"), paying with it ("buy eth with
# everything", "用全部买eth", "拿一半去买"), aping it in.
PAID = frozenset({*MONEY, "amount.all_in", "filler.using", "trade.ape"})
BOUGHT_BACK: Final = Words("trade_money.bought_back")


def share_of_coin(reading: Reading, side: str | None, amount: str | None) -> str | None:
    """On a buy, a share said of the coin and nothing saying it is of the USDT paid ("buy all the
    eth", "把eth全部买回来", "buy half the sol", "buy everything", "全部买回来"): it names the coin's
    quantity, which a buy cannot know, so it is refused quoting it (the amount then asked), never
    all (or part) of the USDT spent; None otherwise. A share opening the buy with no coin beside it
    ("全部买btc", "半仓买入eth") or closing it ("买btc 全部") stays the money's, as an all-in word's."""
    if side != "buy" or amount is None or not (amount == "all" or amount.startswith("fraction:")):
        return None
    if reading.concepts & PAID:
        return None
    back = any(BOUGHT_BACK.prefix(reading.text[t.end :].lstrip()) for t in reading.tags if t.concepts & BUY)
    for share in reading.spans():
        if share.kind in ("fraction", "percent") and (back or _of_coin(reading, share)):
            return f"{REFUSED_PREFIX}share_of_coin:{share.typed}"
    return None


def share_answered(text: str, amount: str) -> str | None:
    """A share typed as a buy's amount, answering "how much ETH?" ("all", "全部", "一半"), that says
    no USDT: refused quoting it, as one said of the coin is; "all my usdt", "全部U" answer it."""
    if not (amount == "all" or amount.startswith("fraction:")) or Tagger().read(text).concepts & PAID:
        return None
    return f"{REFUSED_PREFIX}share_of_coin:{text.strip()}"


def _of_coin(reading: Reading, share: Value) -> bool:
    """A share said of the coin bought: right before it ("all the eth", "一半的sol", "50% of the eth"),
    the object of the buy's verb ("buy everything", "买全部"), or right after the coin with the verb
    after it ("eth全部买", "把eth全部买回来"); only filler between."""
    if word_after(reading, share.end, (COIN,)):
        return True
    at = share.start
    for tag in sorted((t for t in reading.tags if t.end <= share.start), key=lambda t: t.end, reverse=True):
        if reading.text[tag.end : at].strip():
            return False  # a word no tag explains, or another value, between
        if not is_filler(tag):
            return bool(tag.concepts & BUY) or (COIN in tag.concepts and word_after(reading, share.end, BUY))
        at = tag.start
    return False


_SHARE_TIE: Final = Words("trade_money.share_tie")


def percent_of_coin(reading: Reading, percent: Value) -> bool:
    """A percent said of a coin, "of" / 的 right after it ("take profit on 30% of my sol", "止盈30%的
    sol"): a share of the coin, as "half of my eth" is, never a take-profit or stop set as a percent
    ("take profit at 30% on my sol")."""
    tie = _SHARE_TIE.after(reading.text, percent.end)
    return tie is not None and word_after(reading, tie, (COIN,))


def all_of_coin(reading: Reading) -> bool:
    """ "every" / "all" said right before a coin, only filler between ("every doge", "all my sol",
    "所有的doge")."""
    return any(word_after(reading, t.end, (COIN,)) for t in reading.tags if ALL_OF in t.concepts)


def parse_amount_answer(text: str, coins: CoinIndex | None = None) -> str | None:
    """A typed answer to "how much?" made of the amount alone: "100 USDT", "100u", "0.01", "一半",
    "all", "就 100U 吧", canonical ("quote:100", "base:0.01", "all", "fraction:0.5") or a refusal's
    slot text ("refused:sign:-100", core.language.values); None for a sentence that says more
    ("余额100U够不够", "提醒我BTC到100000")."""
    reading = Tagger().read(text)
    # The words around an amount typed as an answer ("就 100U 吧", "买 0.5 个", "half of it", "ok"):
    # a side, filler, a yes, or the lexicon's answer words; any other word says more.
    joining = {c for t in reading.tags for c in t.concepts if c in _ANSWER or c.startswith("filler.")}
    if reading.rest(ignore=reading.concepts - joining, spans=value_spans(reading)).replace(" ", ""):
        return None
    said = reading.concepts
    return amount_of(find_values(text, coins), text, SELL_ALL in said, closes=CLOSE_OUT in said)


# The money a share is of ("all my usdt", "一半的U") answers a buy's "how much?" too.
_ANSWER = frozenset({*BUY, *SELL, SELL_ALL, CLOSE_OUT, *MONEY, "answer.yes", "trade.answer_word"})


def amount_parts(amount: str) -> tuple[str, Decimal, int]:
    """("quote", 100, 1) of "quote:100"; ("all", 1, 1) of "all"; ("fraction", 1, 3) of
    "fraction:1/3" (a share with no exact decimal, kept as its two whole numbers)."""
    unit, _, value = amount.partition(":")
    part, slash, per = value.partition("/")
    if slash and not (per.isdigit() and part.isdigit() and int(per) > 0):
        raise ArithmeticError(amount)
    return unit, Decimal(part) if part else Decimal(1), int(per) if slash else 1
