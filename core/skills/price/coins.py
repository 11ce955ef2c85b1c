"""The coins a price request names, and the coin-like words it names that are no known coin.

Never the wrong coin: a word that looks like a coin but is none ("btcc", "etherum", "姨汰") is
reported as unknown, with close matches to offer, instead of being skipped (which would let the
conversation's previous coin answer in its place).

No pattern of its own: the coins are the coin index's (core.coin_index), the words around them
the lexicon's and the reader's own (lexicon/phrases/price.toml), read from the message's tags
(core.language.tagger); a coin-like word is one no tag explains, found by walking its Latin words.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from functools import lru_cache

from core.coin_index import CoinIndex, Mention, everyday_words
from core.language import fills
from core.language.lexicon import load, phrases
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.tagger import COIN, Reading, Tag
from core.markets import NOT_A_COIN, MarketCatalog
from core.routing.normalize import normalize

# Coins that are also currencies a price may be asked in ("ETH price in USDC").
_QUOTE_COINS = frozenset({"USDC", "FDUSD", "TUSD", "EUR", "EURI", "BTC", "ETH", "BNB", "USD1"})
# The words a price or a chart is asked with, a coin-like word before or after them.
PRICE_WORDS = frozenset({"noun.price", "price.compare", "noun.chart", "noun.charts"})
_CJK_MAX = 6  # a Chinese coin-like word before a price word is 2 to 6 characters
# The words a currency is asked in with ("ETH price in USDC", "用英文回答").
ASKED_IN = frozenset({"price.asked_in", "filler.to", "filler.using"})


@lru_cache(maxsize=1)
def _lexicon_words() -> frozenset[str]:
    """Every lexicon word, the price reader's and the generic words of a price question
    (phrases/not_coin.toml): none is a coin's unknown name ("THE", "USD", "LATEST")."""
    own = (word for group in ("price", "span", "not_coin") for word, _ in phrases(group).words())
    return frozenset(word for word, _ in load().words()) | frozenset(own)


def _latin(text: str) -> list[tuple[int, int]]:
    """(start, end) of every run of ASCII letters and digits that starts with a letter (the
    digits before a letter are cut: "5k" -> "k")."""
    runs: list[tuple[int, int]] = []
    start = -1
    for i, ch in enumerate(f"{text} "):
        if ch.isascii() and ch.isalnum():
            if start < 0 and ch.isalpha():
                start = i
            continue
        if start >= 0:
            runs.append((start, i))
        start = -1
    return runs


@dataclass(frozen=True, slots=True)
class Found:
    mentions: list[Mention] = field(default_factory=list)  # those that count (look-alikes too), in order
    symbols: tuple[str, ...] = ()  # distinct symbols of those mentions, in order
    unknown: str | None = None  # the first coin-like word that is no coin, as typed
    not_coin: str | None = None  # a look-alike naming no coin, as typed ("比特币ETF")
    notes: tuple[str, ...] = ()  # "only_usdt" when a pair named another quote ("btc/eur")
    in_own_name: bool = False  # a coin was read only inside the name of one of their records


class CoinFinder:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self.index = CoinIndex(catalog)

    def find(self, reading: Reading, *, price_context: bool = False) -> Found:
        """What the message names. Everyday-word tickers ("one", "ai") count only with
        ``price_context`` (an explicit price word), with "$", as a pair, or written in capitals,
        and never next to a coin named plainly."""
        norm = reading.text
        # A weak ticker the tagger read as the coin, for a reason of its own ("and link?"), counts.
        tagged = {(t.start, t.end) for t in reading.tags if COIN in t.concepts}
        mentions = [
            replace(m, weak=False) if m.weak and (m.start, m.end) in tagged else m
            for m in self.index.find(norm)
        ]
        # Coins the tagger read across stray spaces ("比 特 币"): the index reads none there.
        for tag in reading.tags:
            if (
                COIN in tag.concepts
                and tag.value
                and not any(m.start < tag.end and tag.start < m.end for m in mentions)
            ):
                mentions.append(Mention(tag.value, tag.start, tag.end, norm[tag.start : tag.end]))
        # "以太网格现在参数是多少", "whats the setup on eth grid": a coin inside the name of one of
        # their records is the record's, no coin asked (a record named "btc" alone is still BTC).
        owned = [(t.start, t.end) for t in reading.tags if any(c.startswith("own.") for c in t.concepts)]
        named = len(mentions)
        mentions = [m for m in mentions if not any(_within(m, a, b) for a, b in owned)]
        in_own_name = len(mentions) < named
        mentions.sort(key=lambda m: m.start)
        # "ETH price in USDC": USDC is the currency asked for, not a second coin (answered in USDT).
        in_quote = [
            m
            for m in mentions
            if m.text.upper() in _QUOTE_COINS and fills.tag_beside(reading, m.start, ASKED_IN)
        ]
        mentions = [m for m in mentions if m not in in_quote]
        strong = [m for m in mentions if not m.weak]
        if strong:
            # "eth and link prices": an everyday-word ticker listed with a coin named plainly,
            # prices asked, is one of the coins asked.
            counted = [
                m
                for m in mentions
                if not m.weak
                or (price_context and _listed(norm, m, strong) and not _said_as_filler(reading, m))
            ]
        else:
            lone = _lone_latin(norm)  # "near 现在多少": in Chinese, the one English word is a ticker
            counted = [
                m for m in mentions if price_context or m.text == lone or _capitals(reading, m.start, m.end)
            ]
            # "quick, link price": a ticker the lexicon reads as filler ("quick") yields to another,
            # unless typed in capitals ("QUICK and LINK price")
            words = [
                m for m in counted if _capitals(reading, m.start, m.end) or not _said_as_filler(reading, m)
            ]
            counted = words or counted
        not_coin = next((reading.norm.typed(m.start, m.end) for m in counted if m.symbol == NOT_A_COIN), None)
        coins = [m for m in counted if m.symbol != NOT_A_COIN]
        symbols = tuple(dict.fromkeys(m.symbol for m in coins))
        notes = ("only_usdt",) if in_quote or any(m.other_quote for m in coins) else ()
        unknown = None
        if not symbols and not not_coin:
            unknown = self.unknown_word(reading, mentions)
        return Found(counted, symbols, unknown, not_coin, notes, in_own_name and not symbols)

    def unknown_word(self, reading: Reading, mentions: list[Mention]) -> str | None:
        """A coin-like word that names no catalog coin, as typed: "$XYZ", "XYZ" in capitals,
        "btcc price", "price of etherum", "姨汰价格"."""
        norm, taken, typed = reading.text, {m.text for m in mentions}, reading.norm.typed
        words = [(s, e) for s, e in _latin(norm) if norm[s:e] not in taken]
        for start, end in words:  # "$xyz"
            dollar = start > 0 and norm[start - 1] == "$"
            if dollar and end - start <= 10 and (start < 2 or not norm[start - 2].isalnum()):
                return typed(start, end)
        for start, end in words:  # "XYZ" in capitals
            word = typed(start, end)
            if (
                2 <= len(word) <= 10
                and word.isupper()
                and word.isalnum()
                and _capitals(reading, start, end)
                and _maybe_coin(norm[start:end])
                and self.catalog.resolve(word) is None
            ):
                return word
        for start, end in words:  # "btcc price", "btcc's chart", "price of etherum", "chart for xyz"
            after = end + 2 if norm[end : end + 2] == "'s" else end
            link = fills.tag_before(reading, start)  # "of" / "for" right after a price word
            of = link is not None and norm[link.start : start].strip() in ("of", "for")
            of = of and fills.tag_beside(reading, getattr(link, "start", 0), PRICE_WORDS) is not None
            asked = fills.tag_beside(reading, after, PRICE_WORDS, after=True) is not None or of
            if 3 <= end - start <= 15 and _maybe_coin(norm[start:end]) and asked:
                return typed(start, end)
        for tag in reading.tags:  # "姨汰价格", "帮我查一下姨汰的价格", "比特笔现在多少钱", "比特筆而家幾多"
            # "How much" alone asks a price only of a word spelled close to a coin's ("毛利多少" none)
            how_much = _HOW_MUCH in tag.concepts and _last(reading, tag)
            if (tag.concepts & PRICE_WORDS or how_much) and has_cjk(norm[tag.start : tag.end]):
                start, end = _chinese_before(reading, _when_before(reading, tag.start))
                word = norm[start:end]
                close = not how_much or bool(tag.concepts & PRICE_WORDS) or bool(self.close_matches(word))
                if end - start >= 2 and not any(word in t for t in taken) and close:
                    return typed(start, end)
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


def _maybe_coin(word: str) -> bool:
    """A Latin word that may be a coin's name: no lexicon word, no everyday word, no number."""
    return word not in _lexicon_words() and word not in everyday_words() and not word.isdigit()


def _capitals(reading: Reading, start: int, end: int) -> bool:
    """Written in capitals as a word of its own ("ONE price", "$ONE"): a ticker."""
    typed, text = reading.norm.typed(start, end), reading.text
    around = text[start - 1 : start] + text[end : end + 1]  # no ASCII letter or digit touching it
    return (
        len(typed) >= 2
        and typed[0].isalpha()
        and typed.isupper()
        and not any(ch.isascii() and ch.isalnum() for ch in around)
    )


def _lone_latin(norm: str) -> str | None:
    """The only Latin word of a message otherwise written in Chinese, if it has exactly one."""
    if not has_cjk(norm):
        return None
    words = _latin(norm)
    return norm[words[0][0] : words[0][1]] if len(words) == 1 else None


_GLUED = frozenset({"price.asked_in", "price.followup"})
# "How much" ending the message after a coin-like word asks its price ("比特筆而家幾多": 几多 is 多少).
_HOW_MUCH = "ask.how_much"


def _last(reading: Reading, tag: Tag) -> bool:
    """``tag`` ends the message: nothing but filler and marks after it."""
    after = [t for t in reading.tags if t.start >= tag.end]
    if not all(c.startswith("filler.") for t in after for c in t.concepts):
        return False
    rest = "".join(
        c
        for i, c in enumerate(reading.text[tag.end :], tag.end)
        if not any(t.start <= i < t.end for t in after)
    )
    return not any(c.isalnum() for c in rest)


# When a price is asked for, said between the coin and the price word ("比特笔现在多少钱", "姨汰今天什么价").
_WHEN = frozenset({"time.now", "time.today", "price.now"})


def _when_before(reading: Reading, at: int) -> int:
    """Where the words saying when, right before ``at`` (spaces between), start; ``at`` when none."""
    norm = reading.text
    while True:
        end = len(norm[:at].rstrip())
        tag = fills.tag_at(reading, end - 1) if end else None
        if tag is None or tag.end != end or not tag.concepts & _WHEN:
            return at
        at = tag.start


def _chinese_before(reading: Reading, at: int) -> tuple[int, int]:
    """Where the Chinese characters no tag explains right before ``at`` are ("的" and spaces
    skipped)."""
    norm = reading.text
    end = at
    while end > 0 and norm[end - 1] == " ":
        end -= 1
    if end > 0 and norm[end - 1] == "的":
        end -= 1
        while end > 0 and norm[end - 1] == " ":
            end -= 1
    start = end
    while start > 0 and end - start < _CJK_MAX and has_cjk(norm[start - 1]):
        tag = fills.tag_at(reading, start - 1)
        # a character of a word asked in ("以" of "以USDC计价") typed first in the word: "以台多少钱"
        glued = tag is not None and tag.end - tag.start == 1 and tag.concepts <= _GLUED and start < end
        if tag is not None and not glued:
            break
        start -= 1
    return start, end


def _listed(norm: str, mention: Mention, strong: list[Mention]) -> bool:
    """``mention`` stands in a list with a coin named plainly: only "and", "&", "," or "和" between,
    no article before it ("send me the link and btc price": a link sent)."""
    before = norm[: mention.start].split()[-1:]
    if before and before[0] in _LIST_ARTICLES.words:
        return False
    return any(
        norm[a.end : b.start].strip() in _LIST_JOINS.words
        for a, b in ((m, mention) if m.end <= mention.start else (mention, m) for m in strong)
    )


_LIST_ARTICLES = Words("not_coin.list_article")  # "the" of "send me the link and btc price"
_LIST_JOINS = Words("not_coin.list_join")  # "and" of "link and btc price"

__all__ = ["PRICE_WORDS", "CoinFinder", "Found", "normalize"]


def _said_as_filler(reading: Reading, mention: Mention) -> bool:
    """The lexicon reads the ticker's word as filler ("quick", "real quick")."""
    return any(
        t.start <= mention.start
        and mention.end <= t.end
        and t.concepts
        and all(c.startswith("filler.") for c in t.concepts)
        for t in reading.tags
    )


def _within(mention: Mention, start: int, end: int) -> bool:
    """``mention`` lies inside the longer words from ``start`` to ``end``."""
    return start <= mention.start and mention.end <= end and end - start > mention.end - mention.start
