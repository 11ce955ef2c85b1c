"""The one tagger: a message's concept words, coins and the person's own record names, as spans.

Every lexicon word (and the model providers' and exchanges' names) sits in ONE Aho-Corasick
automaton (pyahocorasick; core.language.word_scan), so a message is scanned once whatever the
number of words; a Latin word only counts whole ("bot" not in "robot", "on" not in "bitcoin").
Coins come from the market catalog's coin index; the person's names from their gazetteer
(core.language.gazetteer).

Overlapping spans resolve leftmost-longest: "交易机器人" is the trader noun, not "机器人" inside it;
"机器人一号" (a trader of theirs) is their record, not the noun "机器人". Spans of the same words
keep every concept those words have ("查" is a query verb in every group that lists it).
Markup ("<script>alert(1)</script>") is no words: its spans are masked before anything is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Final, cast

from core.language.cleared import cleared
from core.language.conditions import conditioned
from core.language.gazetteer import glued
from core.language.normalize import Normalized, has_cjk, normalize_text
from core.language.phrases import Words
from core.language.phrases import found as phrases_found
from core.language.quoted_names import quoted_names
from core.language.run_on import run_on
from core.language.spans import RECORD_CHANGES, RECORD_VERBS
from core.language.weak_coins import weak_coin_said
from core.language.word_scan import EXCHANGE, PROVIDER, automaton, scan

if TYPE_CHECKING:
    from core.coin_index import CoinIndex, Mention
    from core.language.gazetteer import Gazetteer
    from core.language.values import Value
    from core.markets import MarketCatalog

# The concepts of no span: what a union of spans' concepts starts from (``frozenset[str]()`` makes a
# generic alias at each call, and fails setting its __orig_class__ on the set it makes).
_NO_CONCEPTS: Final[frozenset[str]] = frozenset()

COIN = "coin"
# An HTML/XML tag, and a script or style element whole: pasted markup says nothing to deskmate.
_MARKUP = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>|</?[a-z][^<>]{0,200}>", re.DOTALL)
# Punctuation, and the emoji typed beside words ("how much did i lose today 😭"): no name's words.
PUNCT = re.compile(
    r"[\s,，.。!！?？:：;；、~～\"“”「」『』()（）\[\]<>《》'’`\u2600-\u27bf\ufe0f\u200d\U0001f000-\U0001faff]+"
)


@dataclass(frozen=True, slots=True)
class Tag:
    start: int  # in the normalized text
    end: int
    concepts: frozenset[str]  # "verb.delete", "coin", "own.trader", "provider", ...
    value: str = ""  # the coin's symbol, the record's stored name, the provider's key


@dataclass(frozen=True, slots=True)
class Reading:
    """A message as the layer reads it: normalized, with its tags in order."""

    norm: Normalized
    tags: tuple[Tag, ...]
    concepts: frozenset[str] = field(default=frozenset())
    scanned: str = ""  # the normalized text with markup blanked out (what the tags were read in)
    coins: CoinIndex | None = field(default=None, compare=False, repr=False)
    # The spans the tags were resolved from (see _Span): a reader adding its own words
    # (with_phrases) resolves them again with these, not by reading the text again.
    found: tuple[_Span, ...] = field(default=(), compare=False, repr=False)
    # Read with coins (or names) that changed nothing: no coin nor name found, no value asked of
    # the coins; the reading without them is the same (Tagger.read takes it, no second tagging).
    bare: bool = field(default=False, compare=False, repr=False)
    # Read with coins that only the value grammar asked (no coin nor name found by the tagger):
    # the reading without them is the same where the text's values are (Tagger.read checks).
    valued: bool = field(default=False, compare=False, repr=False)

    @property
    def text(self) -> str:
        return self.norm.text

    def spans(self) -> list[Value]:
        """The message's values by the one value grammar (core.language.values): amounts with
        their unit, prices, percents, durations, intervals, counts, ids and refusals, with offsets
        into ``text`` (the normalized message), base amounts knowing their coin. Read once per
        message however many readers ask (find_values keeps the last texts')."""
        return _value_grammar()(self.text, self.coins)

    def has(self, concept: str) -> bool:
        return concept in self.concepts

    def first(self, concept: str) -> Tag | None:
        return next((t for t in self.tags if concept in t.concepts), None)

    def values(self, concept: str) -> list[str]:
        return [t.value for t in self.tags if concept in t.concepts]

    def rest(self, *, ignore: Iterable[str] = (), spans: Iterable[tuple[int, int]] = ()) -> str:
        """What no tag (but those of ``ignore`` concepts) and none of ``spans`` (values', say:
        core.language.fills.value_spans) explains, punctuation removed: a name the person typed
        ("turn on the daily summary for trader beta" -> "beta"), or ""."""
        ignored = frozenset(ignore)
        keep = [True] * len(self.text)
        taken = [(t.start, t.end) for t in self.tags if t.concepts - ignored]
        for start, end in (*taken, *spans):
            keep[start:end] = [False] * (end - start)
        kept = "".join(ch if k else " " for ch, k in zip(self.scanned or self.text, keep, strict=True))
        return " ".join(PUNCT.sub(" ", kept).split())


def _masked(norm: Normalized) -> str:
    """The normalized text with markup blanked out (same length: offsets stay valid)."""
    if "<" not in norm.text:
        return norm.text
    return _MARKUP.sub(lambda m: " " * len(m.group(0)), norm.text)


# A span before resolution: (start, end, rank, concepts, value); rank 0 own names, 1 coins, 2
# lexicon words wins a tie of the same extent. Plain tuples: a message has a dozen, read in
# microseconds.
_Span = tuple[int, int, int, frozenset[str], str]
_COIN: Final = frozenset({COIN})


# The last texts' readings, each with what it was read with: (the coins' catalog, its version, the
# names, the reading); see Tagger.read. A coin index is made of its catalog alone (core.coin_index).
# As many as one long message reads: its pieces, routed and read again as its clauses are cut
# (with 8, a long message's whole text and pieces were tagged again, pushed out by the others).
_READ: dict[str, list[tuple[object, object, object, Reading]]] = {}
_READ_KEPT = 32


class Tagger:
    """Tags messages; ``coins`` reads coin names (None: no coins, e.g. in unit tests of words)."""

    def __init__(self, coins: CoinIndex | None = None) -> None:
        self.coins = coins

    def read(self, text: str, names: Gazetteer | None = None) -> Reading:
        """The message's reading. The last few are kept across taggers: a turn's message is read
        by the layer and again by skills' readers (each with a tagger and coin index of its own),
        and the reading depends only on the text, the coins' catalog (and its version) and the
        names (none and an empty gazetteer read alike)."""
        if names is not None and not names:
            names = None  # no names read: the same reading as none given
        coins = self.coins
        catalog = None if coins is None else coins.catalog
        version = None if catalog is None else catalog.version
        kept = _READ.get(text)
        if kept is not None:
            for k_catalog, k_version, k_names, reading in kept:
                if k_catalog is catalog and k_version == version and k_names is names:
                    # Another index over the same catalog reads the same coins: the reading's own.
                    return reading if reading.coins is coins else replace(reading, coins=coins)
        bare = (
            None
            if coins is not None or names is not None or kept is None
            else next((k[3] for k in kept if k[3].bare), None)
        )
        if bare is None and coins is None and names is None and kept is not None:
            bare = next((k[3] for k in kept if k[3].valued and _values_alike(k[3], k[1])), None)
        plain = None if bare is None else replace(bare, coins=None, bare=True, valued=False)
        reading = self._read(text, names) if plain is None else plain
        if kept is None:
            if len(_READ) >= _READ_KEPT:
                _READ.pop(next(iter(_READ)))
            kept = _READ[text] = []
        elif len(kept) >= _READ_KEPT:
            kept.pop(0)
        kept.append((catalog, version, names, reading))
        return reading

    def _read(self, text: str, names: Gazetteer | None) -> Reading:
        norm = normalize_text(text)
        scanned = _masked(norm)
        own: list[_Span] = []
        coins = None if self.coins is None else _Asked(self.coins)
        # The conditions reach the coins only through the value grammar (core.language.conditions):
        # asked apart, so that a reading whose coins only the values asked may be read without them.
        valuing = None if self.coins is None else _Asked(self.coins)
        if names is not None:
            objects = bool(names.objects) or names.pictographs()
            acts, fronted = (_act_ends(scanned), _fronted(scanned)) if objects else (_NONE, _NO_PAIRS)
            given = _given_names(scanned) if objects else _NONE
            running = _running_asked(scanned) if objects else _NONE
            for start, end, kinds, name in names.find(scanned, text, acts, fronted, given, running):
                own.append((start, end, 0, frozenset(f"own.{kind}" for kind in kinds), name))
        spans = _spans(scanned, cast("CoinIndex | None", coins), own, cast("CoinIndex | None", valuing))
        tags = _object_first(_resolve(spans))
        concepts = _NO_CONCEPTS.union(*map(attrgetter("concepts"), tags))
        found = coins is not None and coins.asked
        valued = valuing is not None and valuing.asked
        bare = not own and not found and not valued
        valued = not own and not found and valued
        return Reading(norm, tags, concepts, scanned, self.coins, tuple(spans), bare, valued)


def _values_alike(reading: Reading, version: object) -> bool:
    """The values of ``reading``'s text read with its coins (at the catalog's ``version`` it was
    read at) are those read without coins: the conditions, which reach the coins only through the
    value grammar, read it as they read it without coins."""
    coins = reading.coins
    if coins is None or coins.catalog.version != version:
        return False
    find_values = _value_grammar()
    # by repr: a number's Decimal as written too ("1.0" is no "1" to a reader quoting it)
    return list(map(repr, find_values(reading.scanned, coins))) == list(
        map(repr, find_values(reading.scanned, None))
    )


@cache
def _value_grammar() -> Callable[[str, CoinIndex | None], list[Value]]:
    """The value grammar's reader (core.language.values), imported at the first value asked: a
    statement importing it ran at each ask (~0.6 us, its module's __path__ looked up and missed)."""
    from core.language.values import find_values

    return find_values


class _Asked:
    """A coin index noting whether it was asked anything but the coins a text names (none found:
    the text read without coins reads the same)."""

    def __init__(self, coins: CoinIndex) -> None:
        self.index, self.asked = coins, False

    def find(self, norm: str) -> list[Mention]:
        found = self.index.find(norm)
        self.asked |= bool(found)
        return found

    @property
    def catalog(self) -> MarketCatalog:  # the value grammar's key: asked, as __getattr__'s
        self.asked = True  # (one attribute of its own: no failed look-up before __getattr__)
        return self.index.catalog

    def __getattr__(self, name: str) -> object:  # the value grammar's look-ups: its catalog
        self.asked = True
        return getattr(self.index, name)


_NONE: Final = frozenset[int]()
_RECORD_ACTS: Final = (*RECORD_VERBS, *RECORD_CHANGES)


def _act_ends(scanned: str) -> frozenset[int]:
    """Where the word after each record's act word starts ("stop max", "删掉max"), or after the kind
    said right after it ("删除策略 止蝕"): where a name of theirs that is a plain word is its object
    (core.language.gazetteer)."""
    words = scan(scanned)
    ends = {
        len(scanned) - len(scanned[end:].lstrip(" "))
        for _, end, _, concepts, _ in words
        if any(c.startswith(_RECORD_ACTS) for c in concepts)
    }
    # "rename the alert top": an article between the act and the kind
    ends |= {
        len(scanned) - len(scanned[end:].lstrip(" "))
        for start, end, _, concepts, _ in words
        if start in ends and concepts and concepts <= _ARTICLE
    }
    kinds = {
        len(scanned) - len(scanned[end:].lstrip(" "))
        for start, end, _, concepts, _ in words
        if start in ends and concepts & RECORD_NOUNS
    }
    return frozenset(ends | kinds)


_ARTICLE: Final = frozenset({"filler.article", "filler.mine"})


# A record's kind, then a name's marker ("the trader named stop", "交易员叫停止"): the name follows.
_KIND_NAMED: Final = frozenset(
    {"noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert", "noun.bot"}
)
_MARKER: Final = Words("names.marker")


def _given_names(scanned: str) -> frozenset[int]:
    """Where the word after a name's marker said right after a record's kind starts ("delete the
    trader named balance", "a trader named stop was a mistake"): a name of theirs that is a plain
    word said there is that name, given as one, never the lexicon's word (core.language.gazetteer)."""
    marks = _MARKER.spans(scanned, every=True)
    if not marks:
        return _NONE
    kinds = {end for _, end, _, concepts, _ in scan(scanned) if concepts & _KIND_NAMED}
    return frozenset(
        len(scanned) - len(scanned[end:].lstrip(" "))
        for start, end in marks
        if start in kinds or (scanned[start - 1 : start] == " " and start - 1 in kinds)
    )


_RUNNING: Final = "ask.running"


def _running_asked(scanned: str) -> frozenset[int]:
    """Where a word asking whether something runs starts ("is balance running?", "余额在跑吗"): a name
    of theirs that is a plain word said right before it is what is asked of (core.language.gazetteer):
    only a record runs."""
    return frozenset(start for start, _, _, concepts, _ in scan(scanned) if _RUNNING in concepts)


_NO_PAIRS: Final = frozenset[tuple[int, int]]()
_FRONTS: Final = "filler.fronted"  # 把 / 将: the object said before its act


def _fronted(scanned: str) -> frozenset[tuple[int, int]]:
    """(where the word after 把 starts, where a record's act word after it starts) for each such
    pair ("把明天停了": 明天 between): a name of theirs that is a plain word filling the gap whole is
    the act's object (core.language.gazetteer), as it is right after the act ("停掉明天")."""
    words = scan(scanned)
    marks = [end for _, end, _, concepts, _ in words if _FRONTS in concepts]
    if not marks:
        return _NO_PAIRS
    acts = [start for start, _, _, concepts, _ in words if any(c.startswith(_RECORD_ACTS) for c in concepts)]
    return frozenset(
        (len(scanned) - len(scanned[mark:].lstrip(" ")), act) for mark in marks for act in acts if act > mark
    )


def _spans(
    scanned: str, coins: CoinIndex | None, own: list[_Span], valuing: CoinIndex | None = None
) -> list[_Span]:
    """The spans of a text's lexicon words, coins and ``own`` names, before resolution; ``valuing``:
    the coins the conditions' value grammar reads with (``coins`` where not given)."""
    # Every word found, leftmost-longest kept (_resolve): "交易机器人" is one word, not "机器人"
    # inside it; but "价格" of "比特币价格" stays a word though "币价" overlaps the coin.
    spans: list[_Span] = [
        (start, end, 2, concepts, value) for start, end, _, concepts, value in scan(scanned)
    ]
    named = quoted_names(scanned)  # "名字叫「颱風」": a quoted name's words are no lexicon words
    if named:
        spans = [s for s in spans if not any(a <= s[0] and s[1] <= b for a, b in named)]
    if coins is not None:
        for mention in coins.find(scanned):
            if (
                not mention.weak
                or mention.explicit
                or weak_coin_said(scanned, mention.start, mention.end, spans)
            ):
                spans.append((mention.start, mention.end, 1, _COIN, mention.symbol))
                spans = [s for s in spans if not _slip_into(scanned, s, mention.start, mention.end)]
    if own:  # a name glued inside a longer one typed is not theirs ("交易员大饼哥" names no 大饼)
        words = [(s[0], s[1], s[3]) for s in spans + own]
        own = [s for s in own if not glued(scanned, s[0], s[1], words)]
    for start, end, *_ in own:  # a slip across a name's edge too ("跑金仔": 跑金 is no 跑紧)
        spans = [s for s in spans if not _slip_into(scanned, s, start, end)]
    spans += own
    if coins is not None and len(scanned) > 4:  # "solprice", "buydoge": a coin and a word run on
        spans += run_on(scanned, coins, spans, 1, 2)
    if (" " in scanned or any(w in scanned for w in _INSERTED)) and has_cjk(scanned):
        spans += _across_spaces(scanned, spans, coins)
    valuing = coins if valuing is None else valuing
    return cleared(scanned, conditioned(scanned, spans, valuing))  # said under a condition; "清空"'s object


def _slip_into(scanned: str, span: _Span, start: int, end: int) -> bool:
    """A slip read across a coin's or a name's edge ("我的比特币": 我的比 is no 我的币): the coin is
    what is said."""
    return (
        span[2] == 2
        and span[0] < start < span[1] < end
        and not automaton().exists(scanned[span[0] : span[1]])
    )


def with_phrases(reading: Reading, groups: tuple[str, ...]) -> Reading:
    """``reading`` with one reader's own words added (core/language/lexicon/phrases/<group>.toml,
    never tagged for the others), resolved with its tags as the tagger resolves its own: what
    that reader reads, the one reading of the turn left as it is. The last few are kept."""
    key = (id(reading), groups)
    kept = _PHRASED.get(key)
    if kept is not None and kept[0] is reading:
        return kept[1]
    spans = list(reading.found)
    scanned = reading.scanned or reading.text
    for group in groups:
        spans += [(start, end, 2, names, "") for start, end, names in phrases_found(group, scanned)]
    tags = _object_first(_resolve(spans))
    phrased = replace(reading, tags=tags, concepts=_NO_CONCEPTS.union(*(t.concepts for t in tags)))
    if len(_PHRASED) >= _READ_KEPT:
        _PHRASED.pop(next(iter(_PHRASED)))
    _PHRASED[key] = (reading, phrased)
    return phrased


_PHRASED: dict[tuple[int, tuple[str, ...]], tuple[Reading, Reading]] = {}


def may_tag(text: str, concepts: frozenset[str]) -> bool:
    """Whether ``words(text)`` may tag one of the lexicon's ``concepts``: one of their words (or a
    slip's) is found in it as typed or with the spaces between Chinese characters taken out (as
    _across_spaces reads it). The rules after the scan (core.language.conditions, cleared, since)
    take a word's concepts away or add their own few (ask.status, order.cancelled, order.revoke),
    so False is sure: a reader of only such concepts and values skips the tagging (``untagged``)."""
    scanned = _masked(normalize_text(text))
    if any(not concepts.isdisjoint(found[3]) for found in scan(scanned)):
        return True
    joined = _CJK_GAP.sub("", scanned) if " " in scanned else scanned
    return joined != scanned and any(not concepts.isdisjoint(found[3]) for found in scan(joined))


_CJK_GAP: Final = re.compile(r"(?<=[\u3400-\u9fff\uf900-\ufaff]) (?=[\u3400-\u9fff\uf900-\ufaff])")


def untagged(text: str) -> Reading:
    """``text`` as ``words`` reads it, without its words: for a reader of its values alone."""
    norm = normalize_text(text)
    return Reading(norm, (), frozenset(), _masked(norm))


@lru_cache(maxsize=64)
def words(text: str) -> Reading:
    """The lexicon's words in ``text`` (no coins, no record names), by the one matcher: what a
    skill's reader asks of a message or a part of it ("跌破" at 5 is direction.below). Offsets are
    into ``normalize(text)``; the last texts' readings are kept."""
    return _PLAIN.read(text)


# Emphasis said inside a word ("我手上到底有哪些币", "你究竟有什么功能"): read across, as a stray space.
_INSERTED: Final = ("到底", "究竟")


def _across_spaces(scanned: str, found: Sequence[_Span], coins: CoinIndex | None) -> list[_Span]:
    """Words typed with a stray space between their Chinese characters ("价 格", "比 特 币"), or an
    emphasis (_INSERTED):
    read in the text with those spaces taken out, kept where they span a space taken out and
    touch no word found as typed that is as long ("币" of "比 特 币" is no word of its own)."""
    gaps: set[int] = set()  # the spaces between two Chinese characters (looked for space by space)
    at = scanned.find(" ", 1)
    while 0 < at < len(scanned) - 1:
        if _cjk_pair(scanned[at - 1], scanned[at + 1]):
            gaps.add(at)
        at = scanned.find(" ", at + 1)
    for word in _INSERTED:  # "我手上到底有哪些币": 手上有哪些, 到底 said inside it for emphasis
        at = scanned.find(word, 1)
        while at > 0 and at + len(word) < len(scanned):
            if _cjk_pair(scanned[at - 1], scanned[at + len(word)]):
                gaps.update(range(at, at + len(word)))
            at = scanned.find(word, at + 1)
    if not gaps:
        return []
    # For each character of the joined text, its place in ``scanned``.
    kept = [i for i in range(len(scanned)) if i not in gaps]
    joined = "".join([scanned[i] for i in kept])
    kept.append(len(scanned))
    taken = [0] * (len(scanned) + 1)  # the longest word found as typed over each character
    for start, end, *_ in found:
        taken[start:end] = [max(t, end - start) for t in taken[start:end]]
    extra: list[_Span] = []

    def add(start: int, end: int, rank: int, concepts: frozenset[str], value: str) -> None:
        first, last = kept[start], kept[end - 1] + 1
        if last - first > end - start and max(taken[first:last]) < end - start:
            extra.append((first, last, rank, concepts, value))

    for end_index, (length, latin, _, concepts, value) in automaton().iter(joined):
        if not latin:
            add(end_index + 1 - length, end_index + 1, 2, concepts, value)
    if coins is not None:
        for mention in coins.find(joined):
            if not mention.weak and not mention.text.isascii():
                add(mention.start, mention.end, 1, _COIN, mention.symbol)
    return extra


def _cjk_pair(before: str, after: str) -> bool:
    return has_cjk(before) and has_cjk(after)


RECORD_NOUNS = frozenset({"noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert"})
NAME_WORD = "name.word"
# A record noun that is also the ask itself ("backtest": "run a dca backtest on sol", "run a
# backtest on sol dca"): what is done, neither the object nor a word of its name.
ASKS_AS_NOUN = frozenset({"backtest.run"})


def _object_first(tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
    """A record noun after the verb's object is a word of the object's name ("删除账户 my traders"
    deletes an account called "my traders"): it is tagged as a name word, not as a kind; except
    the one right after "of", whose the object is ("the strategy of trader alpha"), and another
    kind after "to", the value's ("move trader nova over to the kimi model")."""
    nouns = [i for i, t in enumerate(tags) if t.concepts & RECORD_NOUNS and not t.concepts & ASKS_AS_NOUN]
    if len(nouns) < 2:
        return tags  # a record noun after the object's needs an object before it
    verb = next((i for i, t in enumerate(tags) if any(c.startswith("verb.") for c in t.concepts)), None)
    obj = None if verb is None else next((i for i in nouns if i > verb), None)
    if obj is None:
        return tags
    # "the strategy of trader alpha": the record the object belongs to is a record too; so is a
    # strategy's word right after its kind ("定投策略", "dca strategies"): the object's own noun.
    owner = obj + 1 if obj + 1 < len(tags) and "filler.of" in tags[obj + 1].concepts else None
    noun = obj + 1 < len(tags) and "strategy.noun" in tags[obj + 1].concepts
    kind = noun and any(c.startswith("strategy.") and c != "strategy.noun" for c in tags[obj].concepts)
    kept = {-1 if owner is None else owner + 1, obj + 1 if kind else -1}
    to = next((i for i, t in enumerate(tags) if i > obj and "filler.to" in t.concepts), len(tags))
    kept |= {i for i in nouns if i > to and not tags[i].concepts & tags[obj].concepts & RECORD_NOUNS}
    return tuple(
        replace(t, concepts=frozenset({NAME_WORD}))
        if i > obj and t.concepts & RECORD_NOUNS and i not in kept
        else t
        for i, t in enumerate(tags)
    )


def _resolve(spans: Sequence[_Span]) -> tuple[Tag, ...]:
    """Leftmost-longest, without overlaps; the same extent keeps every meaning of its best rank."""
    ordered = sorted(spans, key=lambda s: (s[0], s[0] - s[1], s[2]))
    tags: list[Tag] = []
    taken_until = -1
    last: tuple[int, int, int] | None = None
    shorter: list[_Span] = []  # the words passed over that start where the last tag does
    for span in ordered:
        start, end, rank, concepts, value = span
        if (start, end, rank) == last:
            kept = tags[-1]
            tags[-1] = Tag(start, end, kept.concepts | concepts, kept.value)
            continue
        if start < taken_until:
            if start == tags[-1].start:
                shorter.append(span)
            elif end > taken_until and concepts & _NAMES and (cut := _cut_at(shorter, start)) is not None:
                tags[-1] = cut  # "我的币安": "我的" and the exchange, not "我的币" and a stray "安"
                tags.append(Tag(start, end, concepts, value))
                taken_until, last, shorter = end, (start, end, rank), []
            continue
        tags.append(Tag(start, end, concepts, value))
        taken_until, last, shorter = end, (start, end, rank), []
    return tuple(tags)


# A name a word before it runs into ("我的币" of "我的币安") takes its characters back when that
# word's shorter reading ends where the name starts ("我的"): the name, not the word, was meant.
_NAMES: Final = frozenset({EXCHANGE, PROVIDER})


def _cut_at(shorter: Sequence[_Span], at: int) -> Tag | None:
    """The passed-over word that ends at ``at`` (every meaning of its best rank), or None."""
    ending = [s for s in shorter if s[1] == at]
    if not ending:
        return None
    best = min(s[2] for s in ending)
    start, _, _, _, value = next(s for s in ending if s[2] == best)
    return Tag(start, at, _NO_CONCEPTS.union(*(s[3] for s in ending if s[2] == best)), value)


_PLAIN = Tagger()
