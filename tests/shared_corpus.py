"""The shared routing corpus (shared/corpus/routing.jsonl), wherever it lies above the checkout.

It lives beside the repository (a worktree may sit deeper than a plain clone); a bare clone has
none, and the corpus tests then skip instead of failing at collection.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

_RELATIVE = Path("shared") / "corpus" / "routing.jsonl"


def find_corpus() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        if (parent / _RELATIVE).is_file():
            return parent / _RELATIVE
    return None


def corpus_rows() -> list[dict[str, Any]]:
    """Every corpus row; skips the calling test module when there is no corpus."""
    path = find_corpus()
    if path is None:
        pytest.skip("no shared/corpus/routing.jsonl beside the checkout", allow_module_level=True)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
