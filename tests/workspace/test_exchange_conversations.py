"""exchange_management as scripted multi-turn conversations through the real Core."""

from __future__ import annotations

import pytest

from core.events import ChatKind, ConversationKey
from core.reply import DetailsBlock, Reply, Status
from core.state import TaskStatus
from core.workspace.memory import MemoryWorkspace
from tests.workspace.conftest import (
    API_KEY,
    API_SECRET,
    NEW_API_KEY,
    Chat,
    Desk,
    add_binance_account,
    button,
    codes,
    details,
    make_desk,
    masked,
    text_of,
)

OWNER = "console:user-1"


async def test_create_asks_name_key_and_secret_one_by_one_then_shows_a_masked_summary(desk: Desk) -> None:
    chat = desk.chat
    first = await chat.say("添加一个币安交易所账户")
    assert first.status is Status.NEEDS_INPUT
    assert codes(first) == ["ask_name"]
    assert first.route.skill == "exchange_management" and first.route.action == "create"
    assert first.route.slots["exchange"] == "binance"  # inferred from the message: not asked
    assert first.audience == "private" and first.expects_secret is None

    ask_key = await chat.say("主账户")
    assert codes(ask_key) == ["ask_api_key"]
    assert ask_key.expects_secret == "api_key"
    assert ask_key.delete_inbound is False  # a name is no secret

    ask_secret = await chat.say(API_KEY)
    assert codes(ask_secret) == ["ask_api_secret"]
    assert ask_secret.expects_secret == "api_secret"
    assert ask_secret.delete_inbound is True  # the message carried the key

    done = await chat.say(API_SECRET)
    assert done.status is Status.COMPLETED
    assert done.delete_inbound is True
    assert codes(done) == ["account_created"]
    rows = details(done)
    assert rows["名称"] == "主账户" and rows["交易所"] == "币安"
    assert rows["API Key"] == masked(API_KEY) == "vmPU****Eh8A"
    assert rows["API Secret"] == masked(API_SECRET)
    assert API_KEY not in text_of(done) and API_SECRET not in text_of(done)

    (acc,) = await desk.workspace.accounts.owned(OWNER)
    assert (acc.name, acc.exchange) == ("主账户", "binance")
    assert set(acc.credentials) == {"api_key", "api_secret"}
    assert API_KEY not in acc.credentials.values()  # stored sealed
    assert desk.secrets.decrypt(acc.credentials["api_key"]) == API_KEY
    audit = await desk.workspace.audit.recent(OWNER)
    assert [(e.action, e.outcome, e.target_name) for e in audit] == [("create", "ok", "主账户")]


async def test_no_question_is_asked_twice_and_the_exchange_can_be_pressed(desk: Desk) -> None:
    chat = desk.chat
    ask_exchange = await chat.say("add an exchange account")
    assert codes(ask_exchange) == ["ask_exchange"]
    assert ask_exchange.buttons[0].label.startswith("Paper")  # newcomers: paper first
    ask_name = await chat.press(button(ask_exchange, "OKX"))
    assert codes(ask_name) == ["ask_name"]
    await chat.say("okx-main")
    await chat.say(API_KEY)
    passphrase = await chat.say(API_SECRET)
    assert codes(passphrase) == ["ask_passphrase"] and passphrase.expects_secret == "passphrase"
    done = await chat.say("MyPassphrase#2024")
    assert codes(done) == ["account_created"]
    assert details(done)["Passphrase"] == masked("MyPassphrase#2024")


async def test_a_paper_account_needs_no_keys_and_gets_the_default_balance(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个模拟账户")
    done = await chat.say("练习")
    assert codes(done) == ["account_created"]
    assert details(done)["模拟资金"] == "10000 USDT"


async def test_update_key_asks_for_the_new_key_confirms_then_updates(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    ask = await chat.say("把主账户的 API key 换一下")
    assert ask.route.action == "update" and codes(ask) == ["ask_api_key"]
    assert ask.expects_secret == "api_key"
    confirm = await chat.say(NEW_API_KEY)
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert confirm.delete_inbound is True
    assert codes(confirm) == ["confirm_update", "confirm_hint"]
    assert details(confirm)["API Key"] == f"{masked(API_KEY)} → {masked(NEW_API_KEY)}"
    assert [b.label for b in confirm.buttons] == ["确认", "取消"]

    done = await chat.press(button(confirm, "确认"))
    assert done.status is Status.COMPLETED and codes(done) == ["account_updated"]
    assert details(done)["API Key"] == masked(NEW_API_KEY)
    (acc,) = await desk.workspace.accounts.owned(OWNER)
    assert desk.secrets.decrypt(acc.credentials["api_key"]) == NEW_API_KEY
    assert desk.secrets.decrypt(acc.credentials["api_secret"]) == API_SECRET  # untouched
    audit = await desk.workspace.audit.recent(OWNER)
    assert (audit[0].action, audit[0].outcome, audit[0].detail) == ("update", "ok", {"fields": "api_key"})


async def test_delete_confirms_showing_what_goes_then_deletes(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert codes(confirm)[0] == "confirm_delete"
    assert "主账户" in text_of(confirm) and "不可撤销" in text_of(confirm)
    assert details(confirm)["API Key"] == masked(API_KEY)
    delete_button = button(confirm, "确认删除")
    assert delete_button.style == "danger"
    assert await desk.workspace.accounts.owned(OWNER)  # nothing happens before the confirmation

    done = await chat.press(delete_button)
    assert done.status is Status.COMPLETED and codes(done) == ["account_deleted"]
    assert await desk.workspace.accounts.owned(OWNER) == []
    newest = (await desk.workspace.audit.recent(OWNER))[0]
    assert (newest.action, newest.outcome) == ("delete", "ok")


async def test_a_double_click_deletes_once_and_says_the_button_was_used(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    first = await chat.press(button(confirm, "确认删除"))
    second = await chat.press(button(confirm, "确认删除"))
    assert codes(first) == ["account_deleted"]
    assert second.status is Status.FAILED and codes(second) == ["button_used"]
    deletes = [e for e in await desk.workspace.audit.recent(OWNER) if e.action == "delete"]
    assert len(deletes) == 1
    # The cancel button of the same confirmation was spent with it.
    late_cancel = await chat.press(button(confirm, "取消"))
    assert codes(late_cancel) == ["button_used"]


async def test_another_users_click_is_refused_and_changes_nothing(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    intruder = await chat.press(button(confirm, "确认删除"), user_id="user-2")
    assert intruder.status is Status.FAILED and codes(intruder) == ["not_yours"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    # The owner's button still works afterwards.
    done = await chat.press(button(confirm, "确认删除"))
    assert codes(done) == ["account_deleted"]


async def test_a_confirmation_expires_after_five_minutes(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    desk.clock.advance(5 * 60 + 1)
    late = await chat.press(button(confirm, "确认删除"))
    assert late.status is Status.FAILED
    # One notice, in the task's words, coded so the adapter drops the buttons.
    assert codes(late) == ["button_expired"]
    assert "主账户" in text_of(late) and "过期" in text_of(late)
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    # The task is over: a typed "确认" now confirms nothing.
    typed = await chat.say("确认")
    assert codes(typed) == ["nothing_to_confirm"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    state = await desk.states.load_state(chat.key)
    assert state.active is None and state.last_completed is not None


async def test_a_typed_confirmation_after_expiry_says_it_expired(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    await chat.say("删除交易所 主账户")
    desk.clock.advance(301)
    typed = await chat.say("确认")
    assert codes(typed) == ["confirm_expired", "nothing_to_confirm"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1


async def test_typed_confirm_works_and_spends_the_button(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    done = await chat.say("确认")
    assert codes(done) == ["account_deleted"]
    assert await desk.workspace.accounts.owned(OWNER) == []
    pressed = await chat.press(button(confirm, "确认删除"))
    assert codes(pressed) == ["button_used"]


async def test_typed_yes_in_english(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    await chat.say("delete exchange account 主账户")
    done = await chat.say("yes")
    assert codes(done) == ["account_deleted"]


async def test_typed_cancel_and_slash_cancel_leave_everything_as_it_was(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    cancelled = await chat.say("取消")
    assert codes(cancelled) == ["cancelled"] and "删除交易所账户" in text_of(cancelled)
    assert codes(await chat.press(button(confirm, "确认删除"))) == ["button_used"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1

    confirm = await chat.say("删除交易所 主账户")
    cancelled = await chat.command("cancel")
    assert codes(cancelled) == ["cancelled"]
    assert codes(await chat.press(button(confirm, "确认删除"))) == ["button_used"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1

    asking = await chat.say("添加一个币安交易所账户")
    assert codes(asking) == ["ask_name"]
    assert codes(await chat.say("算了")) == ["cancelled"]
    assert (await desk.states.load_state(chat.key)).active is None


async def test_the_cancel_button_cancels(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    cancelled = await chat.press(button(confirm, "取消"))
    assert codes(cancelled) == ["cancelled"]
    assert codes(await chat.say("确认")) == ["nothing_to_confirm"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1


async def test_a_switch_mid_flow_keeps_the_task_and_offers_to_resume_it(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    await chat.say("主账户")  # now asking for the API key
    switched = await chat.say("配置一个 DeepSeek 模型")
    # The paused task is said, with the way back to it.
    assert switched.route.skill == "model_management" and codes(switched) == ["ask_api_key", "task_parked"]
    assert "添加交易所账户" in text_of(switched) and switched.buttons[-1].label.startswith("回到")
    state = await desk.states.load_state(chat.key)
    (paused,) = state.resume_stack
    assert paused.status is TaskStatus.INTERRUPTED and paused.resume_status is TaskStatus.COLLECTING
    assert paused.skill == "exchange_management" and paused.slots["name"] == "主账户"

    model_done = await chat.say("sk-0123456789abcdef0123456789abcdef")
    assert codes(model_done) == ["model_created", "offer_resume"]
    assert "添加交易所账户" in text_of(model_done)
    resumed = await chat.press(button(model_done, "继续"))
    # Picks up exactly where it stopped: the name is not asked again.
    assert codes(resumed) == ["ask_api_key"] and resumed.expects_secret == "api_key"
    await chat.say(API_KEY)
    done = await chat.say(API_SECRET)
    assert codes(done) == ["account_created"]
    assert details(done)["名称"] == "主账户"
    assert (await desk.states.load_state(chat.key)).resume_stack == []


async def test_typed_continue_resumes_and_discard_drops(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    await chat.say("list my model configs")  # a query switches, completes, and offers to resume
    resumed = await chat.say("继续")
    assert codes(resumed) == ["ask_name"]
    offer = await chat.say("我有哪些模型")
    assert codes(offer)[-1] == "offer_resume"
    dropped = await chat.press(button(offer, "放弃"))
    assert codes(dropped) == ["discarded"]
    assert (await desk.states.load_state(chat.key)).resume_stack == []


async def test_a_side_question_is_answered_and_the_open_task_offered_again(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    side = await chat.say("全仓和逐仓有什么区别?")
    assert side.route.skill == "glossary"
    assert codes(side) == ["glossary", "back_to_task", "ask_name"]
    assert "逐仓" in text_of(side)
    price = await chat.say("BTC 价格")
    assert price.route.skill == "price" and price.status is Status.COMPLETED
    assert codes(price)[-2:] == ["back_to_task", "ask_name"]
    # The task never left: the answer to the question it asked still goes to it.
    assert codes(await chat.say("主账户")) == ["ask_api_key"]
    state = await desk.states.load_state(chat.key)
    assert state.active is not None and state.active.skill == "exchange_management"
    assert state.resume_stack == []


async def test_an_unrecognised_side_question_gets_the_fallback_and_the_task_again(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    side = await chat.say("今天天气怎么样?")
    assert codes(side) == ["unsupported_request", "back_to_task", "ask_name"]


async def test_a_pending_confirmation_is_shown_again_with_the_same_buttons(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    side = await chat.say("API key 和 secret 有什么区别")
    assert codes(side)[0] == "glossary" and "confirm_delete" in codes(side)
    assert [b.token for b in side.buttons] == [b.token for b in confirm.buttons]  # one token pair
    assert codes(await chat.press(button(side, "确认删除"))) == ["account_deleted"]
    assert codes(await chat.press(button(confirm, "确认删除"))) == ["button_used"]


async def test_an_ambiguous_reference_asks_with_buttons(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat, "主账户")
    await add_binance_account(chat, "备用")
    ask = await chat.say("删除币安账户")
    assert ask.status is Status.NEEDS_INPUT and codes(ask) == ["ambiguous_reference"]
    assert sorted(b.label for b in ask.buttons) == ["主账户", "备用"]
    confirm = await chat.press(button(ask, "备用"))
    assert codes(confirm)[0] == "confirm_delete" and "备用" in text_of(confirm)
    await chat.press(button(confirm, "确认删除"))
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["主账户"]


async def test_a_name_that_matches_nothing_is_not_found_never_guessed(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    reply = await chat.say("删除交易所 副账户")
    assert reply.status is Status.FAILED and codes(reply) == ["not_found"]
    assert "副账户" in text_of(reply) and "主账户" in text_of(reply)
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
    assert (await desk.states.load_state(chat.key)).active is None


async def test_with_no_accounts_update_says_so(desk: Desk) -> None:
    reply = await desk.chat.say("把主账户的 API key 换一下")
    assert reply.status is Status.FAILED and codes(reply) == ["none_yet"]


async def test_a_recent_reference_resolves_to_the_account_just_added(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat, "主账户")
    await add_binance_account(chat, "备用")
    confirm = await chat.say("删除刚配的账户")
    assert codes(confirm)[0] == "confirm_delete" and "备用" in text_of(confirm)


async def test_names_are_unique_per_user_but_not_across_users(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat, "Main")
    await chat.say("添加一个币安交易所账户")
    taken = await chat.say("ＭＡＩＮ")  # the same name, full-width upper case
    assert codes(taken) == ["invalid_answer", "ask_name"]
    other = Chat(desk.core, ConversationKey("console", "chat-2", "user-2"))
    created = await add_binance_account(other, "Main")
    assert codes(created) == ["account_created"]


async def test_delete_is_refused_while_a_trader_uses_the_account() -> None:
    store = MemoryWorkspace()
    desk = make_desk(workspace=store)
    await add_binance_account(desk.chat)
    (acc,) = await store.accounts.owned(OWNER)
    store.add_trader(OWNER, "alpha", account_id=acc.id)
    reply = await desk.chat.say("删除交易所 主账户")
    assert reply.status is Status.FAILED and codes(reply) == ["in_use"]
    assert "alpha" in text_of(reply)
    assert len(await store.accounts.owned(OWNER)) == 1
    assert (await store.audit.recent(OWNER))[0].outcome == "refused"


async def test_listing_shows_masked_keys_only(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat, "主账户")
    listing = await chat.say("list my exchange accounts")
    assert listing.route.action == "query" and listing.status is Status.COMPLETED
    (block,) = [b for b in listing.blocks if isinstance(b, DetailsBlock)]
    assert block.rows == (("主账户", f"Binance · API key {masked(API_KEY)}"),)
    assert API_KEY not in text_of(listing)


async def test_workspace_skills_are_refused_in_groups(desk: Desk) -> None:
    group = Chat(desk.core, ConversationKey("telegram", "-100", "user-1"), ChatKind.GROUP)
    reply = await group.say("添加一个币安交易所账户")
    assert reply.status is Status.FAILED and codes(reply) == ["private_only"]
    assert reply.audience == "private"


async def test_an_open_task_expires_when_left_alone(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    desk.clock.advance(31 * 60)
    reply = await chat.say("主账户")
    assert codes(reply)[0] == "expired"
    assert await desk.workspace.accounts.owned(OWNER) == []


async def test_a_labelled_key_answer_is_taken_and_never_sent_to_a_model() -> None:
    class Spy:
        def __init__(self) -> None:
            self.calls: list[str] = []

        async def run(self, *, text: str, locale: str, user_id: str) -> Reply:
            self.calls.append(text)
            raise AssertionError("a secret answer must never reach the planner")

    spy = Spy()
    desk = make_desk(planner=spy)
    await desk.chat.say("添加一个币安交易所账户")
    await desk.chat.say("主账户")
    reply = await desk.chat.say("my key is " + API_KEY)
    assert codes(reply) == ["secrets_taken", "ask_api_secret"]  # "my key is …" says what it is
    assert reply.delete_inbound is True and reply.expects_secret == "api_secret"
    assert API_KEY not in str(reply)
    garbled = await desk.chat.say("my secret is not ready yet")
    assert codes(garbled) == ["secret_invalid", "ask_api_secret"]
    assert garbled.delete_inbound is True
    assert spy.calls == []


async def test_a_turn_while_another_process_executes_neither_acts_nor_overwrites(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个模拟账户")
    state = await desk.states.load_state(chat.key)
    assert state.active is not None
    state.active.status = TaskStatus.EXECUTING  # as another process saved it a moment ago
    state.active.updated_at = desk.clock.now()
    await desk.states.save_state(chat.key, state)
    assert codes(await chat.say("BTC 价格")) == ["busy"]
    assert codes(await chat.say("确认")) == ["already_handled"]
    assert await desk.states.load_state(chat.key) == state


async def test_pressing_the_confirm_of_a_cancelled_request_says_it_was_cancelled(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    assert codes(await chat.say("取消"))[-1] == "cancelled"
    late = await chat.press(button(confirm, "确认删除"))
    assert codes(late) == ["button_used"]  # the adapters' code: the keyboard goes away
    assert "已经取消" in text_of(late)
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1


@pytest.mark.parametrize("text", ["删除我的币安账户", "delete my binance account"])
async def test_an_account_named_by_its_exchange_is_found_by_it(desk: Desk, text: str) -> None:
    """ "删除我的币安账户" names the Binance account (主账户), not one called "币安账户"."""
    await add_binance_account(desk.chat)
    confirm = await desk.chat.say(text)
    assert confirm.status is Status.AWAITING_CONFIRMATION and codes(confirm)[0] == "confirm_delete"
    assert "主账户" in text_of(confirm)
