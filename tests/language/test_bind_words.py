""" "link okx" binds an exchange account (routed nowhere: "link" is also Chainlink's ticker, so it
was no verb), while "link 价格" stays LINK's price; an exchange's name typed one letter off
("connect binanace pls") is the exchange (routed nowhere: names matched exactly). The tolerance is
for exchanges' names only: never a coin, a short name ("okx") or the paper account ("pager")."""

from __future__ import annotations

from typing import Any

from core.language.word_scan import EXCHANGE, named
from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import full_router

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any]) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect}


@each(
    ("text", "lang", "exchange"),
    [
        ("link okx", "en", "okx"),
        ("link binance", "en", "binance"),
        ("connect binanace pls", "en", "binance"),
        ("connect bybti", "en", "bybit"),
        ("add my binnace account", "en", "binance"),
        ("绑定binanace", "zh", "binance"),
    ],
)
def test_an_exchange_bound(text: str, lang: str, exchange: str) -> None:
    expect = {"skill": "exchange_management", "action": "create", "slots": {"exchange": exchange}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(("text", "lang"), [("link 价格", "zh"), ("link现在价格", "zh"), ("link price", "en")])
def test_link_with_a_price_word_is_the_coin(text: str, lang: str) -> None:
    expect = {"skill": "price", "action": "current", "slots": {"symbols": ["LINKUSDT"]}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(
    ("typed", "exchange"),
    [
        ("binanace", "binance"),
        ("binnace", "binance"),
        ("binanse", "binance"),
        ("bybti", "bybit"),
        ("finance", None),  # another first letter
        ("binanaace", None),  # two edits
        ("okz", None),  # a short name: exact only
        ("pager", None),  # the paper account: exact only
        ("bitcoinn", None),  # coins: never
    ],
)
def test_one_letter_off_an_exchange_s_name_only(typed: str, exchange: str | None) -> None:
    assert named(f"connect {typed} now", EXCHANGE) == exchange
