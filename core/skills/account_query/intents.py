"""The account questions' intents: the balance ("账户里还剩多少U"), the coins held ("我的币都有
哪些"), the trades ("最近的成交记录") and the most one can buy ("最多能买多少SOL"). A failure or a
check asked for is a diagnosis's; buying or selling is an order. The account rule reads the slots
(which account, which coin, an export asked for)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.language.intents import intent
from core.language.lexicon import phrases
from core.language.slots import Choose, Coins, Slots, When
from core.language.tagger import COIN, EXCHANGE, PUNCT, Reading
from core.skills.account_query.rules import QUESTION

SKILL = "account_query"
NOT_A_QUESTION = (
    "verb.fail", "verb.diagnose", "ask.why", "verb.buy", "verb.sell", "verb.create", "verb.delete",
    "verb.update", "noun.trader", "noun.strategy", "noun.model", "provider", "verb.notify",
)  # fmt: skip

# "my coins" is a question only with a question word ("do the thing with my coins" asks nothing).
ASKED = ("ask.which", "ask.what_is", "ask.how_much", "verb.query")
# Which account a question is about, and the words that ask it: a question explains them, and
# comes before an account request on a tie ("查一下在模拟账户的余额"), as its rule once ran first.
ON = ("noun.account", EXCHANGE, "own.account", *ASKED)
# When spending was done: the past ("昨天花了200" is told of, not asked for).
SPENT_WHEN = ("time.yesterday", "pnl.last_week", "pnl.last_month", "pnl.last_year")

# (action, the concepts it needs, one of which it needs too); the slots are read from the tags
# (core.skills.account_query.rules.QUESTION: which account, which wallet, a file asked for).
# A trades question may say "recently" (pnl.recent).
QUESTIONS: tuple[tuple[str, list[str], Sequence[str]], ...] = (
    ("balance", ["noun.balance"], []),
    ("balance", ["ask.remaining"], []),
    ("positions", ["noun.holdings"], []),
    ("positions", ["noun.my_coins"], ASKED),
    ("trades", ["noun.trades"], []),
    # What one has or has bought, asked: "how much cash do i have", "我有多少ETH", "我最近买了什么".
    ("balance", ["trade.have", "trade.money"], []),
    ("positions", ["trade.have"], [COIN, "trade.coins"]),
    ("positions", ["trade.bought_coins"], []),
    ("trades", ["trade.bought"], []),
    # Spending told of ("i spent 200 on sol yesterday", "我昨天在sol上花了200"): their trades, no chart.
    ("trades", ["trade.spent", COIN], []),
    ("trades", ["trade.spend", COIN], SPENT_WHEN),
    # One of their own accounts asked about by the name they gave it alone: "what's in main" (its
    # holdings), "how much is in main" (its balance).
    ("positions", ["own.account", "ask.what_is"], []),
    ("balance", ["own.account", "ask.how_much"], []),
)


# What is in an exchange's wallet of theirs ("what's in my futures account", "合约账户里有什么"): the
# account's holdings (deskmate reads its spot wallet, and says so of another).
WALLETS = ("wallet.spot", "wallet.futures", "wallet.margin", "wallet.funding")


_ASKED = Slots(*QUESTION)
# The trades asked about are filtered by the coin said and the day ("how much did i buy eth",
# "i spent 200 on sol yesterday"): never the whole history.
_TRADES = Slots(
    *QUESTION,
    Coins("symbol"),
    Choose("day", (("today", When("time.today")), ("yesterday", When("time.yesterday")))),
)
_WALLET = Slots(QUESTION[0], replace(QUESTION[1], need=True), QUESTION[2])
# "最多能买多少个ETH", "how much btc can i buy": the most one can buy of the coin named, on the
# account named; a price asked ("BTC 买入价是多少") is no such question.
_MOST = Slots(*QUESTION, Coins("symbol"), decline=When(any=["noun.price", "noun.chart"]))


def _not_alone(reading: Reading) -> object:
    """A coin's ticker is the balance asked only said alone, as typed ("bal", "bal?": Balancer's
    is "BAL", "BAL price", "$BAL"); the words: phrases/account_ref.toml's balance_alone."""
    said = " ".join(PUNCT.sub(" ", reading.norm.original).split())
    return None if said in phrases("account_ref").concepts["account_ref.balance_alone"].words else True


_ALONE = Slots(unless=_not_alone)


INTENTS = (
    *(
        intent(
            SKILL, action, need=need, one_of=one_of, avoid=NOT_A_QUESTION, priority=5,
            may=(*ON, COIN, *SPENT_WHEN, "time.today", "pnl.recent") if action == "trades" else ON,
            fill=_TRADES if action == "trades" else _ASKED,
        )
        for action, need, one_of in QUESTIONS
    ),
    intent(
        SKILL, "positions", need=["ask.what_is", "wallet.account"], one_of=WALLETS, avoid=NOT_A_QUESTION,
        priority=5, may=ON, fill=_WALLET,
    ),
    intent(SKILL, "balance", need=[COIN], avoid=NOT_A_QUESTION, priority=5, fill=_ALONE),
    intent(
        SKILL, "max_buy", need=["verb.buy"], one_of=["ask.how_much", "ask.most"], may=["coin"],
        avoid=["verb.sell", "verb.fail", "ask.why", "error.code", "noun.strategy"], fill=_MOST,
    ),
)  # fmt: skip
