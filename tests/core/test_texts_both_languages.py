"""Every reply text exists in both languages with the same placeholders: a zh reader and an en
reader are told the same facts, and no text fails to format in one language only. Every text is
data (a texts.toml beside its code), checked as it loads; this checks the whole catalogue. So are
/help's example phrases (an examples.toml beside each skill): both languages, each offered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import core
from core.clock import FixedClock
from core.texts import (
    EXAMPLES_FILE,
    LOCALES,
    TEXTS_FILE,
    Catalogue,
    TextsError,
    catalogue,
    examples,
    load_examples,
    phrase_problems,
    problems,
    read_examples,
    read_texts,
)
from tests.fakes import NOW, full_skills


@pytest.fixture(scope="module")
def every_text() -> Catalogue:
    return catalogue()


def test_every_text_has_both_languages_with_the_same_placeholders(every_text: Catalogue) -> None:
    assert len(every_text.keys()) > 1100  # the whole of core's catalogue was loaded, nothing imported
    found = [problem for key in sorted(every_text.keys()) for problem in problems(key, every_text.get(key))]
    assert found == []


def test_the_texts_files_are_loaded_without_importing_their_code() -> None:
    """A texts.toml is data: the catalogue has it before (or without) its skill's module."""
    files = sorted(Path(core.__path__[0]).rglob(TEXTS_FILE))
    assert files
    fresh = Catalogue.load(files)
    assert fresh.texts.keys() == catalogue().texts.keys()
    assert fresh.t("zh", "trader.created", name="阿尔法") == "已创建交易员「阿尔法」。"
    assert fresh.t("en", "trader.created", name="alpha") == "Created the trader “alpha”."


@pytest.mark.parametrize(
    ("toml", "problem"),
    [
        ('["a.b"]\nzh = "你好 {name}"\nen = "hello"\n', "zh names ['name'], en names []"),
        ('["a.b"]\nen = "hello"\n', "no zh text"),
        ('["a.b"]\nzh = "你好"\nen = "  "\n', "no en text"),
        ('["a.b"]\nzh = "你好"\nen = "hi"\nfr = "salut"\n', "unknown language 'fr'"),
    ],
)
def test_a_texts_file_with_a_broken_text_is_refused_naming_it(toml: str, problem: str) -> None:
    with pytest.raises(TextsError, match="somewhere/texts.toml: a.b: " + re.escape(problem)):
        read_texts(toml, "somewhere/texts.toml")


# -- /help's example phrases (an examples.toml beside each skill) -------------------------------


def test_every_help_entry_has_examples_in_both_languages() -> None:
    entries = examples()
    assert len(entries) >= 15  # every skill's examples were read, nothing imported
    found = [problem for key, entry in sorted(entries.items()) for problem in phrase_problems(key, entry)]
    assert found == []


def test_the_help_examples_offered_are_the_examples_files() -> None:
    """Each skill's /help examples in each language are its examples.toml entry, word for word."""
    skills = full_skills(object(), FixedClock(NOW))
    for locale in LOCALES:
        offered = set(skills.examples(locale))
        from_files = {phrase for entry in examples().values() for phrase in entry[locale]}
        assert from_files <= offered
    assert load_examples(Path(core.__path__[0]).rglob(EXAMPLES_FILE)) == examples()  # read as data


@pytest.mark.parametrize(
    ("toml", "problem"),
    [
        ('["help.a"]\nen = ["hello"]\n', "no zh examples"),
        ('["help.a"]\nzh = []\nen = ["hello"]\n', "no zh examples"),
        ('["help.a"]\nzh = ["你好"]\nen = "hello"\n', "no en examples"),
        ('["help.a"]\nzh = ["你好", " "]\nen = ["hello"]\n', "an empty or non-text zh example"),
        ('["help.a"]\nzh = ["你好"]\nen = ["hi"]\nfr = ["salut"]\n', "unknown language 'fr'"),
    ],
)
def test_an_examples_file_with_a_missing_language_is_refused_naming_it(toml: str, problem: str) -> None:
    with pytest.raises(TextsError, match="somewhere/examples.toml: help.a: " + re.escape(problem)):
        read_examples(toml, "somewhere/examples.toml")


# -- the parsed files, cached beside the bytecode (a start does not parse 60 TOML files) -------


def test_the_parsed_texts_are_cached_and_read_again_when_a_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.texts import _parsed_once, _read_all_texts

    monkeypatch.setattr("sys.dont_write_bytecode", False)
    (tmp_path / "a").mkdir()
    first = tmp_path / "a" / TEXTS_FILE
    first.write_text('["x.y"]\nzh = "你好"\nen = "hello"\n', encoding="utf-8")
    parsed: list[int] = []

    def parse(files: list[Path]) -> dict[str, dict[str, str]]:
        parsed.append(len(files))
        return dict(_read_all_texts(files))

    assert _parsed_once(TEXTS_FILE, parse, tmp_path) == {"x.y": {"zh": "你好", "en": "hello"}}
    assert _parsed_once(TEXTS_FILE, parse, tmp_path) == {"x.y": {"zh": "你好", "en": "hello"}}
    assert parsed == [1]  # the second time from the cache
    first.write_text('["x.y"]\nzh = "你好"\nen = "hi"\n', encoding="utf-8")  # another size too
    assert _parsed_once(TEXTS_FILE, parse, tmp_path)["x.y"]["en"] == "hi"
    (tmp_path / TEXTS_FILE).write_text('["x.z"]\nzh = "好"\nen = "fine {n}"\n', encoding="utf-8")
    with pytest.raises(TextsError, match=r"x\.z: zh names"):  # a new broken file is checked
        _parsed_once(TEXTS_FILE, parse, tmp_path)
    (tmp_path / TEXTS_FILE).unlink()
    [cached] = (tmp_path / "__pycache__").iterdir()
    cached.write_bytes(b"\x00garbage")  # an unreadable cache is only a slower start
    assert _parsed_once(TEXTS_FILE, parse, tmp_path)["x.y"]["en"] == "hi"
    assert parsed == [1, 1, 2, 1]


def test_the_cached_catalogue_is_the_one_the_files_give() -> None:
    files = sorted(Path(core.__path__[0]).rglob(TEXTS_FILE))
    assert catalogue().texts == Catalogue.load(files).texts
    assert examples() == load_examples(sorted(Path(core.__path__[0]).rglob(EXAMPLES_FILE)))
