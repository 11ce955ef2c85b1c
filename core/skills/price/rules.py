"""Price intent rules (zh + en): which action a message asks for, and for which coin(s).

Also reads the /price and /history commands ("/price btc"), which the engine routes as text.

No pattern of its own: the message is read once by the language layer (core.language), the words
asking for a price, a chart, a follow-up or a currency are data (lexicon/phrases/price.toml,
span.toml), a window is the value grammar's (ranges.py) and coins the coin index's (coins.py).
A phrasing it misses is a word for the lexicon."""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from core.language import fills
from core.language.tagger import Reading, Tagger, with_phrases
from core.markets import MarketCatalog
from core.routing.router import NO_CONTEXT, Route, RouteContext
from core.skills.price.coins import ASKED_IN, CoinFinder, Found
from core.skills.price.ranges import RangeAsk, days_range, read_range

PriceAction = Literal["current", "history", "both"]
SKILL = "price"
# The reader's own words (core/language/lexicon/phrases/): added to the turn's reading for this
# reader only, never tagged for the other skills ("up", "value", "还" stay their words).
PHRASES = ("price", "span")

# Words that ask for a price ("strong" ones also work without a coin: "当前价格是多少"), and those
# that do only with a coin named ("btc now").
PRICE = frozenset({"noun.price", "price.compare"})
# Coins compared over a window ("compare btc and eth over last 7 days", "对比一下大饼和姨太最近一周"): the
# window's history; compared with none, their prices.
COMPARE = frozenset({"price.compare"})
# What a buy of a coin costs, asked ("how much money do i need to buy 2 eth", "买0.1个btc要多少钱"): its
# price, and the amount's worth beside it.
PRICE_WITH_COIN = frozenset(
    {"price.with_coin", "ask.how_much", "ask.remaining", "ask.cost_to_buy", "outside.cost_of_trade"}
)
# Words that ask for the 7-day history: a span of time ("一周", "7d") or a chart ("走势"). A chart
# word asks for prices whatever else is going on; a span alone may be the answer to another
# task's question (an interval), see PriceRules._bare_window.
CHART = frozenset({"noun.chart"})
DAY_CHANGE = frozenset({"price.day_change"})  # "24小时涨跌", "24h change": the quote's change
HISTORY = frozenset({"span.week", "noun.chart"})
# How a coin has been doing, only when a coin is named ("BTC 涨了吗", "how's sol doing"), or lately
# ("how has sol done lately", "sol最近表现如何").
HISTORY_WITH_COIN = frozenset({"price.doing", "time.lately", "noun.charts"})  # "btc and eth charts"
# A level's crossing asked whether it happened yet ("大饼破10万了没", "is btc above 100k yet"): the
# coin's price, its crossing word with a question's "yet" in one clause.
CROSSED = frozenset({"verb.cross", "direction.above", "direction.below"})
YET = frozenset({"price.yet"})
HOLDS = frozenset({"price.holds"})  # "比特币还在9万上面吗": still over a level, asked
AT_END = frozenset({"price.at_end"})
AFTER_AT = frozenset({"price.now", "price.with_coin", "time.now", "filler.polite"})
CLAUSE = frozenset({"price.clause", "filler.join"})
CLAUSE_MARKS = frozenset(",，;；。?？!！")
# A bare coin's words around it: "那 ETH 呢", "hey bot, btc?" (a greeting asks nothing else).
FOLLOWUP = frozenset({"price.followup", "filler.polite", "filler.of", "filler.join", "filler.greeting"})
ACK, ACK_THEN = frozenset({"answer.yes"}), frozenset({"price.followup", "filler.join"})
NOW_WORDS = frozenset({"price.now"})
NOW_OR_TODAY = frozenset({"price.now", "time.now"})
LEAD = frozenset({"price.lead", "filler.join"})
NOW_AROUND = frozenset({"price.lead", "filler.join", "filler.polite"})
OVER = frozenset({"price.over", "price.lead", "noun.chart", "filler.join", "filler.polite"})
OTHER_QUOTE = frozenset({"price.other_quote", "price.priced"})  # "比特币多少人民币", "usdc 计价"
LANGUAGES = {"price.reply_en": "en", "price.reply_zh": "zh"}  # a reply language asked for
# The action asked for, by (a clause asks for the price, a clause asks for a window).
ACTIONS: dict[tuple[bool, bool], PriceAction] = {
    (True, True): "both",
    (False, True): "history",
    (True, False): "current",
}
MAX_COINS = 3  # coins answered in one reply; more are asked to be narrowed down


def reply_locale(reading: Reading) -> str | None:
    """ "用英文回答", "answer in English", "in chinese please": the reply's language, a language's
    word right after a word asking in it or right before "回答" / "reply"."""
    for tag in reading.tags:
        lang = next((code for concept, code in LANGUAGES.items() if concept in tag.concepts), None)
        if lang is None:
            continue
        answer = fills.tag_after(reading, tag.end, ("price.answer",))
        if fills.tag_beside(reading, tag.start, ASKED_IN) or (answer and answer.start == tag.end):
            return lang
    return None


def scope_notes(reading: Reading) -> tuple[str, ...]:
    """Codes for parts of a request deskmate answers only in its own terms (in USDT): another
    currency named ("比特币多少人民币", "usdc 计价") or asked in ("ETH price in dollars")."""
    other = any(
        t.concepts & OTHER_QUOTE
        or ("price.currency" in t.concepts and fills.tag_beside(reading, t.start, ASKED_IN))
        for t in reading.tags
    )
    return ("only_usdt",) if other else ()


def _has(reading: Reading, concepts: frozenset[str], start: int = 0, end: int | None = None) -> bool:
    stop = len(reading.text) if end is None else end
    return any(t.concepts & concepts and start <= t.start and t.end <= stop for t in reading.tags)


def _at_last(reading: Reading, end: int) -> bool:
    """ "at" said last in a clause, only a word for now after it ("what is pepe at", "sol at rn")."""
    for tag in reading.tags:
        if AT_END & tag.concepts and tag.end <= end:
            after = [t for t in reading.tags if t.start >= tag.end and t.end <= end]
            if all(t.concepts & AFTER_AT for t in after) and not any(
                ch.isalnum() and not any(t.start <= i < t.end for t in after)
                for i, ch in enumerate(reading.text[tag.end : end], tag.end)
            ):
                return True
    return False


def _explained(reading: Reading, allowed: frozenset[str], spans: list[tuple[int, int]]) -> bool:
    """Nothing is left of the message but punctuation, ``spans`` (coins, values) and the words of
    ``allowed`` concepts."""
    return not reading.rest(ignore=reading.concepts - allowed, spans=spans)


def _clauses(reading: Reading) -> list[tuple[int, int]]:
    """The message's parts between conjunctions and punctuation ("price, and its chart")."""
    cuts: list[tuple[int, int]] = [(i, i + 1) for i, ch in enumerate(reading.text) if ch in CLAUSE_MARKS]
    cuts += [(t.start, t.end) for t in reading.tags if t.concepts & CLAUSE]
    parts, at = [], 0
    for start, end in sorted(cuts):
        if start >= at:
            parts.append((at, start))
            at = end
    parts.append((at, len(reading.text)))
    return parts


def _the_day(reading: Reading, window: RangeAsk) -> bool:
    """The window asked is the last day, said by a word for today ("how much did btc move in the
    last 24h"): a move over it is the quote's 24-hour change, not a chart of hours."""
    asked = (window.asked or "").lower()
    return window.note == "range_intraday" and any(
        "price.today" in t.concepts and reading.text[t.start : t.end] == asked for t in reading.tags
    )


class PriceRule:
    """The price skill's routing rule: which action a message asks for and for which coin(s), as a
    Route. It reads the layer's reading of the message (the tags the intents were scored on), or
    tags the text itself when routed alone."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinFinder(catalog)
        self.tagger = Tagger(self.coins.index)

    def route(self, text: str) -> Route | None:
        return self.route_reading(self.tagger.read(text), NO_CONTEXT)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        reading = with_phrases(reading, PHRASES)
        norm = reading.text
        name, _ = fills.command(norm) or ("", "")
        if name in ("price", "history"):
            head = len(norm.partition(" ")[0])
            return self._slash(reading, name, reading.norm.typed(head, len(norm)))
        window = read_range(reading)
        explicit_price = _has(reading, PRICE | HISTORY)
        found = self.coins.find(reading, price_context=explicit_price)
        symbols = found.symbols
        if found.in_own_name:
            return None  # "BTC定投现在投了多少钱了": their record's, asked by its name
        if context.awaiting not in (None, SKILL) and self._bare_window(reading, found):
            return None  # "4h", "一周" or "30d?" while another task's question waits: its answer
        # A coin unknown asked of ("比特筆而家幾多") is asked of as a coin named.
        named = bool(symbols) or bool(found.not_coin) or bool(found.unknown)
        action = self._action(reading, with_coin=named, window=window)
        said: dict[str, Any] = {
            "notes": scope_notes(reading) + found.notes,
            "reply_locale": reply_locale(reading),
            "high_low": reading.has("price.high_low"),  # "btc 24h high": the card's 24 h high / low
        }
        if found.not_coin and not symbols:
            if action or self._bare_followup(reading, found):
                return _route(action or "current", not_coin=found.not_coin, **said)
            return None
        if not symbols:
            if action and found.unknown:
                return _route(action, unknown=found.unknown, window=window, **said)
            if action and explicit_price:
                return _route(action, window=window, **said)
            bare = self._bare_context_followup(reading, window)
            if bare is not None:
                asked = window if bare == "history" else None
                return _route(bare, followup=True, window=asked, **said)
            return None
        # How it moves today, or how it is doing now ("whats btc doing rn", "大饼现在怎么样"); how it
        # did today stays the day's chart ("今天eth怎么样").
        changed = (reading.has("price.change") and reading.has("price.today")) or (
            reading.has("price.doing") and _has(reading, NOW_OR_TODAY)
        )
        if reading.has("price.high_low") and not _has(reading, CHART):  # the quote card, with them
            return _route("current", symbols, **said)
        if (reading.has("price.day_change") and not _has(reading, CHART)) or (
            changed and (not window.explicit or _the_day(reading, window))
        ):
            return _route("current", symbols, change=True, **said)
        if action:
            return _route(action, symbols, window=window, amounts=_amounts(reading, symbols), **said)
        if self._bare_followup(reading, found):
            return _route(None, symbols, followup=True, **said)
        return None

    @staticmethod
    def _bare_window(reading: Reading, found: Found) -> bool:
        """No coin and no word about prices: a span ("7d", "一周") or a number at most."""
        return not (found.symbols or found.not_coin or _has(reading, PRICE | CHART))

    @staticmethod
    def _bare_followup(reading: Reading, found: Found) -> bool:
        # "ok and ltc?", "好的 那ltc呢": an acknowledgement before a follow-up's own words ("ok btc"
        # alone may answer another question).
        allowed = FOLLOWUP | ACK if reading.concepts & ACK_THEN else FOLLOWUP
        return _explained(reading, allowed, [(m.start, m.end) for m in found.mentions])

    @staticmethod
    def _bare_context_followup(reading: Reading, window: RangeAsk) -> PriceAction | None:
        """ "and now?" -> the current price; "and 30 days?", "那一个月呢" -> that window's history."""
        if _has(reading, NOW_WORDS) and _explained(reading, NOW_WORDS | NOW_AROUND, []):
            return "current"
        # Only with a follow-up's own words ("and …?", "那…呢", "what about …"): a bare "30d" or
        # "2m" is more likely an answer to another task's question (an interval) than a price request.
        text = reading.text.rstrip()
        first = reading.tags[0] if reading.tags else None
        marked = (first is not None and first.start == 0 and bool(first.concepts & LEAD)) or text.endswith(
            ("呢", "?", "？")
        )
        if marked and window.explicit and window.note not in ("range_date", "range_intraday"):
            spans = [(v.start, v.end) for v in reading.spans() if v.kind in ("duration", "interval")]
            spans += [
                (t.start, t.end) for t in reading.tags if any(c.startswith("span.") for c in t.concepts)
            ]
            width = max((end - start for start, end in spans), default=0)
            if 0 < width <= 12 and _explained(reading, OVER, spans):
                return "history"
        return None

    def _slash(self, typed: Reading, command: str, arg: str) -> Route:
        action: PriceAction = "current" if command == "price" else "history"
        arg = arg.strip()
        if not arg:
            return _route(action)
        reading = with_phrases(self.tagger.read(arg), PHRASES)
        found = self.coins.find(reading, price_context=True)
        if found.not_coin and not found.symbols:
            return _route(action, not_coin=found.not_coin)
        if not found.symbols:
            # The first word's letters and digits as typed ("/price PepeCoin!" -> "PepeCoin").
            first = unicodedata.normalize("NFKC", arg).split()[0]
            token = "".join(c for c in first if c.isascii() and c.isalnum())[:12]
            return _route(action, unknown=token or None)
        window = read_range(reading)
        # "/history sol 30": a bare number after the coin is a number of days ("20000", "1.5" and
        # "-5" too: served as the longest, as whole days or refused, said, never the default unsaid).
        if not window.explicit:
            days = next((v for v in reading.spans() if v.kind in ("number", "refused")), None)
            window = window if days is None else days_range(days)
        return _route(action, found.symbols, notes=scope_notes(reading) + found.notes, window=window)

    @staticmethod
    def _action(reading: Reading, *, with_coin: bool, window: RangeAsk) -> PriceAction | None:
        """history if a clause asks for a window; current if another clause asks for the price (a
        comparison alone asks for no price of its own: it compares over the window, if one is asked)."""
        wants_current = wants_history = compared = False
        for start, end in _clauses(reading):
            clause_window = read_range(reading, start, end)
            hist = (
                _has(reading, HISTORY, start, end)
                or (with_coin and _has(reading, HISTORY_WITH_COIN, start, end))
                or (with_coin and clause_window.explicit and clause_window.note != "range_date")
            )
            cur = _has(reading, (PRICE - COMPARE) | DAY_CHANGE, start, end) or (
                with_coin and _has(reading, PRICE_WITH_COIN, start, end)
            )
            compared |= _has(reading, COMPARE, start, end)
            cur |= with_coin and _has(reading, CROSSED, start, end) and _has(reading, YET, start, end)
            cur |= with_coin and _has(reading, HOLDS, start, end)
            cur |= with_coin and _at_last(reading, end)
            if hist and clause_window.note == "range_intraday" and _has(reading, DAY_CHANGE, start, end):
                hist = False  # "btc 24小时涨跌, 30天走势": the 24 h change is the quote's
            wants_history |= hist
            wants_current |= (cur and not hist) or (with_coin and _has(reading, DAY_CHANGE, start, end))
        wants_current |= compared and not wants_history
        if window.note == "range_date":  # a past date: the current price, with a notice
            return "current" if (wants_current or wants_history or with_coin) else None
        return ACTIONS.get((wants_current, wants_history))


def _amounts(reading: Reading, symbols: tuple[str, ...]) -> dict[str, str]:
    """ "how much is 0.5 btc", "两个以太坊值多少钱": the amount of a coin named (its worth is shown
    beside the price, not the price of one coin alone), by coin; a refused one as its marker."""
    return {
        v.coin: v.slot
        for v in reading.spans()
        if v.unit == "base" and v.coin in symbols and (v.refused or (v.kind == "amount" and v.number != 1))
    }


# Slots set only with a current price: the worth of an amount named (see _amounts), the 24-hour
# high and low.
_WITH_CURRENT = frozenset({"amounts", "high_low"})


def _route(
    action: PriceAction | None,  # None: a bare-coin follow-up; the engine decides from context
    symbols: tuple[str, ...] = (),  # every coin named, supported or not, in order
    *,
    window: RangeAsk | None = None,  # the window asked for (history)
    **said: Any,
) -> Route:
    """The route, with what else was said, each slot set only when said: ``notes`` (see
    scope_notes), ``reply_locale`` (the reply's language asked for), ``unknown`` (a coin-like word
    no catalog coin has, as typed: "BTCC"), ``not_coin`` (a look-alike naming no coin, as typed:
    "比特币ETF"), ``followup``, ``change`` (how it moved today: the quote card with its 24-hour
    change), ``high_low`` (the 24-hour high or low: the quote card shows both), ``amounts``."""
    slots: dict[str, Any] = {"symbols": list(symbols)}
    if window is not None and window.note == "range_day" and action in ("history", "both"):
        action, said["change"] = "current", True  # "btc last 1 day": the quote's 24-hour change, said
    if window is not None and window.explicit:
        if action != "current":
            slots["days"] = window.days
        if window.note:
            slots["range_note"] = {"code": window.note, "asked": window.asked}
    current = action in ("current", "both")
    slots |= {k: v for k, v in said.items() if v and (current or k not in _WITH_CURRENT)}
    if "notes" in slots:
        slots["notes"] = list(dict.fromkeys(slots["notes"]))
    return Route(SKILL, action, slots, followup=bool(said.get("followup")))
