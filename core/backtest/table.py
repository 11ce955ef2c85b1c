"""A backtest as table rows (core.tables: one layout Telegram, Discord and the console share)."""

from __future__ import annotations

from decimal import Decimal

from core.formatting import format_price
from core.i18n import Locale, t
from core.reply import BacktestBlock

_CENTS = Decimal("0.01")


def _pct(value: Decimal) -> str:
    return f"{value:+.2f}%"


def _money(value: Decimal) -> str:
    return format_price(value.quantize(_CENTS)) if abs(value) >= 1 else format(value.normalize(), "f")


def _coin(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text if text not in ("-0", "") else "0"


def describe(block: BacktestBlock, locale: Locale) -> str:
    """The strategy in one line: "BTC 定投 · 每 1d 买 50 USDT"."""
    p = dict(block.params)
    if block.kind == "dca":
        return t(locale, "backtest.desc.dca", base=block.base, amount=p.get("quote_amount", "?"),
                 interval=p.get("interval", "?"))  # fmt: skip
    if block.kind == "ai":
        return t(locale, "backtest.desc.ai", base=block.base, interval=p.get("interval", "?"),
                 max_order=p.get("max_order_notional", "?"))  # fmt: skip
    return t(
        locale, "backtest.desc.grid", base=block.base, grids=p.get("grids", "?"), lower=p.get("lower", "?"),
        upper=p.get("upper", "?"), per=p.get("quote_per_grid", "?"),
    )  # fmt: skip


def backtest_table(block: BacktestBlock, locale: Locale) -> tuple[str, tuple[tuple[str, str], ...], str]:
    """(title, label / value rows, note): core.tables makes it a Table."""
    title = t(locale, "backtest.title", what=describe(block, locale))
    if block.is_demo:
        title = f"{title} ({t(locale, 'backtest.demo')})"
    if block.status == "partial":
        title = f"{title} ({t(locale, 'backtest.partial')})"
    window = t(
        locale, "backtest.window", start=block.start.strftime("%Y-%m-%d"), end=block.end.strftime("%Y-%m-%d"),
        candles=block.candles, interval=block.interval,
    )  # fmt: skip
    rows: tuple[tuple[str, str], ...] = (
        (t(locale, "backtest.row.window"), window),
        (t(locale, "backtest.row.return"), _pct(block.return_pct)),
        (t(locale, "backtest.row.hold"), _pct(block.hold_return_pct)),
        (t(locale, "backtest.row.drawdown"), f"-{block.max_drawdown_pct:.2f}%"),
        (t(locale, "backtest.row.trades"), t(locale, "backtest.trades", buys=block.buys, sells=block.sells)),
        (t(locale, "backtest.row.fees"), f"{_money(block.fees)} USDT"),
        (t(locale, "backtest.row.start"), f"{_money(block.start_cash)} USDT"),
        (t(locale, "backtest.row.final"), f"{_money(block.final_equity)} USDT"),
        (
            t(locale, "backtest.row.holdings"),
            f"{_coin(block.holdings)} {block.base} + {_money(block.cash)} USDT",
        ),
    )
    if block.model_calls is not None:
        rows += ((t(locale, "backtest.row.model"), t(locale, "backtest.model_use", calls=block.model_calls,
                                                      tokens=block.tokens or 0)),)  # fmt: skip
    if block.gaps:  # a row, not a note: every platform shows rows
        rows += ((t(locale, "backtest.row.gaps"), t(locale, "backtest.gaps", count=block.gaps)),)
    return title, rows, t(locale, "backtest.note.fills")
