"""A tie is asked about ("did you mean …") only with another skill that reads the message too:
a candidate whose reader declines it is no choice to offer."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each("text", ["删除交易所 paper-1", "delete exchange paper-1"])
def test_a_candidate_that_cannot_read_the_message_is_not_offered(text: str) -> None:
    found = full_router().route(text)
    assert found is not None and (found.skill, found.action) == ("exchange_management", "delete")
    assert found.close == ()
