"""How a file of rows written apart from the corpus routes today, in figures:
``python -m tests.corpus.measure FILE.jsonl [-v]``.

For a set of phrasings written blind (by someone who has seen the routes, not the lexicon or the
corpus) and measured before any change is made for it: the honest figure for phrasings the
router was never shown. The rows are the corpus's (tests/corpus/expect.py); ``-v`` prints each
miss with why."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from tests.corpus.expect import problem
from tests.fakes import full_router


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true", help="print each miss and why")
    args = parser.parse_args()
    router = full_router()
    for path in args.files:
        rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
        right: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for row in rows:
            lang = str(row.get("lang", "?"))
            total[lang] += 1
            wrong = problem(router, row)
            if wrong is None:
                right[lang] += 1
            elif args.verbose:
                print(f"  MISS [{lang}] {row['text']!r}: {wrong}")
        done, count = sum(right.values()), sum(total.values())
        share = f"{100 * done / count:.1f}%" if count else "-"
        langs = ", ".join(f"{k} {right[k]}/{total[k]}" for k in sorted(total))
        print(f"{path.name}: {done}/{count} ({share}); {langs}")


if __name__ == "__main__":
    main()
