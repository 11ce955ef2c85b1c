"""Write core/language/known_phrasings.tsv: the phrasings the router reads right today, each with
the intent it reads ("price.current") or "none" for a message that must do nothing. The miss path
(core.language.nearest) finds a message's nearest known phrasings there to offer "did you mean"
buttons for what no rule reads.

The phrasings are the corpus's rows (tests/corpus/rows) and the blind sets that were given to
someone fixing; the sets never given to anyone (tests/corpus/blind/never_shown.txt) are left out,
so they go on measuring phrasings never shown. A row joins only when the router gets it right, so
each label is what the product does with that phrasing. Rows that answer a waiting question or
hold several asks are left out (their meaning is not in their words alone). Each phrasing is kept
as the index reads it (its key: normalized, traditional as simplified): loading converts nothing.
Run again after the corpus grows:
    python -m tools.known_phrasings
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.conversation.reading import read_asks
from core.language.nearest import NONE, PHRASINGS_FILE, key_of
from core.planner.redaction import redact
from tests.corpus.expect import context, problem
from tests.fakes import full_router

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
OUT = ROOT / "core" / "language" / PHRASINGS_FILE


def never_shown() -> frozenset[str]:
    lines = (CORPUS / "blind" / "never_shown.txt").read_text("utf-8").splitlines()
    return frozenset(s.strip() for s in lines if s.strip() and not s.startswith("#"))


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def source_rows() -> list[dict[str, Any]]:
    """The corpus's rows and the shown blind sets', less every text a never-shown set holds: many
    of those were copied into the corpus's rows once measured, and would teach the index the very
    phrasings those sets measure."""
    held = never_shown()
    blind = sorted((CORPUS / "blind").glob("*.jsonl"))
    kept_out = {key_of(r["text"]) for p in blind if p.stem in held for r in _read(p)}
    paths = sorted((CORPUS / "rows").glob("*.jsonl")) + [p for p in blind if p.stem not in held]
    return [r for path in paths for r in _read(path) if key_of(r["text"]) not in kept_out]


def table() -> str:
    router = full_router()
    known: dict[str, str] = {}  # a phrasing's key (as the index reads it) -> its label
    for row in source_rows():
        expect = row["expect"]
        if row.get("then") or row.get("awaiting") or "skill" not in expect:
            continue
        if redact(str(row["text"])).changed:
            continue  # a key pasted in a message (the corpus's are made up): never product data
        if problem(router, row) is not None:
            continue
        if expect["skill"] is None:
            label = NONE
        else:
            locale = "zh" if str(row.get("lang", "")).startswith("zh") else "en"
            route = read_asks(row["text"], router, context(row), locale=locale)[0]
            if route.action is None:
                continue  # a bare follow-up: its meaning is the conversation's
            label = f"{route.skill}.{route.action}"
        known.setdefault(key_of(str(row["text"])), label)
    lines = sorted(f"{label}\t{key}" for key, label in known.items())
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    OUT.write_text(table(), "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
