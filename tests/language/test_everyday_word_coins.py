"""A ticker that is also an everyday word ("link", "one") is the coin when a price condition
follows it ("buzz me when link breaks 30", "当link跌破30提醒我"), never when said otherwise
("click the link", "link my account", "a move over 24 hours")."""

from __future__ import annotations

from core.language.tagger import COIN
from tests.cases import each
from tests.fakes import full_router


@each(
    ("text", "slots"),
    [
        ("buzz me when link breaks 30", {"symbol": "LINKUSDT", "condition": "above", "level": "30"}),
        ("when link drops below 12.5 tell me", {"symbol": "LINKUSDT", "condition": "below", "level": "12.5"}),
        ("当link跌破30提醒我", {"symbol": "LINKUSDT", "condition": "below", "level": "30"}),
        ("link 突破 30 的时候提醒我", {"symbol": "LINKUSDT", "condition": "above", "level": "30"}),
    ],
)
def test_an_everyday_word_coin_before_a_level_is_the_coin(text: str, slots: dict[str, str]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", "create"), route
    assert route.slots == slots


@each(
    "text",
    ["click the link", "link my account", "the link above", "tell me when move over 24 hours", "点一下link"],
)
def test_an_everyday_word_said_otherwise_is_no_coin(text: str) -> None:
    router = full_router()
    assert router.layer is not None
    assert not router.layer.read(text).has(COIN), text
    route = router.route(text)
    assert route is None or "LINKUSDT" not in str(route.slots), route


def test_a_level_refused_by_the_value_grammar_still_names_the_coin() -> None:
    """The level is the value grammar's: "-30" is refused with its reason (a sign), and the
    ticker before it is still the coin the alert is about, never an alert without a coin."""
    from tests.fakes import full_router

    route = full_router().route("when link drops below -30 tell me")
    assert route is not None and route.skill == "price_alert"
    assert route.slots["symbol"] == "LINKUSDT" and route.slots["level"] == "refused:sign:-30"


@each("text", ["quick check on sol and link", "check btc and link?", "查下sol和link"])
def test_an_everyday_word_coin_ending_a_list_of_coins_is_the_coin(text: str) -> None:
    router = full_router()
    assert router.layer is not None
    assert router.layer.read(text).has(COIN)
    route = router.route(text)
    assert route is not None and "LINKUSDT" in route.slots.get("symbols", ()), route


@each("text", ["check sol and link my account", "send me the btc and the link"])
def test_an_everyday_word_after_a_coin_with_more_said_is_no_coin(text: str) -> None:
    route = full_router().route(text)
    assert route is None or "LINKUSDT" not in str(route.slots), route


@each(
    "text",
    [
        "add a stop loss at 11 on my link",  # its level said before the tie
        "sell everything in link",  # all one holds in it
        "卖5个link",  # a count with its counter
        "link 12块挂买单",  # its price in 块 right after it, then the order's word
    ],
)
def test_an_everyday_word_traded_or_protected_is_the_coin(text: str) -> None:
    router = full_router()
    assert router.layer is not None
    assert router.layer.read(text).has(COIN), text


@each("text", ["put a stop loss at 11 on the link i sent", "send everything in link", "发5个link给我"])
def test_an_everyday_word_near_those_is_no_coin(text: str) -> None:
    route = full_router().route(text)
    assert route is None or "LINKUSDT" not in str(route.slots), route


@each(
    "text",
    ["how has link moved the last 14 days?", "how did link do this week", "how has link performed lately"],
)
def test_an_everyday_word_coin_whose_move_is_asked_is_the_coin(text: str) -> None:
    router = full_router()
    assert router.layer is not None
    assert router.layer.read(text).has(COIN), text


@each("text", ["how did link my binance account go", "how has the link moved to another page"])
def test_how_a_link_did_said_otherwise_is_no_coin(text: str) -> None:
    router = full_router()
    assert router.layer is not None
    assert not router.layer.read(text).has(COIN), text


def test_an_amount_of_an_everyday_word_coin_simulated_is_the_coin() -> None:
    route = full_router().route("simulate buying 50u of link every week for 6 months")
    assert route is not None and route.skill == "backtest" and route.slots.get("symbol") == "LINKUSDT", route
