"""The price skill's intents: a coin with words asking its price or its chart, or the price
words alone. A message that also asks to act (buy, alert, create, delete...), names a record
kind or reports a loss or a failure is not a price question, whatever coin it names ("I lost a
lot of money on ETH last year")."""

from __future__ import annotations

from core.language.intents import intent
from core.language.slots import Coins, Slots
from core.language.tagger import COIN

SKILL = "price"

NOT_PRICE = (
    "verb.create", "verb.bind", "verb.delete", "verb.start", "verb.stop", "verb.update",
    "verb.switch_on", "verb.switch_off", "verb.buy", "verb.sell", "verb.notify", "verb.cancel",
    "verb.diagnose", "verb.fail", "verb.lose",
    "noun.trader", "noun.strategy", "noun.alert", "noun.account", "noun.model", "noun.balance",
    "noun.holdings", "noun.trades", "noun.daily_summary", "noun.auto_start", "amount.all_in",
)  # fmt: skip
ASKS_PRICE = (
    "noun.price", "ask.what_is", "ask.how_much", "verb.give", "verb.query", "time.now", "time.today",
)  # fmt: skip
ASKS_CHART = (
    "noun.chart",
    "time.day",
    "time.week",
    "time.month",
    "time.year",
    "time.yesterday",
    "ask.status",
)


_COINS = Slots(Coins("symbols", all=True, need=True))  # every coin named, in order

INTENTS = (
    # "what's btc at", "gimme doge", "以太坊几个u": the reader's words when it has them, else the coins.
    intent(
        SKILL,
        "current",
        need=[COIN],
        one_of=ASKS_PRICE,
        avoid=NOT_PRICE,
        fill=_COINS,
        reader_first=True,
    ),
    intent(SKILL, "history", need=[COIN], one_of=ASKS_CHART, avoid=NOT_PRICE),
    # "check the price of btc": "check the" also asks to look into a connection ("check the binance
    # connection"), but a coin's price named is a price question.
    intent(
        SKILL,
        "current",
        need=[COIN, "noun.price", "verb.diagnose"],
        avoid=tuple(c for c in NOT_PRICE if c != "verb.diagnose"),
        fill=_COINS,
        reader_first=True,
    ),
    # "ETH", "那 ETH 呢", "BTC 涨了吗": the reader tells a follow-up or a move from other talk, after
    # the rules of the skills not yet on the layer (the place the price rule had).
    intent(SKILL, "current", need=[COIN], avoid=NOT_PRICE, after_rules=True),
    # "当前价格是多少", "/price", "btcc 价格", "and now?", "那一个月呢": no coin, the conversation's.
    intent(
        SKILL,
        "current",
        one_of=(*ASKS_PRICE, *ASKS_CHART),
        avoid=(*NOT_PRICE, COIN),
        after_rules=True,
    ),
)
