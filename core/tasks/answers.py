"""What a typed answer is: a yes, a no, a cancel, a resume, a question or a secret (zh + en)."""

from __future__ import annotations

import re
from functools import lru_cache

from core.language.lexicon import phrases
from core.language.phrases import Words
from core.planner.redaction import redact
from core.routing.normalize import normalize

_SECRET = re.compile(r"[\x21-\x7e]{8,512}")  # printable ASCII, no spaces
# The words are data: core/language/lexicon/phrases/reply.toml.
_SWITCH_INSIDE = Words("reply.switch_inside")
_AFTER_FIRST = " .!。！"


@lru_cache(maxsize=8)
def _words(concept: str) -> frozenset[str]:
    return frozenset(phrases("reply").concepts[f"reply.{concept}"].words)


def _starts(text: str, concept: str, *, boundary: str) -> bool:
    """``text`` starts with a word of ``concept``; a Latin one followed by none of ``boundary``'s
    kind of character ("what's" starts with "what", "whatever" does not)."""
    for word in _words(concept):
        if text.startswith(word):
            after = text[len(word) : len(word) + 1]
            latin = word[-1].isascii() and word[-1].isalpha()
            if not latin or not after or not _joined(after, boundary):
                return True
    return False


def _joined(ch: str, boundary: str) -> bool:
    return ch.isalnum() or ch == "_" if boundary == "word" else ch.isascii() and ch.isalpha()


def secret_value(text: str) -> str | None:
    """The credential in an answer, if the whole answer looks like one."""
    value = text.strip()
    return value if _SECRET.fullmatch(value) else None


def secret_problem(text: str) -> str:
    """Why a typed answer is not a key: the message key naming the real reason."""
    value = text.strip()
    if any(c.isspace() for c in value):
        return "flow.secret_invalid.spaces"
    if not value.isascii():
        return "flow.secret_invalid.non_ascii"
    if len(value) < 8:
        return "flow.secret_invalid.short"
    return "flow.secret_invalid"


def looks_secret(text: str) -> bool:
    """A free-text answer (a name, a model name, a URL) that looks like a credential.

    The planner's redaction decides; path separators split the text first so that a model id
    such as "org/Model-8x7B-Instruct-v0.1" is judged by its parts, not as one long key."""
    return redact(text.replace("/", " ")).changed


def looks_like_question(text: str) -> bool:
    norm = normalize(text)
    return norm.endswith(("?", "？", "吗", "呢")) or _starts(norm, "question", boundary="word")


def is_switch(text: str) -> bool:
    """The message says it turns to something else rather than answering ("算了，先…", "actually")."""
    norm = normalize(text)
    if _starts(norm, "switch", boundary="letter") or _SWITCH_INSIDE.search(norm):
        return True
    at = norm.rfind("first")  # "… first": said last
    return (
        at >= 0 and not _joined(norm[at - 1 : at] or " ", "letter") and not norm[at + 5 :].strip(_AFTER_FIRST)
    )


def unasked(text: str) -> str | None:
    """An answer with its trailing question mark taken off ("1d?" is "1d, right?"), or None
    when what is left is still a question ("what's the minimum?", "最少多少？")."""
    value = text.strip().rstrip("?？ ").strip()
    return value if value and not looks_like_question(value) else None


def bare(text: str) -> str:
    """Lower-case, width-folded, without trailing punctuation: for one-word answers."""
    return normalize(text).strip(" .。!！~～,，")


def is_confirm(text: str) -> bool:
    return bare(text) in _words("confirm")


def is_cancel(text: str) -> bool:
    return bare(text) in _words("cancel")


def is_decline(text: str) -> bool:
    return bare(text) in _words("decline")


def is_resume(text: str) -> bool:
    return bare(text) in _words("resume")
