"""The routing corpus: this project's own rows, plus the shared corpus as an extra where present.

``tests/corpus/routing.jsonl`` belongs to the repository, so the corpus tests run on any clone.
A checkout that has the shared corpus beside it (``../shared/corpus/routing.jsonl``, as in the
team's CI) also runs every shared row; elsewhere those cases are skipped, not failed. A git
worktree looks beside its main checkout as well, so a worktree runs the same rows as its main one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

OWN = Path(__file__).resolve().with_name("routing.jsonl")
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


def read(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def own_rows() -> list[Row]:
    return read(OWN)


def shared_rows() -> list[Row]:
    """The shared corpus's rows, or [] when this checkout has none beside it."""
    return read(SHARED) if SHARED.exists() else []


def cases(keep: Callable[[Row], bool]) -> list[Any]:
    """pytest params for the rows ``keep`` selects: own rows always, shared rows as extras
    (``shared:`` ids), and one skipped placeholder when the shared corpus is absent."""
    own = own_rows()
    params: list[Any] = [pytest.param(r, id=r["text"]) for r in own if keep(r)]
    if SHARED.exists():
        # A phrase this repository's corpus also has is checked against this repository's row: the
        # product decided it since (e.g. "BTC 和 ETH 现在多少钱" now answers both coins, issue 11).
        decided = {r["text"] for r in own}
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
