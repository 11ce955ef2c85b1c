"""Every routing-corpus row routes by rule where it says, with the slots it says, and a negative
row goes nowhere it must not (tests/corpus/expect.py). One router for all of them: the runner that
covers the rows of every skill, including those no skill-specific runner reads.

One test reads a part of a file (at most ``PART`` rows, in file order), not one test per row: the
per-test cost of pytest (collecting an item in every worker, running and reporting it) was a
third of the time the rows take to read. Every row is still read, and a failing part names each of
its rows that fails, with its file, line, text and why (``python -m tests.corpus.measure FILE -v``
reads one file the same way).

The pending rows (tests/corpus/pending) are what today's router gets wrong: strict xfail, so the
change that fixes one makes it XPASS and fail until the row moves to tests/corpus/rows
(``python -m tests.corpus.promote``)."""

from __future__ import annotations

import traceback
from functools import cache
from typing import Any

import pytest

from core.routing.router import Router
from tests import corpus
from tests.corpus.expect import problem
from tests.fakes import full_router

PART = 250  # rows a test reads at most: a file of more is cut into parts of about equal size


@cache
def _router() -> Router:
    return full_router()


def _parts(name: str, rows: list[corpus.Row]) -> list[Any]:
    count = -(-len(rows) // PART)
    size = -(-len(rows) // count) if count else 0
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)] if rows else []
    return [
        pytest.param(chunk, id=name if count == 1 else f"{name}:{chunk[0]['_line']}-{chunk[-1]['_line']}")
        for chunk in chunks
    ]


def _row_parts() -> list[Any]:
    own = corpus.corpus_rows()
    by_file: dict[str, list[corpus.Row]] = {}
    for row in own:
        by_file.setdefault(row["_file"], []).append(row)
    params = [part for name, rows in by_file.items() for part in _parts(name, rows)]
    if not corpus.SHARED.exists():
        reason = f"no shared corpus at {corpus.SHARED}"
        return [*params, pytest.param([], id="shared", marks=pytest.mark.skip(reason=reason))]
    # A phrase this repository's corpus also has is checked against this repository's row: the
    # product decided it since (e.g. "BTC 和 ETH 现在多少钱" now answers both coins, issue 11).
    decided = {r["text"] for r in own} | {r["text"] for r in corpus.pending_rows()}
    shared = [
        {**r, "_file": f"shared:{r['_file']}"} for r in corpus.shared_rows() if r["text"] not in decided
    ]
    return [*params, *_parts("shared", shared)]


def _pending() -> list[Any]:
    return [
        pytest.param(
            row,
            id=row["text"],
            marks=pytest.mark.xfail(strict=True, reason=f"{row['owner']}: {row['reason']}"),
        )
        for row in corpus.pending_rows()
    ]


def _problem(row: corpus.Row) -> str | None:
    """Why the router gets ``row`` wrong, an exception it raised included (with where it was
    raised), so the other rows of the part are still read and reported."""
    try:
        return problem(_router(), row)
    except Exception as error:  # that row's failure: the part's other rows are still read
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return f"raised {type(error).__name__}: {error} ({frame.filename}:{frame.lineno})"


@pytest.mark.parametrize("rows", _row_parts())
def test_rows_route_as_they_say(rows: list[corpus.Row]) -> None:
    wrong = [f"{corpus.case_id(row)}\n    {why}" for row in rows if (why := _problem(row)) is not None]
    if wrong:
        pytest.fail(f"{len(wrong)} of {len(rows)} rows route wrong:\n" + "\n".join(wrong), pytrace=False)


@pytest.mark.parametrize("row", _pending())
def test_pending_row_still_misroutes(row: dict[str, Any]) -> None:
    """Fails (xfail) while the router gets the row wrong; passes (XPASS: strict, so red) once fixed."""
    wrong = problem(_router(), row)
    assert wrong is None, wrong
