"""Find the coins a message names, among thousands of listed ones, without naming a wrong one.

Latin text is read word by word (a dictionary look-up per word and per two- and three-word phrase,
longest first), so the cost does not grow with the catalog; Chinese names, a few hundred, are one
alternation, longest first. Longest first is what keeps look-alikes apart: "bitcoin cash" is BCH,
"以太经典" is ETC and "比特币ETF" is no coin at all, never the coin their first word names.

A mention knows how it was written: a bare ticker that is also an everyday word ("one", "hot",
"ai", "link") is *weak* and only counts when the caller has a reason (a price question naming no
other coin); ``$ONE``, ``ONE/USDT`` or ``ONEUSDT`` are explicit and always count.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from typing import Final

from core.coin_names import COMMON_WORD_NAMES, COMMON_WORD_TICKERS
from core.markets import NOT_A_COIN, QUOTE_ASSET, MarketCatalog

_WORD = re.compile(r"\$?[a-z0-9]+(?:\.[a-z]+)?")
_PAIR_TAIL = re.compile(r"\s*[/_-]\s*([a-z]{2,6})(?![a-z0-9])")
_QUOTE = QUOTE_ASSET.casefold()
# Other quote currencies people put after a coin ("BTC/EUR", "eth-usdc"): still that coin, asked
# in a currency deskmate does not quote (the caller says so).
OTHER_QUOTES: Final = frozenset(
    {"usd", "usdc", "busd", "fdusd", "tusd", "eur", "try", "brl", "jpy", "gbp", "cny"}
)


@cache
def everyday_words() -> frozenset[str]:
    """English words too common to ever be a coin without "$" or a pair, whatever the catalog
    lists ("the", "s" of "what's"): core/language/lexicon/phrases/not_coin.toml, [everyday]."""
    from core.language.lexicon import phrases

    return frozenset(phrases("not_coin").concepts["not_coin.everyday"].words)


# The last messages' mentions, whichever index found them: a turn reads its message's coins
# several times (the tagger, the value grammar, a skill's reader), each through its own index of
# the same catalog. Keyed by the text; the catalog (by identity) and its version must agree.
_KEPT = 16
_SEEN: dict[str, tuple[MarketCatalog, int, tuple[Mention, ...]]] = {}


# What an index reads off a catalog's names, by the names' identity: a catalog shares its name
# index with every catalog of the same list of markets (core.markets), and each of the indexes a
# process makes of them (the tagger's, the value grammar's, a skill's reader's) reads it once.
_BUILT: dict[int, tuple[dict[str, str], int, frozenset[str], re.Pattern[str] | None]] = {}
_BUILT_KEPT = 4


def _built(names: dict[str, str]) -> tuple[int, frozenset[str], re.Pattern[str] | None]:
    """The longest Latin name in words, the first words of Latin names of several, and the one
    alternation of the names in other scripts, longest first."""
    kept = _BUILT.get(id(names))
    if kept is not None and kept[0] is names:
        return kept[1:]
    max_words = max((n.count(" ") + 1 for n in names if n.isascii()), default=1)
    firsts = frozenset(n.split(" ", 1)[0] for n in names if n.isascii() and " " in n)
    other = sorted((n for n in names if not n.isascii()), key=len, reverse=True)
    # "比特币 etf" is the same look-alike as "比特币etf": a space may sit between the scripts.
    parts = [
        re.sub(r"(?<=[^\x00-\x7f])(?=[a-z0-9])|(?<=[a-z0-9])(?=[^\x00-\x7f])", r"\\s?", re.escape(n))
        for n in other
    ]
    pattern = re.compile("|".join(parts)) if parts else None
    if len(_BUILT) >= _BUILT_KEPT:
        _BUILT.pop(next(iter(_BUILT)), None)
    _BUILT[id(names)] = (names, max_words, firsts, pattern)
    return max_words, firsts, pattern


@dataclass(frozen=True, slots=True)
class Mention:
    symbol: str  # a listed symbol, a known-unsupported one, or NOT_A_COIN
    start: int
    end: int
    text: str
    weak: bool = False  # a bare everyday word ("one"): counts only with a reason
    explicit: bool = False  # "$BTC", "BTC/USDT", "btc-usdt", "BTCUSDT"
    other_quote: str | None = None  # "btc/eur" -> "eur"


class CoinIndex:
    """Coin mentions in normalized text (core.routing.normalize), in order, without overlaps."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self._version = -1
        self._names: dict[str, str] = {}
        self._other: re.Pattern[str] | None = None
        self._max_words = 1
        self._firsts: frozenset[str] = frozenset()  # the first word of every name of several

    def _refresh(self) -> None:
        if self._version == self.catalog.version and self._names:
            return
        names = self.catalog.aliases()
        self._names = names
        self._max_words, self._firsts, self._other = _built(names)
        self._version = self.catalog.version

    def find(self, norm: str) -> list[Mention]:
        """Every coin mention, in order (a new list: the caller may keep or change it)."""
        self._refresh()
        kept = _SEEN.get(norm)
        if kept is not None and kept[0] is self.catalog and kept[1] == self._version:
            return list(kept[2])
        found = self._find(norm)
        if len(_SEEN) >= _KEPT:
            _SEEN.pop(next(iter(_SEEN), ""), None)
        _SEEN[norm] = (self.catalog, self._version, tuple(found))
        return found

    def _find(self, norm: str) -> list[Mention]:
        found: list[Mention] = []
        if self._other is not None and not norm.isascii():
            for m in self._other.finditer(norm):
                key = "".join(m.group(0).split())
                symbol = self._names.get(key)  # NOT_A_COIN ("") is an answer: "比特币 etf" names none
                symbol = self._names.get(m.group(0)) if symbol is None else symbol
                if symbol is not None:
                    found.append(Mention(symbol, m.start(), m.end(), m.group(0)))
        # The names in other scripts are sorted and disjoint: a span overlaps one of them when the
        # last one starting before its end reaches past its start (a bisection, not a scan, so a
        # long text full of names stays linear).
        starts, ends = [c.start for c in found], [c.end for c in found]

        def taken(start: int, end: int) -> bool:
            k = bisect_left(starts, end) - 1
            return k >= 0 and ends[k] > start

        words = list(_WORD.finditer(norm))
        if found:
            words = [m for m in words if not taken(m.start(), m.start() + 1)]
        names, firsts = self._names, self._firsts
        i = 0
        while i < len(words):
            word = words[i].group(0).lstrip("$")
            if word not in names and word not in firsts and not word.endswith(_QUOTE):
                i += 1  # most words: no coin, no coin's first word, no ticker glued to the quote
                continue
            mention, used = self._latin_at(norm, words, i)
            if mention is not None and not taken(mention.start, mention.end):
                found.append(mention)  # Latin mentions follow each other: no overlap among them
            i += used
        found.sort(key=lambda c: c.start)
        return found

    def _latin_at(self, norm: str, words: list[re.Match[str]], i: int) -> tuple[Mention | None, int]:
        """The mention starting at word ``i`` (longest phrase first) and how many words it used."""
        first = words[i]
        word = first.group(0)
        dollar = word[0] == "$"
        if dollar:
            word = word[1:]
        symbol = self._names.get(word)
        several = word in self._firsts  # a name of several words may start here
        for n in range(min(self._max_words, len(words) - i) if several else 1, 1, -1):
            start, end = first.start() + dollar, words[i + n - 1].end()
            phrase = norm[start:end]
            if " " in phrase and phrase.count(" ") == n - 1:
                named = self._names.get(phrase)
                if named is not None:
                    weak = not dollar and phrase in COMMON_WORD_NAMES
                    return Mention(named, start, end, phrase, weak=weak, explicit=dollar), n
        start, end = first.start(), first.end()
        if symbol is not None and symbol != NOT_A_COIN:
            tail = _PAIR_TAIL.match(norm, end)
            quote = tail.group(1) if tail else None
            is_ticker = self.catalog.base_of(symbol).casefold() == word
            if quote is not None and is_ticker and (quote == _QUOTE or quote in OTHER_QUOTES):
                assert tail is not None
                other = None if quote == _QUOTE else quote
                return Mention(
                    symbol, start, tail.end(), norm[start : tail.end()], explicit=True, other_quote=other
                ), 1
            if is_ticker and not dollar and (len(word) <= 1 or word in everyday_words()):
                return None, 1  # "a", "the", "s" of "what's": a coin only as "$S" or "S/USDT"
            explicit = dollar or (not is_ticker and word.endswith(_QUOTE) and word != _QUOTE)
            weak = not dollar and (
                word in COMMON_WORD_NAMES or (is_ticker and word.upper() in COMMON_WORD_TICKERS)
            )
            return Mention(symbol, start, end, norm[start:end], weak=weak, explicit=explicit), 1
        if symbol == NOT_A_COIN:
            return Mention(NOT_A_COIN, start, end, norm[start:end]), 1
        # "btcusdt": a ticker glued to the quote asset.
        if word.endswith(_QUOTE) and len(word) > len(_QUOTE):
            glued = self._names.get(word[: -len(_QUOTE)])
            if (
                glued
                and glued != NOT_A_COIN
                and self.catalog.base_of(glued).casefold() == word[: -len(_QUOTE)]
            ):
                return Mention(glued, start, end, norm[start:end], explicit=True), 1
        return None, 1

    def names(self) -> dict[str, str]:
        self._refresh()
        return self._names
