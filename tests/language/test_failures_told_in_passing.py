"""A failure told among other words (blind set KD): 'deepseek gives 401 every time the trader tries to
think' and 'getting 429s from openai all afternoon' read nothing (the status only counted alone), 'okx
keeps refusing the connection, something about timestamp' neither; and "rex won't start" started rex."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

NAMES = {"trader": ["rex"]}


@each(
    ("text", "provider", "code"),
    [
        ("deepseek gives 401 every time the trader tries to think", "deepseek", "http_401"),
        ("getting 429s from openai all afternoon", "openai", "http_429"),
        ("deepseek gives me 401 whenever my bot tries to trade", "deepseek", "http_401"),
        ("openai 429 all day long", "openai", "http_429"),
    ],
)
def test_a_status_said_of_a_provider_is_its_error(text: str, provider: str, code: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("model_diagnosis", "diagnose"), route
    assert route.slots["provider"] == provider and route.slots["error"]["code"] == code, route.slots


@each(
    ("text", "exchange"),
    [
        ("okx keeps refusing the connection, something about timestamp", "okx"),
        ("binance keeps rejecting my requests", "binance"),
        ("bybit refuses my api key", "bybit"),
    ],
)
def test_an_exchange_refusing_is_its_diagnosis(text: str, exchange: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("exchange_diagnosis", "diagnose"), route
    assert route.slots["exchange"] == exchange


@each("text", ["rex won't start", "rex wont start", "rex doesn't start, any idea?", "rex refuses to start"])
def test_a_start_told_failing_starts_nothing(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("trader_diagnosis", "diagnose"), route


@each(
    ("text", "skill", "action"),
    [("start rex", "trader_management", "start"), ("buy 401 doge", "trade_execution", "buy")],
)
def test_what_is_asked_stays_asked(text: str, skill: str, action: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == (skill, action), route
