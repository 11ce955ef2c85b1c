"""An order's number said with its mark ("3号单", "第2单", "order #3", "#3") is read by the value
grammar as the order's id, and the orders skill takes its number from there (it once read the
digits before "号单" by hand, and "取消3号单" / "撤掉第2单" went nowhere or cancelled no number)."""

from __future__ import annotations

from typing import Any

from core.language.values import find_values
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "ident"),
    [("3号单", "3"), ("撤銷3號掛單", "3"), ("第2单", "2"), ("第三笔", "3"), ("把第二单撤了", "2"),
     ("order #3", "3"), ("#12", "12")],
)  # fmt: skip
def test_an_orders_number_with_its_mark_is_an_id(text: str, ident: str) -> None:
    ids = [v.ident for v in find_values(text) if v.kind == "id"]
    assert ids == [ident], find_values(text)


@each("text", ["12月3号", "3号", "第一个", "买3单"])
def test_a_day_an_ordinal_or_a_count_is_no_order_number(text: str) -> None:
    assert not [v for v in find_values(text) if v.kind == "id"], find_values(text)


@each(
    ("text", "order_no"),
    [("取消3号单", "3"), ("撤掉第2单", "2"), ("把第二单撤了", "2"), ("撤销第3笔", "3"),
     ("撤銷3號掛單", "3"), ("cancel order #3", "3"), ("cancel #3", "3")],
)  # fmt: skip
def test_an_order_cancelled_by_its_number_is_that_order(text: str, order_no: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert route.slots.get("order_no") == order_no, route


@each(
    ("text", "ident"),
    [("撤3号", ["3"]), ("撤掉3号吧", ["3"]), ("撤单12号", ["12"]), ("撤銷7號", ["7"]), ("3号撤了", ["3"]),
     ("把3號撤咗佢", ["3"]), ("撤3号，然后买btc", ["3"]), ("撤3号和4号", ["3", "4"])],
)  # fmt: skip
def test_a_bare_number_withdrawn_is_an_id(text: str, ident: list[str]) -> None:
    ids = [v.ident for v in find_values(text) if v.kind == "id"]
    assert ids == ident, find_values(text)


@each(
    "text", ["撤3号的单", "撤3号之前的单", "回撤3号", "3号买的btc", "取消3号", "我3号撤了单", "上个月3号撤了"]
)
def test_a_bare_number_not_withdrawn_is_no_id(text: str) -> None:
    assert not [v for v in find_values(text) if v.kind == "id"], find_values(text)
