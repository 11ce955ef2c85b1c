"""The tagger's and the phrase groups' automata, kept beside the bytecode while what they are made from
is unchanged."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import ahocorasick
import pytest

from core.language import phrases, word_scan


@pytest.fixture(autouse=True)
def _made_again() -> Iterator[None]:
    """Every test makes its own automaton, and leaves none of its own to the next tests."""
    word_scan.automaton.cache_clear()
    yield
    word_scan.automaton.cache_clear()


def _words(automaton: ahocorasick.Automaton) -> list[tuple[str, object]]:
    return list(automaton.items())


def test_the_kept_automaton_is_the_built_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    built = _words(word_scan._built())
    for _ in range(2):  # the second time from __pycache__
        word_scan.automaton.cache_clear()
        assert _words(word_scan.automaton()) == built


def test_every_file_the_automaton_is_made_from_stamps_it() -> None:
    sources = set(word_scan._sources())
    groups = set((Path(word_scan.__file__).parent / "lexicon").glob("*.toml"))
    assert groups and groups <= sources  # every group file lexicon.load() reads
    code = {"lexicon.py", "normalize.py", "exchanges.py", "providers.py", "word_scan.py"}
    assert code <= {p.name for p in sources - groups}
    assert Path(str(ahocorasick.__file__)) in sources  # another pyahocorasick may pickle otherwise


def _one_word(word: str) -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    automaton.add_word(word, (len(word), True, (), frozenset({"verb.buy"}), ""))
    automaton.make_automaton()
    return automaton


def test_it_is_made_again_when_a_source_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    group, code = tmp_path / "verb.toml", tmp_path / "word_scan.py"
    group.write_text("buy", encoding="utf-8")
    code.write_text("# the code\n", encoding="utf-8")
    made: list[str] = []

    def build() -> ahocorasick.Automaton:
        made.append(group.read_text(encoding="utf-8"))
        return _one_word(made[-1])

    def words() -> list[str]:
        word_scan.automaton.cache_clear()
        return [word for word, _ in word_scan.automaton().items()]

    monkeypatch.setattr(word_scan, "_sources", lambda: [group, code])
    monkeypatch.setattr(word_scan, "_built", build)
    assert words() == ["buy"] and made == ["buy"]
    assert words() == ["buy"] and made == ["buy"]  # kept: not made again
    assert list((tmp_path / "__pycache__").iterdir())  # kept beside the bytecode
    group.write_text("purchase", encoding="utf-8")  # a word changed
    assert words() == ["purchase"] and made == ["buy", "purchase"]
    assert words() == ["purchase"] and len(made) == 2
    stat = code.stat()
    os.utime(code, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # the code changed, same size
    assert words() == ["purchase"] and len(made) == 3


def test_nothing_is_kept_where_bytecode_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    group = tmp_path / "verb.toml"
    group.write_text("buy", encoding="utf-8")
    monkeypatch.setattr(word_scan, "_sources", lambda: [group])
    monkeypatch.setattr(word_scan, "_built", lambda: _one_word("buy"))
    assert [word for word, _ in word_scan.automaton().items()] == ["buy"]
    assert not (tmp_path / "__pycache__").exists()


# The phrase groups' automata (core.language.phrases) are kept the same way, one per group.


def test_a_kept_phrase_automaton_is_the_built_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    groups = sorted(p.stem for p in (Path(word_scan.__file__).parent / "lexicon" / "phrases").glob("*.toml"))
    assert groups
    try:
        for group in groups:
            built = sorted(_words(phrases._built(group)))  # words added in a set's order
            for _ in range(2):  # the second time from __pycache__
                phrases._automaton.cache_clear()
                assert sorted(_words(phrases._automaton(group))) == built
    finally:
        phrases._automaton.cache_clear()


def test_every_file_a_phrase_automaton_is_made_from_stamps_it() -> None:
    sources = phrases._sources("price")
    assert sources[0] == Path(word_scan.__file__).parent / "lexicon" / "phrases" / "price.toml"
    assert {"lexicon.py", "normalize.py", "phrases.py"} <= {p.name for p in sources[1:]}
    assert Path(str(ahocorasick.__file__)) in sources


def test_a_phrase_automaton_is_made_again_when_its_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    files = {g: tmp_path / f"{g}.toml" for g in ("price", "span")}
    for group, file in files.items():
        file.write_text(f"{group} word", encoding="utf-8")
    made: list[str] = []

    def build(group: str) -> ahocorasick.Automaton:
        made.append(files[group].read_text(encoding="utf-8"))
        return _one_word(made[-1])

    def words(group: str) -> list[str]:
        phrases._automaton.cache_clear()
        return [word for word, _ in phrases._automaton(group).items()]

    monkeypatch.setattr(phrases, "_sources", lambda group: [files[group]])
    monkeypatch.setattr(phrases, "_built", build)
    try:
        assert words("price") == ["price word"] and words("span") == ["span word"]
        assert words("price") == ["price word"] and len(made) == 2  # kept: not made again
        files["price"].write_text("price words", encoding="utf-8")  # a phrase changed
        assert words("price") == ["price words"] and made[2:] == ["price words"]
        assert words("span") == ["span word"] and len(made) == 3  # the other group's still kept
    finally:
        phrases._automaton.cache_clear()
