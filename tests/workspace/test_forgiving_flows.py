"""Corrections and request-borne keys in conversations (in-process, zh + en): each names the slot
it changes, or fits one, or is asked about; never read as a record to look up."""

from __future__ import annotations

from core.events import ChatKind, ConversationKey
from core.reply import Reply
from tests.workspace.conftest import (
    API_KEY,
    API_SECRET,
    MODEL_KEY,
    codes,
    details,
    make_desk,
    masked,
    text_of,
)

OKX_KEY = "OKXk3y9f8e7d6c5b4a3f2e1d0c9b8a7f"
OKX_SECRET = "OKXs3c1a2b3c4d5e6f7a8b9c0d1e2f3a"


def slots(reply: Reply) -> dict[str, object]:
    return dict(reply.route.slots)


async def test_okx_with_all_three_labelled_in_one_sentence() -> None:
    chat = make_desk().chat
    done = await chat.say(
        f"add an okx account called main, key: {OKX_KEY}, secret: {OKX_SECRET}, passphrase: Pass1234#42!"
    )
    assert codes(done) == ["secrets_taken", "account_created"] and done.delete_inbound
    assert details(done)["Passphrase"] == "P****!" and details(done)["API key"] == masked(OKX_KEY)
    assert OKX_KEY not in text_of(done) and "Pass1234#42!" not in str(done)


async def test_an_unlabelled_key_in_the_request_is_not_taken_but_deleted() -> None:
    reply = await make_desk().chat.say(f"add a binance account main {API_KEY}")
    assert reply.delete_inbound and "api_key" not in slots(reply)
    assert API_KEY not in str(reply)


async def test_an_update_correction_changes_the_field() -> None:
    chat = make_desk().chat
    await chat.say("添加一个币安交易所账户，名字叫 主账户")
    await chat.say(API_KEY)
    await chat.say(API_SECRET)
    await chat.say("把主账户的 API key 换一下")
    fixed = await chat.say("不对，改成 secret")
    assert codes(fixed) == ["corrected", "ask_api_secret"]
    assert text_of(fixed).startswith("好的，改为修改 API Secret。")


async def test_another_provider_brings_its_own_defaults() -> None:
    chat = make_desk().chat
    await chat.say("配置一个 DeepSeek 模型")
    moved = await chat.say("算了，改成 qwen")
    assert codes(moved) == ["corrected", "ask_api_key"]
    assert slots(moved)["provider"] == "qwen" and slots(moved)["name"] == "qwen"
    assert slots(moved)["base_url"] == "https://dashscope.aliyuncs.com/compatible-mode/v1"
    done = await chat.say(MODEL_KEY)
    assert details(done)["服务商"] == "Qwen"


async def test_a_name_the_person_gave_stays_when_the_provider_changes() -> None:
    chat = make_desk().chat
    await chat.say("配置 kimi 模型，名字叫 试试")
    reply = await chat.say("等等，不是 kimi，是 deepseek")
    assert slots(reply)["provider"] == "deepseek" and slots(reply)["name"] == "试试"
    assert slots(reply)["base_url"] == "https://api.deepseek.com"


async def test_en_corrections_of_a_custom_model_and_a_paper_balance() -> None:
    chat = make_desk().chat
    await chat.say("add a custom model")
    await chat.say("local")
    renamed = await chat.say("actually call it llama")
    assert slots(renamed)["name"] == "llama" and codes(renamed) == ["corrected", "ask_base_url"]
    other = make_desk().chat
    await other.say("add a paper account")
    richer = await other.say("wait, with 50000 USDT")
    assert text_of(richer).startswith("OK, the paper balance is now “50000 USDT”.")
    done = await other.say("main")
    assert details(done)["Paper balance"] == "50000 USDT"


async def test_zh_not_this_exchange_but_that_one() -> None:
    chat = make_desk().chat
    await chat.say("添加一个币安交易所账户")
    await chat.say("小号")
    moved = await chat.say("等等，不是币安，是 OKX")
    assert slots(moved) == {"exchange": "okx", "name": "小号"}
    assert text_of(moved).startswith("好的，交易所已改为「欧易 OKX」。")


async def test_a_correction_to_a_taken_name_is_refused_and_changes_nothing() -> None:
    chat = make_desk().chat
    await chat.say("add a paper account called main")
    await chat.say("add a binance account called alt")
    taken = await chat.say("change the name to main")
    assert codes(taken) == ["invalid_answer", "ask_api_key"] and slots(taken)["name"] == "alt"


async def test_a_correction_that_fits_no_slot_is_asked_about() -> None:
    chat = make_desk().chat
    await chat.say("add a binance account")
    unsure = await chat.say("hmm, change the exchange to something cheaper")
    assert "invalid_answer" in codes(unsure) and slots(unsure)["exchange"] == "binance"
    await chat.say("main")
    wrong = await chat.say("change the provider to qwen")  # an account has no provider
    assert codes(wrong) == ["correction_unsure", "ask_api_key"]


async def test_side_questions_are_still_side_questions() -> None:
    chat = make_desk().chat
    await chat.say("add a binance account")
    await chat.say("main")
    side = await chat.say("actually what is a testnet?")
    assert side.route.skill == "glossary" and "back_to_task" in codes(side)


async def test_a_key_typed_in_a_group_request_is_deleted_and_never_shown() -> None:
    desk = make_desk()
    group = type(desk.chat)(desk.core, ConversationKey("telegram", "-100", "7"), ChatKind.GROUP)
    reply = await group.say(f"add my okx account, api key is {OKX_KEY}")
    assert codes(reply) == ["private_only"] and reply.delete_inbound
    assert OKX_KEY not in str(reply) and "given_secrets" not in reply.route.slots


async def test_a_name_that_could_not_be_taken_is_asked_for_saying_why() -> None:
    reply = await make_desk().chat.say("添加币安账户，名字叫 ，")
    assert codes(reply) == ["name_unsure", "ask_name"] and "name" not in slots(reply)
    long = await make_desk().chat.say("add a paper account called one two three four five six")
    assert codes(long) == ["name_unsure", "ask_name"]


async def test_words_of_an_order_inside_a_name_place_no_order() -> None:
    reply = await make_desk().chat.say("add a binance account called long shot")  # "long" is a buy word
    assert reply.route.skill == "exchange_management" and slots(reply)["name"] == "long shot"
