"""Every word a chart shows, in zh and en (zh-Hant: the zh words converted).

The chart font bundled in ``fonts/`` is a subset: it holds ASCII, the symbols below and exactly the
Chinese characters these labels use (tools/subset_chart_font.py builds it from this module). A
new label with a new character needs the subset rebuilt; tests/adapters/test_chart_font.py says so.
"""

from __future__ import annotations

from core.i18n import Locale, localized

_LABELS: dict[str, dict[str, str]] = {
    "demo_badge": {"en": "DEMO", "zh": "演示"},
    "best_ask": {"en": "Best ask·{time} UTC", "zh": "最优卖价·{time} UTC"},
    "last_close": {"en": "Last close·{day}", "zh": "最新收盘·{day}"},
    "change_days": {"en": "{n}-day change", "zh": "{n}日涨跌"},
    "change_between": {"en": "Change {first} – {last}", "zh": "涨跌 {first} 至 {last}"},
    "no_change": {"en": "Change: needs two closes", "zh": "涨跌：需要两个收盘价"},
    "high": {"en": "High {price}", "zh": "最高 {price}"},
    "low": {"en": "Low {price}", "zh": "最低 {price}"},
    "close": {"en": "Close {price}", "zh": "收盘 {price}"},
    "flat": {"en": "High = Low {price}", "zh": "最高 = 最低 {price}"},
    "gap": {"en": "no data", "zh": "无数据"},
    "all_missing": {"en": "No data for these days", "zh": "这几天没有数据"},
    "source_binance": {
        "en": "Source: Binance spot·daily closes (UTC)",
        "zh": "来源：币安现货·UTC 日收盘价",
    },
    "source_demo": {
        "en": "Demo market·simulated prices, not real",
        "zh": "演示行情·模拟价格，非真实数据",
    },
    "source_other": {"en": "Source: {source}·daily closes (UTC)", "zh": "来源：{source}·UTC 日收盘价"},
    # The equity curve (adapters/charts/equity_figure.py).
    "equity_title": {"en": "Equity (USDT)·{kind}", "zh": "账户净值（USDT）·{kind}"},
    "kind_paper": {"en": "paper", "zh": "模拟盘"},
    "kind_live": {"en": "live", "zh": "实盘"},
    "peak": {"en": "Peak", "zh": "前高"},
    "below_peak": {"en": "Below the peak", "zh": "低于前高"},
    "max_drawdown": {
        "en": "Max drawdown {share}% ({amount} USDT)",
        "zh": "最大回撤 {share}%（{amount} USDT）",
    },
    "equity_footer": {
        "en": "Daily equity snapshots (UTC)·a missing day is a gap",
        "zh": "每日净值快照（UTC）·缺失的日子留空",
    },
}

# Characters drawn besides the labels' own: arrows and signs of the change, separators.
SYMBOLS = "▲▼−–—·%"


def label(locale: Locale, key: str, /, **params: object) -> str:
    template = localized(_LABELS[key], locale)  # zh-Hant: the zh label converted, once
    return template.format(**params) if params else template


def all_label_text() -> str:
    """Every character any label can draw (for the font subset and its test), zh-Hant's too."""
    texts = [text for texts in _LABELS.values() for text in texts.values()]
    texts += [localized(texts, "zh-Hant") for texts in _LABELS.values()]
    return "".join(texts) + SYMBOLS
