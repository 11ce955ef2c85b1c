"""What a request says, read whole (issue 12, part 2): labelled credentials, names, balances,
corrections, and words that are never account names. In-process and fast; the conversations
themselves run through `deskmate ask` in test_forgiving_conversations.py."""

from __future__ import annotations

from core.state import TaskStatus
from core.tasks.given import GIVEN_SECRETS, STRAY_SECRET
from core.tasks.names import clean_name
from core.workspace import reading
from core.workspace.corrections import Correction, read_correction
from core.workspace.extraction import create_slots, find_balance, find_name
from core.workspace.given_secrets import find_given
from core.workspace.reading import read
from tests.cases import each
from tests.workspace.conftest import API_KEY, API_SECRET, audit_entry, codes, make_desk

OWNER = "console:user-1"

KEY = "BYBk3yQ7xT2mN8vR4wZ6pL1sD9fG5hJ0"


@each(
    ("text", "expected"),
    [
        (f"帮我加个bybit账户，名字叫 小号，key是 {KEY}，secret是 {API_SECRET}",
         {"key": KEY, "secret": API_SECRET}),
        (f"add my okx account, api key is {KEY}, secret: {API_SECRET}; passphrase = Pass#42!",
         {"key": KEY, "secret": API_SECRET, "passphrase": "Pass#42!"}),
        (f"配置 kimi 模型，key 是 sk-kimi{KEY}", {"key": f"sk-kimi{KEY}"}),
        (f"secret key: {API_SECRET}.", {"secret": API_SECRET}),
        ("密码是 Pass#42!", {"passphrase": "Pass#42!"}),
    ],
)  # fmt: skip
def test_labelled_credentials_are_found_with_their_label(text: str, expected: dict[str, str]) -> None:
    given = find_given(text)
    assert dict(given.found) == expected
    assert not any(v in given.text for v in expected.values())


@each(
    "text",
    ["change the api key of main", "rotate key main_account", "the key is important", "what is an api key"],
)
def test_label_words_without_a_credential_take_nothing(text: str) -> None:
    assert find_given(text).found == ()


def test_an_unlabelled_key_is_stray_never_placed() -> None:
    given = find_given(f"add binance main {API_KEY}")
    assert given.found == () and given.stray


@each(
    ("text", "name"),
    [
        ("add a binance account called Alt Two", "Alt Two"),
        ("add a paper account called main 2", "main 2"),
        ("add a binance account, call it Trading OKX", "Trading OKX"),
        ("add a paper account named main with 5000 usdt", "main"),
        ('add a paper account called "main\'"', "main'"),
        ("add a paper account called Traders'", "Traders'"),
        ("帮我加个bybit账户，名字叫 小号，key是", "小号"),
        ("加一个叫小号的币安账户", "小号"),
        ("添加币安账户，名字叫「主 账户」", "主 账户"),
        ("创建一个交易员 叫 小号 二", "小号 二"),
        ("加个币安账户 叫 小号 2", "小号 2"),
        ("叫 小号 币安账户", "小号"),
        ("叫 小号 并启动", "小号"),
        ("叫 alpha 用 BTC定投策略", "alpha"),
        ("叫 BTC 每日", "BTC 每日"),
    ],
)
def test_names_are_taken_whole(text: str, name: str) -> None:
    found = find_name(text)
    assert found is not None and found.value == name


@each(
    "text",
    ["add an account called", "add a binance account called one two three four five six", "add one called ,"],
)
def test_an_unsure_name_is_not_taken(text: str) -> None:
    found = find_name(text)
    assert found is not None and found.value is None


@each(
    ("text", "amount"),
    [
        ("add a paper account with 50000 USDT", "50000"),
        ("paper account with 10k usdt", "10000"),
        ("加个模拟账户 5万U", "50000"),
        ("初始资金 20000", "20000"),
        ("balance of 1,500.5 usdt", "1500.5"),
        ("add a paper account called main 2", None),
        # read by the value grammar: a sign, an exponent or a comma decimal is refused, never 5000
        ("初始资金 -5000", "refused:sign:-5000"),
        ("paper account with 1e9 usdt", "refused:exponent:1e9 usdt"),
        ("初始资金 50000,5", "refused:comma_decimal:50000,5"),
    ],
)
def test_starting_balances(text: str, amount: str | None) -> None:
    assert find_balance(text)[0] == amount


def test_quotes_are_dropped_only_as_a_pair() -> None:
    assert clean_name("“main”") == "main" and clean_name("「主账户」") == "主账户"
    assert clean_name("Traders'") == "Traders'" and clean_name('"main\'"') == "main'"
    assert clean_name("'") is None and clean_name('""') is None


@each(
    ("text", "fix"),
    [
        ("等一下，名字改成 副账户", Correction("name", "副账户")),
        ("算了，改成 OKX", Correction(None, "OKX")),
        ("不对，是 bybit", Correction(None, "bybit")),
        ("不是 binance，是 okx", Correction(None, "okx")),
        ("哦不对，名字叫小号吧", Correction("name", "小号")),
        ("actually make it bybit", Correction(None, "bybit")),
        ("actually, bybit", Correction(None, "bybit")),
        ("rename it to okx-alt", Correction("name", "okx-alt")),
        ("change the name to Alt Two", Correction("name", "Alt Two")),
        ("the exchange should be okx", Correction("exchange", "okx")),
        ("wait, call it main 2", Correction("name", "main 2")),
        ("with 50000 USDT", Correction("paper_balance", "50000 USDT")),
        # the words are the phrases' data (core/language/lexicon/phrases/correction.toml), a
        # balance the value grammar's: read exactly, never another number
        ("with 5万U", Correction("paper_balance", "5万U")),
        ("name: Alt Two", Correction("name", "Alt Two")),
        ("改成 OKX 才对", Correction(None, "OKX")),
        ("actually not binance, but okx", Correction(None, "okx")),
        ("the Exchange is OKX", Correction("exchange", "OKX")),
    ],
)
def test_corrections(text: str, fix: Correction) -> None:
    assert read_correction(text) == fix


@each(
    "text",
    ["main", "主账户", "okx", "ok", "no", "是的", "要不改成 bybit", "用模拟账户买0.01个比特币",
     "with -5000 USDT", "with 1e9 USDT", "with 0.1 btc", "ok actually", "my model is a toyota",
     "actually what is a testnet", "what is the price of btc?", "删除交易所 主账户", "rename main to foo"],
)  # fmt: skip
def test_answers_and_other_requests_are_no_corrections(text: str) -> None:
    assert read_correction(text) is None


def test_the_reading_carries_credentials_apart_and_never_as_names() -> None:
    reading = read(f"帮我加个bybit账户，名字叫 小号，key是 {KEY}，secret是 {API_SECRET}")
    assert reading is not None and reading.action == "create"
    assert reading.slots[GIVEN_SECRETS] == {"api_key": KEY, "api_secret": API_SECRET}
    assert reading.slots["name"] == "小号" and reading.slots["exchange"] == "bybit"
    stray = read(f"add a binance account {API_KEY}")
    assert stray is not None and stray.slots.get(STRAY_SECRET) is True
    assert read(f"my api key is {KEY}, what can you do for me?") is None


@each(
    ("text", "skill_domain", "action"),
    [
        ("diagnose my binance account", "exchange", "diagnose"),
        ("诊断一下我的币安账户", "exchange", "diagnose"),
        ("delete main", "exchange", "delete"),
        ("rename main to okx-alt", "exchange", "update"),
        ('add a paper account called "Traders\'"', "exchange", "create"),
        ("add a binance account called My Strategy", "exchange", "create"),
        ("add a paper account called alert-bot", "exchange", "create"),
    ],
)
def test_words_are_read_for_what_they_are(text: str, skill_domain: str, action: str) -> None:
    reading = read(text)
    assert reading is not None and (reading.domain, reading.action) == (skill_domain, action)


@each(
    "text",
    [
        "delete btc",
        "remind me when btc hits 100k on my binance account",
        "等一下，名字改成 副账户",
        "set a stop loss on my binance account",  # not something deskmate does: no "stop loss" account
        "给我的币安账户设置止损",
        "跟单我的币安账户",
        "withdraw from my binance account",
        "transfer 100 usdt to my okx account",
    ],
)
def test_no_record_request(text: str) -> None:
    assert read(text) is None


@each("text", ["is my binance account connected", "我的币安账户连接正常吗", "test my okx account"])
def test_connection_questions_are_for_diagnosis(text: str) -> None:
    reading = read(text)
    assert reading is not None and reading.problem


def test_leftover_words_are_no_name() -> None:
    reading = read("delete my old binance test account from last year")
    assert reading is not None and reading.action == "delete" and "target_ref" not in reading.slots
    renamed = read("rename the account called Alt Two to Alt 3")
    assert renamed is not None and renamed.slots["target_ref"] == {"name": "Alt Two"}
    assert renamed.slots["new_name"] == "Alt 3"


@each("text", ["add a binance or okx account", "添加一个币安或者OKX账户"])
def test_two_exchanges_are_no_choice_made(text: str) -> None:
    reading = read(text)
    assert reading is not None and reading.action == "create" and "exchange" not in reading.slots


def test_update_a_passphrase_to_a_new_one() -> None:
    reading = read("update okx passphrase to Pass#42!abc")
    assert reading is not None and reading.slots[GIVEN_SECRETS] == {"passphrase": "Pass#42!abc"}
    assert reading.slots["field"] == "passphrase"


def test_an_id_is_a_word_of_its_own() -> None:
    assert (read("删除账户#2") or read("x")).slots["target_ref"] == {"id": "2"}  # type: ignore[union-attr]
    assert (read("show account #42") or read("x")).slots["target_ref"] == {"id": "42"}  # type: ignore[union-attr]
    assert "target_ref" not in (read("add an okx account, passphrase is Pass#42!") or read("x")).slots  # type: ignore[union-attr]


async def test_finished_tasks_keep_no_sealed_key_in_the_conversation_state() -> None:
    desk = make_desk()
    chat = desk.chat
    await chat.say("添加一个币安交易所账户，名字叫 主账户")
    await chat.say(API_KEY)
    state = await desk.states.load_state(chat.key)
    assert state.active is not None and state.active.sealed == ["api_key"]  # open: still needed
    done = await chat.say(API_SECRET)
    assert codes(done) == ["account_created"]
    state = await desk.states.load_state(chat.key)
    finished = state.last_completed
    assert finished is not None and finished.status is TaskStatus.COMPLETED  # kept for follow-ups ...
    assert finished.sealed == [] and "api_key" not in finished.slots  # ... without the keys
    assert "mem1:" not in state.model_dump_json()
    # A failed task (the name was taken meanwhile is asked again; a gone target fails) keeps none
    # either, and neither does a cancelled one.
    await chat.say("把主账户的 API key 换一下")
    await chat.say(API_KEY)
    await desk.workspace.accounts.delete(OWNER, finished.target_ref["id"], audit_entry(OWNER, "delete"))  # type: ignore[index]
    await chat.say("确认")
    state = await desk.states.load_state(chat.key)
    assert "mem1:" not in state.model_dump_json()


def test_a_reading_that_carries_a_key_is_never_cached() -> None:
    reading._cached_read.cache_clear()  # a full cache (earlier tests) would not grow by one
    before = reading._cached_read.cache_info().currsize
    read(f"add my okx account, api key is {KEY}")
    read(f"add a binance account {API_KEY}")
    assert reading._cached_read.cache_info().currsize == before
    read("add a binance account called cached")
    assert reading._cached_read.cache_info().currsize == before + 1


def test_an_alert_id_is_no_record_number() -> None:
    """An alert's id ("#1a2b3c4d") is the value grammar's id, never the record number 1 that a
    pattern for "#<digits>" read out of it; "编号 7" and "id: 7" are."""
    assert reading._target("删除提醒 #1a2b3c4d") != {"id": "1"}
    assert reading._target("删除账户 编号 7") == {"id": "7"}
    assert reading._target("delete account id: 7") == {"id": "7"}
    assert reading._target("passphrase Pass#42") != {"id": "42"}


@each(
    ("text", "field"),
    [
        ("把主账户的 secret key 换了", "api_secret"),  # a secret key is the secret, not also a key
        ("rotate the API key and secret of main", "credentials"),
        ("change the model of kimi to moonshot-v1-32k", "model"),
        ("禁用 deepseek 模型", "enabled"),
    ],
)
def test_the_field_an_update_changes_is_read_from_the_phrases(text: str, field: str) -> None:
    found = read(text)
    assert found is not None and found.slots.get("field") == field


@each(
    ("text", "model"),
    [
        ("配置 openai，model 是 gpt-4o", "gpt-4o"),  # "model 是": the words are the phrases' (names.toml)
        ("add a qwen model, model id qwen-plus", "qwen-plus"),
        ("配置 kimi，模型名：moonshot-v1-32k", "moonshot-v1-32k"),  # a full-width colon reads as one
    ],
)
def test_a_model_name_given_in_the_request_is_taken(text: str, model: str) -> None:
    assert create_slots(text, "model").get("model") == model


def test_a_model_word_that_names_the_provider_is_no_model_name() -> None:
    assert "model" not in create_slots("配置一个模型，模型是 kimi", "model")


@each(
    ("text", "found"),
    [
        ("公钥is1234567890abcdef", (("key", "1234567890abcdef"),)),  # "is" before digits is the "is"
        ("秘钥是api key is vmPU8sKdj29XkQ", (("key", "vmPU8sKdj29XkQ"),)),  # the label after a value
        ("api key为abcdefgh12账户", (("key", "abcdefgh12"),)),
    ],
)
def test_labels_are_read_from_the_phrases_as_the_pattern_read_them(
    text: str, found: tuple[object, ...]
) -> None:
    """The labels are data (core/language/lexicon/phrases/secrets.toml); over 600,000 random mixes
    of labels, separators and values the reader found what the pattern it replaces found."""
    assert find_given(text).found == found


@each(
    ("text", "exchange"),
    [
        ("add a binance-testnet account", "binance_testnet"),  # one exchange, however it is spelled
        ("添加币安测试网账户", "binance_testnet"),  # 币安 inside 币安测试网 is no second exchange
        ("add a binancetestnet 模拟 account", None),  # two exchanges named: asked, never one guessed
    ],
)
def test_the_one_exchange_a_create_names(text: str, exchange: str | None) -> None:
    assert create_slots(text, "exchange").get("exchange") == exchange
