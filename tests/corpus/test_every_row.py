"""Every routing-corpus row routes by rule where it says, with the slots it says, and a negative
row goes nowhere it must not (tests/corpus/expect.py). One router for all of them: the runner that
covers the rows of every skill, including those no skill-specific runner reads.

The pending rows (tests/corpus/pending) are what today's router gets wrong: strict xfail, so the
change that fixes one makes it XPASS and fail until the row moves to tests/corpus/rows
(``python -m tests.corpus.promote``)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from core.routing.router import Router
from tests import corpus
from tests.corpus.expect import problem
from tests.fakes import full_router


@cache
def _router() -> Router:
    return full_router()


def _pending() -> list[Any]:
    return [
        pytest.param(
            row,
            id=row["text"],
            marks=pytest.mark.xfail(strict=True, reason=f"{row['owner']}: {row['reason']}"),
        )
        for row in corpus.pending_rows()
    ]


@pytest.mark.parametrize("row", corpus.cases(lambda row: True, corpus.corpus_rows))
def test_row_routes_as_it_says(row: dict[str, Any]) -> None:
    wrong = problem(_router(), row)
    assert wrong is None, wrong


@pytest.mark.parametrize("row", _pending())
def test_pending_row_still_misroutes(row: dict[str, Any]) -> None:
    """Fails (xfail) while the router gets the row wrong; passes (XPASS: strict, so red) once fixed."""
    wrong = problem(_router(), row)
    assert wrong is None, wrong
