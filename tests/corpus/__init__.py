"""The routing corpus: what a person types, and where it must (or must not) go.

Files, all JSON lines:
- ``tests/corpus/routing.jsonl``: the first rows; the skills' own end-to-end runners
  (tests/core, tests/workspace, tests/alerts, tests/diagnosis) answer these through the engine.
- ``tests/corpus/rows/*.jsonl``: the bulk of the corpus, one file per area; routed by rule only
  (tests/corpus/test_every_row.py), so a thousand rows stay fast.
- ``tests/corpus/pending/*.jsonl``: rows today's router gets wrong, each with its ``reason`` and
  ``owner``; they run as strict xfail, so a fix makes its row XPASS and fail until it is moved into
  ``rows/`` (``python -m tests.corpus.promote`` moves every row that now passes).

A row: ``{"text": …, "lang": "zh" | "zh-Hant" | "en", "expect": {…}}`` where ``expect`` is
``{"skill": name, "action": name, "slots": {…}}`` (action and slots optional; the slots are the
ones the row cares about, compared as a subset of the route's), ``{"skill": null}`` (nothing
routes it), or ``{"not": {"skill": name, "action": name, "slots": {…}}}`` (a near miss: anything
but that route; "not" may also be a list).
A row may say ``"awaiting": skill`` (routed while that skill's question waits for its answer)
and ``"names": {"trader": […], "strategy": […], "account": […], "model": […]}`` (the person's own
record names, as the engine loads them for the turn).
The first rows still write their slots beside skill and action (``"symbol": "BTCUSDT"``); the
runner reads both shapes (tests/corpus/expect.py).

``tests/corpus/routing.jsonl`` belongs to the repository, so the corpus tests run on any clone.
A checkout that has the shared corpus beside it (``../shared/corpus/routing.jsonl``, as in the
team's CI) also runs every shared row; elsewhere those cases are skipped, not failed. A git
worktree looks beside its main checkout as well, so a worktree runs the same rows as its main one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
OWN = HERE / "routing.jsonl"
ROWS = HERE / "rows"
PENDING = HERE / "pending"
_ROOT = Path(__file__).resolve().parents[2]
_BESIDE = Path("shared") / "corpus" / "routing.jsonl"


def _main_checkout(root: Path) -> Path:
    """The main checkout of a git worktree (whose ``.git`` is a file naming its git dir), else root."""
    dot_git = root / ".git"
    if not dot_git.is_file():
        return root
    text = dot_git.read_text(encoding="utf-8").strip()
    if not text.startswith("gitdir:"):
        return root
    git_dir = (root / text.removeprefix("gitdir:").strip()).resolve()
    common = git_dir / "commondir"
    if common.is_file():
        git_dir = (git_dir / common.read_text(encoding="utf-8").strip()).resolve()
    return git_dir.parent


def _shared() -> Path:
    candidates = [_ROOT.parent / _BESIDE, _main_checkout(_ROOT).parent / _BESIDE]
    return next((c for c in candidates if c.exists()), candidates[0])


SHARED = _shared()

Row = dict[str, Any]


_CJK = re.compile(r"[\u3400-\u9fff]")


def lang_of(row: Row) -> str:
    """The row's language: as it says, else zh for Chinese characters, en otherwise."""
    return str(row.get("lang") or ("zh" if _CJK.search(row["text"]) else "en"))


def read(path: Path) -> list[Row]:
    """The rows of one file, each told where it came from (``_file``, ``_line``) for messages."""
    rows: list[Row] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            row = json.loads(line)
            row["_file"], row["_line"] = path.name, number
            rows.append(row)
    return rows


def _read_dir(folder: Path) -> list[Row]:
    return [row for path in sorted(folder.glob("*.jsonl")) for row in read(path)]


def own_rows() -> list[Row]:
    """The first rows (routing.jsonl): the ones the skills' end-to-end runners answer."""
    return read(OWN)


def corpus_rows() -> list[Row]:
    """Every row the router must get right today: routing.jsonl and rows/*.jsonl."""
    return own_rows() + _read_dir(ROWS)


def pending_rows() -> list[Row]:
    """The rows the router gets wrong today (pending/*.jsonl), each with its reason and owner."""
    return _read_dir(PENDING)


def shared_rows() -> list[Row]:
    """The shared corpus's rows, or [] when this checkout has none beside it."""
    return read(SHARED) if SHARED.exists() else []


def case_id(row: Row) -> str:
    return f"{row['_file']}:{row['_line']}:{row['text']}"


def cases(keep: Callable[[Row], bool], rows: Callable[[], list[Row]] = own_rows) -> list[Any]:
    """pytest params for the rows ``keep`` selects: ``rows`` always, shared rows as extras
    (``shared:`` ids), and one skipped placeholder when the shared corpus is absent."""
    own = rows()
    params: list[Any] = [pytest.param(r, id=r["text"]) for r in own if keep(r)]
    if SHARED.exists():
        # A phrase this repository's corpus also has is checked against this repository's row: the
        # product decided it since (e.g. "BTC 和 ETH 现在多少钱" now answers both coins, issue 11).
        decided = {r["text"] for r in own} | {r["text"] for r in pending_rows()}
        params += [
            pytest.param(r, id=f"shared:{r['text']}")
            for r in shared_rows()
            if keep(r) and r["text"] not in decided
        ]
    else:
        params.append(
            pytest.param(None, id="shared", marks=pytest.mark.skip(reason=f"no shared corpus at {SHARED}"))
        )
    return params
