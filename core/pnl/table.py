"""The pnl block as a table's parts (core.tables makes them its Table): a summary as label / value
rows, or the per coin, per trader and per day / week / month views as columns, with the figures the
view leaves out in its notes. Every platform renders the one table (core.tables)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from core.i18n import Locale, t
from core.reply import PnlBlock, PnlLine

CENT = Decimal("0.01")


def money(value: Decimal | None) -> str:
    """A signed USDT figure to the cent ("+12.34", "-0.60", "0.00"); "—" when unknown."""
    if value is None:
        return "—"
    shown = value.quantize(CENT)
    text = f"{abs(shown):,.2f}"
    return f"+{text}" if shown > 0 else f"-{text}" if shown < 0 else text


def fee(value: Decimal) -> str:
    """A fee: paid, so never signed."""
    return f"{value.quantize(CENT):,.2f}"


def share(value: Decimal) -> str:
    return format((value * 100).quantize(Decimal("0.1")), "f")


def period_label(block: PnlBlock, locale: Locale) -> str:
    return (
        t(locale, f"pnl.period.{block.period}", days=block.days)
        if block.period == "days"
        else t(locale, f"pnl.period.{block.period}")
    )


@dataclass(frozen=True, slots=True)
class Table:
    """What core.tables.Table is made of (kept apart: core.tables renders this module's blocks)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    numeric: frozenset[int] = frozenset()


def pnl_table(block: PnlBlock, locale: Locale) -> Table:
    kind = t(locale, f"tbl.{block.kind}")
    period = period_label(block, locale)
    title = (
        t(
            locale,
            "pnl.tbl.title_trader",
            trader=block.trader,
            account=block.account,
            kind=kind,
            period=period,
        )
        if block.trader
        else t(locale, "pnl.tbl.title", account=block.account, kind=kind, period=period)
    )
    notes = _notes(block, locale)
    if block.view == "by_symbol" and block.by_symbol:
        rows = tuple(_line(line.name, line) for line in block.by_symbol)
        return Table(title, _header(locale, "pnl.tbl.symbol"), rows, _with_totals(block, locale, notes), _NUM)
    if block.view == "by_trader" and block.by_trader:
        rows = tuple(_line(_trader_name(line.name, locale), line) for line in block.by_trader)
        return Table(title, _header(locale, "pnl.tbl.trader"), rows, _with_totals(block, locale, notes), _NUM)
    if block.grain and block.rows:
        header = tuple(t(locale, k) for k in (f"pnl.tbl.{block.grain}", "pnl.tbl.realized", "pnl.tbl.fees"))
        cells = tuple(
            (r.start.isoformat()[: 7 if block.grain == "month" else 10], money(r.realized), fee(r.fees))
            for r in block.rows
        )
        return Table(title, header, cells, _with_totals(block, locale, notes), frozenset({1, 2}))
    return Table(title, (), _summary(block, locale), tuple(notes))


_NUM = frozenset({1, 2, 3})


def _header(locale: Locale, first: str) -> tuple[str, ...]:
    return tuple(t(locale, k) for k in (first, "pnl.tbl.realized", "pnl.tbl.unrealized", "pnl.tbl.fees"))


def _line(name: str, line: PnlLine) -> tuple[str, ...]:
    return (name, money(line.realized), money(line.unrealized), fee(line.fees))


def _trader_name(name: str, locale: Locale) -> str:
    return name if name else t(locale, "pnl.tbl.manual")


def _summary(block: PnlBlock, locale: Locale) -> tuple[tuple[str, str], ...]:
    rows = [
        (t(locale, "pnl.tbl.realized"), f"{money(block.realized)} USDT"),
        (t(locale, "pnl.tbl.unrealized"), f"{money(block.unrealized)} USDT"),
        (t(locale, "pnl.tbl.fees"), f"{fee(block.fees)} USDT"),
        (t(locale, "pnl.tbl.total"), f"{money(block.total)} USDT"),
    ]
    if block.win_rate is not None:
        wins = round(block.win_rate * block.closed)
        rate = t(locale, "pnl.tbl.win_rate_value", rate=share(block.win_rate), wins=wins, closed=block.closed)
        rows.append((t(locale, "pnl.tbl.win_rate"), rate))
        factor = "∞" if block.profit_factor is None else format(block.profit_factor.quantize(CENT), "f")
        rows.append((t(locale, "pnl.tbl.profit_factor"), factor))
    elif block.view == "win_rate":
        rows.append((t(locale, "pnl.tbl.win_rate"), t(locale, "pnl.tbl.none_closed")))
    if block.max_drawdown is not None and block.max_drawdown_usdt is not None:
        value = t(
            locale, "pnl.tbl.drawdown_value", share=share(block.max_drawdown),
            amount=money(-block.max_drawdown_usdt), snapshots=block.snapshots,
        )  # fmt: skip
        rows.append((t(locale, "pnl.tbl.drawdown"), value))
    for line in block.by_trader:
        label = t(locale, "pnl.tbl.trader_line", name=line.name) if line.name else t(locale, "pnl.tbl.manual")
        rows.append((label, f"{money(line.total)} USDT"))
    return tuple(rows)


def _with_totals(block: PnlBlock, locale: Locale, notes: list[str]) -> tuple[str, ...]:
    line = t(
        locale, "pnl.note.totals", realized=money(block.realized), unrealized=money(block.unrealized),
        fees=fee(block.fees), total=money(block.total),
    )  # fmt: skip
    return (line, *notes)


def _notes(block: PnlBlock, locale: Locale) -> list[str]:
    notes = [t(locale, "pnl.note.rule")]
    if block.unpriced:
        notes.append(t(locale, "pnl.note.unpriced", symbols=", ".join(block.unpriced)))
    if block.view == "win_rate" or block.win_rate is not None:
        notes.append(t(locale, "pnl.note.wins"))
    if block.view == "drawdown" and block.max_drawdown is None and not block.trader:
        notes.append(t(locale, "pnl.note.no_drawdown", snapshots=block.snapshots))
    return notes
