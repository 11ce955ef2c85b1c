"""The account questions' intents: the balance ("账户里还剩多少U"), the coins held ("我的币都有
哪些"), the trades ("最近的成交记录") and the most one can buy ("最多能买多少SOL"). A failure or a
check asked for is a diagnosis's; buying or selling is an order. The intents are a table
(core/language/lexicon/intents/account_query.toml); the fills here read the slots (which account,
which coin, an export asked for)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from core.language.intents import table
from core.language.lexicon import load, phrases
from core.language.normalize import has_cjk
from core.language.slots import Choose, Coins, Slots, When
from core.language.tagger import PUNCT, Reading
from core.skills.account_query.rules import QUESTION

SKILL = "account_query"
_ASKED = Slots(*QUESTION)
# The trades asked about are filtered by the coin said and the day ("how much did i buy eth",
# "i spent 200 on sol yesterday", "上礼拜的成交": last week's): never the whole history.
_DAY = Choose(
    "day",
    (
        ("today", When("time.today")),
        ("yesterday", When("time.yesterday")),
        ("last_week", When("pnl.last_week")),
    ),
)
_TRADES = Slots(*QUESTION, Coins("symbol"), _DAY)


def _not_theirs(reading: Reading) -> object:
    """交易 is their trades said as someone's or some day's ("我的交易", "睇下我尋日啲交易": the
    word is 的交易) and ending what is said (a particle may follow: "我今日啲交易呢"): never
    "帮我交易", nor a word it starts that the lexicon has not ("btc的交易量", "的交易规则")."""
    tag = reading.first("noun.trading")
    text = reading.text
    if tag is None:
        return True
    if not has_cjk(text[tag.end : tag.end + 1]):
        return None
    # a particle may end it ("我今日啲交易呢"): a filler word right after
    after = next((t for t in reading.tags if t.start == tag.end), None)
    return None if after is not None and all(c.startswith("filler.") for c in after.concepts) else True


_TRADING = Slots(*QUESTION, Coins("symbol"), _DAY, unless=_not_theirs)

_FILLS_WORD = "成交"
_MINE = "我"
# The words 成交 may follow said as a thing (concepts, or their kind ending in ".").
_BEFORE_FILLS = ("filler.", "coin", "time.", "pnl.recent", "ask.what_is", "ask.which")


def _not_fills(reading: Reading) -> object:
    """成交 is their fills said as their own ("帮我查下最近一周的sol成交", "查下我的成交"): the word
    alone (diagnosis.order's 成交, no longer word of the lexicon), after 我 or a look asked for, and
    ending what is said as in _not_theirs: never "btc成交量" / "成交价" / "成交额" (the market's)."""
    text = reading.text
    tag = next(
        (t for t in reading.tags if "diagnosis.order" in t.concepts and text[t.start : t.end] == _FILLS_WORD),
        None,
    )
    if tag is None:
        return True
    asked = _MINE in text[: tag.start] or any(
        t.end <= tag.start and "verb.query" in t.concepts for t in reading.tags
    )
    if not asked:
        return True
    # said as a thing, after 的 / 我的 / a coin / a time / 什么 ("sol成交", "最近的成交"): never a
    # fill wished for or asked of an order ("我的单能成交吗", "怎么才能更快成交", "我的订单成交")
    if has_cjk(text[tag.start - 1 : tag.start]) and not any(
        t.end == tag.start and any(c.startswith(_BEFORE_FILLS) for c in t.concepts) for t in reading.tags
    ):
        return True
    if not has_cjk(text[tag.end : tag.end + 1]):
        return None
    after = next((t for t in reading.tags if t.start == tag.end), None)
    return None if after is not None and all(c.startswith("filler.") for c in after.concepts) else True


_FILLS = Slots(*QUESTION, Coins("symbol"), _DAY, unless=_not_fills)

# The question words 交易 may follow when which trades are asked ("做了什么交易", "有哪些交易");
# Hong Kong's 啲咩交易 is read 些啥交易, whose 啥交 the lexicon takes as one word.
_WHICH_ASKED = ("ask.which", "ask.what_is", "ask.meaning")
_TRADE_WORD = "交易"


def _not_which_trades(reading: Reading) -> object:
    """Which trades a day had, asked ("我昨天做了什么交易", "我尋日做咗啲咩交易", "今天有哪些交易"):
    交易 right after the question word, ending what is said as in _not_theirs ("今天有什么交易机会",
    "昨天有哪些交易所" ask no trades). A word the question word runs into counts ("啥交|易")."""
    text = reading.text
    at = text.rfind(_TRADE_WORD)
    if at < 0:
        return True
    end = at + len(_TRADE_WORD)
    asked = any(t.start < at <= t.end < end and t.concepts & set(_WHICH_ASKED) for t in reading.tags)
    if not asked or any(t.start < end < t.end for t in reading.tags):
        return True
    if not has_cjk(text[end : end + 1]):
        return None
    after = next((t for t in reading.tags if t.start == end), None)
    return None if after is not None and all(c.startswith("filler.") for c in after.concepts) else True


_WHICH_TRADES = Slots(*QUESTION, Coins("symbol"), _DAY, unless=_not_which_trades)
_WALLET = Slots(QUESTION[0], replace(QUESTION[1], need=True), QUESTION[2])
# "最多能买多少个ETH", "how much btc can i buy": the most one can buy of the coin named, on the
# account named; a price asked ("BTC 买入价是多少") is no such question.
_MOST = Slots(*QUESTION, Coins("symbol"), decline=When(any=["noun.price", "noun.chart"]))


def _not_alone(reading: Reading) -> object:
    """A coin's ticker is the balance asked only said alone, as typed, or with a polite word
    ("bal", "bal?", "bal pls": Balancer's is "BAL", "BAL price", "$BAL"); the words:
    phrases/account_ref.toml's balance_alone, the lexicon's filler.polite and filler.greeting."""
    polite = _polite()
    said = " ".join(w for w in PUNCT.sub(" ", reading.norm.original).split() if w.casefold() not in polite)
    return None if said in phrases("account_ref").concepts["account_ref.balance_alone"].words else True


@cache
def _polite() -> frozenset[str]:
    kind = load().concepts
    return frozenset((*kind["filler.polite"].words, *kind["filler.greeting"].words))


_ALONE = Slots(unless=_not_alone)


INTENTS = table(
    SKILL,
    "account_query",
    {
        "asked": _ASKED,
        "trades": _TRADES,
        "trading": _TRADING,
        "which_trades": _WHICH_TRADES,
        "fills": _FILLS,
        "wallet": _WALLET,
        "alone": _ALONE,
        "most": _MOST,
    },
).intents
