"""Price intent rules (zh + en): which action a message asks for, and for which coin(s).

Also reads the /price and /history commands ("/price btc"), which the engine routes as text."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from typing import Any, Literal

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.language.lexicon import load
from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.routing.router import NO_CONTEXT, Route, RouteContext
from core.routing.words import word_pattern
from core.skills.price.coins import CoinFinder, Found
from core.skills.price.ranges import RangeAsk, read_range

PriceAction = Literal["current", "history", "both"]
SKILL = "price"


def _lexicon(concept: str, *, only: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A lexicon concept's words (core/language/lexicon), or those of ``only`` it has."""
    words = load().concepts[concept].words
    return tuple(w for w in words if w in only) if only else words


def _words(*items: str) -> re.Pattern[str]:
    return word_pattern(*items, longest_first=False)  # tried in the order given


# Words that ask for a price. "Strong" ones also work without a coin ("当前价格是多少").
_PRICE_WORDS = _words(
    "价格", "价钱", "币价", "现价", "多少钱", "什么价", "报价", "行情", "最新价", "价位", "对比", "比较",
    "price", "prices", "pricing", "quote", "trading at", "compare",
    *_lexicon("noun.price", only=("pirce", "prcie", "priec", "prise")),  # frequent typos
)  # fmt: skip
_PRICE_WORDS_WITH_COIN = _words(
    "多少", "几多", "how much", "worth", "value", "cost", "costs", "now", "现在", "当前", "目前",
    "vs", "versus",
)  # fmt: skip
# Words that ask for the 7-day history: a span of time ("一周", "7d") or a chart ("走势"). A chart
# word asks for prices whatever else is going on; a span alone may be the answer to another
# task's question (an interval), see PriceRules._bare_window.
_SPAN_WORDS = (
    "七天", "7天", "7 天", "七日", "7日", "一周", "一星期", "这周", "本周", "上周", "近一周", "这一周",
    "7d", "7 d", "7-day", "7 day", "7 days", "seven days", "seven-day", "seven day", "week", "weekly",
    "last week", "this week", "past week",
)  # fmt: skip
_CHART_WORD_LIST = _lexicon("noun.chart")
_HISTORY_WORDS = _words(*_SPAN_WORDS, *_CHART_WORD_LIST)
_CHART_WORDS = _words(*_CHART_WORD_LIST)
# Words that ask how a coin has been doing, only when a coin is named ("BTC 涨了吗", "how's sol
# doing"); alone they are small talk ("今天天气怎么样", "how are you doing").
_HISTORY_WORDS_WITH_COIN = _words(
    "图", "涨", "跌", "昨天", "昨日", "怎么样", "表现",
    "doing", "going up", "going down", "up or down", "perform", "performance", "performing", "yesterday",
)  # fmt: skip
# "今天比特币涨了吗", "did BTC go up today", "ETH 24h change": the last 24 hours' change (Binance
# ticker/24hr), answered on the quote card, not with a 7-day table. A change word and a word for
# today / the last 24 hours, with a coin and no other window.
_CHANGE_WORDS = re.compile(
    r"涨|跌|漲|(?<![a-z])(?:go(?:ne|ing)?|went)\s+(?:up|down)|(?<![a-z])(?:up|down)\s+or\s+(?:up|down)"
    r"|(?<![a-z])(?:change|changed|gain(?:ed|s)?|drop(?:ped)?|r(?:i|o)se|f(?:a|e)ll|move[ds]?|up|down)(?![a-z])"
)
_TODAY_WORDS = re.compile(
    r"今天|今日|24\s*小时|24\s*小時|一天之内|(?<![a-z])(?:today|24\s*h|24\s*hours?|24-hour|past day|"
    r"since yesterday)(?![a-z])"
)
# Conjunctions that separate "current price" from "and its history" in one request.
_CLAUSE_SPLIT = re.compile(
    r"[,，;；。?？!！]|和|以及|还有|并且|顺便|另外|(?<![a-z])(?:and|plus|also|then)(?![a-z])|&"
)
# What may surround a bare coin in a follow-up: "那 ETH 呢", "what about eth?", "same for eth".
_FOLLOWUP_FILLER = re.compile(
    r"(那么|那|呢|吗|的|换成|换|再看看|再查|看看|查一下|查查|查|还有|也|同样|一样|"
    r"and|what|about|how|of|the|for|then|same|do|the same|same for|also|please|pls|"
    r"now|\?|？|!|！|\.|。|,|，|\s)+"
)
# A follow-up with no coin at all: "and now?", "现在呢", "and 30 days?", "那一个月呢" — the coin
# (and the kind of answer) come from the answer just given.
_BARE_NOW = re.compile(
    r"^(?:(?:and|so|ok|what about|how about)\s+)?"
    r"(?:now|right now|现在|目前|当前)\s*(?:呢|吗)?\s*[?？]?$"
)
_BARE_RANGE_FILLER = re.compile(
    r"^(?:and|what about|how about|那|那么|再看|看看|over|the|last|past|最近|过去|近|\s)*"
)
_BARE_RANGE_TAIL = re.compile(r"(?:呢|的|走势|吗|[?？]|\s)*$")
_FOLLOWUP_MARK = re.compile(r"^(?:and|what about|how about|那|那么)(?![a-z])|(?:呢|[?？])\s*$")
_SLASH = re.compile(r"^/(price|history)(?:@\w+)?(?:\s+(.*))?$")
# Asked for another quote currency ("ETH price in USDC", "比特币多少人民币"): answered in USDT, with a note.
_OTHER_QUOTE = re.compile(
    r"(?<![a-z])(?:in|to|into|as)\s+(?:eur|usd|usdc|busd|fdusd|tusd|cny|rmb|jpy|gbp|krw|btc|euros?|dollars?)(?![a-z])"
    r"|(?<![a-z])(?:eur|cny|rmb|jpy|gbp|krw)(?![a-z])|人民币|美元|欧元|日元|用\s?usdc|以\s?usdc|usdc\s?计价|usdc\s?計價"
)
# "用英文回答", "answer in English", "in chinese please": the reply's language, whatever the message's.
_REPLY_EN = re.compile(
    r"用英文|用英语|英文回答|英文回复"
    r"|(?<![a-z])(?:in|reply in|answer in|respond in)\s+english(?![a-z])"
)
_REPLY_ZH = re.compile(
    r"用中文|中文回答|中文回复|(?<![a-z])(?:in|reply in|answer in|respond in)\s+(?:chinese|mandarin)(?![a-z])"
)

MAX_COINS = 3  # coins answered in one reply; more are asked to be narrowed down


def reply_locale(norm: str) -> str | None:
    if _REPLY_EN.search(norm):
        return "en"
    if _REPLY_ZH.search(norm):
        return "zh"
    return None


def scope_notes(norm: str) -> tuple[str, ...]:
    """Codes for parts of a request deskmate answers only in its own terms (in USDT)."""
    return ("only_usdt",) if _OTHER_QUOTE.search(norm) else ()


@dataclass(frozen=True, slots=True)
class PriceIntent:
    action: PriceAction | None  # None: a bare-coin follow-up; the engine decides from context
    symbols: tuple[str, ...]  # every coin named, supported or not, in order
    unsupported: tuple[str, ...]  # those not supported
    followup: bool = False
    notes: tuple[str, ...] = ()  # see scope_notes()
    range: RangeAsk | None = None  # the window asked for (history)
    unknown: str | None = None  # a coin-like word no catalog coin has ("btcc")
    not_coin: str | None = None  # a look-alike that names no coin ("比特币ETF")
    reply_locale: str | None = None
    change: bool = False  # asks how it moved today: the quote card with its 24-hour change


class PriceRules:
    def __init__(self, coins: CoinFinder) -> None:
        self.coins = coins

    def match(self, text: str, context: RouteContext = NO_CONTEXT) -> PriceIntent | None:
        norm = normalize(text)
        slash = _SLASH.match(norm)
        if slash:
            return self._slash(slash.group(1), slash.group(2) or "")
        window = read_range(norm)
        explicit_price = bool(_PRICE_WORDS.search(norm) or _HISTORY_WORDS.search(norm))
        found = self.coins.find(norm, text, price_context=explicit_price)
        symbols = found.symbols
        if context.awaiting not in (None, SKILL) and self._bare_window(norm, found):
            return None  # "4h", "一周" or "30d?" while another task's question waits: its answer
        action = self._action(norm, with_coin=bool(symbols) or bool(found.not_coin), window=window)
        notes, lang = scope_notes(norm) + found.notes, reply_locale(norm)
        if found.not_coin and not symbols:
            if action or self._bare_followup(norm, found):
                return PriceIntent(
                    action or "current", (), (), not_coin=found.not_coin, notes=notes, reply_locale=lang
                )
            return None
        if not symbols:
            if action and found.unknown:
                return PriceIntent(
                    action, (), (), unknown=found.unknown, range=window, notes=notes, reply_locale=lang
                )
            if action and explicit_price:
                return PriceIntent(action, (), (), range=window, notes=notes, reply_locale=lang)
            bare = self._bare_context_followup(norm)
            if bare is not None:
                return PriceIntent(
                    bare,
                    (),
                    (),
                    followup=True,
                    range=window if bare == "history" else None,
                    notes=notes,
                    reply_locale=lang,
                )
            return None
        unsupported = tuple(s for s in symbols if not self.coins.catalog.is_supported(s))
        if not window.explicit and _CHANGE_WORDS.search(norm) and _TODAY_WORDS.search(norm):
            return PriceIntent(
                "current", tuple(symbols), unsupported, notes=notes, reply_locale=lang, change=True
            )
        if action:
            return PriceIntent(
                action, tuple(symbols), unsupported, range=window, notes=notes, reply_locale=lang
            )
        if self._bare_followup(norm, found):
            return PriceIntent(
                None, tuple(symbols), unsupported, followup=True, notes=notes, reply_locale=lang
            )
        return None

    @staticmethod
    def _bare_window(norm: str, found: Found) -> bool:
        """No coin and no word about prices: a span ("7d", "一周") or a number at most."""
        return not (found.symbols or found.not_coin or _PRICE_WORDS.search(norm) or _CHART_WORDS.search(norm))

    def _bare_followup(self, norm: str, found: Found) -> bool:
        return not _FOLLOWUP_FILLER.sub("", self.coins.strip(norm, found.mentions))

    @staticmethod
    def _bare_context_followup(norm: str) -> PriceAction | None:
        """ "and now?" -> the current price; "and 30 days?", "那一个月呢" -> that window's history."""
        if _BARE_NOW.match(norm):
            return "current"
        window = read_range(norm)
        # Only with a follow-up's own words ("and …?", "那…呢", "what about …"): a bare "30d" or
        # "2m" is more likely an answer to another task's question (an interval) than a price request.
        marked = _FOLLOWUP_MARK.search(norm)
        if marked and window.explicit and window.note not in ("range_date", "range_intraday"):
            rest = _BARE_RANGE_TAIL.sub("", _BARE_RANGE_FILLER.sub("", norm))
            if rest and read_range(rest).explicit and len(rest) <= 12:
                return "history"
        return None

    def _slash(self, command: str, arg: str) -> PriceIntent:
        action: PriceAction = "current" if command == "price" else "history"
        arg = arg.strip()
        if not arg:
            return PriceIntent(action, (), ())
        norm = normalize(arg)
        found = self.coins.find(norm, arg, price_context=True)
        symbols = list(found.symbols)
        if found.not_coin and not symbols:
            return PriceIntent(action, (), (), not_coin=found.not_coin)
        if not symbols:
            token = re.sub(r"[^a-z0-9]", "", norm.split(" ")[0])[:12]
            return PriceIntent(action, (), (), unknown=token.upper() or None)
        unsupported = tuple(s for s in symbols if not self.coins.catalog.is_supported(s))
        window = read_range(norm)
        # "/history sol 30": a bare number after the coin is a number of days.
        if not window.explicit:
            days = [int(n) for n in re.findall(r"(?<![0-9a-z])[0-9]{1,4}(?![0-9a-z])", norm)]
            if days:
                window = read_range(f"{days[0]} days")
        return PriceIntent(
            action, tuple(symbols), unsupported, notes=scope_notes(norm) + found.notes, range=window
        )

    @staticmethod
    def _action(norm: str, *, with_coin: bool, window: RangeAsk) -> PriceAction | None:
        """history if a clause asks for a window; current if another clause asks for the price."""
        wants_current = wants_history = False
        for clause in _CLAUSE_SPLIT.split(norm):
            clause_window = read_range(clause)
            hist = (
                bool(_HISTORY_WORDS.search(clause))
                or (with_coin and bool(_HISTORY_WORDS_WITH_COIN.search(clause)))
                or (with_coin and clause_window.explicit and clause_window.note != "range_date")
            )
            cur = bool(_PRICE_WORDS.search(clause)) or (
                with_coin and bool(_PRICE_WORDS_WITH_COIN.search(clause))
            )
            wants_history |= hist
            wants_current |= cur and not hist
        if window.note == "range_date":  # a past date: the current price, with a notice
            return "current" if (wants_current or wants_history or with_coin) else None
        if wants_current and wants_history:
            return "both"
        if wants_history:
            return "history"
        if wants_current:
            return "current"
        return None


def _as_written(word: str | None, text: str) -> str | None:
    """``word`` (found in the normalized text) as the person wrote it: "比特币ETF", "BTCC"."""
    if not word:
        return word
    pattern = r"\s*".join(re.escape(ch) for ch in word if not ch.isspace())
    found = re.search(pattern, unicodedata.normalize("NFKC", text), re.IGNORECASE)
    return found.group(0) if found else word


class PriceRule:
    """The price skill's routing rule: a PriceIntent as a Route."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.rules = PriceRules(CoinFinder(catalog))

    def route(self, text: str) -> Route | None:
        return self.route_in(text, NO_CONTEXT)

    def route_in(self, text: str, context: RouteContext) -> Route | None:
        intent = self.rules.match(text, context)
        if intent is None:
            return None
        slots: dict[str, Any] = {"symbols": list(intent.symbols)}
        intent = replace(
            intent,
            unknown=_as_written(intent.unknown, text),
            not_coin=_as_written(intent.not_coin, text),
        )
        if intent.notes:
            slots["notes"] = list(dict.fromkeys(intent.notes))
        if intent.range is not None and intent.range.explicit:
            slots["days"] = intent.range.days
            if intent.range.note:
                slots["range_note"] = {"code": intent.range.note, "asked": intent.range.asked}
        if intent.unknown:
            slots["unknown"] = intent.unknown
        if intent.not_coin:
            slots["not_coin"] = intent.not_coin
        if intent.reply_locale:
            slots["reply_locale"] = intent.reply_locale
        if intent.followup:
            slots["followup"] = True
        if intent.change:
            slots["change"] = True
        return Route(SKILL, intent.action, slots, followup=intent.followup)
