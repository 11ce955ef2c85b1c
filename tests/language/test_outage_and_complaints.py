""" "is binance down again" is the exchange's connection check, as "币安挂了吗" already was (en
routed nowhere: "down" was no failure); "down" is one only of an exchange named, never of a coin
("btc down 5%", "is btc going up or down" ask of a price). A complaint about deskmate itself
("你们这个机器人太慢了", "this bot is useless") routes nowhere: before, a trader's diagnosis, or a
trader named "useless"; a trader that does not trade stays its diagnosis."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import full_router

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any]) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect}


@each(
    ("text", "lang", "exchange"),
    [
        ("is binance down again", "en", "binance"),
        ("is okx down?", "en", "okx"),
        ("binance is down", "en", "binance"),
        ("is bybit down right now", "en", "bybit"),
        ("币安挂了吗", "zh", "binance"),
        ("okx是不是挂了", "zh", "okx"),
    ],
)
def test_an_exchange_said_to_be_down_is_its_connection_check(text: str, lang: str, exchange: str) -> None:
    expect = {"skill": "exchange_diagnosis", "action": "diagnose", "slots": {"exchange": exchange}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(
    ("text", "lang"),
    [("is btc going up or down", "en"), ("btc down 5%", "en"), ("sell if btc goes down", "en")],
)
def test_a_coin_down_is_no_exchange_failure(text: str, lang: str) -> None:
    expect = {"not": {"skill": "exchange_diagnosis"}}
    assert problem(ROUTER, _row(text, lang, expect)) is None
    assert problem(ROUTER, _row(text, lang, {"not": {"skill": "order_execution_diagnosis"}})) is None


@each(
    ("text", "lang"),
    [
        ("你们这个机器人太慢了", "zh"),
        ("你这机器人好笨", "zh"),
        ("this bot is useless", "en"),
        ("this bot sucks", "en"),
    ],
)
def test_a_complaint_about_the_assistant_routes_nowhere(text: str, lang: str) -> None:
    assert problem(ROUTER, _row(text, lang, {"skill": None})) is None


@each(
    ("text", "lang"),
    [
        ("my bot isn't trading", "en"),
        ("我的机器人不下单", "zh"),
        ("我的机器人太慢了", "zh"),
        ("my bot is slow", "en"),
    ],
)
def test_a_trader_that_does_not_trade_stays_its_diagnosis(text: str, lang: str) -> None:
    expect = {"skill": "trader_diagnosis", "action": "diagnose"}
    assert problem(ROUTER, _row(text, lang, expect)) is None
