"""Which messages are diagnosis requests (zh + en), and what they already say, read on the
language layer's tags (core.language; the words in lexicon/verb.toml and diagnosis.toml).

A message is a diagnosis request when it carries an error (a pasted body, a code, "返回 402"),
reports that something does not work ("why does binance say invalid signature", "我的币安账户连不
上"), or asks for a check ("diagnose my binance account", "帮我检查一下 deepseek 配置"). Which
diagnosis: the error's source, else what the message names (an exchange or account, a model
provider or config, an order, a balance, a trader, a strategy). A coin question ("币安币为什么跌
了") is nobody's diagnosis.
"""

from __future__ import annotations

from dataclasses import asdict
from functools import cached_property
from typing import Any

from core.coin_index import CoinIndex
from core.diagnosis.pasted import PastedError, parse_pasted
from core.language.tagger import COIN, EXCHANGE, PROVIDER, Reading, Tagger
from core.markets import MarketCatalog
from core.routing.router import Route, RouteContext
from core.workspace.named import find_exchange, find_provider

# A failure said ("连不上", "returns 401", "卡着"), or what a service said ("币安提示 …").
FAILING = frozenset({"verb.fail", "verb.report", "verb.unfilled"})
DIAGNOSE = "verb.diagnose"
WHY = "ask.why"
TRADER = frozenset({"noun.trader", "own.trader"})
STRATEGY = frozenset({"noun.strategy", "own.strategy"})
MODEL = frozenset({"noun.model", "own.model"})
ACCOUNT = frozenset({"noun.account", "own.account"})
KEY = frozenset({"diagnosis.key", "term.api_key", "term.passphrase"})
MARKET = frozenset({"diagnosis.market", "noun.price", "noun.chart"})
ORDER = frozenset({"diagnosis.order", "verb.buy", "verb.sell"})
ORDER_FAILURE = frozenset({"verb.fail", "verb.unfilled", "ask.why", "diagnosis.not_done"})
HOLDINGS = frozenset({"noun.balance", "noun.holdings", "noun.trades"})
GAINS = frozenset({"ask.pnl", "pnl.profit"})
_EXCHANGE_SOURCES = frozenset({"binance", "okx", "bybit"})
# Codes that reject an order rather than a key: filters, balance, symbol, deskmate's caps.
_ORDER_CODES = frozenset({"-1013", "-2010", "-1121", "51008", "170131", "51001"})


def as_slot(error: PastedError) -> dict[str, Any]:
    """The error as a slot: its fields, without a status or a kind it has none of."""
    return {k: v for k, v in asdict(error).items() if k not in ("status", "kind") or v}


def _named(reading: Reading, concept: str) -> str | None:
    """The exchange or model provider named (also inside a longer word: "我的币安帐户")."""
    find = find_exchange if concept == EXCHANGE else find_provider
    return next((t.value for t in reading.tags if concept in t.concepts), None) or find(reading.text)


def _coin(reading: Reading) -> str | None:
    return next((v for v in reading.values(COIN) if v), None)


def _is_command(reading: Reading) -> bool:
    return not reading.text or reading.text.startswith("/")


def _only_a_status(reading: Reading) -> bool:
    """Nothing but what the message names and a bare number ("binance 401")."""
    named = {i for t in reading.tags for i in range(t.start, t.end)}
    return all(ch.isdigit() or not ch.isalnum() or i in named for i, ch in enumerate(reading.text))


class _TagRule:
    """A diagnosis's reader: the layer's reading, or a message tagged on its own (tests)."""

    def __init__(self, skill: str, catalog: MarketCatalog | None = None) -> None:
        self.skill = skill
        self.catalog = catalog

    @cached_property
    def tagger(self) -> Tagger:
        return Tagger(CoinIndex(self.catalog) if self.catalog is not None else None)

    def route(self, text: str) -> Route | None:
        return self.read(self.tagger.read(text))

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        return self.read(reading)

    def read(self, reading: Reading) -> Route | None:
        raise NotImplementedError


class ExchangeDiagnosisRule(_TagRule):
    def read(self, reading: Reading) -> Route | None:
        concepts = reading.concepts
        if _is_command(reading) or concepts & TRADER:
            return None  # a trader's problem is the trader diagnosis's
        exchange, provider = _named(reading, EXCHANGE), _named(reading, PROVIDER)
        failing = bool(concepts & FAILING)
        bare = exchange is not None and (failing or _only_a_status(reading))
        error = parse_pasted(reading.norm.original, bare_status=bare)
        slots: dict[str, Any] = {}
        if exchange and exchange != "paper":
            slots["exchange"] = exchange
        symbol = _coin(reading)
        if error is not None:
            # "binance says invalid api key": a key error said of an exchange is the exchange's.
            theirs = error.source in ("http", "model") and exchange is not None and provider is None
            if error.code in _ORDER_CODES and concepts & ORDER:
                return None  # an order's rejection said of an order: the order diagnosis's
            if error.source in _EXCHANGE_SOURCES or theirs:
                if symbol:
                    slots["symbol"] = symbol
                return Route(self.skill, "diagnose", {**slots, "error": as_slot(error)})
            return None
        if provider is not None and exchange is None:
            return None  # a model provider's problem
        about = exchange not in (None, "paper") or bool(concepts & (ACCOUNT | KEY))
        if not about or concepts & MODEL:
            return None
        if DIAGNOSE in concepts:
            return Route(self.skill, "diagnose", slots)
        if (failing or WHY in concepts) and (concepts & KEY or (symbol is None and not concepts & MARKET)):
            return Route(self.skill, "diagnose", slots)
        return None


class ModelDiagnosisRule(_TagRule):
    def read(self, reading: Reading) -> Route | None:
        concepts = reading.concepts
        if _is_command(reading) or concepts & TRADER:
            return None  # a trader's problem is the trader diagnosis's
        provider, exchange = _named(reading, PROVIDER), _named(reading, EXCHANGE)
        named = provider is not None or bool(concepts & MODEL)
        failing = bool(concepts & FAILING)
        error = parse_pasted(reading.norm.original, bare_status=named and failing)
        slots: dict[str, Any] = {"provider": provider} if provider else {}
        if exchange not in (None, "paper") and provider is None:
            return None  # an exchange's (its key error reads like a model's)
        if error is not None:
            if (error.source == "model" and not concepts & ORDER) or (error.source == "http" and named):
                return Route(self.skill, "diagnose", {**slots, "error": as_slot(error)})
            return None
        if not named or exchange not in (None, "paper"):
            return None
        if concepts & ({DIAGNOSE, WHY} | FAILING):
            return Route(self.skill, "diagnose", slots)
        return None


class OrderDiagnosisRule(_TagRule):
    """ "为什么我的订单失败了", "my BTC buy was rejected", a pasted -2010 about an order."""

    def read(self, reading: Reading) -> Route | None:
        concepts = reading.concepts
        if _is_command(reading) or concepts & (TRADER | STRATEGY) or not concepts & ORDER:
            return None  # a trader's or a strategy's problem is theirs
        error = parse_pasted(reading.norm.original)
        if error is not None and error.code not in _ORDER_CODES and error.source != "model":
            return None  # a key, a clock, a ban: the exchange diagnosis's
        if error is None and not concepts & ORDER_FAILURE:
            return None
        said = (("symbol", _coin(reading)), ("exchange", _named(reading, EXCHANGE)))
        slots: dict[str, Any] = {key: value for key, value in said if value}
        if error is not None and error.source != "model":
            slots["error"] = as_slot(error)
        return Route(self.skill, "diagnose", slots)


class BalanceDiagnosisRule(_TagRule):
    """ "为什么余额和持仓对不上", "my positions don't match my balance"."""

    def read(self, reading: Reading) -> Route | None:
        concepts = reading.concepts
        if _is_command(reading) or concepts & TRADER or not concepts & HOLDINGS:
            return None
        if not concepts & {"verb.fail", WHY, DIAGNOSE}:
            return None
        if parse_pasted(reading.norm.original) is not None:
            return None  # an error message: the order or exchange diagnosis's
        exchange = _named(reading, EXCHANGE)
        return Route(self.skill, "diagnose", {"exchange": exchange} if exchange else {})


class TraderDiagnosisRule(_TagRule):
    """ "为什么我的 agent 一直不开单", "why won't my trader start", "diagnose my trader"."""

    about, besides = TRADER, frozenset[str]()

    def read(self, reading: Reading) -> Route | None:
        concepts = reading.concepts
        if _is_command(reading) or concepts & self.besides or not concepts & self.about:
            return None
        if concepts & ({DIAGNOSE, "diagnosis.not_done"} | FAILING):
            return Route(self.skill, "diagnose")
        if WHY in concepts and not concepts & GAINS:  # "这个策略为什么赚钱" asks of a gain, no problem
            return Route(self.skill, "diagnose")
        return None


class StrategyDiagnosisRule(TraderDiagnosisRule):
    """ "为什么我的网格策略不成交", "diagnose my strategy", "what's wrong with my dca strategy"; a
    trader's strategy is the trader's."""

    about, besides = STRATEGY, TRADER
