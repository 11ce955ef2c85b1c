"""Links and contact handles out of a model's prose: removed, not defanged.

A model's note is advice at most; a link in it ("verify your key at …"), even written so no client
makes it clickable ("hxxps[:]//evil-binance[.]example[.]com"), or a handle to write to ("DM
＠scammer", "t.me/…") is how a phishing answer reaches a person. Every such token is taken out
(the sentence's other words stay), and the caller says that something was removed.

What counts: a URL with any scheme, also defanged (``hxxps``, ``[:]``, ``[.]``, ``(.)``, ``[dot]``);
``www.`` names and bare domains (a name, a dot, a TLD of letters; ``config.json`` is not a domain
unless written with a defanged dot); an IPv4 address; an e-mail address; a handle (``@x``, ``＠x``,
``@ x``) and messenger links (``t.me/``, ``wa.me/``, ``tg:``, ``mailto:``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DOT = r"(?:\.|\[\.\]|\(\.\)|\[dot\]|\(dot\)|\{\.\})"
_COLON = r"(?::|\[:\]|\(:\))"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_TAIL = r"(?:[/?#][^\s<>\"'）)】」，。！？]*)?"
# Top-level domains a bare name ends in that make it a link ("evil-binance.com", "x.io"); a file
# name ("config.json", "notes.txt") ends in none of them.
_TLDS = (
    "com|net|org|io|co|me|xyz|app|top|info|cc|vip|link|site|online|live|pro|biz|club|shop|store|"
    "finance|exchange|money|cash|trade|market|ai|gg|tv|ru|cn|uk|us|de|jp|kr|hk|sg|in|example|test|"
    "tk|ml|ga|cf|gq|icu|buzz|click|support|help|services|network|global|world|asia|eu|dev|page"
)
_PATTERNS = (
    # scheme://… and its defanged spellings: hxxps[:]//, https(:)//, h**ps://
    re.compile(rf"\b[A-Za-z][A-Za-z0-9+.*-]{{1,15}}{_COLON}//[^\s<>\"'）)】」，。！？]+", re.IGNORECASE),
    re.compile(r"\b(?:mailto|tg|javascript|data|skype|whatsapp|viber):[^\s<>\"']+", re.IGNORECASE),
    # e-mail addresses, also defanged ("a@evil[.]com", "a[at]evil.com")
    re.compile(
        rf"[A-Za-z0-9._%+-]+\s?(?:@|＠|\[at\]|\(at\))\s?{_LABEL}(?:{_DOT}{_LABEL})*{_DOT}[A-Za-z]{{2,24}}\b",
        re.IGNORECASE,
    ),
    # messenger links: t.me/x, telegram.me/x, wa.me/123
    re.compile(rf"\b(?:t|telegram|wa){_DOT}me/[^\s<>\"'）)】」，。！？]+", re.IGNORECASE),
    # a name written with a defanged dot is a link whatever it ends in
    re.compile(
        rf"(?<![\w-])(?:{_LABEL}{_DOT})*{_LABEL}(?:\[\.\]|\(\.\)|\[dot\]|\(dot\)|\{{\.\}})[A-Za-z]{{2,24}}"
        rf"(?:{_DOT}{_LABEL})*{_TAIL}",
        re.IGNORECASE,
    ),
    # www.… and bare domains with a known TLD
    re.compile(rf"(?<![\w-])www{_DOT}(?:{_LABEL}{_DOT})+[A-Za-z]{{2,24}}{_TAIL}", re.IGNORECASE),
    re.compile(rf"(?<![\w@.-])(?:{_LABEL}\.)+(?:{_TLDS})(?![\w-]){_TAIL}", re.IGNORECASE),
    # IPv4 addresses (also with defanged dots)
    re.compile(rf"(?<![\d.])\d{{1,3}}(?:{_DOT}\d{{1,3}}){{3}}(?![\d.]){_TAIL}"),
    # handles: @x, ＠x, "＠ x" (a letter first, so "@ 5%" or "@ 90000" is not one)
    re.compile(r"(?<![\w@＠])(?:@|＠\s?)[A-Za-z_][A-Za-z0-9_.]{0,31}"),
)
_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+(?=[,.;:!?，。；：！？）)])")


@dataclass(frozen=True, slots=True)
class Stripped:
    text: str
    removed: tuple[str, ...]  # what was taken out, in order (for the trace)


def strip_links(text: str) -> Stripped:
    """``text`` without links and contact handles (module docstring), and what was removed."""
    removed: list[str] = []

    def cut(match: re.Match[str]) -> str:
        found = match.group(0)
        token = found.rstrip(".,;:!?")  # the sentence's own punctuation stays
        removed.append(token)
        return " " + found[len(token) :]

    for pattern in _PATTERNS:
        text = pattern.sub(cut, text)
    if not removed:
        return Stripped(text, ())
    lines = [_SPACE_BEFORE_PUNCT.sub("", _SPACES.sub(" ", line)).strip() for line in text.split("\n")]
    return Stripped("\n".join(lines).strip(), tuple(removed))
