"""A problem told with what it said is one problem: "卖单被拒了，提示余额不足" was the order's
diagnosis and also a model's "insufficient balance" (余额不足 said alone is a provider's 402);
"Authentication Fails, Your api key is invalid" (DeepSeek's 401 pasted) was a model's diagnosis and
an exchange's. Two asks for two different things stay two ("比特币价格和余额")."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import full_router

ROUTER = full_router()


@each(
    ("text", "skill"),
    [
        ("卖单被拒了，提示余额不足", "order_execution_diagnosis"),
        ("my sell order was rejected, it says insufficient balance", "order_execution_diagnosis"),
        ("Authentication Fails, Your api key is invalid", "model_diagnosis"),
    ],
)
def test_a_problem_and_what_it_said_is_one_diagnosis(text: str, skill: str) -> None:
    asks = read_asks(text, ROUTER)
    assert [(r.skill, r.action) for r in asks] == [(skill, "diagnose")]


def test_two_different_asks_stay_two() -> None:
    assert [r.skill for r in read_asks("比特币价格和余额", ROUTER)] == ["price", "account_query"]
