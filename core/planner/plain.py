"""Model prose made plain: no markup, no live links, no hidden characters, a bounded length.

A model's words reach the user as the assistant's note (core.reply.NoteBlock). Renderers escape
it, but escaping alone is not enough: a chat client turns a bare "https://…", "evil.com" or
"@someone" into a link by itself, and a model (or a prompt injection it read) can write
"<a href=…>verify your API key</a>". So the note is made plain here, once, for every platform:

- ``strip_markup``: HTML tags and Markdown link / emphasis syntax removed (their words kept),
  HTML entities decoded, control, zero-width and bidi-override characters dropped;
- ``defang``: schemes, domains, IP addresses and @handles written so no client links them
  ("hxxps[:]//evil[.]com", "＠name");
- ``cap``: at most ``NOTE_LIMIT`` characters, cut after the last whole sentence that fits.
"""

from __future__ import annotations

import html
import re

NOTE_LIMIT = 1200  # characters of the assistant's note; a provider may ignore max_tokens

_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^<>]*>|<!--.*?-->", re.DOTALL)
_MD_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\s]*)[^)\n]*\)")
_MD_LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]*)[^)\n]*\)")
_MD_AUTOLINK = re.compile(r"<((?:https?|ftp|tg|mailto):[^>\s]+)>", re.IGNORECASE)
_MD_EMPHASIS = re.compile(r"\*\*|__|~~|`+")
_MD_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+", re.MULTILINE)
# C0/C1 controls except tab and newline, zero-width characters, bidi embeddings and overrides.
_HIDDEN = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)
_SPACES = re.compile(r"[ \t]+")
_BLANK_LINES = re.compile(r"\n{3,}")

_SCHEME = re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]{1,15})://")
_HTTP = re.compile(r"\bhttp(s?)(?=\[:\]//)", re.IGNORECASE)
_SCHEMELESS = re.compile(r"\b(mailto|javascript|data|tg):", re.IGNORECASE)
_DOMAIN = re.compile(
    r"(?<![\w-])((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24})(?![\w-])"
)
_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
_HANDLE = re.compile(r"(?<![\w@])@(?=[A-Za-z0-9_]{3,})")

# A sentence ends at ! ? 。！？… (any), or at "." followed by a space or the end (not "84.5").
_SENTENCE_END = re.compile(r"[!?。！？…]+[\"'”’)）]*|\.(?=\s|$)[\"'”’)）]*|\n")


def strip_markup(text: str) -> str:
    """The words of ``text`` without reasoning, markup or invisible characters."""
    text = _THINK.sub("", text)
    text = _MD_IMAGE.sub(lambda m: m.group(1), text)
    text = _MD_LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(2) else m.group(1), text)
    text = _MD_AUTOLINK.sub(lambda m: m.group(1), text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    text = _TAG.sub("", text)  # tags that were written as entities ("&lt;a href=…&gt;")
    text = _MD_EMPHASIS.sub("", text)
    text = _MD_HEADING.sub("", text)
    text = _HIDDEN.sub("", text)
    lines = [_SPACES.sub(" ", line).strip() for line in text.replace("\r\n", "\n").split("\n")]
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def defang(text: str) -> str:
    """``text`` with every link-like token written so that no chat client makes it a link."""
    text = _SCHEME.sub(lambda m: f"{m.group(1)}[:]//", text)
    text = _HTTP.sub(lambda m: f"hxxp{m.group(1)}", text)
    text = _SCHEMELESS.sub(lambda m: f"{m.group(1)}[:]", text)
    text = _DOMAIN.sub(lambda m: m.group(1).replace(".", "[.]"), text)
    text = _IPV4.sub(lambda m: m.group(1).replace(".", "[.]"), text)
    return _HANDLE.sub("＠", text)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text``, its end punctuation included; they cover it."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        spans.append((start, m.end()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def cap(text: str, limit: int = NOTE_LIMIT) -> tuple[str, bool]:
    """``text`` within ``limit`` characters, cut after the last whole sentence that fits (or,
    when that would keep less than half, at a word, with "…"); and whether it was cut."""
    if len(text) <= limit:
        return text, False
    end = 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() > limit:
            break
        end = m.end()
    if end >= limit // 2:
        return text[:end].rstrip(), True
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip() + "…", True
