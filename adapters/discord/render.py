"""One fixed Discord rendering per reply block: embeds, plain content, PNG attachments, buttons.

Blocks are data. Every piece of dynamic text (from a user, a model, an exchange, or the core's
own notices, which may quote user input) goes through ``safe()``: markdown and mentions
escaped. Numbers and dates are formatted here from validated values.

A chart answer is one message with one image: a multi-coin answer's charts are stacked into one
picture (core.chart_png), shown in the last of their history cards.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from adapters.discord.buttons import TokenButton, button_style
from adapters.discord.labels import label
from adapters.discord.secret_input import SecretButton, SecretPrompt
from core.chart_png import stack_charts
from core.day_change import change_line
from core.diagnosis.layout import sections
from core.formatting import format_price
from core.formatting import format_utc as format_time
from core.i18n import Locale
from core.markets import MarketCatalog
from core.reply import (
    Block,
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

NO_MENTIONS = discord.AllowedMentions.none()

# Discord limits
CONTENT_MAX = 2000
EMBEDS_MAX = 10
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
BUTTONS_MAX = 25
BUTTON_LABEL_MAX = 80

COLOR_LIVE = discord.Colour.gold()
COLOR_DEMO = discord.Colour.light_grey()
COLOR_INFO = discord.Colour.blurple()
COLOR_NOTE = discord.Colour.dark_grey()  # the model's words: muted, unlike the cards
_NOTICE_PREFIX = {"info": "", "warning": "⚠️ ", "error": "❌ "}
_SAFE_FILENAME = re.compile(r"[^a-z0-9_-]+")


def safe(text: str) -> str:
    """Text shown as text: markdown and @everyone/@here/user/role mentions neutralised."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def source_text(source: str, locale: Locale) -> str:
    if source == "demo":
        return f"{label(locale, 'demo_label')} ({safe(source)})"
    return safe(source.capitalize())


@dataclass(slots=True)
class Rendered:
    """A reply as Discord message parts. ``files`` are built fresh on every call (single-use)."""

    content: str | None
    embeds: list[discord.Embed]
    chart_files: list[tuple[str, bytes, str]] = field(default_factory=list)  # (filename, png, alt)
    buttons: list[tuple[str, str, discord.ButtonStyle]] = field(default_factory=list)
    ephemeral: bool = False
    secret: SecretPrompt | None = None  # the question asks for a secret: an "Enter securely" button

    def files(self) -> list[discord.File]:
        return [
            discord.File(io.BytesIO(png), filename=name, description=clip(alt, 1024) or None)
            for name, png, alt in self.chart_files
        ]

    def view(self) -> discord.ui.View | None:
        if not self.buttons and self.secret is None:
            return None
        view = discord.ui.View(timeout=None)
        if self.secret is not None:
            view.add_item(SecretButton(self.secret))
        for token, text, style in self.buttons:
            view.add_item(TokenButton(token, label=text, style=style))
        return view

    def send_kwargs(self) -> dict[str, Any]:
        """Arguments for ``InteractionResponse.send_message`` / ``Webhook.send``."""
        kwargs: dict[str, Any] = {
            "embeds": self.embeds,
            "files": self.files(),
            "allowed_mentions": NO_MENTIONS,
        }
        if self.content:
            kwargs["content"] = self.content
        view = self.view()
        if view is not None:
            kwargs["view"] = view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Arguments for ``edit_original_response``: replaces everything, drops old buttons."""
        return {
            "content": self.content,
            "embeds": self.embeds,
            "attachments": self.files(),
            "view": self.view(),
            "allowed_mentions": NO_MENTIONS,
        }


def chart_filename(*symbols: str) -> str:
    """ "btcusdt-history.png"; several coins' stacked chart: "btcusdt-ethusdt-history.png"."""
    stems = [_SAFE_FILENAME.sub("-", s.lower()).strip("-") for s in symbols]
    return f"{'-'.join(s for s in stems if s) or 'chart'}-history.png"


def render(
    reply: Reply,
    catalog: MarketCatalog | None = None,
    *,
    ephemeral: bool | None = None,
    asker: int | None = None,
) -> Rendered:
    """Turn a reply into message parts. ``ephemeral`` overrides the reply's audience.

    ``asker``: the Discord user the reply answers; a question for a secret gets a button that
    only they can use, and is always private.
    """
    locale = reply.locale
    lines: list[str] = []
    embeds: list[discord.Embed] = []
    charts: list[tuple[str, bytes, str]] = []
    history_embeds: dict[str, discord.Embed] = {}
    chart_blocks = [b for b in reply.blocks if isinstance(b, ChartBlock)]
    stacked = stack_charts(chart_blocks)  # None for one chart, or charts that do not stack

    for block in reply.blocks:
        if isinstance(block, QuoteBlock):
            embeds.append(quote_embed(block, locale, catalog))
        elif isinstance(block, HistoryBlock):
            embed = history_embed(block, locale, catalog, max_lines=_history_budget(reply.blocks))
            history_embeds[block.symbol] = embed
            embeds.append(embed)
        elif isinstance(block, ChartBlock):
            if stacked is not None and block is not chart_blocks[-1]:
                continue  # in the stacked picture, shown with the last chart's card
            symbols = [c.symbol for c in chart_blocks] if stacked is not None else [block.symbol]
            name = chart_filename(*symbols)
            alt = "; ".join(c.alt for c in chart_blocks) if stacked is not None else block.alt
            charts.append((name, stacked or block.png, alt))
            target = history_embeds.get(block.symbol)
            if target is None:
                target = discord.Embed(title=clip(safe(block.alt) or label(locale, "chart"), TITLE_MAX))
                embeds.append(target)
            target.set_image(url=f"attachment://{name}")
        elif isinstance(block, TextBlock):
            lines.append(safe(block.text))
        elif isinstance(block, NoteBlock):
            embeds.append(note_embed(block))
        elif isinstance(block, NoticeBlock):
            lines.append(_NOTICE_PREFIX.get(block.level, "") + safe(block.text))
        elif isinstance(block, DetailsBlock):
            embeds.append(details_embed(block))
        elif isinstance(block, DiagnosisBlock):
            embeds.append(diagnosis_embed(block, locale))
        elif (table := table_of(block, locale)) is not None:
            embeds.append(table_embed(table))
        else:  # pragma: no cover - a new block type must get a renderer
            _unknown(block)

    content = clip("\n\n".join(line for line in lines if line), CONTENT_MAX) or None
    if content is None and not embeds:
        content = label(locale, "empty")
    secret: SecretPrompt | None = None
    if reply.expects_secret is not None:
        if asker is None:
            raise ValueError("a question for a secret needs the asker's user id")
        secret = SecretPrompt(owner_id=asker, slot=reply.expects_secret, locale=locale)
        ephemeral = True  # whatever the audience says, a secret prompt is nobody else's business
    buttons = [
        (b.token, clip(b.label, BUTTON_LABEL_MAX), button_style(b.style))
        for b in reply.buttons[: BUTTONS_MAX - (secret is not None)]
    ]
    return Rendered(
        content=content,
        embeds=embeds[:EMBEDS_MAX],
        chart_files=charts,
        buttons=buttons,
        ephemeral=reply.audience == "private" if ephemeral is None else ephemeral,
        secret=secret,
    )


def note_embed(block: NoteBlock) -> discord.Embed:
    """The assistant's note: an embed of its own after the cards, titled with its label; the
    model's words escaped (no markdown, no mentions; links were defanged in the core)."""
    return discord.Embed(
        title=clip(f"💬 {safe(block.label)}", TITLE_MAX),
        description=clip(safe(block.text), DESCRIPTION_MAX),
        colour=COLOR_NOTE,
    )


def _unknown(block: Block) -> None:
    raise TypeError(f"no Discord renderer for {type(block).__name__}")


def _pair_title(
    base: str, quote_asset: str, symbol: str, locale: Locale, catalog: MarketCatalog | None
) -> str:
    pair = f"{safe(base)}/{safe(quote_asset)}"
    spec = catalog.get(symbol) if catalog is not None else None
    return f"{safe(spec.display_name(locale))} · {pair}" if spec is not None else pair


def quote_embed(block: QuoteBlock, locale: Locale, catalog: MarketCatalog | None) -> discord.Embed:
    title = _pair_title(block.base, block.quote_asset, block.symbol, locale, catalog)
    if block.is_demo:
        title = f"{title} · {label(locale, 'demo_label')}"
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        colour=COLOR_DEMO if block.is_demo else COLOR_LIVE,
        timestamp=block.fetched_at,
        description=f"⚠️ {label(locale, 'demo_note')}" if block.is_demo else None,
    )
    embed.add_field(
        name=label(locale, "best_ask"),
        value=f"**{format_price(block.price)}** {safe(block.quote_asset)}",
        inline=False,
    )
    change = change_line(block, locale)
    if change:
        embed.add_field(name="24h", value=safe(change), inline=False)
    embed.add_field(name=label(locale, "source"), value=source_text(block.source, locale), inline=True)
    embed.add_field(name=label(locale, "fetched"), value=format_time(block.fetched_at), inline=True)
    embed.set_footer(text=f"{label(locale, 'best_ask')}: {label(locale, 'best_ask_note')}")
    return embed


def history_lines(block: HistoryBlock, locale: Locale) -> list[str]:
    prices = [format_price(p.close) for p in block.points if p.close is not None]
    width = max((len(p) for p in prices), default=0)
    gap = f"— {label(locale, 'no_data')}"
    return [
        f"{p.date.isoformat()}  {format_price(p.close).rjust(width) if p.close is not None else gap}"
        for p in block.points
    ]


# Close lines ("2026-07-12  97,250.50") per embed field, well under 1,024 characters per field.
_LINES_PER_FIELD = 30
# Close lines in one reply, all cards together: Discord refuses a message over 6,000 characters
# of embeds.
_REPLY_HISTORY_LINES = 150


def _history_budget(blocks: tuple[Block, ...]) -> int:
    cards = sum(isinstance(b, HistoryBlock) for b in blocks)
    return max(7, _REPLY_HISTORY_LINES // max(1, cards))


def history_embed(
    block: HistoryBlock, locale: Locale, catalog: MarketCatalog | None, *, max_lines: int = 100
) -> discord.Embed:
    pair = _pair_title(block.base, block.quote_asset, block.symbol, locale, catalog)
    title = label(locale, "history_title", pair=pair, days=len(block.points))
    if block.is_demo:
        title = f"{title} · {label(locale, 'demo_label')}"
    description = [f"⚠️ {label(locale, 'demo_note')}"] if block.is_demo else []
    if block.missing_dates:
        description.append(label(locale, "missing_note"))
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        colour=COLOR_DEMO if block.is_demo else COLOR_LIVE,
        timestamp=block.fetched_at,
        description="\n".join(description) or None,
    )
    # A code block keeps the columns aligned; its content is our own dates and numbers. A long
    # window (30, 90 days) takes several fields, each a whole code block under Discord's 1,024
    # characters; past the reply's budget the most recent days are listed and the chart has all.
    lines = history_lines(block, locale)
    if len(lines) > max_lines:
        earlier = len(lines) - max_lines
        lines = [label(locale, "earlier_in_chart", n=earlier), *lines[earlier:]]
    name = f"{label(locale, 'closes')} · {safe(block.quote_asset)}"
    for i in range(0, len(lines), _LINES_PER_FIELD):
        chunk = "```\n" + "\n".join(lines[i : i + _LINES_PER_FIELD]) + "\n```"
        embed.add_field(name=name if i == 0 else "\u200b", value=clip(chunk, FIELD_VALUE_MAX), inline=False)
    if block.missing_dates:
        embed.add_field(
            name=label(locale, "missing_days"),
            value=clip(", ".join(d.isoformat() for d in block.missing_dates), FIELD_VALUE_MAX),
            inline=False,
        )
    if block.issues:
        embed.add_field(
            name=label(locale, "rejected_rows"),
            value=clip(
                f"{len(block.issues)}: " + ", ".join(sorted(set(map(safe, block.issues)))), FIELD_VALUE_MAX
            ),
            inline=False,
        )
    embed.add_field(name=label(locale, "source"), value=source_text(block.source, locale), inline=True)
    embed.add_field(name=label(locale, "fetched"), value=format_time(block.fetched_at), inline=True)
    return embed


def details_embed(block: DetailsBlock) -> discord.Embed:
    embed = discord.Embed(title=clip(safe(block.title), TITLE_MAX), colour=COLOR_INFO)
    for name, value in block.rows[:FIELDS_MAX]:
        embed.add_field(
            name=clip(safe(name) or "\u200b", FIELD_NAME_MAX),
            value=clip(safe(value) or "\u200b", FIELD_VALUE_MAX),
            inline=False,
        )
    return embed


def diagnosis_embed(block: DiagnosisBlock, locale: Locale) -> discord.Embed:
    """A checklist: what happened as the description, the checks, why and what to do as fields."""
    colour = (
        discord.Colour.green() if block.cause_code in ("exchange_ok", "model_ok") else discord.Colour.orange()
    )
    embed = discord.Embed(title=clip(safe(block.title), TITLE_MAX), colour=colour)
    parts = sections(block, locale)
    embed.description = clip(safe("\n".join(parts[0].lines)), DESCRIPTION_MAX)
    for section in parts[1 : FIELDS_MAX + 1]:
        embed.add_field(
            name=clip(safe(section.heading), FIELD_NAME_MAX),
            value=clip(safe("\n".join(section.lines)) or "\u200b", FIELD_VALUE_MAX),
            inline=False,
        )
    return embed


_TONE_COLOURS = {"ok": discord.Colour.green(), "error": discord.Colour.red(), "info": COLOR_INFO}


def table_embed(table: Table) -> discord.Embed:
    """A trading block: an order as fields, a list (balances, positions, trades) as aligned
    columns in a code block (our own numbers and names; a backtick in a name is replaced)."""
    embed = discord.Embed(title=clip(safe(table.title), TITLE_MAX), colour=_TONE_COLOURS[table.tone])
    if not table.header:
        for name, value in table.rows[:FIELDS_MAX]:
            embed.add_field(name=clip(safe(name), FIELD_NAME_MAX), value=clip(safe(value), FIELD_VALUE_MAX))
    elif table.rows:
        body = "\n".join(line.replace("`", "'") for line in columns(table))
        embed.description = clip("```\n" + body + "\n```", DESCRIPTION_MAX)
    if table.notes:
        embed.set_footer(text=clip(" · ".join(table.notes), 2048))
    return embed


def notice_codes(blocks: Sequence[Block]) -> set[str]:
    return {b.code for b in blocks if isinstance(b, NoticeBlock) and b.code}
