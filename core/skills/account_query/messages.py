"""User-facing texts of the account questions (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "aq.ask_symbol": {"zh": "想知道最多能买多少个哪种币？", "en": "The most of which coin?"},
        "aq.unsupported": {
            "zh": "暂不支持交易 {coin}。可交易：{supported}。",
            "en": "{coin} can't be traded here. Tradable: {supported}.",
        },
        "aq.max_buy": {
            "zh": "账户「{account}」最多能买 {quantity} {base}：可用 {free} USDT，按卖一价 {price} USDT、"
            "手续费 {fee}% 和最小步长 {step} 计算。",
            "en": "The most “{account}” can buy is {quantity} {base}: {free} USDT free, at the best ask of "
            "{price} USDT, with the {fee}% fee and the step size of {step}.",
        },
        "aq.max_buy_capped": {
            "zh": "（余额本可买 {by_balance} {base}，但受账户单笔上限限制。）",
            "en": "(The balance alone would buy {by_balance} {base}; the account's cap per order limits it.)",
        },
        "aq.market_down": {
            "zh": "暂时拿不到报价，请稍后再试。",
            "en": "No quote right now; please try again shortly.",
        },
        "aq.refused_orders": {
            "zh": "最近被拒绝的订单（没有成交）：",
            "en": "Recent orders that were refused (nothing traded):",
        },
        "aq.refused_line": {
            "zh": "· {time} UTC {side} {quantity} {base}：被拒绝（{code} {message}）",
            "en": "· {time} UTC {side} {quantity} {base}: refused ({code} {message})",
        },
        "aq.side.buy": {"zh": "买入", "en": "buy"},
        "aq.side.sell": {"zh": "卖出", "en": "sell"},
        "aq.exchange_refused": {
            "zh": "交易所拒绝了请求（{code} {message}）。{why}",
            "en": "The exchange refused the request ({code} {message}). {why}",
        },
        "aq.exchange_down": {
            "zh": "交易所暂时无法访问（{code} {message}）。",
            "en": "The exchange can't be reached right now ({code} {message}).",
        },
        "aq.no_export_trades": {
            "zh": "暂不支持导出为文件。以下是最近的成交（最多 {count} 笔）：",
            "en": "Exporting to a file isn't offered. Here are your latest trades (up to {count}):",
        },
        "aq.no_export": {
            "zh": "暂不支持导出为文件。以下是当前的数据：",
            "en": "Exporting to a file isn't offered. Here is what I can show:",
        },
        "aq.describe.balance": {"zh": "查看余额", "en": "looking at balances"},
        "aq.describe.positions": {"zh": "查看持仓", "en": "looking at positions"},
        "aq.describe.trades": {"zh": "查看成交记录", "en": "looking at trades"},
        "aq.describe.max_buy": {"zh": "计算最多能买多少", "en": "working out the most you can buy"},
    }
)
