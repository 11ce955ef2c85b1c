"""One's own past told as a story is no ask (lexicon/outside.toml story): '以前在币安买过一次 后来密码忘了
就没再登' was a buy on Binance, '以前有個 bot 幫我做網格，後來蝕晒' a trader's status. What one did before,
asked about, and a request after a past record stay requests."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each(
    "text",
    [
        "以前在币安买过一次 后来密码忘了就没再登",
        "以前有個 bot 幫我做網格，後來蝕晒",
        "以前有个机器人帮我做网格 后来亏光了",
        "i used to have a bot doing grids on binance",
        "back in the day i bought btc at 100",
    ],
)
def test_a_story_of_the_past_is_no_ask(text: str) -> None:
    assert full_router().route(text) is None


@each(
    ("text", "skill", "action"),
    [
        ("我以前买过什么", "account_query", "trades"),
        ("我以前有个策略叫alpha 帮我删掉", "strategy_management", "delete"),
        ("what did i buy last week", "account_query", "trades"),
    ],
)
def test_the_past_asked_about_stays_an_ask(text: str, skill: str, action: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), route
