"""The corpus in figures: rows, how many route right today, pending, per skill and per language:
``python -m tests.corpus.report``."""

from __future__ import annotations

from collections import Counter

from tests import corpus
from tests.corpus.expect import is_negative, problem
from tests.fakes import full_router


def _kind(row: corpus.Row) -> str:
    expect = row["expect"]
    return "(negative)" if is_negative(expect) else str(expect["skill"])


def main() -> None:
    router = full_router()
    passing, pending = corpus.corpus_rows(), corpus.pending_rows()
    wrong = [r for r in passing if problem(router, r) is not None]
    fixed = [r for r in pending if problem(router, r) is None]
    print(f"rows {len(passing) + len(pending)}: passing {len(passing)}, pending {len(pending)}")
    print(f"passing rows that fail: {len(wrong)}; pending rows that now pass: {len(fixed)}")
    for title, key in (("skill", _kind), ("language", corpus.lang_of)):
        ok, todo = Counter(map(key, passing)), Counter(map(key, pending))
        print(f"\nper {title}: passing / pending")
        for name in sorted(set(ok) | set(todo)):
            print(f"  {name:28} {ok[name]:5} {todo[name]:5}")
    owners = Counter(str(r.get("owner")) for r in pending)
    print("\npending per owner: " + ", ".join(f"{k} {v}" for k, v in sorted(owners.items())))


if __name__ == "__main__":
    main()
