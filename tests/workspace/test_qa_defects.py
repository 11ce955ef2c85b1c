"""Regressions found by the QA pass through `deskmate ask`, reproduced with the real Core."""

from __future__ import annotations

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.reply import Status
from core.workspace.accounts import NewExchangeAccount
from tests.fakes import NOW
from tests.workspace.conftest import (
    API_KEY,
    NEW_API_KEY,
    Chat,
    Desk,
    add_binance_account,
    audit_entry,
    button,
    codes,
    make_desk,
    sql_workspace,
    text_of,
)

OWNER = "console:user-1"


async def _paper(chat: Chat, name: str) -> None:
    await chat.say("add a paper account")
    done = await chat.say(name)
    assert codes(done) == ["account_created"], text_of(done)


# -- 1. a stale confirm button never acts on another record -----------------------------------


async def test_sqlite_never_reuses_a_deleted_account_id(sqlite_url: str) -> None:
    await migrate.upgrade_async(sqlite_url)
    engine = create_engine(sqlite_url)
    try:
        store = sql_workspace(engine).accounts
        first = await store.create(NewExchangeAccount(OWNER, "a", "paper", {}, None, NOW), audit_entry(OWNER))
        await store.delete(OWNER, first.id, audit_entry(OWNER, "delete"))
        second = await store.create(
            NewExchangeAccount(OWNER, "b", "paper", {}, None, NOW), audit_entry(OWNER)
        )
        assert second.id != first.id
    finally:
        await engine.dispose()


async def test_a_stale_delete_button_from_another_chat_does_not_delete_the_new_account(
    sqlite_url: str,
) -> None:
    await migrate.upgrade_async(sqlite_url)
    engine = create_engine(sqlite_url)
    try:
        desk = make_desk(workspace=sql_workspace(engine), states=SqlStateStore(engine))
        x = desk.chat
        y = Chat(desk.core, ConversationKey("console", "chat-y", "user-1"))
        await _paper(x, "victimA")
        stale = await x.say("delete exchange account victimA")
        assert stale.status is Status.AWAITING_CONFIRMATION
        confirm_y = await y.say("delete exchange account victimA")
        assert codes(await y.press(button(confirm_y, "Delete"))) == ["account_deleted"]
        await _paper(y, "newB")

        late = await x.press(button(stale, "Delete"))
        assert late.status is Status.FAILED
        assert "newB" not in text_of(late)
        assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["newB"]
    finally:
        await engine.dispose()


async def test_a_confirm_for_a_record_changed_since_is_refused(desk: Desk) -> None:
    # Same id, but renamed in another chat after the confirmation was asked: nothing is deleted.
    x = desk.chat
    y = Chat(desk.core, ConversationKey("console", "chat-y", "user-1"))
    await _paper(x, "victimA")
    stale = await x.say("delete exchange account victimA")
    renamed = await y.say("rename exchange account victimA to newB")
    assert "newB" in text_of(renamed)
    late = await x.press(button(stale, "Delete"))
    assert late.status is Status.FAILED and codes(late) == ["target_changed"]
    assert "nothing was done" in text_of(late)
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["newB"]
    refused = (await desk.workspace.audit.recent(OWNER))[0]
    assert (refused.action, refused.outcome, refused.detail) == ("delete", "refused", {"reason": "changed"})


async def test_a_key_update_confirm_for_a_record_changed_since_is_refused(desk: Desk) -> None:
    x = desk.chat
    y = Chat(desk.core, ConversationKey("console", "chat-y", "user-1"))
    await add_binance_account(x)
    await x.say("把主账户的 API key 换一下")
    stale = await x.say(NEW_API_KEY)
    assert stale.status is Status.AWAITING_CONFIRMATION
    await y.say("把主账户改名为 备用")
    late = await x.press(button(stale, "确认"))
    assert codes(late) == ["target_changed"] and "没有执行任何操作" in text_of(late)
    (acc,) = await desk.workspace.accounts.owned(OWNER)
    assert desk.secrets.decrypt(acc.credentials["api_key"]) == API_KEY  # not replaced


# -- 2. a key typed into a free-text question is neither stored nor echoed --------------------

TYPED_KEY = "sk-customKEY0987654321customKEY09"


async def test_a_key_typed_as_the_model_name_is_refused_and_asked_again(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("configure a custom model")
    await chat.say("local")
    ask_model = await chat.say("http://localhost:11434/v1")
    assert codes(ask_model) == ["ask_model"]
    refused = await chat.say(TYPED_KEY)
    assert refused.status is Status.NEEDS_INPUT
    assert codes(refused) == ["looks_secret", "ask_model"]
    assert refused.delete_inbound is True
    assert TYPED_KEY not in text_of(refused) and TYPED_KEY not in str(refused.route)
    state = await desk.states.load_state(chat.key)
    assert state.active is not None and TYPED_KEY not in state.model_dump_json()
    await chat.say("llama3.1:8b")
    done = await chat.say("sk-0123456789abcdef0123456789abcdef")
    assert codes(done) == ["model_created"]
    (cfg,) = await desk.workspace.models.owned(OWNER)
    assert cfg.model == "llama3.1:8b"


async def test_a_key_as_a_name_or_base_url_is_refused_too(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("configure a custom model")
    named = await chat.say(TYPED_KEY)
    assert codes(named) == ["looks_secret", "ask_name"] and TYPED_KEY not in text_of(named)
    await chat.say("local")
    url = await chat.say(f"https://api.example.com/v1/{TYPED_KEY}")
    assert codes(url) == ["looks_secret", "ask_base_url"] and TYPED_KEY not in text_of(url)
    from_message = await chat.say(f"add an exchange account called {TYPED_KEY}")
    assert "looks_secret" in codes(from_message) and TYPED_KEY not in text_of(from_message)
    assert TYPED_KEY not in str(from_message.route)


async def test_ordinary_model_ids_are_not_mistaken_for_keys(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("configure a custom model")
    await chat.say("local")
    await chat.say("http://localhost:11434/v1")
    asked = await chat.say("mistralai/Mixtral-8x7B-Instruct-v0.1")
    assert codes(asked) == ["ask_api_key"]


# -- 4. wording ----------------------------------------------------------------------------------


async def test_the_paper_account_name_question_says_account_once(desk: Desk) -> None:
    asked = await desk.chat.say("添加一个模拟账户")
    assert codes(asked) == ["ask_name"]
    assert "给这个模拟账户起个名字" in text_of(asked) and "账户账户" not in text_of(asked)
    okx = await desk.chat.say("添加一个 OKX 交易所账户")
    assert "给这个欧易 OKX 账户起个名字" in text_of(okx)


async def test_custom_model_questions_say_custom_in_chinese_and_then_use_the_configs_name(desk: Desk) -> None:
    chat = desk.chat
    asked = await chat.say("配置一个自定义模型")
    assert "给这个自定义模型配置起个名字" in text_of(asked) and "Custom" not in text_of(asked)
    deepseek_chat = Chat(desk.core, ConversationKey("console", "chat-d", "user-9"))
    await deepseek_chat.say("配置一个 DeepSeek 模型")
    await chat.say("local")
    await chat.say("http://localhost:11434/v1")
    en = Chat(desk.core, ConversationKey("console", "chat-e", "user-8"))
    await en.say("configure a custom model")
    await en.say("local")
    ask_model = await en.say("http://localhost:11434/v1")
    assert "Which model should “local” use" in text_of(ask_model)
    ask_key = await en.say("llama3.1:8b")
    assert codes(ask_key) == ["ask_api_key"] and "“local”" in text_of(ask_key)


async def test_a_rejected_key_answer_names_the_real_reason(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个币安交易所账户")
    await chat.say("主账户")
    short = await chat.say("abc")
    assert codes(short) == ["secret_invalid", "ask_api_key"] and "太短" in text_of(short)
    # (a Latin-only answer may switch the reply language: either wording names the reason)
    spaced = await chat.say("abcd1234 efgh5678")
    assert codes(spaced)[0] == "secret_invalid"
    assert "空格" in text_of(spaced) or "no spaces" in text_of(spaced)
    wide = await chat.say("密钥密钥密钥密钥密钥")
    assert "其他字符" in text_of(wide) or "other characters" in text_of(wide)
    assert "without spaces" not in text_of(wide) and "不含空格" not in text_of(wide)


async def test_a_missing_account_is_echoed_as_typed(desk: Desk) -> None:
    await add_binance_account(desk.chat)
    reply = await desk.chat.say("删除交易所 不存在的账户")
    assert codes(reply) == ["not_found"]
    assert "「不存在的账户」" in text_of(reply)


# -- 3. paused and dropped tasks' buttons die ---------------------------------------------------


async def test_a_paused_tasks_confirm_button_runs_nothing_and_asks_again(desk: Desk) -> None:
    chat = desk.chat
    await _paper(chat, "victimA")
    stale = await chat.say("delete exchange account victimA")
    await chat.say("add a paper account")  # a new request: the delete is paused
    pressed = await chat.press(button(stale, "Delete"))
    assert "confirm_again" in codes(pressed) and pressed.status is Status.AWAITING_CONFIRMATION
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["victimA"]
    assert {b.token for b in pressed.buttons}.isdisjoint({b.token for b in stale.buttons})
    done = await chat.press(button(pressed, "Delete"))  # the fresh button works
    assert codes(done)[0] == "account_deleted"


async def test_slash_cancel_with_only_paused_tasks_drops_them_and_their_buttons(desk: Desk) -> None:
    chat = desk.chat
    await _paper(chat, "victimA")
    stale = await chat.say("delete exchange account victimA")
    await chat.say("list my model configs")  # completes; the delete waits on the resume stack
    cancelled = await chat.command("cancel")
    assert codes(cancelled) == ["cancelled"] and "deleting an exchange account" in text_of(cancelled)
    assert (await desk.states.load_state(chat.key)).resume_stack == []
    late = await chat.press(button(stale, "Delete"))
    assert late.status is Status.FAILED
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["victimA"]


async def test_typed_cancel_with_only_paused_tasks_drops_them(desk: Desk) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    stale = await chat.say("删除交易所 主账户")
    await chat.say("我有哪些模型")
    cancelled = await chat.say("取消")
    assert codes(cancelled) == ["cancelled"] and "删除交易所账户" in text_of(cancelled)
    await chat.press(button(stale, "确认删除"))
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1
