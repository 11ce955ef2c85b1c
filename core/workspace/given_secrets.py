"""Credentials typed inside a request ("帮我加个bybit账户，key是 …，secret是 …", "api key is …").

A value is taken only when a label says what it is: "key", "secret", "passphrase" (and their
Chinese words), then "是" / "is" / ":" / "=" or just a space, then the value. Which slot a label
fills depends on what the request is about (an exchange account's "密钥" is its secret, a model
config's is its API key). Anything else in the message that looks like a credential is *stray*:
never placed anywhere, but the message still has to be deleted.

The values found here are plain text only until the task flow seals them (core.tasks.flow);
nothing else may keep, log or show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from core.planner.redaction import redact
from core.routing.words import word_alternation
from core.tasks.answers import looks_secret, secret_value

Label = Literal["key", "secret", "passphrase"]

# Longest first, so "secret key" is one label (a secret), not a "secret" and a "key".
_LABEL_WORDS: tuple[tuple[str, Label], ...] = (
    ("api secret", "secret"), ("api_secret", "secret"), ("secret key", "secret"), ("secretkey", "secret"),
    ("api key", "key"), ("api_key", "key"), ("api-key", "key"), ("apikey", "key"), ("access key", "key"),
    ("pass phrase", "passphrase"), ("passphrase", "passphrase"), ("password", "passphrase"),
    ("密码短语", "passphrase"), ("口令", "passphrase"), ("密码", "passphrase"),
    ("secret", "secret"), ("私钥", "secret"), ("密钥", "secret"), ("秘钥", "secret"),
    ("公钥", "key"), ("key", "key"), ("token", "key"),
)  # fmt: skip


def _label_pattern() -> re.Pattern[str]:
    return re.compile(
        rf"(?P<label>{word_alternation(word for word, _ in _LABEL_WORDS)})"
        r"(?P<sep>\s*(?:(?<![a-z])(?:is|was|=|:)(?![a-z])|[是为：:=])\s*|\s+)"
        r"(?P<value>[\x21-\x2b\x2d-\x3a\x3c-\x7e]+)",  # printable ASCII but "," and ";"
        re.IGNORECASE,
    )


_LABELLED = _label_pattern()
_LABELS = {word.replace(" ", ""): label for word, label in _LABEL_WORDS}
_TRAILING = ",.;:!?)]}'\"“”"  # sentence punctuation glued to a value ("…, secret is …")
_KEEP_TRAILING = "!?"  # passphrases often end in these: only dropped when a sentence follows

# What each label fills, by what the request is about.
SLOTS: dict[str, dict[Label, str]] = {
    "exchange": {"key": "api_key", "secret": "api_secret", "passphrase": "passphrase"},
    "model": {"key": "api_key", "secret": "api_key"},
}


@dataclass(frozen=True, slots=True)
class Given:
    """The labelled credentials of a message and the message without them."""

    found: tuple[tuple[Label, str], ...] = ()  # (label, value) in the order typed
    text: str = ""  # the message with every labelled value cut out (the label words stay)
    stray: bool = False  # something else in it looks like a credential

    @property
    def any(self) -> bool:
        return bool(self.found) or self.stray

    def slots(self, domain: str) -> dict[str, str]:
        """Slot -> value for ``domain``; a slot given two different values is left out (asked)."""
        mapping = SLOTS.get(domain, {})
        out: dict[str, str] = {}
        doubtful: set[str] = set()
        for label, value in self.found:
            slot = mapping.get(label)
            if slot is None:
                continue
            if slot in out and out[slot] != value:
                doubtful.add(slot)
            out.setdefault(slot, value)
        return {k: v for k, v in out.items() if k not in doubtful}


@dataclass
class _Scan:
    found: list[tuple[Label, str]] = field(default_factory=list)
    cuts: list[tuple[int, int]] = field(default_factory=list)


def find_given(text: str) -> Given:
    """The labelled credentials in ``text`` (see the module docstring)."""
    scan = _Scan()
    for m in _LABELLED.finditer(text):
        value = _trim(m.group("value"), text[m.end("value") :])
        label = _LABELS[re.sub(r"\s+", "", m.group("label").casefold())]
        if not _credible(value, label, explicit=bool(m.group("sep").strip())):
            continue
        scan.found.append((label, value))
        start = m.start("value")
        scan.cuts.append((start, start + len(value)))
    rest = text
    for start, end in reversed(scan.cuts):
        rest = f"{rest[:start]} {rest[end:]}"
    rest = " ".join(rest.split())
    return Given(tuple(scan.found), rest, stray=redact(rest).changed)


def _trim(value: str, after: str) -> str:
    """A value without the sentence punctuation typed right after it."""
    trimmed = value
    while trimmed and trimmed[-1] in _TRAILING:
        if trimmed[-1] in _KEEP_TRAILING and not after.strip():
            break  # "passphrase is Pass#42!" at the very end: the "!" is the passphrase's
        trimmed = trimmed[:-1]
    return trimmed


def _credible(value: str, label: Label, *, explicit: bool) -> bool:
    """A labelled value is taken when it could be a credential: after "is" / "是" / ":" any
    8+ printable characters but a plain word ("the key is important"), after a bare space only
    what looks random ("rotate key main_account" names an account)."""
    if secret_value(value) is None:
        return False
    if explicit:
        return not value.isalpha() or label == "passphrase"
    return looks_secret(value)
