"""The routing corpus rows of the diagnosis and guidance skills route there, by rule, with
their action (the price-only corpus test does not run them)."""

from __future__ import annotations

from typing import Any

import pytest

from tests import corpus
from tests.fakes import full_router

SKILLS = (
    "exchange_diagnosis",
    "model_diagnosis",
    "order_execution_diagnosis",
    "balance_position_diagnosis",
    "trader_diagnosis",
    "strategy_diagnosis",
    "guidance",
)


def _ours(row: corpus.Row) -> bool:
    return row["expect"].get("skill") in SKILLS


def test_every_skill_has_corpus_rows_in_both_languages() -> None:
    rows = [r for r in corpus.own_rows() if _ours(r)]
    for skill in SKILLS:
        texts = [r["text"] for r in rows if r["expect"]["skill"] == skill]
        assert any(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts), skill
        assert any(not any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts), skill


@pytest.mark.parametrize("row", corpus.cases(_ours))
def test_row_routes_to_its_skill(row: dict[str, Any]) -> None:
    route = full_router().route(row["text"])
    assert route is not None and route.skill == row["expect"]["skill"], route
    if "action" in row["expect"]:
        assert route.action == row["expect"]["action"]
