"""Carriers: the plainest words asking for each intent (core/language/carriers.toml), put before a
message no rule reads so that the intent its nearest known phrasings name can read its values
(core.conversation.carried). Package data, read once; no other IO."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources

from core.language.normalize import has_cjk

CARRIERS_FILE = "carriers.toml"
LANGUAGES = ("en", "zh")


class CarrierError(ValueError):
    """A carriers file that lacks a language for an intent or says something else than words."""


@cache
def carriers() -> Mapping[str, Mapping[str, str]]:
    """Each intent's ("skill.action") carrier by language, from the package's file."""
    return parse_carriers((resources.files("core.language") / CARRIERS_FILE).read_text("utf-8"))


def parse_carriers(text: str) -> Mapping[str, Mapping[str, str]]:
    """A carriers file's table, checked: every intent a "skill.action" with a non-empty carrier
    in each language, nothing else."""
    data = tomllib.loads(text)
    table = data.get("carriers")
    if not isinstance(table, dict):
        raise CarrierError(f"{CARRIERS_FILE}: no [carriers] table")
    out: dict[str, dict[str, str]] = {}
    for intent, said in table.items():
        if "." not in intent or not isinstance(said, dict) or set(said) != set(LANGUAGES):
            raise CarrierError(f"{CARRIERS_FILE}: {intent!r} needs exactly {' and '.join(LANGUAGES)}")
        if not all(isinstance(words, str) and words.strip() for words in said.values()):
            raise CarrierError(f"{CARRIERS_FILE}: {intent!r} has an empty carrier")
        out[intent] = {lang: words.strip() for lang, words in said.items()}
    return out


def carried(intent: str, text: str) -> str | None:
    """``text`` with ``intent``'s carrier before it, in the message's script (Chinese words for a
    message with Chinese characters, simplified or traditional alike); None when the intent has
    none."""
    said = carriers().get(intent)
    if said is None:
        return None
    return f"{said['zh' if has_cjk(text) else 'en']} {text}"
