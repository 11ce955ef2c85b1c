"""The coins a price request names, and the coin-like words it names that are no known coin.

Never the wrong coin: a word that looks like a coin but is none ("btcc", "etherum", "姨汰") is
reported as unknown, with close matches to offer, instead of being skipped (which would let the
conversation's previous coin answer in its place).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.coin_index import STOPWORDS, CoinIndex, Mention
from core.language.normalize import has_cjk
from core.markets import NOT_A_COIN, MarketCatalog
from core.routing.normalize import normalize

# An upper-case word in the original text that looks like a ticker ("XYZ price").
_TICKER = re.compile(r"(?<![A-Za-z0-9$])\$?([A-Z][A-Z0-9]{1,9})(?![A-Za-z0-9])")
_DOLLAR = re.compile(r"(?<![a-z0-9])\$([a-z][a-z0-9]{0,9})(?![a-z0-9])")
# Coins that are also currencies a price may be asked in, and the words that ask for one.
_QUOTE_COINS = frozenset({"USDC", "FDUSD", "TUSD", "EUR", "EURI", "BTC", "ETH", "BNB", "USD1"})
_LATIN_WORD = re.compile(r"[a-z][a-z0-9]*")
_ASKED_IN = re.compile(r"(?:(?<![a-z])(?:in|into|to|as)|用|以|换成|换算成|折合)\s*$")
# Upper-case words that are not coins, whatever a catalog lists.
_NOT_TICKERS = frozenset(
    {"USDT", "USD", "UTC", "API", "OK", "ID", "PNG", "CNY", "RMB", "EUR", "GMT", "ETF", "AND", "THE",
     "PRICE", "NOW", "PLS", "FYI", "BTW", "LOL", "IMO", "K", "KLINE", "USDC", "OHLC", "TA", "ATH"}
)  # fmt: skip
# Words around a price word that are part of the question, not a coin's name.
_QUESTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "what",
        "whats",
        "what's",
        "how",
        "much",
        "current",
        "currently",
        "latest",
        "live",
        "real",
        "time",
        "today",
        "now",
        "price",
        "prices",
        "chart",
        "charts",
        "history",
        "of",
        "for",
        "me",
        "show",
        "give",
        "get",
        "check",
        "tell",
        "please",
        "pls",
        "the",
        "this",
        "that",
        "its",
        "it",
        "and",
        "or",
        "vs",
        "to",
        "in",
        "at",
        "on",
        "my",
        "your",
        "our",
        "coin",
        "coins",
        "token",
        "crypto",
        "spot",
        "market",
        "markets",
        "usdt",
        "usd",
        "daily",
        "weekly",
        "week",
        "day",
        "days",
        "month",
        "last",
        "past",
        "trend",
        "quote",
        "quotes",
        "closing",
        "close",
        "closes",
        "7d",
        "7",
        "14",
        "30",
        "90",
        "change",
        "performance",
        "ticker",
        "i",
        "you",
        "we",
        "can",
        "could",
        "would",
        "do",
        "does",
        "did",
        "see",
        "look",
        "up",
        "let",
        "know",
        "want",
        "need",
        "historical",
        "recent",
        "recently",
        "lately",
        "compare",
        "comparison",
        "value",
        "worth",
        "trading",
        "at",
        "right",
    ]
)
_LATIN_BEFORE = re.compile(
    r"(?<![a-z0-9])([a-z][a-z0-9]{2,14})\s*(?:'s\s*)?"
    r"(?:price|prices|chart|history|quote|trend|价格|价钱|现价|走势|行情|多少钱)(?![a-z])"
)
_LATIN_AFTER = re.compile(
    r"(?:price|prices|chart|history|quote|trend)\s+(?:of|for)\s+([a-z][a-z0-9]{2,14})(?![a-z0-9])"
)
# A Chinese word just before a price word ("姨汰价格"), once the request's own words are gone.
_CJK_BEFORE = re.compile(r"([\u4e00-\u9fff]{2,6})\s*(?:的)?\s*(?:价格|价钱|币价|现价|走势|行情|多少钱|报价)")
_CJK_FILLER = re.compile(
    r"^(?:请|帮我|给我|查询|查一下|查查|查|看看|看一下|看|问一下|问问|问|告诉我|"
    r"今天|今日|现在|当前|目前|最新|实时|最近|近期|一下|的|下|一周|这周|本周|"
    r"七天|最近七天|过去|近|昨天|日|周|月|年|小时)+"
)
_CJK_NOT_COINS = frozenset(
    {"当前", "現在", "现在", "目前", "最新", "今天", "实时", "最近", "一下", "看看", "查询", "市场", "市場",
     "收盘", "收盤", "这个", "這個", "那个", "那個", "它的", "它", "币种", "幣種", "该币", "该", "这币"}
)  # fmt: skip


def _lone_latin(norm: str) -> str | None:
    """The only Latin word of a message otherwise written in Chinese, if it has exactly one."""
    if not has_cjk(norm):
        return None
    latin = _LATIN_WORD.findall(norm)
    return latin[0] if len(latin) == 1 else None


@dataclass(frozen=True, slots=True)
class Found:
    mentions: list[Mention] = field(default_factory=list)  # those that count (look-alikes too), in order
    symbols: tuple[str, ...] = ()  # distinct symbols of those mentions, in order
    unknown: str | None = None  # the first coin-like word that is no coin
    not_coin: str | None = None  # a look-alike naming no coin ("比特币etf")
    notes: tuple[str, ...] = ()  # "only_usdt" when a pair named another quote ("btc/eur")


class CoinFinder:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self.index = CoinIndex(catalog)

    def find(self, norm: str, original: str = "", *, price_context: bool = False) -> Found:
        """What ``norm`` (normalized ``original``) names. Everyday-word tickers ("one", "ai") count
        only with ``price_context`` (an explicit price word), with "$", as a pair, or written in
        capitals, and never next to a coin named plainly."""
        mentions = self.index.find(norm)
        # "ETH price in USDC": USDC is the currency asked for, not a second coin (answered in USDT).
        in_quote = [
            m for m in mentions if m.text.upper() in _QUOTE_COINS and _ASKED_IN.search(norm[: m.start])
        ]
        mentions = [m for m in mentions if m not in in_quote]
        strong = [m for m in mentions if not m.weak]
        if strong:
            counted = strong
        else:
            capitals = {w.casefold() for w in _TICKER.findall(original or "")}
            lone = _lone_latin(norm)  # "near 现在多少": in Chinese, the one English word is a ticker
            counted = [m for m in mentions if price_context or m.text in capitals or m.text == lone]
        not_coin = next((m.text for m in counted if m.symbol == NOT_A_COIN), None)
        coins = [m for m in counted if m.symbol != NOT_A_COIN]
        symbols = tuple(dict.fromkeys(m.symbol for m in coins))
        notes = ("only_usdt",) if in_quote or any(m.other_quote for m in coins) else ()
        unknown = None
        if not symbols and not not_coin:
            unknown = self.unknown_word(norm, original, mentions)
        return Found(counted, symbols, unknown, not_coin, notes)

    def unknown_word(self, norm: str, original: str, mentions: list[Mention]) -> str | None:
        """A coin-like word that names no catalog coin: "$XYZ", "XYZ" in capitals, "btcc price",
        "price of etherum", "姨汰价格"."""
        taken = {m.text for m in mentions}
        for m in _DOLLAR.finditer(norm):
            if m.group(1) not in taken:
                return m.group(1).upper()
        for t in _TICKER.finditer(original or ""):
            word = t.group(1)
            if (
                word not in _NOT_TICKERS
                and word.casefold() not in _QUESTION_WORDS  # "WHAT IS THE PRICE?" is shouting
                and word.casefold() not in STOPWORDS
                and word.casefold() not in taken
                and self.catalog.resolve(word) is None
            ):
                return word
        for pattern in (_LATIN_BEFORE, _LATIN_AFTER):
            for m in pattern.finditer(norm):
                word = m.group(1)
                if word not in _QUESTION_WORDS and word not in taken and not word.isdigit():
                    return word
        for m in _CJK_BEFORE.finditer(norm):
            word = _CJK_FILLER.sub("", m.group(1))
            if len(word) >= 2 and word not in _CJK_NOT_COINS and not any(word in t for t in taken):
                return word
        return None

    def close_matches(self, word: str, limit: int = 3) -> list[str]:
        """Listed symbols whose ticker or name is spelled close to ``word`` (best first)."""
        key = normalize(word).removeprefix("$")
        names = self.index.names()
        latin = key.isascii()
        candidates = [
            n for n, s in names.items() if s and self.catalog.is_supported(s) and n.isascii() == latin
        ]
        cutoff = 0.6 if latin else 0.5
        matcher = difflib.SequenceMatcher(b=key, autojunk=False)
        scored: list[tuple[float, str]] = []
        for name in candidates:
            matcher.set_seq1(name)
            if matcher.real_quick_ratio() < cutoff - 0.3 or matcher.quick_ratio() < cutoff - 0.3:
                continue
            score = matcher.ratio()
            # "pepecoin" is PEPE's name with "coin" added: a prefix counts more than a shared letter.
            if len(name) >= 3 and (key.startswith(name) or name.startswith(key)):
                score += 0.3
            if score >= cutoff:
                scored.append((score, name))
        out: list[str] = []
        for _, name in sorted(scored, key=lambda p: (-p[0], p[1])):
            symbol = names[name]
            if symbol not in out:
                out.append(symbol)
        return out[:limit]

    @staticmethod
    def strip(normalized: str, mentions: list[Mention]) -> str:
        """The text with every coin mention removed."""
        out, pos = [], 0
        for m in sorted(mentions, key=lambda m: m.start):
            out.append(normalized[pos : m.start])
            pos = m.end
        out.append(normalized[pos:])
        return normalize(" ".join(out))


__all__ = ["CoinFinder", "Found", "normalize"]
