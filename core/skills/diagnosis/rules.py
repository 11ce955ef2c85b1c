"""Which messages are diagnosis requests (zh + en), and what they already say.

A message is a diagnosis request when it carries an error (a pasted body, a code, "返回 402"),
reports that something does not work ("why does binance say invalid signature", "我的币安账户连不
上"), or asks for a check ("diagnose my binance account", "帮我检查一下 deepseek 配置"). Which
diagnosis: the error's source, else what the message names (an exchange or account, a model
provider or config). A coin question ("币安币为什么跌了") is nobody's diagnosis.
"""

from __future__ import annotations

from typing import Any

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.diagnosis.pasted import PastedError, parse_pasted
from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.routing.router import Route
from core.workspace.exchanges import find_exchange
from core.workspace.providers import find_provider
from core.workspace.reading import EXCHANGE_NOUN, MODEL_NOUN, PROBLEM, STRATEGY, TRADER, read
from core.workspace.trade_reading import CoinNames

DIAGNOSE = re.compile(
    r"诊断|排查|体检|检查一下|检查下|帮我检查|检测一下|看看.{0,12}(?:问题|哪里不对|怎么了)|"
    r"(?<![a-z])(?:diagnose|diagnosis|diagnostics?|troubleshoot|health\s*check|check\s+(?:my|the|if|why))(?![a-z])",
    re.IGNORECASE,
)
# Words of a failure beyond the workspace's PROBLEM list ("返回 402", "报 -1022", "says").
FAILURE = re.compile(
    r"返回|提示|报|拒绝|被拒|不开单|不下单|不交易|没反应|"
    r"(?<![a-z])(?:says?|said|returns?|returned|rejected|refused|unauthori[sz]ed|forbidden|banned)(?![a-z])",
    re.IGNORECASE,
)
_KEY_WORDS = re.compile(
    r"api\s*key|apikey|secret|passphrase|签名|密钥|秘钥|权限|白名单|时间戳|signature|permission|whitelist|timestamp",
    re.IGNORECASE,
)
# A coin's market, not an account ("币安币为什么跌了", "why did bnb crash").
_MARKET_TALK = re.compile(
    r"币安币|跌|涨|价格|行情|走势|(?<![a-z])(?:bnb|price|prices|pump|dump|crash|crashed|rally)(?![a-z])",
    re.IGNORECASE,
)
_EXCHANGE_SOURCES = frozenset({"binance", "okx", "bybit"})


def as_slot(error: PastedError) -> dict[str, Any]:
    slot: dict[str, Any] = {"source": error.source, "code": error.code, "message": error.message}
    if error.status is not None:
        slot["status"] = error.status
    if error.kind:
        slot["kind"] = error.kind
    return slot


class ExchangeDiagnosisRule:
    def __init__(self, skill: str, catalog: MarketCatalog) -> None:
        self.skill = skill
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm):
            return None  # a trader's problem is the trader diagnosis's
        exchange = find_exchange(norm)
        provider = find_provider(norm)
        failing = bool(PROBLEM.search(norm) or FAILURE.search(norm))
        error = parse_pasted(text, bare_status=exchange is not None and failing)
        slots: dict[str, Any] = {}
        symbol, _ = self.coins.find(norm)
        if exchange and exchange != "paper":
            slots["exchange"] = exchange
        if error is not None:
            if error.source in _EXCHANGE_SOURCES or (
                error.source == "http" and exchange is not None and provider is None
            ):
                if symbol:
                    slots["symbol"] = symbol
                return Route(self.skill, "diagnose", {**slots, "error": as_slot(error)})
            return None
        if provider is not None and exchange is None:
            return None  # a model provider's problem
        reading = read(text)
        if reading is not None and reading.problem and reading.domain == "exchange":
            return Route(self.skill, "diagnose", slots)
        about_exchange = exchange not in (None, "paper") or EXCHANGE_NOUN.search(norm) is not None
        if not about_exchange or MODEL_NOUN.search(norm):
            return None
        if DIAGNOSE.search(norm):
            return Route(self.skill, "diagnose", slots)
        keys = _KEY_WORDS.search(norm) is not None
        if failing and (keys or (symbol is None and not _MARKET_TALK.search(norm))):
            return Route(self.skill, "diagnose", slots)
        return None


class ModelDiagnosisRule:
    def __init__(self, skill: str) -> None:
        self.skill = skill

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm):
            return None  # a trader's problem is the trader diagnosis's
        provider = find_provider(norm)
        named = provider is not None or MODEL_NOUN.search(norm) is not None
        failing = bool(PROBLEM.search(norm) or FAILURE.search(norm))
        error = parse_pasted(text, bare_status=named and failing)
        slots: dict[str, Any] = {"provider": provider} if provider else {}
        if error is not None:
            if error.source == "model" or (error.source == "http" and named):
                return Route(self.skill, "diagnose", {**slots, "error": as_slot(error)})
            return None
        if not named or find_exchange(norm) not in (None, "paper"):
            return None
        reading = read(text)
        if reading is not None and reading.problem and reading.domain == "model":
            return Route(self.skill, "diagnose", slots)
        if DIAGNOSE.search(norm) or failing:
            return Route(self.skill, "diagnose", slots)
        return None


ORDER_WORDS = re.compile(
    r"订单|下单|买单|卖单|挂单|成交|买|卖|开仓|平仓|"
    r"(?<![a-z])(?:order|orders|buy|bought|sell|sold|trade|purchase)(?![a-z])",
    re.IGNORECASE,
)
_ORDER_FAILURE = re.compile(
    r"为什么|为啥|怎么回事|失败|报错|出错|错误|被拒|拒绝|没成交|没有成交|不成交|下不了|买不了|卖不了|"
    r"(?<![a-z])(?:why|fail|fails|failed|failing|error|rejected|refused|didn't|did not|won't|can't|cannot|"
    r"stuck|unknown)(?![a-z])",
    re.IGNORECASE,
)
# Codes that reject an order rather than a key: filters, balance, symbol, deskmate's caps.
_ORDER_CODES = frozenset({"-1013", "-2010", "-1121", "51008", "170131", "51001"})


class OrderDiagnosisRule:
    """ "为什么我的订单失败了", "my BTC buy was rejected", a pasted -2010 about an order."""

    def __init__(self, skill: str, catalog: MarketCatalog) -> None:
        self.skill = skill
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm) or STRATEGY.search(norm):
            return None  # a trader's or a strategy's problem is theirs
        if not ORDER_WORDS.search(norm):
            return None
        error = parse_pasted(text)
        if error is not None and error.code not in _ORDER_CODES:
            return None  # a key, a clock, a ban: the exchange diagnosis's
        if error is None and not _ORDER_FAILURE.search(norm):
            return None
        slots: dict[str, Any] = {}
        symbol, _ = self.coins.find(norm)
        if symbol:
            slots["symbol"] = symbol
        exchange = find_exchange(norm)
        if exchange:
            slots["exchange"] = exchange
        if error is not None:
            slots["error"] = as_slot(error)
        return Route(self.skill, "diagnose", slots)


_HOLDINGS = re.compile(
    r"余额|持仓|仓位|资产|成交记录|"
    r"(?<![a-z])(?:balance|balances|position|positions|holdings|assets|trade history)(?![a-z])",
    re.IGNORECASE,
)
_MISMATCH = re.compile(
    r"对不上|不一致|不对|不匹配|少了|多了|不见了|有问题|为什么|为啥|"
    r"(?<![a-z])(?:mismatch|wrong|incorrect|missing|why|off|doesn't match|don't match|do not match|"
    r"does not match|doesn't add up|don't add up)(?![a-z])",
    re.IGNORECASE,
)


class BalanceDiagnosisRule:
    """ "为什么余额和持仓对不上", "my positions don't match my balance"."""

    def __init__(self, skill: str) -> None:
        self.skill = skill

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm):
            return None
        if not _HOLDINGS.search(norm) or not (_MISMATCH.search(norm) or DIAGNOSE.search(norm)):
            return None
        if parse_pasted(text) is not None:
            return None  # an error message: the order or exchange diagnosis's
        exchange = find_exchange(norm)
        return Route(self.skill, "diagnose", {"exchange": exchange} if exchange else {})


_NOT_TRADING = re.compile(
    r"不开单|不下单|不交易|没交易|没有交易|不成交|没成交|没有成交|不动|没反应|不工作|不触发|"
    r"一直观望|一直 hold|"
    r"(?<![a-z])(?:not trading|doesn't trade|does not trade|isn't trading|never trades|no trades|"
    r"not buying|not placing|won't trade|idle|stuck)(?![a-z])",
    re.IGNORECASE,
)


class TraderDiagnosisRule:
    """ "为什么我的 agent 一直不开单", "why won't my trader start", "diagnose my trader"."""

    def __init__(self, skill: str) -> None:
        self.skill = skill

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or not TRADER.search(norm):
            return None
        reading = read(text)
        if reading is not None and reading.problem and reading.domain == "trader":
            return Route(self.skill, "diagnose")
        if _NOT_TRADING.search(norm) or DIAGNOSE.search(norm) or FAILURE.search(norm):
            return Route(self.skill, "diagnose")
        return None


class StrategyDiagnosisRule:
    """ "为什么我的网格策略不成交", "diagnose my strategy", "what's wrong with my dca strategy"."""

    def __init__(self, skill: str) -> None:
        self.skill = skill

    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm) or not STRATEGY.search(norm):
            return None
        if _NOT_TRADING.search(norm) or DIAGNOSE.search(norm) or PROBLEM.search(norm) or FAILURE.search(norm):
            return Route(self.skill, "diagnose")
        if re.search(r"(?<![a-z])what(?:'s| is) wrong(?![a-z])|哪里不对|有什么问题", norm):
            return Route(self.skill, "diagnose")
        return None
