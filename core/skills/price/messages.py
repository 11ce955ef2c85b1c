"""User-facing texts of the price skill (zh + en): its questions, notices and market errors."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "price.help": {
            "zh": "查询 {supported} 的当前价格（最优卖价）和最近 7 个完整 UTC 日的收盘价走势",
            "en": "look up the current price (best ask) of {supported} and their daily closes for the last "
            "7 full UTC days",
        },
        "price.ask_symbol": {
            "zh": "要查哪个币？支持：{supported}。",
            "en": "Which coin? Supported: {supported}.",
        },
        "price.choose_one": {
            "zh": "一次只能查一个币，请选择：{named}。",
            "en": "I can look up one coin at a time. Which one: {named}?",
        },
        "price.unsupported": {
            "zh": "暂不支持 {symbol}。目前支持：{supported}。",
            "en": "{symbol} isn't supported. Supported coins: {supported}.",
        },
        "price.chart_alt": {
            "zh": "{base} 最近 {days} 个完整 UTC 日的收盘价走势图",
            "en": "{base} daily closes, last {days} full UTC days",
        },
        "price.missing_days": {
            "zh": "交易所没有返回这些日期的有效数据：{dates}（缺失或自相矛盾；图中留空，未补数）。",
            "en": "The exchange returned no usable data for {dates} (missing or inconsistent; "
            "left as gaps, not filled in).",
        },
        "price.no_history": {
            "zh": "交易所没有返回 {base} 最近 7 天的任何收盘价。",
            "en": "The exchange returned no daily closes for {base} in the last 7 days.",
        },
        "price.chart_failed": {
            "zh": "图表生成失败，以下为文字数据。",
            "en": "The chart could not be drawn; the closes are listed as text.",
        },
        "price.only_7_days": {
            "zh": "目前只提供最近 7 个完整 UTC 日的日收盘价，以下是这 7 天的数据。",
            "en": "Only the daily closes of the last 7 full UTC days are available; here they are.",
        },
        "price.only_usdt": {
            "zh": "价格只以 USDT 计价。",
            "en": "Prices are quoted in USDT only.",
        },
        "price.demo_notice": {
            "zh": "演示数据（离线模拟行情），不是真实价格。",
            "en": "Demo data (offline simulated market), not real prices.",
        },
        # market errors
        "market.market_timeout": {
            "zh": "行情服务超时，请稍后再试。",
            "en": "The market data service timed out. Please try again shortly.",
        },
        "market.market_rate_limited": {
            "zh": "行情服务限流中，请 {seconds} 秒后再试。",
            "en": "The market data service is rate-limiting us. Please try again in {seconds} s.",
        },
        "market.market_blocked": {
            "zh": "币安暂时屏蔽了我们的请求，我会在 {minutes} 分钟后再试。",
            "en": "Binance has blocked requests for now; I'll try again in {minutes} min.",
        },
        "market.market_unavailable": {
            "zh": "行情服务暂时不可用，请稍后再试。",
            "en": "The market data service is unavailable right now. Please try again later.",
        },
        "market.market_network": {
            "zh": "无法连接行情服务，请稍后再试。",
            "en": "Couldn't reach the market data service. Please try again later.",
        },
        "market.market_bad_response": {
            "zh": "行情服务返回了无法识别的数据，没有显示任何价格。",
            "en": "The market data service sent a response I couldn't read, so no price is shown.",
        },
        "market.market_symbol_mismatch": {
            "zh": "行情服务返回了别的交易对，没有显示任何价格。",
            "en": "The market data service answered for a different symbol, so no price is shown.",
        },
        "market.market_bad_price": {
            "zh": "行情服务返回了无效价格，没有显示任何价格。",
            "en": "The market data service returned an invalid price, so no price is shown.",
        },
        "market.internal": {
            "zh": "出了点问题，没能完成查询。",
            "en": "Something went wrong and the lookup didn't complete.",
        },
    }
)
