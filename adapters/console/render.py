"""Replies as console text, as the `deskmate ask --json` object, and chart images as files."""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path
from typing import Any

from core.day_change import change_line
from core.formatting import format_price, format_utc, plain_decimal, sparkline
from core.i18n import Locale, localized
from core.reply import (
    AlertBlock,
    BacktestBlock,
    BalanceBlock,
    Block,
    ChartBlock,
    DetailsBlock,
    DiagnosisBlock,
    HistoryBlock,
    NoteBlock,
    NoticeBlock,
    OrderBlock,
    PnlBlock,
    PositionsBlock,
    QuoteBlock,
    Reply,
    TextBlock,
    TraceStep,
    TradesBlock,
)

_LABELS: dict[str, dict[str, str]] = {
    "best_ask": {
        "zh": "最优卖价（参考买入价，非成交保证）",
        "en": "best ask (a reference buying quote, not a fill)",
    },
    "fetched": {"zh": "获取于", "en": "fetched"},
    "source": {"zh": "来源", "en": "source"},
    "demo": {"zh": "【演示数据】", "en": "[DEMO DATA]"},
    "history": {"zh": "最近 {n} 个完整 UTC 日收盘价", "en": "Daily closes, last {n} full UTC days"},
    "no_data": {"zh": "— 无数据", "en": "— no data"},
    "chart": {"zh": "图表", "en": "chart"},
    "buttons": {"zh": "可选（输入编号）", "en": "Options (type the number)"},
}
_SOURCES = {"binance": "Binance", "demo": "Demo"}


def _l(locale: Locale, key: str, **params: object) -> str:
    return localized(_LABELS[key], locale).format(**params)


def save_images(reply: Reply, out_dir: Path) -> dict[int, Path]:
    """Write each chart as a PNG named by its content; returns block index -> path."""
    paths: dict[int, Path] = {}
    for i, block in enumerate(reply.blocks):
        if isinstance(block, ChartBlock):
            out_dir.mkdir(parents=True, exist_ok=True)
            digest = hashlib.sha256(block.png).hexdigest()[:12]
            path = out_dir / f"{block.symbol.lower()}-{block.source}-{digest}.png"
            if not path.exists():
                path.write_bytes(block.png)
            paths[i] = path.resolve()
    return paths


def render_text(reply: Reply, images: dict[int, Path] | None = None, *, numbered_buttons: bool = True) -> str:
    """The reply as plain console text (model or exchange text is printed as-is, never parsed).
    ``numbered_buttons``: list buttons as "[1] BTC" for the interactive chat, where typing the
    number presses one; `deskmate ask` lists `--press TOKEN` lines instead."""
    images = images or {}
    lines: list[str] = []
    history_of: dict[str, HistoryBlock] = {b.symbol: b for b in reply.blocks if isinstance(b, HistoryBlock)}
    for i, block in enumerate(reply.blocks):
        lines.extend(_block_lines(block, reply.locale, images.get(i), history_of))
    if reply.buttons and numbered_buttons:
        lines.append(
            _l(reply.locale, "buttons")
            + ": "
            + "  ".join(f"[{n}] {b.label}" for n, b in enumerate(reply.buttons, 1))
        )
    return "\n".join(lines)


def _block_lines(
    block: Block, locale: Locale, image: Path | None, history_of: dict[str, HistoryBlock]
) -> list[str]:
    if isinstance(block, QuoteBlock):
        demo = _l(locale, "demo") + " " if block.is_demo else ""
        return [
            f"{demo}{block.base}/{block.quote_asset}  {format_price(block.price)} {block.quote_asset}",
            f"  {_l(locale, 'best_ask')} · {_l(locale, 'source')}: {_SOURCES.get(block.source, block.source)}"
            f" · {_l(locale, 'fetched')} {format_utc(block.fetched_at)}",
            *([f"  {change}"] if (change := change_line(block, locale)) else []),
        ]
    if isinstance(block, HistoryBlock):
        demo = _l(locale, "demo") + " " if block.is_demo else ""
        out = [f"{demo}{block.base}/{block.quote_asset} · {_l(locale, 'history', n=len(block.points))}"]
        for p in block.points:
            value = format_price(p.close) if p.close is not None else _l(locale, "no_data")
            out.append(f"  {p.date.isoformat()}  {value}")
        return out
    if isinstance(block, ChartBlock):
        hist = history_of.get(block.symbol)
        spark = sparkline([p.close for p in hist.points]) if hist else ""
        where = str(image) if image else "(not saved)"
        return (
            [f"{_l(locale, 'chart')}: {where}", f"  {spark}"]
            if spark
            else [f"{_l(locale, 'chart')}: {where}"]
        )
    if isinstance(block, NoticeBlock):
        mark = {"info": "", "warning": "! ", "error": "✗ "}[block.level]
        return [f"{mark}{block.text}"]
    if isinstance(block, TextBlock):
        return [block.text]
    if isinstance(block, NoteBlock):
        # The model's words under their label, indented apart from the cards; the core already
        # removed control characters, so nothing in it can move the cursor or colour the terminal.
        return [f"— {block.label}", *(f"  │ {line}" for line in block.text.split("\n"))]
    if isinstance(block, DetailsBlock):
        return [block.title, *(f"  {label}: {value}" for label, value in block.rows)]
    if isinstance(block, DiagnosisBlock):
        from core.diagnosis.layout import sections  # imported by the first diagnosis shown

        out = [block.title]
        for section in sections(block, locale):
            out.append(f"{section.heading}:")
            out.extend(f"  {line}" for line in section.lines)
        return out
    from core.tables import columns, table_of  # the tables (orders, P&L...): by the first shown

    table = table_of(block, locale)
    if table is not None:
        if not table.header:  # an order, a P&L summary: label / value rows
            rows = (f"  {label}: {value}" for label, value in table.rows)
            return [table.title, *rows, *(f"  {n}" for n in table.notes)]
        return [table.title, *(f"  {line}" for line in columns(table)), *(f"  {n}" for n in table.notes)]
    return []


def _d(value: Decimal | None) -> str | None:
    return None if value is None else plain_decimal(value)


def _trading_json(block: OrderBlock | BalanceBlock | PositionsBlock | TradesBlock) -> dict[str, Any]:
    if isinstance(block, OrderBlock):
        return {
            "type": "order",
            "account": block.account,
            "kind": block.kind,
            "paper": block.kind == "paper",
            "symbol": block.symbol,
            "side": block.side,
            "quantity": plain_decimal(block.quantity),
            "price": _d(block.price),
            "quote_amount": _d(block.quote_amount),
            "fee": _d(block.fee),
            "fee_asset": block.fee_asset,
            "status": block.status,
            "client_order_id": block.client_order_id,
            "error_code": block.error_code,
            "error_message": block.error_message,
            "order_type": block.order_type,
            "limit_price": _d(block.limit_price),
            "trigger_price": _d(block.trigger_price),
            "expires_at": block.expires_at.isoformat() if block.expires_at else None,
            "order_no": block.order_no,
        }
    if isinstance(block, BalanceBlock):
        return {
            "type": "balance",
            "account": block.account,
            "kind": block.kind,
            "assets": [
                {"asset": a.asset, "free": plain_decimal(a.free), "locked": plain_decimal(a.locked)}
                for a in block.assets
            ],
            "equity_usdt": plain_decimal(block.equity_usdt),
            "unpriced": list(block.unpriced),
        }
    if isinstance(block, PositionsBlock):
        return {
            "type": "positions",
            "account": block.account,
            "kind": block.kind,
            "items": [
                {
                    "symbol": i.symbol,
                    "quantity": plain_decimal(i.quantity),
                    "avg_entry": _d(i.avg_entry),
                    "price": _d(i.price),
                    "unrealized_pnl": _d(i.unrealized_pnl),
                }
                for i in block.items
            ],
        }
    return {
        "type": "trades",
        "account": block.account,
        "kind": block.kind,
        "items": [
            {
                "time": i.time.isoformat(),
                "symbol": i.symbol,
                "side": i.side,
                "quantity": plain_decimal(i.quantity),
                "price": plain_decimal(i.price),
                "fee": plain_decimal(i.fee),
                "fee_asset": i.fee_asset,
            }
            for i in block.items
        ],
    }


def _block_json(block: Block, image: Path | None) -> dict[str, Any]:
    if isinstance(block, QuoteBlock):
        return {
            "type": "quote",
            "symbol": block.symbol,
            "price": plain_decimal(block.price),
            "price_type": block.price_type,
            **(
                {
                    "change_24h": plain_decimal(block.change_24h),
                    "change_24h_percent": plain_decimal(block.change_24h_percent),
                }
                if block.change_24h is not None and block.change_24h_percent is not None
                else {}
            ),
            **(
                {"high_24h": plain_decimal(block.high_24h), "low_24h": plain_decimal(block.low_24h)}
                if block.high_24h is not None and block.low_24h is not None
                else {}
            ),
            "source": block.source,
            "fetched_at": block.fetched_at.isoformat(),
        }
    if isinstance(block, HistoryBlock):
        return {
            "type": "history",
            "symbol": block.symbol,
            "points": [
                {"date": p.date.isoformat(), "close": None if p.close is None else plain_decimal(p.close)}
                for p in block.points
            ],
            "missing_dates": [d.isoformat() for d in block.missing_dates],
            "source": block.source,
            "fetched_at": block.fetched_at.isoformat(),
        }
    if isinstance(block, ChartBlock):
        return {
            "type": "image",
            "path": str(image) if image else None,
            "symbol": block.symbol,
            "source": block.source,
            "alt": block.alt,
        }
    if isinstance(block, NoticeBlock):
        return {"type": "notice", "level": block.level, "code": block.code, "text": block.text}
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text}
    if isinstance(block, NoteBlock):
        return {"type": "note", "label": block.label, "text": block.text, "capped": block.capped}
    if isinstance(block, DetailsBlock):
        return {"type": "details", "title": block.title, "rows": [list(r) for r in block.rows]}
    if isinstance(block, DiagnosisBlock):
        return _diagnosis_json(block)
    if isinstance(block, PnlBlock):
        return pnl_json(block)
    if isinstance(block, AlertBlock):
        return {
            "type": "alert",
            "id": block.id,
            "symbol": block.symbol,
            "condition": block.condition,
            "level": plain_decimal(block.level),
            "window": block.window,
            "status": block.status,
            "channel": block.channel,
            "repeat": block.repeat,
            "cooldown_minutes": block.cooldown_minutes,
            "source": block.source,
            "demo": block.is_demo,
            "name": block.name,
        }
    if isinstance(block, BacktestBlock):
        return _backtest_json(block)
    return _trading_json(block)


def pnl_json(block: PnlBlock) -> dict[str, Any]:
    """The pnl block: every figure a Decimal string (None when it cannot be told)."""
    return {
        "type": "pnl",
        "account": block.account,
        "kind": block.kind,
        "paper": block.kind == "paper",
        "period": block.period,
        "start": block.start.isoformat() if block.start else None,
        "end": block.end.isoformat(),
        "realized": plain_decimal(block.realized),
        "unrealized": _d(block.unrealized),
        "fees": plain_decimal(block.fees),
        "total": _d(block.total),
        "by_symbol": [
            {
                "symbol": line.name,
                "realized": plain_decimal(line.realized),
                "unrealized": _d(line.unrealized),
                "fees": plain_decimal(line.fees),
            }
            for line in block.by_symbol
        ],
        "by_trader": [
            {
                "trader": line.name or None,
                "realized": plain_decimal(line.realized),
                "unrealized": _d(line.unrealized),
                "fees": plain_decimal(line.fees),
                "total": _d(line.total),
            }
            for line in block.by_trader
        ],
        "win_rate": _d(block.win_rate),
        "profit_factor": _d(block.profit_factor),
        "closed_positions": block.closed,
        "max_drawdown": _d(block.max_drawdown),
        "max_drawdown_usdt": _d(block.max_drawdown_usdt),
        "snapshots": block.snapshots,
        "trader": block.trader,
        "grain": block.grain,
        "rows": [
            {
                "start": r.start.isoformat(),
                "realized": plain_decimal(r.realized),
                "fees": plain_decimal(r.fees),
                "trades": r.trades,
            }
            for r in block.rows
        ],
        "unpriced": list(block.unpriced),
    }


def _backtest_json(block: BacktestBlock) -> dict[str, Any]:
    """The issue's fields: strategy parameters, window, interval, candles, return, hold_return,
    max_drawdown, trades, fees, final; an ai strategy's model calls and tokens."""
    out: dict[str, Any] = {
        "type": "backtest",
        "kind": block.kind,
        "status": block.status,
        "symbol": block.symbol,
        "strategy": block.strategy,
        "params": dict(block.params),
        "window": {"start": block.start.isoformat(), "end": block.end.isoformat()},
        "interval": block.interval,
        "candles": block.candles,
        "gaps": block.gaps,
        "start_cash": plain_decimal(block.start_cash),
        "return": plain_decimal(block.return_pct),
        "hold_return": plain_decimal(block.hold_return_pct),
        "max_drawdown": plain_decimal(block.max_drawdown_pct),
        "trades": {"buys": block.buys, "sells": block.sells},
        "fees": plain_decimal(block.fees),
        "final": {
            "cash": plain_decimal(block.cash),
            "holdings": plain_decimal(block.holdings),
            "equity": plain_decimal(block.final_equity),
        },
        "source": block.source,
        "demo": block.is_demo,
    }
    if block.model_calls is not None:
        out["model"] = {"calls": block.model_calls, "tokens": block.tokens}
    return out


def _diagnosis_json(block: DiagnosisBlock) -> dict[str, Any]:
    return {
        "type": "diagnosis",
        "skill": block.skill,
        "title": block.title,
        "happened": block.happened,
        "checks": [
            {"name": c.name, "label": c.label, "outcome": c.outcome, "detail": c.detail, "code": c.code}
            for c in block.checks
        ],
        "cause": block.cause,
        "cause_code": block.cause_code,
        "next_steps": list(block.next_steps),
    }


def _step_json(step: TraceStep) -> dict[str, Any]:
    data = asdict(step)
    return {k: v for k, v in data.items() if v not in (None, {}) or k in ("args",)}


def blocks_json(reply: Reply, images: dict[int, Path] | None = None) -> list[dict[str, Any]]:
    """The blocks of `deskmate ask --json` (also the notifications of `deskmate tick --json`)."""
    images = images or {}
    return [_block_json(b, images.get(i)) for i, b in enumerate(reply.blocks)]


def render_json(reply: Reply, images: dict[int, Path] | None = None) -> dict[str, Any]:
    """The `deskmate ask --json` contract."""
    images = images or {}
    return {
        "status": reply.status.value,
        "route": {
            "skill": reply.route.skill,
            "action": reply.route.action,
            "slots": dict(reply.route.slots),
            "by": reply.route.by,
        },
        "locale": reply.locale,
        "audience": reply.audience,
        "delete_inbound": reply.delete_inbound,
        "expects_secret": reply.expects_secret,
        "text": render_text(reply, images, numbered_buttons=False),
        "blocks": blocks_json(reply, images),
        "buttons": [{"label": b.label, "token": b.token} for b in reply.buttons],
        "trace": [_step_json(s) for s in reply.trace],
        "usage": {
            "model_requests": reply.usage.model_requests,
            "prompt_tokens": reply.usage.prompt_tokens,
            "completion_tokens": reply.usage.completion_tokens,
        },
    }
