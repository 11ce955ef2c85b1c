"""A set written apart from the corpus is measured as the corpus reads rows (tests/corpus/measure.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.corpus import measure


def test_a_set_is_counted_per_language_and_its_misses_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        {"text": "btc多少了", "lang": "zh", "expect": {"skill": "price", "action": "current"}},
        {"text": "show my balance", "lang": "en", "expect": {"skill": "account_query"}},
        {"text": "早上好", "lang": "zh", "expect": {"skill": "price"}},
    ]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", "utf-8")
    monkeypatch.setattr(sys, "argv", ["measure", str(path), "-v"])
    measure.main()
    out = capsys.readouterr().out
    assert "set.jsonl: 2/3 (66.7%); en 1/1, zh 1/2" in out
    assert "MISS [zh] '早上好'" in out
