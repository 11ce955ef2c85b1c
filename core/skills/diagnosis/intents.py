"""The six diagnoses' intents (a table: core/language/lexicon/intents/diagnosis.toml), and the
slots each reads (zh + en; the words in lexicon/verb.toml, diagnosis.toml and error.toml).

A message is a diagnosis request when it carries an error (a pasted body, a code, "返回 402"),
reports that something does not work ("why does binance say invalid signature", "我的币安账户连不
上"), or asks for a check ("diagnose my binance account"). Which diagnosis: the error's source,
else what the message names (an exchange or account, a model provider or config, an order, a
balance, a trader, a strategy). A coin question ("币安币为什么跌了") is nobody's diagnosis.

Which comes first on a tie is the table's (priority). Each fill says whether the problem is its
own (None: the next reading's).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict
from functools import partial
from typing import TYPE_CHECKING, Any

from core.language import fills
from core.language.intents import Intent, SlotFill, table
from core.language.phrases import Words
from core.language.slots import Read, When
from core.language.slots import Slots as Table
from core.language.tagger import Reading
from core.language.when_done import AT_TRADE
from core.language.word_scan import EXCHANGE, PROVIDER, named

if TYPE_CHECKING:
    from core.diagnosis.pasted import PastedError

MODEL_SKILL = "model_diagnosis"

OUTAGE = "diagnosis.outage"  # "is binance down": a failure of an exchange named, and no coin
# "连不上", "returns 401", "币安提示", "api key 過期"
FAILING = frozenset({"verb.fail", "verb.report", "verb.unfilled", "diagnosis.expired"})
DIAGNOSE, WHY = "verb.diagnose", "ask.why"
CODE = "error.code"  # an error's code or a status ("-2015", "401", "429s")
TRADER = frozenset({"noun.trader", "own.trader"})
STRATEGY = frozenset({"noun.strategy", "own.strategy"})
MODEL = frozenset({"noun.model", "own.model"})
ACCOUNT = frozenset({"noun.account", "own.account"})
KEY = frozenset({"diagnosis.key", "term.api_key", "term.passphrase"})
MARKET = frozenset({"diagnosis.market", "noun.price", "noun.chart"})
ORDER = frozenset({"diagnosis.order", "verb.buy", "verb.sell"})
ORDER_FAILURE = frozenset({"verb.fail", "verb.unfilled", "ask.why", "diagnosis.not_done"})
# An error named as what an order said ("says lot size when i sell doge", "我卖doge的时候提示lot size").
TOLD_ERROR = frozenset({"error.code", AT_TRADE})
# Or after a trade of a coin told ("tried buying sol, got MIN_NOTIONAL"): the error that order met.
TRIED = frozenset({"diagnosis.order", "coin", "error.code"})
HOLDINGS = frozenset({"noun.balance", "noun.holdings", "noun.trades"})
CONTRARY = "diagnosis.contrary"  # "… but i definitely bought some", "可我明明充值了": shown wrong
SHOWN = frozenset({"diagnosis.shown", "verb.report", "trade.have"})  # "it shows", "it says i have"
# What one holds not shown, with a buy told or contrary ("the eth i bought isnt showing up"): balance's.
MISSING, BOUGHT = "diagnosis.missing", "diagnosis.bought"
# A holding told smaller than it should be (少了一截, "way less than it should"), or money told fallen
# by an amount ("my usdt dropped by 40"): of their money, coin or balance, the balance diagnosis's.
FEWER, FELL_BY = "diagnosis.fewer", "diagnosis.fell_by"
UNCHANGED = "diagnosis.unchanged"  # "但係結餘完全冇變", "my balance hasn't changed": shown wrong
# Said of a holding: less, unchanged, none shown, or off ("balance is off")
SHOWN_WRONG = (FEWER, UNCHANGED, MISSING, "diagnosis.off")
MINE = frozenset({"filler.mine", "noun.account", "own.account"})  # 我的 eth, 账户里的 usdt
NOT_DONE = frozenset({"verb.fail", "verb.unfilled", "diagnosis.not_done"})  # an order that failed
# Doing nothing ("beta 一直闲着"): only of a trader or strategy named (its intents need one).
NOT_WORKING = frozenset({DIAGNOSE, "diagnosis.not_done", "diagnosis.idle", *FAILING})
GAINS = frozenset({"ask.pnl", "pnl.profit"})  # "这个策略为什么赚钱" asks of a gain: no problem
_EXCHANGE_SOURCES = frozenset({"binance", "okx", "bybit"})
# Codes that reject an order rather than a key: filters, balance, symbol, deskmate's caps.
_ORDER_CODES = frozenset({"-1013", "-2010", "-1121", "51008", "170131", "51001"})

Slots = Mapping[str, Any] | None


def as_slot(error: PastedError) -> dict[str, Any]:
    """The error as a slot: its fields, without a status or a kind it has none of."""
    return {k: v for k, v in asdict(error).items() if k not in ("status", "kind") or v}


def _pasted(reading: Reading, *, bare_status: bool = False) -> PastedError | None:
    from core.diagnosis.pasted import parse_pasted  # with the first message that may carry one

    return parse_pasted(reading.norm.original, bare_status=bare_status)


def _named(reading: Reading, concept: str) -> str | None:
    """The exchange or model provider named (also inside a longer word: "我的币安帐户")."""
    tagged = next((t.value for t in reading.tags if concept in t.concepts), None)
    return tagged or named(reading.text, concept)


def _said(reading: Reading) -> frozenset[str] | None:
    """The message's concepts; None for a command, or a trader's problem (the trader diagnosis's)."""
    concepts = reading.concepts
    return None if reading.text.startswith("/") or concepts & TRADER else concepts


_ALWAYS = Words("problem.always")  # phrases/problem.toml
_STATUSES = re.compile(r"(?<!\d)(\d{3})s\b")  # "429s": a status said many times, a number


def _only_a_status(reading: Reading) -> bool:
    """Nothing but what the message names and a bare number ("binance 401"), said to keep
    coming or not ("OpenAI 個 key 成日 401")."""
    rest = reading.rest(spans=_ALWAYS.spans(reading.text))
    return all(ch.isdigit() or not ch.isalnum() for ch in _STATUSES.sub(r"\1", rest))


def _exchange(reading: Reading) -> Slots:
    if reading.text.startswith("/"):
        return None
    concepts = reading.concepts
    exchange, provider = _named(reading, EXCHANGE), _named(reading, PROVIDER)
    failing = bool(concepts & FAILING) or (OUTAGE in concepts and exchange is not None)
    error = _pasted(reading, bare_status=exchange is not None and (failing or _only_a_status(reading)))
    # A trader's problem is the trader's, unless the exchange named answered with its own error:
    # "getting -2015 from binance when the bot tries to read my account" is the key's.
    if concepts & TRADER and (error is None or error.source not in _EXCHANGE_SOURCES or exchange is None):
        return None
    slots: dict[str, Any] = {"exchange": exchange} if exchange and exchange != "paper" else {}
    symbol = next(iter(fills.coins(reading)), None)
    if error is not None:
        if error.code in _ORDER_CODES and concepts & ORDER:
            return None  # an order's rejection said of an order: the order diagnosis's
        # "binance says invalid api key": a key error said of an exchange is the exchange's.
        theirs = error.source in ("http", "model") and exchange is not None and provider is None
        if error.source not in _EXCHANGE_SOURCES and not theirs:
            return None
        return {**slots, **({"symbol": symbol} if symbol else {}), "error": as_slot(error)}
    if provider is not None and exchange is None:
        return None  # a model provider's problem
    if (exchange in (None, "paper") and not concepts & (ACCOUNT | KEY)) or concepts & MODEL:
        return None
    if DIAGNOSE in concepts:
        return slots
    asks = failing or WHY in concepts
    return slots if asks and (concepts & KEY or (symbol is None and not concepts & MARKET)) else None


def _model(reading: Reading) -> Slots:
    provider, exchange = _named(reading, PROVIDER), _named(reading, EXCHANGE)
    # A trader's problem is the trader's, unless a model provider, or a model config of theirs by its
    # name, is told failing beside it ("kimi一直超时 交易员都卡住了", "ds1老是报429 交易员全卡住了": the
    # traders only wait on the model).
    model = provider is not None or "own.model" in reading.concepts
    # A status said as one ("deepseek gives 401 every time the trader tries to think", "getting 429s
    # from openai all afternoon": error.code's 401, 429s) fails it as a failure's word does.
    failing = FAILING | {CODE}
    told = model and bool(reading.concepts & failing) and not reading.text.startswith("/")
    concepts = reading.concepts if told else _said(reading)
    if concepts is None:
        return None
    named = provider is not None or bool(concepts & MODEL)
    bare = bool(concepts & failing) or _only_a_status(reading)
    error = _pasted(reading, bare_status=named and bare)
    slots: dict[str, Any] = {"provider": provider} if provider else {}
    if exchange not in (None, "paper") and provider is None:
        return None  # an exchange's (its key error reads like a model's)
    if error is not None:
        ours = (error.source == "model" and not concepts & ORDER) or (error.source == "http" and named)
        return {**slots, "error": as_slot(error)} if ours else None
    if not named or exchange not in (None, "paper"):
        return None
    return slots if concepts & ({DIAGNOSE, WHY} | FAILING) else None


def _order(reading: Reading) -> Slots:
    """ "为什么我的订单失败了", "my BTC buy was rejected", a pasted -2010 about an order."""
    concepts = _said(reading)
    if concepts is None or concepts & STRATEGY or not concepts & ORDER:
        return None  # a trader's or a strategy's problem is theirs
    if "noun.holdings" in concepts and concepts & SHOWN and "diagnosis.order" not in concepts:
        return None  # "我的持倉顯示不對，明明有買 ETH": what is held shown wrong, the buy why (balance's)
    if MISSING in concepts and concepts & {BOUGHT, CONTRARY, "trade.done", "noun.holdings"}:
        return None  # "the eth i bought isnt showing up", "我明明有買 SOL 可是持倉看不到", "bought sol,
        # positions says i have none": balance's
    if CONTRARY in concepts and concepts & SHOWN and not concepts & NOT_DONE:
        return None  # "why does it say i have 0 sol, i bought some": what is shown wrong (balance's)
    error = _pasted(reading)
    if error is not None and error.code not in _ORDER_CODES and error.source != "model":
        return None  # a key, a clock, a ban: the exchange diagnosis's
    told = concepts >= TOLD_ERROR or concepts >= TRIED
    if error is None and not concepts & ORDER_FAILURE and not told:
        return None
    said = (("symbol", next(iter(fills.coins(reading)), None)), ("exchange", _named(reading, EXCHANGE)))
    slots: dict[str, Any] = {key: value for key, value in said if value}
    return {**slots, "error": as_slot(error)} if error is not None and error.source != "model" else slots


# "为什么余额和持仓对不上", "my positions don't match my balance", what they show told as contrary
# to what one did ("positions say i have 0 eth but i definitely bought some"); an error pasted is
# the order's or the exchange's diagnosis, a trader's problem the trader's.
_BALANCE = Table(
    Read("exchange", partial(_named, concept=EXCHANGE)),
    only=(
        When(any=HOLDINGS, also={"verb.fail", WHY, DIAGNOSE, CONTRARY, *SHOWN_WRONG}, none=TRADER),
        # "我的usdt莫名少了50块", "我啲USDT唔見咗", "my usdt dropped by like 40": money of theirs gone
        When("trade.money", any=MINE, also={FEWER, MISSING, FELL_BY}, none=TRADER),
        # "點解我啲ETH少咗", "我的eth不见了": a coin of theirs gone (a coin's fall is 跌, its price)
        When("coin", any=MINE, also={FEWER, MISSING}, none=TRADER | {"diagnosis.market"}),
        # "it says i have no btc but i'm sure i bought some": what one holds, as shown, contrary to
        # what one did, the words balance or positions unsaid ("我明明买了eth" alone shows nothing).
        When(CONTRARY, any=SHOWN, none=TRADER),
        # "the eth i bought isnt showing up": what one holds not shown, a buy told
        When(MISSING, any={BOUGHT, CONTRARY, "trade.done", "trade.bought"}, none=TRADER),
    ),
    unless=_pasted,
    commands=False,
)


def _idle(about: frozenset[str], besides: frozenset[str]) -> SlotFill:
    """ "为什么我的 agent 一直不开单", "diagnose my strategy": a trader's or strategy's problem
    (a trader's strategy is the trader's); why it makes money is no problem. An exchange named with
    its own error ("幣安成日報錯 -1021，個bot乜都做唔到") is the exchange's: what the bot cannot do
    follows from it."""
    return Table(
        only=(When(any=about, also=NOT_WORKING), When(WHY, any=about, none=GAINS)),
        decline=When(any=besides) if besides else None,
        unless=_exchange_error,
        commands=False,
    )


def _exchange_error(reading: Reading) -> PastedError | None:
    """The error an exchange named answered with, pasted or coded ("币安报错 -1021")."""
    if _named(reading, EXCHANGE) in (None, "paper"):
        return None
    error = _pasted(reading, bare_status=True)
    if error is None or error.source not in _EXCHANGE_SOURCES:
        return None
    return None if error.code in _ORDER_CODES and reading.concepts & ORDER else error  # an order's rejection


_FILLS: dict[str, SlotFill] = {"order": _order, "balance": _BALANCE, "exchange": _exchange, "model": _model}
_IDLE = {"trader": _idle(TRADER, frozenset()), "strategy": _idle(STRATEGY, TRADER)}
_ALL = table("", "diagnosis", {**_FILLS, **_IDLE})


def _of(skill: str) -> tuple[Intent, ...]:
    return tuple(i for i in _ALL.intents if i.skill == skill)


ORDER_INTENTS = _of("order_execution_diagnosis")
BALANCE_INTENTS = _of("balance_position_diagnosis")
EXCHANGE_INTENTS = _of("exchange_diagnosis")
MODEL_INTENTS = _of(MODEL_SKILL)
TRADER_INTENTS = _of("trader_diagnosis")
STRATEGY_INTENTS = _of("strategy_diagnosis")
