"""Reply -> Telegram messages: one fixed HTML template per block type.

Every dynamic string goes through ``html.escape``; each rendered line is self-contained HTML
(tags open and close on the same line), so a long message can be split on any line boundary
and every piece still parses. Each line also carries a plain-text twin, used when Telegram
rejects the HTML anyway.

A chart answer is one message: the photo, with the reply's text as its caption. Only a text
too long for a caption (1024 characters as Telegram counts them) goes in messages of its own.
A multi-coin answer's charts are stacked into one picture first (core.chart_png): an album
(sendMediaGroup) would be a message per picture and cannot carry the buttons.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.labels import label
from core.chart_png import stack_charts
from core.day_change import change_line
from core.diagnosis.layout import sections
from core.formatting import format_price
from core.formatting import format_utc as format_time
from core.i18n import Locale
from core.reply import (
    Block,
    Button,
    ChartBlock,
    DetailsBlock,
    DiagnosisBlock,
    HistoryBlock,
    NoteBlock,
    NoticeBlock,
    QuoteBlock,
    Reply,
    TextBlock,
)
from core.tables import Table, columns, table_of

MAX_TEXT = 4096  # Telegram's limit for a message text
MAX_CAPTION = 1024  # ... and for a photo caption
MAX_CALLBACK_DATA = 64  # bytes
CALLBACK_PREFIX = "dm:"
DEEP_LINK_PAYLOAD = "private"  # /start payload of the "continue in private" link

_NOTICE_PREFIX = {"info": "", "warning": "⚠️ ", "error": "❌ "}
_TAG = re.compile(r"<[^>]*>")
_SOURCE_NAMES = {"binance": "Binance"}


@dataclass(frozen=True, slots=True)
class Line:
    html: str
    plain: str


@dataclass(frozen=True, slots=True)
class OutText:
    html: str
    plain: str


@dataclass(frozen=True, slots=True)
class OutPhoto:
    png: bytes
    caption_html: str
    caption_plain: str


Outgoing = OutText | OutPhoto


@dataclass(frozen=True, slots=True)
class Rendered:
    """The messages to send, in order; the keyboard goes on the last one."""

    messages: tuple[Outgoing, ...]
    keyboard: InlineKeyboardMarkup | None = None

    @property
    def single_text(self) -> OutText | None:
        """The only message when the reply fits in one text message (then it can be an edit)."""
        if len(self.messages) == 1 and isinstance(self.messages[0], OutText):
            return self.messages[0]
        return None


def tg_len(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def visible_length(html_text: str) -> int:
    """The length of an HTML message or caption as Telegram limits it: after entity parsing, so
    tags count nothing and an escaped character (``&amp;``) counts as one, in UTF-16 units."""
    return tg_len(html.unescape(_TAG.sub("", html_text)))


def esc(value: object) -> str:
    # Dynamic strings only ever land in element content, never in attribute values.
    return html.escape(str(value), quote=False)


def _source_line(source: str, locale: Locale) -> Line:
    if source == "demo":
        text = label(locale, "demo_source")
        return Line(
            f"{esc(label(locale, 'source'))}: ⚠️ <b>{esc(text)}</b>", f"{label(locale, 'source')}: ⚠️ {text}"
        )
    name = _SOURCE_NAMES.get(source, source)
    return Line(f"{esc(label(locale, 'source'))}: {esc(name)}", f"{label(locale, 'source')}: {name}")


def _fetched_line(moment: datetime, locale: Locale) -> Line:
    text = f"{label(locale, 'fetched')}: {format_time(moment)}"
    return Line(esc(text), text)


def _plain_lines(raw: str, prefix: str = "") -> list[Line]:
    """Lines of user/model/core text: escaped, never markup; over-long lines are hard-wrapped."""
    lines: list[Line] = []
    for i, raw_line in enumerate(raw.split("\n")):
        text = f"{prefix}{raw_line}" if i == 0 else raw_line
        lines.extend(Line(esc(piece), piece) for piece in _wrap(text))
    return lines


def _wrap(text: str) -> list[str]:
    """Pieces of one line whose escaped form fits a message, cut at a space where possible."""
    if tg_len(esc(text)) <= MAX_TEXT:
        return [text]
    pieces: list[str] = []
    start = 0
    while start < len(text):
        size = 0
        end = start
        while end < len(text) and size + tg_len(esc(text[end])) <= MAX_TEXT:
            size += tg_len(esc(text[end]))
            end += 1
        if end < len(text):
            space = text.rfind(" ", start, end)
            if space > start + (end - start) // 2:
                end = space + 1
        pieces.append(text[start:end])
        start = end
    return pieces


def _quote_lines(block: QuoteBlock, locale: Locale) -> list[Line]:
    pair = f"{block.base}/{block.quote_asset}"
    price = format_price(block.price)
    ask = label(locale, "best_ask")
    change = change_line(block, locale)
    return [
        Line(f"<b>{esc(pair)}</b>", pair),
        Line(
            f"{esc(ask)}: <b>{esc(price)}</b> {esc(block.quote_asset)}",
            f"{ask}: {price} {block.quote_asset}",
        ),
        *([Line(esc(change), change)] if change else []),
        _source_line(block.source, locale),
        _fetched_line(block.fetched_at, locale),
    ]


def _history_lines(block: HistoryBlock, locale: Locale) -> list[Line]:
    pair = f"{block.base}/{block.quote_asset}"
    title = label(locale, "history_title", pair=pair, n=len(block.points))
    lines = [Line(f"<b>{esc(title)}</b>", title)]
    for point in block.points:
        value = label(locale, "no_data") if point.close is None else format_price(point.close)
        row = f"{point.date:%m-%d}  {value}"
        lines.append(Line(f"<code>{esc(row)}</code>", row))
    if block.issues:
        text = label(locale, "rejected_rows", n=len(block.issues))
        lines.append(Line(f"⚠️ {esc(text)}", f"⚠️ {text}"))
    lines.append(_source_line(block.source, locale))
    lines.append(_fetched_line(block.fetched_at, locale))
    return lines


def _details_lines(block: DetailsBlock) -> list[Line]:
    lines = [Line(f"<b>{esc(block.title)}</b>", block.title)]
    for name, value in block.rows:
        first, *rest = _plain_lines(value)
        lines.append(Line(f"<b>{esc(name)}</b>: {first.html}", f"{name}: {first.plain}"))
        lines.extend(rest)
    return lines


def _diagnosis_lines(block: DiagnosisBlock, locale: Locale) -> list[Line]:
    """A checklist: the title and each section's heading in bold, every line as plain text."""
    lines = [Line(f"<b>{esc(block.title)}</b>", block.title)]
    for section in sections(block, locale):
        lines.append(Line(f"<b>{esc(section.heading)}</b>", section.heading))
        for text in section.lines:
            lines.extend(_plain_lines(text))
    return lines


def _chart(block: ChartBlock, locale: Locale) -> OutPhoto:
    caption = block.alt or block.symbol
    if block.source == "demo":
        caption = f"{caption} · {label(locale, 'demo_source')}"
    return _photo(block.png, caption)


def _photo(png: bytes, caption: str) -> OutPhoto:
    if tg_len(caption) > MAX_CAPTION:  # counted as shown: the escaping adds nothing
        caption = _cut(caption, MAX_CAPTION - 1) + "…"
    return OutPhoto(png, esc(caption), caption)


def _picture(charts: list[ChartBlock], locale: Locale) -> OutPhoto | None:
    """The reply's charts as one photo with their short descriptions; None without charts, or
    when several cannot be stacked (then each goes as a photo of its own)."""
    if len(charts) <= 1:
        return _chart(charts[0], locale) if charts else None
    png = stack_charts(charts)
    if png is None:
        return None
    lines = [c.alt or c.symbol for c in charts]
    if any(c.source == "demo" for c in charts):
        lines.append(label(locale, "demo_source"))
    return _photo(png, "\n".join(lines))


def _cut(text: str, units: int) -> str:
    """The longest prefix of ``text`` within ``units`` UTF-16 code units (never half a pair)."""
    size = 0
    for i, char in enumerate(text):
        size += tg_len(char)
        if size > units:
            return text[:i]
    return text


def _note_lines(block: NoteBlock) -> list[Line]:
    """The assistant's note: its label in italics, then the model's words as escaped text (each
    line quoted, so it stands apart from the cards). Its links were defanged in the core."""
    label_text = f"💬 {block.label}"
    lines = [Line(f"<i>{esc(label_text)}</i>", label_text)]
    lines.extend(Line(f"│ {line.html}", f"│ {line.plain}") for line in _plain_lines(block.text))
    return lines


def block_lines(block: Block, locale: Locale) -> list[Line]:
    """The fixed template of one text-like block."""
    match block:
        case QuoteBlock():
            return _quote_lines(block, locale)
        case HistoryBlock():
            return _history_lines(block, locale)
        case TextBlock():
            return _plain_lines(block.text)
        case NoteBlock():
            return _note_lines(block)
        case NoticeBlock():
            return _plain_lines(block.text, _NOTICE_PREFIX.get(block.level, ""))
        case DetailsBlock():
            return _details_lines(block)
        case DiagnosisBlock():
            return _diagnosis_lines(block, locale)
        case ChartBlock():
            raise TypeError("a chart is a photo, not text")
    table = table_of(block, locale)
    if table is None:
        raise TypeError(f"no Telegram template for {type(block).__name__}")
    return _table_lines(table)


_TONE = {"ok": "✅ ", "error": "❌ ", "info": ""}


def _table_lines(table: Table) -> list[Line]:
    """A trading block: its title in bold, its rows in monospace columns (one <code> line each, so
    a long table still splits between lines), its notes as text."""
    title = _TONE[table.tone] + table.title
    lines = [Line(f"<b>{esc(title)}</b>", title)]
    if table.header:
        body = columns(table)
    else:  # label / value rows, the labels padded to one width
        width = max(len(label) for label, _ in table.rows)
        body = [f"{label.ljust(width)}  {value}" for label, value in table.rows]
    lines.extend(Line(f"<code>{esc(row)}</code>", row) for row in body)
    lines.extend(Line(esc(note), note) for note in table.notes)
    return lines


def split_lines(lines: list[Line]) -> list[OutText]:
    """Pack lines into messages of at most MAX_TEXT, cutting only between lines, in order."""
    out: list[OutText] = []
    current: list[Line] = []
    size = 0
    for line in lines:
        extra = tg_len(line.html) + (1 if current else 0)
        if current and size + extra > MAX_TEXT:
            out.append(_join(current))
            current, size = [], 0
            extra = tg_len(line.html)
        current.append(line)
        size += extra
    if current:
        out.append(_join(current))
    # Telegram refuses messages that are only whitespace (e.g. a chunk of blank lines).
    return [m for m in out if m.plain.strip()]


def _join(lines: list[Line]) -> OutText:
    return OutText("\n".join(x.html for x in lines), "\n".join(x.plain for x in lines))


def callback_data(token: str) -> str | None:
    data = CALLBACK_PREFIX + token
    return data if len(data.encode()) <= MAX_CALLBACK_DATA else None


def token_of(data: str | None) -> str | None:
    """The core's token from a press's callback_data, or None when it is not one of ours."""
    if not data or not data.startswith(CALLBACK_PREFIX):
        return None
    return data[len(CALLBACK_PREFIX) :] or None


def keyboard(buttons: tuple[Button, ...]) -> InlineKeyboardMarkup | None:
    """Short labels share a row (up to three); longer ones get a row each."""
    keys = []
    for button in buttons:
        data = callback_data(button.token)
        if data is not None:
            keys.append(InlineKeyboardButton(button.label, callback_data=data))
    if not keys:
        return None
    per_row = 3 if all(len(k.text) <= 12 for k in keys) else 1
    return InlineKeyboardMarkup([keys[i : i + per_row] for i in range(0, len(keys), per_row)])


def private_link_keyboard(bot_username: str | None, locale: Locale) -> InlineKeyboardMarkup | None:
    if not bot_username:
        return None
    url = f"https://t.me/{bot_username}?start={DEEP_LINK_PAYLOAD}"
    return InlineKeyboardMarkup([[InlineKeyboardButton(label(locale, "open_private"), url=url)]])


def render_reply(reply: Reply, *, in_group: bool, bot_username: str | None) -> Rendered:
    """Everything a reply shows in one chat, as Telegram messages."""
    locale = reply.locale
    blocks: tuple[Block, ...] = reply.blocks
    markup = keyboard(reply.buttons)
    if in_group and reply.audience == "private":
        # Personal data never reaches a group: only the core's notice, and a way to the DM.
        blocks = tuple(b for b in blocks if isinstance(b, NoticeBlock)) or (
            NoticeBlock(label(locale, "private_only"), code="private_only"),
        )
        markup = private_link_keyboard(bot_username, locale)
    charts = [b for b in blocks if isinstance(b, ChartBlock)]
    lines: list[Line] = []
    for block in blocks:
        if isinstance(block, ChartBlock):
            continue
        if lines:
            lines.append(Line("", ""))  # a blank line between blocks
        lines.extend(block_lines(block, locale))
    picture = _picture(charts, locale)
    if picture is not None and (caption := _caption(lines)) is not None:
        # One message: the chart (every coin's, stacked) with the text under it, and the
        # buttons under both.
        return Rendered((OutPhoto(picture.png, caption.html, caption.plain),), markup)
    # Too much text for a caption: the chart (with its short description), then the text as
    # messages of their own; the buttons go under the last one.
    messages: list[Outgoing] = [picture] if picture is not None else [_chart(b, locale) for b in charts]
    messages.extend(split_lines(lines))
    return Rendered(tuple(messages), markup)


def _caption(lines: list[Line]) -> OutText | None:
    """The text as one photo caption, or None when it does not fit one (or is empty)."""
    text = _join(lines)
    if not text.plain.strip():
        return None
    if visible_length(text.html) > MAX_CAPTION or tg_len(text.plain) > MAX_CAPTION:
        return None
    return text


def render_notice(text: str) -> Rendered:
    """One of the adapter's own short answers."""
    return Rendered(tuple(split_lines(_plain_lines(text))))
