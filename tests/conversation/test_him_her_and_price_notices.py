"""Blind set L's misreads: "先停掉小飛俠 然後刪掉他" deleted an exchange account called 他 (the
pronoun: he / him stand for the trader just named, as 它 / it do), and "刪掉所有到價通知" deleted an
account called 到價通知 (Taiwan's word for a price alert)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.gazetteer import Gazetteer
from core.language.own_names import plain_words
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import shared_router


@each(
    ("text", "name", "locale"),
    [
        ("先停掉小飛俠 然後刪掉他", "小飛俠", "zh"),
        ("停掉机器人一号然后删除他", "机器人一号", "zh"),
        ("停掉小美 再删掉她", "小美", "zh"),
        ("stop alpha then delete him", "alpha", "en"),
        ("stop alpha and then delete her", "alpha", "en"),
    ],
)
def test_he_and_him_after_a_trader_is_that_trader(text: str, name: str, locale: str) -> None:
    context = RouteContext(names=Gazetteer.of({"trader": [name]}, plain=plain_words()))
    asks = read_asks(text, shared_router(), context, locale=locale)  # type: ignore[arg-type]
    assert [(a.skill, a.action) for a in asks if a] == [
        ("trader_management", "stop"),
        ("trader_management", "delete"),
    ], asks
    assert asks[1] is not None and asks[1].slots.get("target_ref") == {"name": name}, asks


@each("text", ["刪掉所有到價通知", "删掉所有到价通知", "我的到价提醒有哪些", "删除价格通知"])
def test_a_price_notice_is_an_alert(text: str) -> None:
    route = shared_router().route(text)
    assert route is not None and route.skill == "price_alert", route
