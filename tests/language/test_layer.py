"""The language layer's parts on their own: normalization with offsets, the lexicon's load-time
checks, the tagger's spans and the intent engine's scores."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.language.gazetteer import Gazetteer
from core.language.intents import Intent, IntentEngine
from core.language.lexicon import LexiconError, check, load, parse_group, phrases
from core.language.normalize import normalize, normalize_text
from core.language.tagger import Reading, Tagger, words
from tests.cases import each


def intent(
    skill: str,
    action: str,
    *,
    need: tuple[str, ...] | list[str] = (),
    one_of: tuple[str, ...] | list[str] = (),
    avoid: tuple[str, ...] | list[str] = (),
    may: tuple[str, ...] | list[str] = (),
    priority: int = 0,
) -> Intent:
    """An Intent from plain lists, as the tests below write them."""
    need_, one_of_, avoid_, may_ = (frozenset(words) for words in (need, one_of, avoid, may))
    return Intent(skill, action, need=need_, one_of=one_of_, avoid=avoid_, may=may_, priority=priority)


@each(
    ("typed", "read"),
    [
        ("ＢＴＣ　價格", "btc 价格"),
        ("  Start   ROBO one ", "start robo one"),
        ("啟動機器人一號", "启动机器人一号"),
        ("ETH\tprice\n", "eth price"),
    ],
)
def test_normalization_reads_one_form(typed: str, read: str) -> None:
    assert normalize(typed) == read


def test_the_typed_words_are_kept_by_offset() -> None:
    norm = normalize_text("  删除账户　My Traders ")
    start = norm.text.index("my traders")
    assert norm.typed(start, len(norm.text)) == "My Traders"
    hant = normalize_text("啟動 機器人一號")
    assert hant.typed(hant.text.index("机"), len(hant.text)) == "機器人一號"


def test_the_shipped_lexicon_loads_and_every_group_has_words() -> None:
    lexicon = load()
    assert {"verb.delete", "noun.trader", "answer.yes", "time.today", "filler.polite"} <= set(
        lexicon.concepts
    )
    assert all(c.words for c in lexicon.concepts.values())


def test_a_readers_phrases_load_checked_and_are_never_tagged() -> None:
    """core/language/lexicon/phrases: one reader's words ("the account" of a correction), loaded
    like the lexicon, outside the tagger's words (a request's "the account" stays a noun)."""
    correction = phrases("correction")
    assert "the account" in correction.concepts["correction.it"].words
    assert not any(c.startswith("correction.") for c in load().concepts)
    assert "noun.account" in words("delete the account main").concepts


def test_a_word_in_two_concepts_of_one_group_is_refused() -> None:
    concepts = parse_group("verb", {"stop": {"zh": ["关掉"]}, "switch_off": {"zh": ["关掉"]}}, source="t")
    with pytest.raises(LexiconError, match="关掉"):
        check(concepts)


def test_a_declared_overlap_is_allowed() -> None:
    concepts = parse_group(
        "verb",
        {"stop": {"zh": ["关掉"], "overlaps": ["verb.switch_off"]}, "switch_off": {"zh": ["关掉"]}},
        source="t",
    )
    assert set(check(concepts).concepts) == {"verb.stop", "verb.switch_off"}


def test_the_same_word_in_two_groups_is_fine() -> None:
    concepts = parse_group("answer", {"off": {"en": ["off"]}}, source="a") + parse_group(
        "verb", {"switch_off": {"en": ["off"]}}, source="b"
    )
    assert len(check(concepts).concepts) == 2


@each(
    "data",
    [
        {"stop": {"zh": []}},
        {"stop": {"fr": ["arrêter"]}},
        {"stop": {"en": [""]}},
        {"stop": {"overlaps": ["x"]}},
    ],
)
def test_malformed_concepts_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(LexiconError):
        check(parse_group("verb", data, source="t"))


def _spans(text: str, names: Gazetteer | None = None) -> list[tuple[str, str]]:
    reading = Tagger().read(text, names)
    return [(reading.text[t.start : t.end], "+".join(sorted(t.concepts))) for t in reading.tags]


def test_latin_words_count_only_whole() -> None:
    assert ("bot", "noun.trader") not in _spans("my robot is a robotics bottle")
    assert ("on", "answer.on") not in _spans("bitcoin")


def test_the_longest_word_wins_an_overlap() -> None:
    assert _spans("删除交易机器人") == [("删除", "verb.delete"), ("交易机器人", "noun.trader")]


def test_own_names_win_over_the_words_inside_them() -> None:
    names = Gazetteer.of({"trader": ["机器人一号"]})
    assert _spans("停一下机器人一号", names) == [("停一下", "verb.stop"), ("机器人一号", "own.trader")]


def test_a_name_of_two_kinds_says_so() -> None:
    names = Gazetteer.of({"trader": ["main"], "account": ["Main"]})
    assert ("main", "own.account+own.several+own.trader") in _spans("delete main", names)


def test_names_that_are_plain_words_or_one_character_are_left_out() -> None:
    names = Gazetteer.of({"trader": ["stop", "x", "alpha"]}, plain=frozenset({"stop"}))
    assert set(names.entries) == {"alpha"}


def test_a_plain_word_name_in_latin_letters_is_found_only_as_an_acts_object() -> None:
    """A trader called "max" was never found ("stop max" read nothing): now it is the object of a
    record's act ending its clause, and "max buy btc" keeps the lexicon's word."""
    names = Gazetteer.of({"trader": ["max"]}, plain=frozenset({"max"}))
    assert set(names.entries) == set() and set(names.objects) == {"max"}
    assert [f[3] for f in names.find("stop max", acts=frozenset({5}))] == ["max"]
    assert [f[3] for f in names.find("stop max btc", acts=frozenset({5}))] == []
    assert [f[3] for f in names.find("max buy btc", acts=frozenset())] == []


def test_a_record_word_after_the_object_is_part_of_its_name() -> None:
    assert _spans("删除账户 my traders")[-1] == ("traders", "name.word")
    assert ("trader", "noun.trader") in _spans("create a trader on my binance account")


def test_markup_is_not_read() -> None:
    assert _spans("<script>alert(1)</script> price") == [("price", "noun.price")]


def test_the_rest_of_a_message_is_the_name_it_gives() -> None:
    assert Tagger().read("turn on the daily summary for trader beta").rest() == "beta"


def test_the_intent_explaining_more_of_the_message_wins_and_a_close_one_is_exposed() -> None:
    engine = IntentEngine(
        [
            # "我绑定了哪些…" asks which are bound: the query also explains the verb.
            intent("accounts", "query", need=["noun.account", "ask.which"], may=["verb.bind"]),
            intent("accounts", "create", need=["verb.bind", "noun.account"]),
            intent("traders", "query", need=["noun.trader"], one_of=["ask.which", "verb.query"]),
        ]
    )
    reading = Tagger().read("我绑定了哪些交易所")
    ranking = engine.rank(reading)
    assert [s.intent.name for s in ranking.scored] == ["accounts.query", "accounts.create"]
    assert ranking.scored[0].score > ranking.scored[1].score and ranking.close == ()
    tie = engine.rank(Tagger().read("哪些交易所 交易员"))
    assert tie.best is not None and [s.intent.name for s in tie.close] != []


def test_priority_only_breaks_a_tie() -> None:
    engine = IntentEngine(
        [
            intent("a", "x", need=["noun.price"], priority=9),
            intent("b", "y", need=["noun.price", "noun.chart"]),
        ]
    )
    assert engine.rank(Tagger().read("price chart")).scored[0].intent.name == "b.y"
    assert engine.rank(Tagger().read("price")).scored[0].intent.name == "a.x"


def test_an_intent_needing_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="needs no concept"):
        IntentEngine([intent("a", "x", avoid=["verb.stop"])])


def test_an_intent_found_by_any_of_its_one_of_concepts_and_held_only_with_all_it_needs() -> None:
    engine = IntentEngine(
        [
            intent("a", "x", one_of=["noun.price", "noun.chart"]),
            intent("b", "y", need=["noun.price", "noun.chart"]),
            intent("c", "z", need=["noun.chart"], avoid=["noun.price"]),
        ]
    )
    assert [s.intent.name for s in engine.rank(Tagger().read("chart")).scored] == ["a.x", "c.z"]
    both = engine.rank(Tagger().read("price chart"))
    assert {s.intent.name for s in both.scored} == {"a.x", "b.y"}
    # The last reading's ranking is kept, and the late / early split still filters it.
    assert engine.rank(Tagger().read("price chart"), late=True).scored == ()


def test_a_reading_carries_its_values_read_by_the_value_grammar() -> None:
    from core.coin_index import CoinIndex
    from core.markets import MarketCatalog

    reading = Tagger(CoinIndex(MarketCatalog())).read("买 0.01 個 BTC，價格 85000")
    spans = [(v.kind, v.number, v.unit, v.coin) for v in reading.spans()]
    assert spans == [("amount", Decimal("0.01"), "base", "BTCUSDT"), ("price", Decimal(85000), "", "")]
    assert [v.typed for v in Tagger().read("buy -100 USDT").spans()] == ["-100 usdt"]


def test_a_stray_space_inside_a_chinese_word_still_reads_the_word() -> None:
    from core.coin_index import CoinIndex
    from core.markets import MarketCatalog

    tagger = Tagger(CoinIndex(MarketCatalog()))
    reading = tagger.read("比 特 币 价 格")
    assert [(t.start, t.end, t.value) for t in reading.tags if "coin" in t.concepts] == [(0, 5, "BTCUSDT")]
    assert reading.has("noun.price")
    # A word found as typed is never cut by one read across a space: the trader's noun stays.
    names = Gazetteer.of({"trader": ["机器人一号"]})
    kept = tagger.read("启动交易员 机器人一号", names)
    assert kept.has("own.trader") and kept.has("noun.trader")


def test_an_outside_concept_holds_no_intent_that_does_not_name_it() -> None:
    engine = IntentEngine(
        [
            intent("trade", "buy", need=["verb.buy"]),
            intent("guide", "explain", one_of=["verb.buy", "outside.advice"]),
        ]
    )
    assert [s.intent.name for s in engine.rank(Tagger().read("buy btc")).scored] == [
        "guide.explain",
        "trade.buy",
    ]
    asked = engine.rank(Tagger().read("should i buy btc now"))
    assert [s.intent.name for s in asked.scored] == ["guide.explain"]
    assert engine.rank(Tagger().read("delete that message")).scored == ()


@each(
    ("text", "concept", "key"),
    [
        ("我的币安账户", "exchange", "binance"),  # 币安 inside the tag 我的币 (noun.my_coins)
        ("币安测试网怎么用", "exchange", "binance_testnet"),  # the longest name
        ("binance-testnet key", "exchange", "binance_testnet"),  # a space written "-" ...
        ("binancetestnet", "exchange", "binance_testnet"),  # ... or nothing
        ("okx的 deepseek 模型", "provider", "deepseek"),
        ("keyboard", "exchange", None),
    ],
)
def test_a_provider_or_exchange_is_named_by_the_one_matcher(text: str, concept: str, key: str | None) -> None:
    from core.language.word_scan import named

    assert named(normalize(text), concept) == key


def test_a_message_is_tagged_once_per_turn_across_taggers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The layer and skills' readers each hold a tagger (and coin index) of their own over the same
    catalog: the second read of the message is the first's, not a new tagging; another catalog, or
    record names, read it again."""
    from core.coin_index import CoinIndex
    from core.markets import MarketCatalog

    tagged: list[str] = []
    real = Tagger._read

    def counting(self: Tagger, text: str, names: Gazetteer | None) -> Reading:
        tagged.append(text)
        return real(self, text, names)

    monkeypatch.setattr(Tagger, "_read", counting)
    catalog = MarketCatalog()
    text = "以 85000 挂单买 0.01 BTC (tagged once)"
    index = CoinIndex(catalog)
    first = Tagger(index).read(text)
    other_index = CoinIndex(catalog)
    second = Tagger(other_index).read(text)
    assert tagged == [text]
    assert second == first and second.coins is other_index
    Tagger(CoinIndex(MarketCatalog())).read(text)  # another catalog
    Tagger(index).read(text, Gazetteer.of({"trader": ["alpha"]}))
    assert len(tagged) == 3


@each(
    ("answer", "read"),
    [("开启", True), ("  開啟！", True), ("YES", True), ("1", True), ("Ｏｎ", True), ("关闭", False),
     ("disabled", False), ("0", False), ("禁用", False), ("maybe", None), ("开启自动启动", None)],
)  # fmt: skip
def test_an_on_or_off_answer_is_read_whole(answer: str, read: bool | None) -> None:
    from core.language.fills import on_off

    assert on_off(answer) is read
