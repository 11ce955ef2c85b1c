"""Words typed one slip off (core.language.slips): a letter left out, swapped, doubled or changed
in English; a Chinese input method's same-sound character. Each message below went nowhere (or
to the wrong place) before: blind sets O and P (session 43) had 16 such misses in 230 messages."""

from __future__ import annotations

from core.language.normalize import normalize
from core.language.slips import slipped
from core.language.tagger import words
from tests.cases import each
from tests.fakes import assert_routes_to as _is
from tools.sounds_table import OUT, table


@each(
    ("text", "skill", "action", "slots"),
    [
        ("show my positons", "account_query", "positions", {}),
        ("my positon on eth", "account_query", "positions", {}),
        ("what alrets do i have set", "price_alert", "query", {}),
        ("proft this month?", "pnl", "report", {"period": "month"}),
        ("list my strategys", "strategy_management", "query", {}),
        ("list my stratergy", "strategy_management", "query", {}),
        ("cancle all my orders", "orders", "cancel", {"order_no": "all"}),
        ("cancel all ordrs", "orders", "cancel", {"order_no": "all"}),
        ("any open ordres?", "orders", "open_orders", {}),
        ("show my trade histroy", "account_query", "trades", {}),
        ("dignose my trader", "trader_diagnosis", "diagnose", {}),
    ],
)
def test_english_slips(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    _is(text, skill, action, slots)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("why is my sol order still sittin there", "orders", "why_resting", {"symbol": "SOLUSDT"}),
        ("my btc limit been sittin there all day", "orders", "why_resting", {"symbol": "BTCUSDT"}),
        ("whats btc tradin at", "price", "current", {"symbols": ["BTCUSDT"]}),
    ],
)
def test_an_ing_typed_without_its_g(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    """An "-ing" of a lexicon phrase typed without its "g" is the word ("still sitting there")."""
    _is(text, skill, action, slots)


def test_a_dropped_g_that_is_a_word_is_none() -> None:
    """ "thin" is English: never "thing"."""
    assert not [s for s in slipped("thin", []) if s[2] == "thing"]


@each(
    ("text", "skill", "slots"),
    [
        ("add a deepsek model", "model_management", {"provider": "deepseek"}),
        ("add my opnai key", "model_management", {"provider": "openai"}),
        ("set up deepseak", "model_management", {"provider": "deepseek"}),
        ("add my binanace account", "exchange_management", {"exchange": "binance"}),
        ("connect bybti", "exchange_management", {"exchange": "bybit"}),
    ],
)
def test_a_service_named_one_slip_off(text: str, skill: str, slots: dict[str, object]) -> None:
    """Exchanges' names were read one letter off by their own rule; providers' were not. One
    mechanism now reads both."""
    _is(text, skill, "create", slots)


def test_a_slip_in_a_name_asked_for() -> None:
    """'tradr' is the trader noun: the record's name is alpha, not 'tradr alpha', and no
    exchange account is renamed."""
    _is("rename tradr alpha to omega", "trader_management", "update", {"new_name": "omega"})


@each(
    ("text", "skill", "action", "slots"),
    [
        ("看下我的于额", "account_query", "balance", {}),
        ("幫我查一下於額", "account_query", "balance", {}),
        ("我仲有幾多于額", "account_query", "balance", {}),
        ("看一下迟仓", "account_query", "positions", {}),
        ("我而家持艙係點", "account_query", "positions", {}),
        ("启动交易圆 alpha", "trader_management", "start", {"target_ref": {"name": "alpha"}}),
        ("我的剩率多少", "pnl", "report", {"view": "win_rate"}),
        ("模型一直包错咋整", "model_diagnosis", "diagnose", {}),
    ],
)
def test_same_sound_characters(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    """An input method offers every character of the pinyin typed; one wrong pick in a word."""
    _is(text, skill, action, slots)


@each(
    "text",
    ["alter", "stake", "prize", "shirt", "sells", "summery", "balanced", "boring", "tradingview"],
)
def test_real_words_are_no_slips(text: str) -> None:
    """A real English word (or a glued token) one edit from a lexicon word is what it is."""
    assert slipped(normalize(text), []) == []


@each(
    "text", ["时价", "实价", "我的", "这个", "今天很开心", "你们平台靠谱吗", "老板发工资了", "开多还是开空"]
)
def test_chinese_words_and_everyday_characters_are_no_slips(text: str) -> None:
    """A Chinese phrase that sounds like a lexicon word ("时价" / 市价), and characters typed on
    purpose ("我的" is never "我弟")."""
    assert slipped(normalize(text), []) == []


@each(("text", "meant"), [("balnce", "balance"), ("blance", "balance"), ("pirce", "price")])
def test_typos_once_listed_by_hand_are_slips(text: str, meant: str) -> None:
    """The lexicon listed these misspellings one by one; they are slips now, and gone from it."""
    assert slipped(text, []) == [(0, len(text), meant)]


@each("text", ["全买", "买光", "全部买了", "卖入", "都买了"])
def test_buy_and_sell_are_never_guessed(text: str) -> None:
    """买 and 卖 sound alike without tones: a window never becomes the other side's word."""
    assert slipped(text, []) == []


def test_a_typed_word_found_is_never_a_slip() -> None:
    """Slips are looked for only where no word was found: 'alert' stays the word it is."""
    tags = words("alter my alert").tags
    assert [normalize("alter my alert")[t.start : t.end] for t in tags][-1] == "alert"
    assert slipped("alert", [(0, 5)]) == []


@each(("text", "unknown"), [("etherum price", "etherum"), ("姨汰价格", "姨汰")])
def test_a_coin_typed_wrong_stays_unknown(text: str, unknown: str) -> None:
    """Coins are no slips: a wrong coin name is asked about, never taken for a coin."""
    _is(text, "price", "current", {"symbols": [], "unknown": unknown})


def test_the_persons_own_name_wins() -> None:
    """A trader of theirs called 交易圆 is theirs, not a slip of 交易员."""
    _is(
        "启动交易圆",
        "trader_management",
        "start",
        {"target_ref": {"name": "交易圆"}},
        names={"trader": ["交易圆"]},
    )


def test_the_sounds_table_is_pypinyins() -> None:
    """core/language/sounds.txt is what tools/sounds_table.py makes from the pypinyin installed."""
    assert OUT.read_text("utf-8") == table()
