"""What a change to the reading code does to routing, message by message:
``python -m tests.corpus.route_diff dump OUT.json`` before and after, then
``python -m tests.corpus.route_diff compare BEFORE.json AFTER.json``.

The messages are every corpus row's text (passing and pending, read with the row's context) and
every string in the tests that could be a message (a letter in it, one line, at most 160
characters). Each is read as the engine reads it (core.conversation.reading.read_asks,
in zh and in en): every ask's skill, action, slots and "did you mean" candidates. A refactor of
the reading code should show no difference; a fix should show only the ones it means.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

from core.conversation.reading import read_asks
from core.routing.router import NO_CONTEXT, Route, RouteContext
from tests import corpus
from tests.corpus.expect import context
from tests.fakes import full_router

ROOT = Path(__file__).resolve().parents[2]
MAX_LENGTH = 160


def _message_like(value: str) -> bool:
    if not value or len(value) > MAX_LENGTH or "\n" in value or value.strip() != value:
        return False
    return any(ch.isalpha() for ch in value)


def test_strings() -> list[str]:
    """Every string constant in tests/ that reads like a message, each once, in a stable order."""
    found: set[str] = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _message_like(node.value):
                found.add(node.value)
    return sorted(found)


def _show(route: Route) -> list[Any]:
    return [route.skill, route.action, {k: str(v) for k, v in sorted(route.slots.items())}, list(route.close)]


def dump() -> dict[str, Any]:
    router = full_router()
    routes: dict[str, Any] = {}
    rows = [*corpus.corpus_rows(), *corpus.pending_rows()]
    jobs: list[tuple[str, str, RouteContext]] = []
    for row in rows:
        key = f"row:{json.dumps(row.get('names'), sort_keys=True)}:{row.get('awaiting')}:{row['text']}"
        jobs.append((key, row["text"], context(row)))
    jobs += [(f"test:{text}", text, NO_CONTEXT) for text in test_strings()]
    for key, text, ctx in jobs:
        routes[key] = {
            locale: [_show(r) for r in read_asks(text, router, ctx, locale=locale)] for locale in ("zh", "en")
        }
    return routes


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Print every message routed differently (or present in one dump only); their count."""
    changed = 0
    for key in sorted(set(before) | set(after)):
        if key in before and key in after and before[key] == after[key]:
            continue
        if key not in before or key not in after:
            continue  # a message added or removed with the tests: no difference of routing
        changed += 1
        print(f"{key}\n  before: {json.dumps(before[key], ensure_ascii=False)}")
        print(f"  after:  {json.dumps(after[key], ensure_ascii=False)}")
    common = len(set(before) & set(after))
    print(f"{changed} of {common} messages routed differently")
    return changed


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "dump":
        Path(argv[1]).write_text(json.dumps(dump(), ensure_ascii=True, sort_keys=True), encoding="utf-8")
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        load = [json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[1:]]
        return 1 if compare(load[0], load[1]) else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
