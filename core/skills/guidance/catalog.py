"""The guidance topics: one data file per provider under topics/ (package data), each with the
date its facts were written down and where to check them, so updating one is editing one file.

A file holds ``topic``, ``kind`` (exchange | model | concept), ``checked`` (YYYY-MM-DD),
``source`` and, per language (``zh``, ``en``): ``title``, ``steps`` and optionally
``permissions``, ``facts`` and ``notes`` (lists of sentences). Files are read once, on first use.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources
from typing import Any, Literal

from core.i18n import HANT, LOCALES, Locale, hant

Kind = Literal["exchange", "model", "concept"]


@dataclass(frozen=True, slots=True)
class Text:
    title: str
    steps: tuple[str, ...]
    permissions: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Topic:
    key: str
    kind: Kind
    checked: date
    source: str
    texts: dict[Locale, Text]

    def text(self, locale: Locale) -> Text:
        if locale == HANT:  # the zh text, each line in traditional characters (converted once)
            zh = self.texts["zh"]
            return Text(
                hant(zh.title),
                tuple(map(hant, zh.steps)),
                tuple(map(hant, zh.permissions)),
                tuple(map(hant, zh.facts)),
                tuple(map(hant, zh.notes)),
            )
        return self.texts[locale]


class TopicError(ValueError):
    """A topic file that does not hold what the guidance needs (found by the tests, not users)."""


@cache
def topics() -> dict[str, Topic]:
    """Every topic, by key."""
    found: dict[str, Topic] = {}
    folder = resources.files("core.skills.guidance").joinpath("topics")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            topic = _topic(entry.name, tomllib.loads(entry.read_text(encoding="utf-8")))
            found[topic.key] = topic
    return found


def _topic(name: str, raw: dict[str, Any]) -> Topic:
    def fail(problem: str) -> TopicError:
        return TopicError(f"guidance topic {name}: {problem}")

    key = raw.get("topic")
    if not isinstance(key, str) or f"{key}.toml" != name:
        raise fail("its topic must be its file name")
    kind = raw.get("kind")
    if kind not in ("exchange", "model", "concept"):
        raise fail("kind is exchange, model or concept")
    try:
        checked = date.fromisoformat(str(raw.get("checked")))
    except ValueError:
        raise fail("checked is a date (YYYY-MM-DD)") from None
    texts: dict[Locale, Text] = {}
    for locale in LOCALES:
        part = raw.get(locale)
        if not isinstance(part, dict) or not isinstance(part.get("title"), str) or not part.get("steps"):
            raise fail(f"[{locale}] needs a title and steps")
        texts[locale] = Text(
            part["title"],
            _lines(part, "steps", fail),
            _lines(part, "permissions", fail),
            _lines(part, "facts", fail),
            _lines(part, "notes", fail),
        )
    return Topic(key, kind, checked, str(raw.get("source", "")), texts)


def _lines(part: dict[str, Any], field: str, fail: Any) -> tuple[str, ...]:
    value = part.get(field, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise fail(f"{field} is a list of sentences")
    return tuple(value)
