"""Everyday phrasings of the workspace requests the project was never shown (session 40's fresh
set, issue 21), each routed as the engine reads it. Before: a wallet's word right before the
holdings or balance ("合约仓位看一下", "open futures positions") said no wallet, only before an
account's word ("合约账户的持仓"); a labelled credential pasted for an exchange named with no verb
("here's my binance api key: …", "币安api：…") routed nowhere (an account given: a create, the key
sealed, never echoed); a credential of an account of theirs changed, the account by its name
("更新一下main的secret", "update main's secret"), routed nowhere (only a rename read)."""

from __future__ import annotations

from typing import Any

import pytest

from core.reply import Status
from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import full_router
from tests.workspace.conftest import API_KEY, API_SECRET, make_desk, text_of

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect, **more}


@each(
    ("text", "lang", "action"),
    [
        ("合约仓位看一下", "zh", "positions"),
        ("合約倉位", "zh-Hant", "positions"),
        ("open futures positions", "en", "positions"),
        ("futures balance", "en", "balance"),
    ],
)
def test_a_wallet_said_before_the_holdings_or_balance(text: str, lang: str, action: str) -> None:
    expect = {"skill": "account_query", "action": action, "slots": {"wallet": "futures"}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(
    ("text", "lang", "exchange"),
    [
        (f"币安api：{API_KEY}", "zh", "binance"),
        (f"okx api: {API_KEY} secret: {API_SECRET}", "en", "okx"),
        (f"here's my binance api key: {API_KEY}", "en", "binance"),
    ],
)
def test_credentials_pasted_for_an_exchange_named_begin_it(text: str, lang: str, exchange: str) -> None:
    expect = {"skill": "exchange_management", "action": "create", "slots": {"exchange": exchange}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(
    ("text", "lang"),
    [
        (f"is my binance api key {API_KEY} valid?", "en"),  # a question: nothing given
        (f"my api key is {API_KEY}, what can you do?", "en"),  # no exchange named
        ("binance api is down", "en"),  # no credential
    ],
)
def test_a_credential_beside_a_question_or_no_exchange_is_no_account(text: str, lang: str) -> None:
    expect = {"not": {"skill": "exchange_management"}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@pytest.mark.parametrize("text", [f"币安api：{API_KEY}", f"here's my binance api key: {API_KEY}"])
async def test_a_pasted_key_is_never_echoed(text: str) -> None:
    desk = make_desk()
    reply = await desk.chat.say(text)
    assert reply.status is not Status.FAILED
    assert API_KEY not in text_of(reply) and API_KEY not in repr(reply.blocks)
    assert reply.delete_inbound is True
    state = await desk.states.load_state(desk.chat.key)
    assert API_KEY not in state.model_dump_json()


@each(
    ("text", "lang", "field"),
    [
        ("更新一下main的secret", "zh", "api_secret"),
        ("update main's secret", "en", "api_secret"),
        ("change the passphrase of main", "en", "passphrase"),
        ("main 的 key 和 secret 都换了", "zh", "credentials"),
    ],
)
def test_a_credential_of_an_account_of_theirs_changed_by_its_name(text: str, lang: str, field: str) -> None:
    expect = {
        "skill": "exchange_management",
        "action": "update",
        "slots": {"field": field, "target_ref": {"name": "main"}},
    }
    assert problem(ROUTER, _row(text, lang, expect, names={"account": ["main"]})) is None


def test_a_key_pasted_in_a_story_of_a_problem_begins_no_account() -> None:
    text = f"binance keeps kicking me out when I log main in, here's my key {API_KEY}"
    row = _row(text, "en", {"not": {"skill": "exchange_management"}}, names={"account": ["main"]})
    assert problem(ROUTER, row) is None
    row = _row(f"币安老是把我踢出来 key是{API_KEY}", "zh", {"not": {"skill": "exchange_management"}})
    assert problem(ROUTER, row) is None


@each(
    ("text", "lang", "skill", "action"),
    [
        ("我想连一下okx", "zh", "exchange_management", "create"),  # 连一下 / 连下 bind, as 绑一下
        ("连下币安", "zh", "exchange_management", "create"),
        ("show my accts", "en", "exchange_management", "query"),  # acct(s) / acc(s): accounts
        ("list my accs", "en", "exchange_management", "query"),
        ("blance?", "en", "account_query", "balance"),  # the balance misspelled
        ("my balence", "en", "account_query", "balance"),
    ],
)
def test_everyday_words_for_binding_accounts_and_the_balance(
    text: str, lang: str, skill: str, action: str
) -> None:
    assert problem(ROUTER, _row(text, lang, {"skill": skill, "action": action})) is None


def test_an_account_abbreviated_is_no_name() -> None:
    expect = {"skill": "exchange_management", "action": "query", "slots": {"target_ref": None}}
    assert problem(ROUTER, _row("show my accts", "en", expect)) is None
    expect = {"skill": "exchange_management", "action": "delete", "slots": {"target_ref": {"name": "main"}}}
    assert problem(ROUTER, _row("delete acct main", "en", expect, names={"account": ["main"]})) is None
