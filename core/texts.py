"""Reply texts as data: one catalogue of every text deskmate says, each in zh and en.

Each part of core keeps its texts in a ``texts.toml`` beside its code, one table per message key:

    ["trader.created"]
    zh = "已创建交易员「{name}」。"
    en = "Created the trader “{name}”."

``catalogue()`` reads every such file under core once, checks it (both languages, the same
placeholders in each) and is what a turn carries (``Turn.texts``). No text is kept in Python:
a key is in the catalogue whether or not its code was imported.
"""

from __future__ import annotations

import string
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Final, Literal, TypeVar

from core.cached_toml import kept_beside_bytecode

Locale = Literal["zh", "zh-Hant", "en"]
Written = Literal["zh", "en"]
# The languages every text is written in. zh-Hant (traditional Chinese, for Taiwan and Hong Kong)
# is the zh text converted (core.language.normalize.traditional), or a text's own ``zh-Hant``
# where the converted words would be wrong there.
LOCALES: tuple[Written, ...] = ("zh", "en")
HANT: Final = "zh-Hant"
REPLY_LOCALES: tuple[Locale, ...] = ("zh", "zh-Hant", "en")
TEXTS_FILE = "texts.toml"
EXAMPLES_FILE = "examples.toml"
CORE = Path(__file__).resolve().parent

T = TypeVar("T")
Texts = Mapping[str, Mapping[str, str]]  # key -> zh, en and, where it has its own, zh-Hant
Phrases = Mapping[str, Mapping[Written, tuple[str, ...]]]


def written(locale: Locale) -> Written:
    """The language a locale's texts are written in: zh for zh-Hant (converted when shown)."""
    return "en" if locale == "en" else "zh"


def is_zh(locale: Locale | str | None) -> bool:
    """Chinese, in either script: for the ways of writing both share (the "、" between items)."""
    return locale in ("zh", HANT)


def localized(texts: Mapping[str, str], locale: Locale) -> str:
    """The text for ``locale`` out of one message's {zh, en} (and maybe zh-Hant) texts: for
    zh-Hant its own text if it has one, else the zh text in traditional characters (converted
    once per template: parameters are filled in after, as the person typed them)."""
    if locale == HANT:
        return texts.get(HANT) or hant(texts["zh"])
    return texts.get(locale) or texts["en"]


def hant(text: str) -> str:
    """A simplified-Chinese text in traditional characters (Taiwan's words: OpenCC s2twp)."""
    from core.language.normalize import traditional

    return traditional(text)


class TextsError(ValueError):
    """A texts file that would show someone a missing or broken text; refused when loaded."""


def placeholders(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def problems(key: str, texts: Mapping[str, object]) -> list[str]:
    """What is wrong with one message: a language missing or empty, an unknown one, or the two
    languages naming different placeholders (a fact told in one language only)."""
    found = [f"{key}: no {locale} text" for locale in LOCALES if not str(texts.get(locale) or "").strip()]
    found += [f"{key}: unknown language {other!r}" for other in texts if other not in REPLY_LOCALES]
    if HANT in texts and not str(texts[HANT] or "").strip():
        found.append(f"{key}: an empty {HANT} text")
    if not found:
        zh, en = placeholders(str(texts["zh"])), placeholders(str(texts["en"]))
        if zh != en:
            found.append(f"{key}: zh names {sorted(zh)}, en names {sorted(en)}")
        if HANT in texts and (own := placeholders(str(texts[HANT]))) != zh:
            found.append(f"{key}: {HANT} names {sorted(own)}, zh names {sorted(zh)}")
    return found


def read_texts(source: str, origin: str) -> dict[str, dict[str, str]]:
    """The messages of one texts file; TextsError naming ``origin`` and every problem."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise TextsError(f"{origin}: {exc}") from None
    found: list[str] = []
    texts: dict[str, dict[str, str]] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict):
            found.append(f"{key}: not a table of zh and en")
            continue
        found += problems(key, entry)
        texts[key] = {"zh": str(entry.get("zh", "")), "en": str(entry.get("en", ""))}
        if HANT in entry:  # where the converted zh text would be wrong in Taiwan or Hong Kong
            texts[key][HANT] = str(entry[HANT])
    if found:
        raise TextsError(f"{origin}: " + "; ".join(found))
    return texts


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every reply text by key. Immutable; a key missing from it is a bug (KeyError)."""

    texts: Texts

    def t(self, locale: Locale, key: str, /, **params: object) -> str:
        """The message ``key`` in ``locale``, formatted with ``params``."""
        template = localized(self.texts[key], locale)
        return template.format(**params) if params else template

    def __contains__(self, key: object) -> bool:
        return key in self.texts

    def keys(self) -> frozenset[str]:
        return frozenset(self.texts)

    def get(self, key: str) -> Mapping[str, str]:
        return self.texts[key]

    @staticmethod
    def load(files: Iterable[Path]) -> Catalogue:
        return Catalogue(MappingProxyType(_read_all_texts(files)))


def _read_all_texts(files: Iterable[Path]) -> dict[str, dict[str, str]]:
    texts: dict[str, dict[str, str]] = {}
    for path in sorted(files):
        for key, entry in read_texts(path.read_text(encoding="utf-8"), str(path)).items():
            if key in texts and texts[key] != entry:
                raise TextsError(f"{path}: {key} is also in another texts file, with other words")
            texts[key] = entry
    return texts


@cache
def catalogue() -> Catalogue:
    """The catalogue of every texts.toml under core (read once per process)."""
    return Catalogue(MappingProxyType(_parsed_once(TEXTS_FILE, _read_all_texts)))


# -- the parsed files, cached beside the bytecode ------------------------------------------------
#
# Parsing and checking every texts.toml and examples.toml (some 60 files, pure-Python TOML) was
# about a twentieth of a `deskmate ask`'s start. What they parse to is kept where Python keeps
# bytecode (core/__pycache__), and like bytecode it is used only while every file it came from is
# unchanged (the same paths, sizes and modification times, and this module's own): any change,
# and the files are read and checked again. Not written where bytecode is not either
# (PYTHONDONTWRITEBYTECODE); a cache that cannot be read or written is ignored
# (core.cached_toml.kept_beside_bytecode, as for the lexicon's files).

_CACHE_FORMAT = 2  # 2: a text may have its own zh-Hant


def _parsed_once(pattern: str, parse: Callable[[list[Path]], T], root: Path = CORE) -> T:
    """``parse`` of every file named ``pattern`` under ``root``, from the cache when it is of
    these very files."""
    files = sorted(root.rglob(pattern))
    try:
        stamp = (
            _CACHE_FORMAT,
            Path(__file__).stat().st_mtime_ns,
            tuple((str(p.relative_to(root)), *_size_and_time(p)) for p in files),
        )
    except OSError:
        return parse(files)
    cached = root / "__pycache__" / f"{pattern}.{sys.implementation.cache_tag}.marshal"
    return kept_beside_bytecode(cached, stamp, lambda: parse(files))


def _size_and_time(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def t(locale: Locale, key: str, /, **params: object) -> str:
    """The message ``key`` in ``locale`` from the process's catalogue (outside a turn)."""
    return catalogue().t(locale, key, **params)


def has_message(key: str) -> bool:
    return key in catalogue()


# -- /help's example phrases -------------------------------------------------------------------
#
# A skill's example phrases (what /help and the fallback answer offer to try) are data too: an
# ``examples.toml`` beside the skill, one table per help entry, a list of phrases per language:
#
#     ["help.price"]
#     zh = ["获取当前 BTC 价格"]
#     en = ["Get the current BTC price"]
#
# The two lists need not be as long as each other (each is what reads naturally in its language),
# but neither may be missing or empty: a reader of either language gets something to try.


def phrase_problems(key: str, entry: Mapping[str, object]) -> list[str]:
    """What is wrong with one help entry's examples: a language missing, empty or not a list of
    non-empty texts, or an unknown language."""
    found: list[str] = []
    for locale in LOCALES:
        phrases = entry.get(locale)
        if not isinstance(phrases, (list, tuple)) or not phrases:
            found.append(f"{key}: no {locale} examples")
        elif not all(isinstance(p, str) and p.strip() for p in phrases):
            found.append(f"{key}: an empty or non-text {locale} example")
    found += [f"{key}: unknown language {other!r}" for other in entry if other not in LOCALES]
    return found


def read_examples(source: str, origin: str) -> dict[str, dict[Written, tuple[str, ...]]]:
    """The help entries of one examples file; TextsError naming ``origin`` and every problem."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise TextsError(f"{origin}: {exc}") from None
    found: list[str] = []
    entries: dict[str, dict[Written, tuple[str, ...]]] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict):
            found.append(f"{key}: not a table of zh and en examples")
            continue
        found += phrase_problems(key, entry)
        entries[key] = {locale: tuple(entry.get(locale) or ()) for locale in LOCALES}
    if found:
        raise TextsError(f"{origin}: " + "; ".join(found))
    return entries


def load_examples(files: Iterable[Path]) -> Phrases:
    return MappingProxyType(_read_all_examples(files))


def _read_all_examples(files: Iterable[Path]) -> dict[str, dict[Written, tuple[str, ...]]]:
    entries: dict[str, dict[Written, tuple[str, ...]]] = {}
    for path in sorted(files):
        for key, entry in read_examples(path.read_text(encoding="utf-8"), str(path)).items():
            if key in entries:
                raise TextsError(f"{path}: {key} is also in another examples file")
            entries[key] = entry
    return entries


@cache
def examples() -> Phrases:
    """Every help entry's example phrases, from every examples.toml under core (read once)."""
    return MappingProxyType(_parsed_once(EXAMPLES_FILE, _read_all_examples))
