"""The account questions' intents: the balance ("账户里还剩多少U"), the coins held ("我的币都有
哪些"), the trades ("最近的成交记录") and the most one can buy ("最多能买多少SOL"). A failure or a
check asked for is a diagnosis's; buying or selling is an order. The account rule reads the slots
(which account, which coin, an export asked for)."""

from __future__ import annotations

from core.language.intents import intent
from core.language.tagger import COIN, EXCHANGE

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

INTENTS = (
    intent(
        SKILL, "balance", need=["noun.balance"], avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(
        SKILL, "balance", need=["ask.remaining"], avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(
        SKILL, "positions", need=["noun.holdings"], avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(
        SKILL, "positions", need=["noun.my_coins"], one_of=ASKED, avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(SKILL, "trades", need=["noun.trades"], avoid=NOT_A_QUESTION, may=ON, priority=5),
    # What one has or has bought, asked: "how much cash do i have", "我有多少ETH", "我最近买了什么".
    intent(
        SKILL, "balance", need=["trade.have", "trade.money"], avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(
        SKILL, "positions", need=["trade.have"], one_of=[COIN, "trade.coins"], avoid=NOT_A_QUESTION,
        may=ON, fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(
        SKILL, "positions", need=["trade.bought_coins"], avoid=NOT_A_QUESTION, may=ON,
        fill=lambda reading: {}, reader_first=True, priority=5,
    ),
    intent(SKILL, "trades", need=["trade.bought"], avoid=NOT_A_QUESTION, may=(*ON, "pnl.recent"), priority=5),
    # "how much btc can i buy": the reader tells the question from an order with an amount.
    intent(SKILL, "max_buy", need=["verb.buy"], one_of=["ask.how_much", "ask.most"], may=["coin"]),
)  # fmt: skip
