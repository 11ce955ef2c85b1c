"""Price intent rules (zh + en): which action a message asks for, and for which coin(s).

Also reads the /price and /history commands ("/price btc"), which the engine routes as text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.routing.router import Route
from core.skills.price.coins import CoinFinder

PriceAction = Literal["current", "history", "both"]
SKILL = "price"


def _words(*items: str) -> re.Pattern[str]:
    parts = []
    for item in items:
        esc = re.escape(item).replace(r"\ ", r"\s*")
        parts.append(rf"(?<![a-z0-9]){esc}(?![a-z0-9])" if item.isascii() else esc)
    return re.compile("|".join(parts))


# Words that ask for a price. "Strong" ones also work without a coin ("当前价格是多少").
_PRICE_WORDS = _words(
    "价格", "价钱", "币价", "现价", "多少钱", "什么价", "报价", "行情", "最新价", "价位", "对比", "比较",
    "價格", "價錢", "幣價", "現價", "多少錢", "報價", "最新價",  # traditional characters
    "price", "prices", "pricing", "quote", "trading at", "compare",
    "pirce", "prcie", "priec",  # frequent typos
)  # fmt: skip
_PRICE_WORDS_WITH_COIN = _words(
    "多少", "几多", "how much", "worth", "value", "cost", "costs", "now", "现在", "当前", "目前",
    "vs", "versus",
)  # fmt: skip
# Words that ask for the 7-day history.
_HISTORY_WORDS = _words(
    "七天", "7天", "7 天", "七日", "7日", "一周", "一星期", "这周", "本周", "上周", "近一周", "这一周",
    "走势", "收盘价", "收盘", "历史", "k线", "趋势", "图表",
    "一週", "這週", "本週", "上週", "近一週", "走勢", "收盤價", "收盤", "歷史", "k線", "趨勢",
    "7d", "7 d", "7-day", "7 day", "7 days", "seven days", "seven-day", "seven day", "week", "weekly",
    "last week", "this week", "past week", "history", "historical", "chart", "trend", "closes",
)  # fmt: skip
# Words that ask how a coin has been doing, only when a coin is named ("BTC 涨了吗", "how's sol
# doing"); alone they are small talk ("今天天气怎么样", "how are you doing").
_HISTORY_WORDS_WITH_COIN = _words(
    "图", "圖", "涨", "跌", "昨天", "昨日", "怎么样", "怎麼樣", "表现",
    "doing", "going up", "going down", "up or down", "perform", "performance", "performing", "yesterday",
)  # fmt: skip
# Conjunctions that separate "current price" from "and its history" in one request.
_CLAUSE_SPLIT = re.compile(
    r"[,，;；。]|和|以及|还有|并且|顺便|另外|(?<![a-z])(?:and|plus|also|then)(?![a-z])|&"
)
# What may surround a bare coin in a follow-up: "那 ETH 呢", "what about eth?", "ETH 的呢".
_FOLLOWUP_FILLER = re.compile(
    r"(那么|那|呢|吗|的|换成|换|再看看|再查|看看|查一下|查查|查|还有|and|what|about|how|of|the|for|then|"
    r"now|\?|？|!|！|\.|。|,|，|\s)+"
)
_SLASH = re.compile(r"^/(price|history)(?:@\w+)?(?:\s+(.*))?$")


# What deskmate cannot serve yet but a user may ask for: another window, another quote currency.
_OTHER_WINDOW = re.compile(
    r"(?<![0-9])(?!7(?![0-9]))[0-9]{1,4}\s*(?:天|日|d(?![a-z])|days?(?![a-z]))|[0-9]+\s*(?:h|hours?|m|min|小时|分钟)(?![a-z])"
    r"|一个月|半年|一年|今年|(?<![a-z])(?:month|monthly|year|yearly|ytd|hourly|intraday)(?![a-z])|[个個]?月线"
)
_OTHER_QUOTE = re.compile(r"(?<![a-z])(?:eur|usd|cny|rmb|jpy|gbp|krw)(?![a-z])|人民币|美元|欧元|日元")


def scope_notes(norm: str) -> tuple[str, ...]:
    """Codes for parts of a request deskmate answers only in its own terms (7 days, in USDT)."""
    notes = []
    if _OTHER_WINDOW.search(norm):
        notes.append("only_7_days")
    if _OTHER_QUOTE.search(norm):
        notes.append("only_usdt")
    return tuple(notes)


@dataclass(frozen=True, slots=True)
class PriceIntent:
    action: PriceAction | None  # None: a bare-coin follow-up; the engine decides from context
    symbols: tuple[str, ...]  # every coin named, supported or not, in order
    unsupported: tuple[str, ...]  # those not supported
    followup: bool = False
    notes: tuple[str, ...] = ()  # see scope_notes()


class PriceRules:
    def __init__(self, coins: CoinFinder) -> None:
        self.coins = coins

    def match(self, text: str) -> PriceIntent | None:
        norm = normalize(text)
        slash = _SLASH.match(norm)
        if slash:
            return self._slash(slash.group(1), slash.group(2) or "")
        matches = self.coins.find(norm)
        symbols = self.coins.distinct_symbols(matches)
        has_price_word = bool(_PRICE_WORDS.search(norm))
        action = self._action(norm, with_coin=bool(symbols))
        if not symbols:
            ticker = self.coins.unknown_ticker(text) if action else None
            if ticker:
                return PriceIntent(action, (ticker,), (ticker,))
            if action and (has_price_word or _HISTORY_WORDS.search(norm)) and self._about_price(norm):
                return PriceIntent(action, (), ())
            return None
        unsupported = tuple(s for s in symbols if not self.coins.catalog.is_supported(s))
        if action:
            return PriceIntent(action, tuple(symbols), unsupported, notes=scope_notes(norm))
        if not _FOLLOWUP_FILLER.sub("", self.coins.strip(norm, matches)):
            return PriceIntent(None, tuple(symbols), unsupported, followup=True)
        return None

    def _slash(self, command: str, arg: str) -> PriceIntent:
        action: PriceAction = "current" if command == "price" else "history"
        arg = arg.strip()
        if not arg:
            return PriceIntent(action, (), ())
        symbols = self.coins.distinct_symbols(self.coins.find(normalize(arg)))
        if not symbols:
            token = re.sub(r"[^a-z0-9]", "", arg)[:12].upper()
            symbols = [token if token.endswith("USDT") else f"{token}USDT"] if token else []
        unsupported = tuple(s for s in symbols if not self.coins.catalog.is_supported(s))
        notes = scope_notes(normalize(arg))
        # "/history sol 30": a bare number after the coin is a number of days.
        days = [int(n) for n in re.findall(r"(?<![0-9a-z])[0-9]{1,4}(?![0-9a-z])", normalize(arg))]
        if any(d != 7 for d in days) and "only_7_days" not in notes:
            notes = ("only_7_days", *notes)
        return PriceIntent(action, tuple(symbols), unsupported, notes=notes)

    @staticmethod
    def _about_price(norm: str) -> bool:
        # Without a coin only explicit price words count ("what's the price?"), not "worth" etc.
        return bool(_PRICE_WORDS.search(norm) or _HISTORY_WORDS.search(norm))

    @staticmethod
    def _action(norm: str, *, with_coin: bool) -> PriceAction | None:
        """history if a clause asks for the week; current if another clause asks for the price."""
        wants_current = wants_history = False
        for clause in _CLAUSE_SPLIT.split(norm):
            hist = bool(_HISTORY_WORDS.search(clause)) or (
                with_coin and bool(_HISTORY_WORDS_WITH_COIN.search(clause))
            )
            cur = bool(_PRICE_WORDS.search(clause)) or (
                with_coin and bool(_PRICE_WORDS_WITH_COIN.search(clause))
            )
            wants_history |= hist
            wants_current |= cur and not hist
        if wants_current and wants_history:
            return "both"
        if wants_history:
            return "history"
        if wants_current:
            return "current"
        return None


class PriceRule:
    """The price skill's routing rule: a PriceIntent as a Route."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.rules = PriceRules(CoinFinder(catalog))

    def route(self, text: str) -> Route | None:
        intent = self.rules.match(text)
        if intent is None:
            return None
        slots: dict[str, Any] = {"symbols": list(intent.symbols)}
        if intent.notes:
            slots["notes"] = list(intent.notes)
        return Route(SKILL, intent.action, slots, followup=intent.followup)
