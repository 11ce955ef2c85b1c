"""Every reply text exists in both languages with the same placeholders: a zh reader and an en
reader are told the same facts, and no text fails to format in one language only."""

from __future__ import annotations

import importlib
import pkgutil
import string

import pytest

import core
from core.i18n import _CATALOG, LOCALES


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


@pytest.fixture(scope="module")
def catalogue() -> dict[str, dict[str, str]]:
    for module in pkgutil.walk_packages(core.__path__, "core."):
        importlib.import_module(module.name)  # each module registers its own texts on import
    return {key: dict(texts) for key, texts in _CATALOG.items()}


def test_every_text_has_both_languages(catalogue: dict[str, dict[str, str]]) -> None:
    assert len(catalogue) > 500  # the whole of core's catalogue was loaded
    missing = {
        key: sorted(set(LOCALES) - {k for k, v in texts.items() if v.strip()})
        for key, texts in catalogue.items()
    }
    assert {key: langs for key, langs in missing.items() if langs} == {}


def test_both_languages_of_a_text_have_the_same_placeholders(catalogue: dict[str, dict[str, str]]) -> None:
    differ = {
        key: (sorted(placeholders(texts["zh"])), sorted(placeholders(texts["en"])))
        for key, texts in catalogue.items()
        if placeholders(texts["zh"]) != placeholders(texts["en"])
    }
    assert differ == {}
