"""The trading blocks (order, balance, positions, trades) as localized tables: one layout every
renderer shares. Telegram sets the columns in monospace (<pre>), Discord in a code block inside
an embed, the console as text; only the framing differs."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from core.backtest.table import backtest_table
from core.formatting import format_price, format_utc
from core.i18n import Locale, t
from core.pnl.table import pnl_table
from core.reply import (
    AlertBlock,
    BacktestBlock,
    BalanceBlock,
    Block,
    OrderBlock,
    PnlBlock,
    PositionsBlock,
    TradesBlock,
)


@dataclass(frozen=True, slots=True)
class Table:
    """A title, optional column header, rows of cells, and lines of notes under them.
    ``numeric``: the columns whose cells are numbers (right-aligned)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    numeric: frozenset[int] = frozenset()
    tone: Literal["ok", "error", "info"] = "info"


def _amount(value: Decimal | None) -> str:
    return "—" if value is None else format_price(value) if abs(value) >= 1 else _plain(value)


def _plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text if text not in ("-0", "") else "0"


def _signed(value: Decimal | None) -> str:
    if value is None:
        return "—"
    text = _amount(abs(value))
    return f"+{text}" if value > 0 else f"-{text}" if value < 0 else text


def table_of(block: Block, locale: Locale) -> Table | None:
    """The block's table, or None for a block that is not a trading block."""
    if isinstance(block, OrderBlock):
        return _order(block, locale)
    if isinstance(block, BalanceBlock):
        kind = t(locale, f"tbl.{block.kind}")
        rows: tuple[tuple[str, ...], ...] = tuple(
            (a.asset, _amount(a.free), _amount(a.locked)) for a in block.assets
        )
        notes: list[str] = [
            t(locale, "tbl.equity", equity=format_price(block.equity_usdt.quantize(Decimal("0.01"))))
        ]
        if block.unpriced:
            notes.append(t(locale, "tbl.unpriced", assets=", ".join(block.unpriced)))
        return Table(
            t(locale, "tbl.balance.title", account=block.account, kind=kind),
            (t(locale, "tbl.asset"), t(locale, "tbl.free"), t(locale, "tbl.locked")),
            rows,
            tuple(notes),
            frozenset({1, 2}),
        )
    if isinstance(block, PositionsBlock):
        kind = t(locale, f"tbl.{block.kind}")
        rows = tuple(
            (
                i.symbol,
                _amount(i.quantity),
                _amount(i.avg_entry),
                _amount(i.price),
                _signed(i.unrealized_pnl.quantize(Decimal("0.01")) if i.unrealized_pnl is not None else None),
            )
            for i in block.items
        )
        notes = [t(locale, "tbl.positions.note") if rows else t(locale, "tbl.no_positions")]
        return Table(
            t(locale, "tbl.positions.title", account=block.account, kind=kind),
            tuple(
                t(locale, k) for k in ("tbl.symbol", "tbl.quantity", "tbl.avg_entry", "tbl.bid", "tbl.upnl")
            ),
            rows,
            tuple(notes),
            frozenset({1, 2, 3, 4}),
        )
    if isinstance(block, TradesBlock):
        kind = t(locale, f"tbl.{block.kind}")
        rows = tuple(
            (
                format_utc(i.time).removesuffix(" UTC")[5:16],
                i.symbol,
                t(locale, f"tbl.{i.side}"),
                _amount(i.quantity),
                _amount(i.price),
                f"{_amount(i.fee)} {i.fee_asset}",
            )
            for i in block.items
        )
        header = ("tbl.time", "tbl.symbol", "tbl.side", "tbl.quantity", "tbl.price", "tbl.fee")
        return Table(
            t(locale, "tbl.trades.title", account=block.account, kind=kind),
            tuple(t(locale, k) for k in header),
            rows,
            () if rows else (t(locale, "tbl.no_trades"),),
            frozenset({3, 4, 5}),
        )
    if isinstance(block, AlertBlock):
        return _alert(block, locale)
    if isinstance(block, PnlBlock):
        parts = pnl_table(block, locale)
        return Table(parts.title, parts.header, parts.rows, parts.notes, parts.numeric)
    if isinstance(block, BacktestBlock):
        title, label_rows, note = backtest_table(block, locale)
        return Table(title, (), label_rows, (note,))
    return None


def _alert(block: AlertBlock, locale: Locale) -> Table:
    pair = f"{block.base}/{block.quote_asset}"
    if block.is_demo:
        pair = f"{pair} ({t(locale, 'tbl.alert.demo')})"
    if block.condition == "move":
        window = t(locale, f"tbl.alert.window.{block.window or '24h'}")
        condition = t(locale, "tbl.alert.move", level=_plain(block.level), window=window)
    else:
        condition = t(
            locale, f"tbl.alert.{block.condition}", level=_amount(block.level), quote=block.quote_asset
        )
    channel = t(locale, "tbl.alert.private" if block.channel == "private" else "tbl.alert.chat")
    repeat = (
        t(locale, "tbl.alert.every", minutes=block.cooldown_minutes or 0)
        if block.repeat
        else t(locale, "tbl.alert.once")
    )
    rows = (
        (t(locale, "tbl.alert.condition"), condition),
        (t(locale, "tbl.alert.status"), t(locale, f"tbl.alert.{block.status}")),
        (t(locale, "tbl.alert.channel"), channel),
        (t(locale, "tbl.alert.repeat"), repeat),
    )
    tone: Literal["ok", "error", "info"] = "error" if block.status == "paused" else "info"
    title = (
        t(locale, "tbl.alert.title_named", id=block.id, name=block.name, pair=pair)
        if block.name
        else t(locale, "tbl.alert.title", id=block.id, pair=pair)
    )
    return Table(title, (), rows, tone=tone)


def _order(block: OrderBlock, locale: Locale) -> Table:
    kind = t(locale, f"tbl.{block.kind}")
    title = t(locale, f"tbl.order.{block.status}", account=block.account, kind=kind)
    rows: list[tuple[str, str]] = [
        (t(locale, "tbl.side"), t(locale, f"tbl.{block.side}")),
        (t(locale, "tbl.symbol"), block.symbol),
        (t(locale, "tbl.quantity"), _amount(block.quantity)),
    ]
    if block.order_type != "market":
        rows.insert(0, (t(locale, "tbl.type"), t(locale, f"tbl.type.{block.order_type}")))
        if block.order_no:
            rows.insert(0, (t(locale, "tbl.order_no"), f"#{block.order_no}"))
        if block.trigger_price is not None:
            rows.append((t(locale, "tbl.trigger_price"), f"{_amount(block.trigger_price)} USDT"))
        if block.limit_price is not None:
            rows.append((t(locale, "tbl.limit_price"), f"{_amount(block.limit_price)} USDT"))
        if block.expires_at is not None:
            rows.append((t(locale, "tbl.expires_at"), block.expires_at.strftime("%Y-%m-%d %H:%M UTC")))
    if block.status == "filled":
        rows += [
            (t(locale, "tbl.price"), f"{_amount(block.price)} USDT"),
            (t(locale, "tbl.quote_amount"), f"{_amount(block.quote_amount)} USDT"),
            (t(locale, "tbl.fee"), f"{_amount(block.fee)} {block.fee_asset or ''}".strip()),
        ]
    if block.error_code:
        rows.append((t(locale, "tbl.error"), f"{block.error_code} {block.error_message or ''}".strip()))
    rows.append((t(locale, "tbl.order_id"), block.client_order_id))
    tones: dict[str, Literal["ok", "error", "info"]] = {"filled": "ok", "open": "info", "cancelled": "info"}
    tone = tones.get(block.status, "error")
    return Table(title, (), tuple(rows), tone=tone)


def columns(table: Table) -> list[str]:
    """The header and rows as aligned monospace lines (numbers right-aligned)."""
    lines = ([table.header] if table.header else []) + list(table.rows)
    if not lines:
        return []
    widths = [max(_width(line[i]) for line in lines if i < len(line)) for i in range(len(lines[0]))]
    out = []
    for line in lines:
        cells = []
        for i, cell in enumerate(line):
            pad = " " * (widths[i] - _width(cell))
            cells.append(pad + cell if i in table.numeric and table.header else cell + pad)
        out.append("  ".join(cells).rstrip())
    return out


def _width(text: str) -> int:
    """Display width in a monospace font: CJK characters take two cells."""
    return sum(2 if "\u2e80" <= ch <= "\uffef" else 1 for ch in text)
