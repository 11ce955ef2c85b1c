""" "bal" said alone or as theirs ("check my bal") asks the balance, in zh and en; Balancer's ticker
is still "BAL price", "$BAL", "BAL". Before session 40 "bal" read as BAL's price and "check my bal"
as nothing ("check my" is a diagnosis's words)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.routing.router import NO_CONTEXT
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str, locale: str) -> tuple[str, str | None, list[str]]:
    asks = read_asks(text, shared_router(), NO_CONTEXT, locale=locale)  # type: ignore[arg-type]
    assert len(asks) == 1, asks
    return asks[0].skill, asks[0].action, list(asks[0].slots.get("symbols") or ())


@each("locale", ["zh", "en"])
@each("text", ["bal", "bal?", "check my bal", "what's my bal", "我的bal"])
def test_bal_asks_the_balance(text: str, locale: str) -> None:
    assert _route(text, locale)[:2] == ("account_query", "balance")


@each("locale", ["zh", "en"])
@each("text", ["BAL price", "bal price", "bal 价格", "$BAL", "BAL"])
def test_balancer_is_still_a_coin(text: str, locale: str) -> None:
    skill, _, symbols = _route(text, locale)
    assert (skill, symbols) == ("price", ["BALUSDT"])
