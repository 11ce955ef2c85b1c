"""The account questions' intents: the balance ("账户里还剩多少U"), the coins held ("我的币都有
哪些"), the trades ("最近的成交记录") and the most one can buy ("最多能买多少SOL"). A failure or a
check asked for is a diagnosis's; buying or selling is an order. The account rule reads the slots
(which account, which coin, an export asked for)."""

from __future__ import annotations

from core.language.intents import intent

SKILL = "account_query"
NOT_A_QUESTION = (
    "verb.fail", "verb.diagnose", "ask.why", "verb.buy", "verb.sell", "verb.create", "verb.delete",
    "verb.update", "noun.trader", "noun.strategy", "noun.model", "provider", "verb.notify",
)  # fmt: skip

# "my coins" is a question only with a question word ("do the thing with my coins" asks nothing).
ASKED = ("ask.which", "ask.what_is", "ask.how_much", "verb.query")

INTENTS = (
    intent(
        SKILL, "balance", need=["noun.balance"], avoid=NOT_A_QUESTION, may=["noun.account", "ask.how_much"],
        fill=lambda reading: {}, reader_first=True,
    ),
    intent(
        SKILL, "balance", need=["ask.remaining"], avoid=NOT_A_QUESTION, may=["noun.account"],
        fill=lambda reading: {}, reader_first=True,
    ),
    intent(
        SKILL, "positions", need=["noun.holdings"], avoid=NOT_A_QUESTION, may=ASKED,
        fill=lambda reading: {}, reader_first=True,
    ),
    intent(
        SKILL, "positions", need=["noun.my_coins"], one_of=ASKED, avoid=NOT_A_QUESTION,
        fill=lambda reading: {}, reader_first=True,
    ),
    intent(SKILL, "trades", need=["noun.trades"], avoid=NOT_A_QUESTION, may=ASKED),
    # "how much btc can i buy": the reader tells the question from an order with an amount.
    intent(SKILL, "max_buy", need=["verb.buy"], one_of=["ask.how_much", "ask.most"], may=["coin"]),
)  # fmt: skip
