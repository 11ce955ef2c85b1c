"""core.cached_toml: a data file parsed once per change, not once per process."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from core.cached_toml import built_beside_bytecode, read_toml


def test_a_file_is_parsed_again_only_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    parsed: list[str] = []
    loads = tomllib.loads

    def counting(text: str) -> dict[str, object]:
        parsed.append(text)
        return loads(text)

    monkeypatch.setattr(tomllib, "loads", counting)
    file = tmp_path / "words.toml"
    file.write_text('[buy]\nen = ["buy"]\n', encoding="utf-8")
    assert read_toml(file) == {"buy": {"en": ["buy"]}}
    assert read_toml(file) == {"buy": {"en": ["buy"]}}
    assert len(parsed) == 1  # the second time from __pycache__
    file.write_text('[buy]\nen = ["buy", "purchase"]\n', encoding="utf-8")
    assert read_toml(file) == {"buy": {"en": ["buy", "purchase"]}}
    file.write_text("[buy\n", encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):  # a broken file fails as it always did
        read_toml(file)
    file.write_text('[sell]\nen = ["sell"]\n', encoding="utf-8")
    [cached] = (tmp_path / "__pycache__").iterdir()
    cached.write_bytes(b"\x00garbage")
    assert read_toml(file) == {"sell": {"en": ["sell"]}}  # an unreadable cache: only parsed
    dated = tmp_path / "dated.toml"
    dated.write_text("at = 2026-12-04\n", encoding="utf-8")  # marshal keeps no date: not cached
    assert read_toml(dated)["at"].year == 2026 and read_toml(dated)["at"].year == 2026


def test_nothing_is_written_where_bytecode_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    file = tmp_path / "words.toml"
    file.write_text('[buy]\nen = ["buy"]\n', encoding="utf-8")
    assert read_toml(file) == {"buy": {"en": ["buy"]}}
    assert not (tmp_path / "__pycache__").exists()


def test_what_was_built_from_a_file_read_before_it_changed_is_not_kept_as_the_new_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process reads the words, the file is replaced (a deploy, an edit), then the process builds
    from what it read (lazily): kept under the new file's stamp, the next process would take the
    old words' build for the new file's."""
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    file = tmp_path / "words.toml"
    file.write_text('[buy]\nen = ["buy"]\n', encoding="utf-8")
    read_in_memory = read_toml(file)  # this process's words, read at its start
    file.write_text('[buy]\nen = ["buy", "purchase"]\n', encoding="utf-8")
    os.utime(file, ns=(file.stat().st_atime_ns, file.stat().st_mtime_ns + 1_000_000))  # a later change

    def build() -> list[str]:
        return list(read_in_memory["buy"]["en"])

    assert built_beside_bytecode("words", lambda: [file], build) == ["buy"]
    # The next process has read the new file: what it builds is from the new words, never the
    # old process's build taken from the cache.
    monkeypatch.setattr("core.cached_toml._READ", {})
    fresh = read_toml(file)
    assert built_beside_bytecode("words", lambda: [file], lambda: list(fresh["buy"]["en"])) == [
        "buy",
        "purchase",
    ]
