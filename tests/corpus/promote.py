"""Move every pending row the router now gets right into tests/corpus/rows (same file name),
without its reason and owner: ``python -m tests.corpus.promote``. Prints what moved."""

from __future__ import annotations

import json
from pathlib import Path

from tests import corpus
from tests.corpus.expect import problem
from tests.fakes import full_router

_BOOKKEEPING = ("_file", "_line", "reason", "owner")


def line(row: corpus.Row, *, drop: tuple[str, ...] = ("_file", "_line")) -> str:
    return json.dumps({k: v for k, v in row.items() if k not in drop}, ensure_ascii=False) + "\n"


def main() -> None:
    router = full_router()
    for path in sorted(corpus.PENDING.glob("*.jsonl")):
        keep, fixed = [], []
        for row in corpus.read(path):
            (fixed if problem(router, row) is None else keep).append(row)
        if not fixed:
            continue
        path.write_text("".join(line(r) for r in keep), encoding="utf-8")
        target: Path = corpus.ROWS / path.name
        with target.open("a", encoding="utf-8") as out:
            out.writelines(line(r, drop=_BOOKKEEPING) for r in fixed)
        for row in fixed:
            print(f"{path.name}: {row['text']}")


if __name__ == "__main__":
    main()
