"""Every reply text exists in both languages with the same placeholders: a zh reader and an en
reader are told the same facts, and no text fails to format in one language only. Every text is
data (a texts.toml beside its code), checked as it loads; this checks the whole catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import core
from core.texts import TEXTS_FILE, Catalogue, TextsError, catalogue, problems, read_texts


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
