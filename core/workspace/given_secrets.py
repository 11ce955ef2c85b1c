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

from dataclasses import dataclass, field
from itertools import takewhile
from typing import Literal

from core.language.normalize import normalize_text
from core.language.phrases import Words
from core.planner.redaction import redact
from core.tasks.answers import looks_secret, secret_value

Label = Literal["key", "secret", "passphrase"]

# The labels (core/language/lexicon/phrases/secrets.toml), found longest first: "secret key" is one
# label (a secret), not a "secret" and a "key".
_LABELS: tuple[tuple[Words, Label], ...] = tuple(
    (Words(f"secrets.{k}"), k) for k in ("key", "secret", "passphrase")
)
# "is" / "was" before anything but a letter ("is1234…" too).
_IS = Words(
    "secrets.is", lambda low, start, end: not (_letter(low, end - 1) and _letter(low, end)), whole=False
)
_VALUE_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F)) - {",", ";"}  # printable ASCII but "," and ";"
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


# The last texts that carry no credential, with what was found of them (nothing): a turn's message
# is looked at by the guides' intent and by each workspace reader, ~13 us each time. A text that
# carries one is never kept (no credential stays in a cache after its turn).
_CLEAN: dict[str, Given] = {}
_CLEAN_KEPT = 16


def find_given(text: str) -> Given:
    """The labelled credentials in ``text`` (see the module docstring). The labels are read in the
    layer's normalized text ("密鑰是" as "密钥是"); a value is taken exactly as typed."""
    kept = _CLEAN.get(text)
    if kept is not None:
        return kept
    given = _find_given(text)
    if not given.any:
        if len(_CLEAN) >= _CLEAN_KEPT:
            _CLEAN.pop(next(iter(_CLEAN)))
        _CLEAN[text] = given
    return given


def _find_given(text: str) -> Given:
    scan = _Scan()
    norm = normalize_text(text)
    low = norm.text
    taken = 0  # a label is read after the value before it
    labels = sorted((s, -e, k) for words, k in _LABELS for s, e in words.spans(low, every=True))
    for start, stop, label in labels:  # at each place the longest label first, as an alternation
        if norm.offsets[start] < taken:
            continue
        found = _labelled(low, -stop)
        if found is None:
            continue
        at, explicit = norm.offsets[found[0]], found[1]
        typed = "".join(takewhile(_VALUE_CHARS.__contains__, text[at:]))
        taken = at + len(typed)
        value = _trim(typed, text[taken:])
        if _credible(value, label, explicit=explicit):
            scan.found.append((label, value))
            scan.cuts.append((at, at + len(value)))
    rest = text
    for start, end in reversed(scan.cuts):
        rest = f"{rest[:start]} {rest[end:]}"
    rest = " ".join(rest.split())
    return Given(tuple(scan.found), rest, stray=redact(rest).changed)


def _letter(text: str, at: int) -> bool:
    return text[at : at + 1].isascii() and text[at : at + 1].isalpha()


def _labelled(text: str, end: int) -> tuple[int, bool] | None:
    """Where the value after a label ending at ``end`` starts, and whether a word said it is one
    ("key is …", "key: …", not "key …"); None when nothing can follow."""
    at = len(text) - len(text[end:].lstrip())
    said = _IS.prefix(text[at:])
    if said is not None:
        value = len(text) - len(text[at + said :].lstrip())
        if text[value : value + 1] in _VALUE_CHARS:
            return value, True
    return (at, False) if at > end and text[at : at + 1] in _VALUE_CHARS else None


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
