"""What a strategy's bad parameters are called, and why they are refused (zh + en)."""

from __future__ import annotations

from core.i18n import register
from core.markets import demo_variants

register(
    {
        "strategy.kind.dca": {"zh": "定投", "en": "DCA"},
        "strategy.kind.grid": {"zh": "网格", "en": "grid"},
        "strategy.kind.ai": {"zh": "AI", "en": "AI"},
        "strategy.bad.kind": {
            "zh": "策略类型只有三种：定投（dca）、网格（grid）、AI（ai）。",
            "en": "A strategy is one of three kinds: DCA (dca), grid (grid) or AI (ai).",
        },
        "strategy.bad.symbol": {
            "zh": "不支持「{value}」。可用的币种：{supported}。",
            "en": "“{value}” is not supported. Supported: {supported}.",
        },
        "strategy.bad.symbols_count": {
            "zh": "AI 策略可以看 1 到 {max} 个币种，你给了 {count} 个。",
            "en": "An AI strategy watches 1 to {max} symbols; you gave {count}.",
        },
        "strategy.bad.number": {
            "zh": "「{value}」不是一个数字，请发一个数，比如 50。",
            "en": "“{value}” is not a number; please send one, e.g. 50.",
        },
        "strategy.bad.positive": {
            "zh": "{field}必须大于 0（你给的是 {value}）。",
            "en": "The {field} must be above 0 (you gave {value}).",
        },
        "strategy.bad.too_large": {
            "zh": "{field}最多 {max}（你给的是 {value}）。",
            "en": "The {field} can be at most {max} (you gave {value}).",
        },
        "strategy.bad.places": {
            "zh": "{field}最多 {places} 位小数（你给的是 {value}）。",
            "en": "The {field} takes at most {places} decimal places (you gave {value}).",
        },
        "strategy.bad.interval": {
            "zh": "「{value}」不是一个时间间隔。请写成 30m、1h、4h、1d、1w，或“每天”“每4小时”。",
            "en": (
                "“{value}” is not an interval. Write it like 30m, 1h, 4h, 1d, 1w, "
                "or “daily”, “every 4 hours”."
            ),
        },
        "strategy.bad.interval_range": {
            "zh": "间隔须在 {min} 到 {max} 之间（你给的是 {value}）。",
            "en": "The interval must be between {min} and {max} (you gave {value}).",
        },
        "strategy.bad.min_notional": {
            "zh": "{field} {value} USDT 低于 {symbol} 的最小下单金额 {min} USDT。",
            "en": "The {field} of {value} USDT is below {symbol}'s minimum order of {min} USDT.",
        },
        "strategy.bad.max_total": {
            "zh": "总投入上限 {value} USDT 小于每次买入的 {amount} USDT，一次都买不了。",
            "en": "The total cap of {value} USDT is below the {amount} USDT of one buy: it could never buy.",
        },
        "strategy.bad.range": {
            "zh": "网格上限 {upper} 必须高于下限 {lower}。",
            "en": "The grid's upper price {upper} must be above its lower price {lower}.",
        },
        "strategy.bad.grids": {
            "zh": "网格数量须是 {min} 到 {max} 之间的整数（你给的是 {value}）。",
            "en": "The number of grids must be a whole number from {min} to {max} (you gave {value}).",
        },
        "strategy.bad.grid_tick": {
            "zh": "网格间距 {step} 小于 {symbol} 的最小价格变动 {tick}：请减少格数或拉大区间。",
            "en": (
                "The grid step {step} is below {symbol}'s tick size {tick}: use fewer grids or a wider range."
            ),
        },
        "strategy.bad.grid_notional": {
            "zh": (
                "在 {price} 这一格，每格 {quote} USDT 只能买 {quantity}（{notional} USDT），"
                "低于 {symbol} 的最小下单金额 {min} USDT：请加大每格金额。"
            ),
            "en": (
                "At the {price} level, {quote} USDT per grid buys only {quantity} ({notional} USDT), "
                "below {symbol}'s minimum order of {min} USDT: raise the amount per grid."
            ),
        },
        "strategy.bad.grid_quantity": {
            "zh": (
                "在 {price} 这一格，每格 {quote} USDT 只能买 {quantity}，"
                "低于 {symbol} 的最小数量 {min}：请加大每格金额。"
            ),
            "en": (
                "At the {price} level, {quote} USDT per grid buys only {quantity}, "
                "below {symbol}'s minimum quantity {min}: raise the amount per grid."
            ),
        },
        "strategy.bad.no_rules": {
            "zh": "还不知道 {symbol} 的交易规则（最小价格变动、最小下单金额），暂时不能为它建网格。",
            "en": (
                "{symbol}'s trading rules (tick size, minimum order) are not known yet, "
                "so no grid can be built for it."
            ),
        },
        "strategy.bad.percent": {
            "zh": "最大仓位占比须在 0 到 100 之间（你给的是 {value}）。",
            "en": "The largest position must be a share between 0 and 100 % of equity (you gave {value}).",
        },
        "strategy.bad.notes": {
            "zh": "提示说明最多 {max} 个字（现在 {count} 个）。",
            "en": "The notes take at most {max} characters (these have {count}).",
        },
        "strategy.bad.missing": {
            "zh": "策略缺少参数：{field}。",
            "en": "The strategy is missing a parameter: {field}.",
        },
        "strategy.field.symbol": {"zh": "币种", "en": "symbol"},
        "strategy.field.symbols": {"zh": "币种", "en": "symbols"},
        "strategy.field.quote_amount": {"zh": "每次买入金额", "en": "amount per buy"},
        "strategy.field.interval": {"zh": "间隔", "en": "interval"},
        "strategy.field.max_total": {"zh": "总投入上限", "en": "total cap"},
        "strategy.field.lower": {"zh": "网格下限", "en": "lower price"},
        "strategy.field.upper": {"zh": "网格上限", "en": "upper price"},
        "strategy.field.grids": {"zh": "网格数量", "en": "number of grids"},
        "strategy.field.quote_per_grid": {"zh": "每格金额", "en": "amount per grid"},
        "strategy.field.notes": {"zh": "提示说明", "en": "notes"},
        "strategy.field.max_position_pct": {"zh": "最大仓位占比", "en": "largest position"},
        "strategy.field.max_order_notional": {"zh": "单笔最大金额", "en": "largest order"},
    }
)

# The refusals that cite a symbol's filters say so when the filters are the demo market's.
register(
    demo_variants(
        "strategy.bad.min_notional",
        "strategy.bad.grid_tick",
        "strategy.bad.grid_notional",
        "strategy.bad.grid_quantity",
    )
)
