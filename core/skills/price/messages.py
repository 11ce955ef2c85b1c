"""User-facing texts of the price skill (zh + en): its questions, notices and market errors."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "price.help": {
            "zh": "查询币安现货任意 USDT 交易对（共 {count} 个，如 BTC、ETH、DOGE）的当前价格（最优卖价），"
            "以及最近 7、14、30 或 90 个完整 UTC 日的收盘价走势；一次最多 3 个币",
            "en": "look up the current price (best ask) of any Binance spot coin quoted in USDT ({count} "
            "coins, e.g. BTC, ETH, DOGE) and its daily closes for the last 7, 14, 30 or 90 full UTC days; "
            "up to 3 coins at once",
        },
        "price.describe.current": {"zh": "{coins}当前价格", "en": "{coins} price now"},
        "price.describe.history": {"zh": "{coins}最近走势", "en": "{coins} recent closes"},
        "price.describe.both": {"zh": "{coins}价格和走势", "en": "{coins} price and recent closes"},
        "price.ask_symbol": {
            "zh": "要查哪个币？可以说代码或名称（币安现货 USDT 交易对，共 {count} 个），或选下面常见的币。",
            "en": "Which coin? Name it by ticker or name (any of {count} Binance USDT spot coins), or pick "
            "a popular one below.",
        },
        "price.too_many_coins": {
            "zh": "一次最多查 {most} 个币，你提到了：{named}。请缩小范围，或选一个：",
            "en": "I can show up to {most} coins at once and you named {named}. Please narrow it down, "
            "or pick one:",
        },
        "price.unsupported": {
            "zh": "币安现货没有 {symbol}/USDT 交易对，暂不支持 {symbol}"
            "（支持币安现货全部 {count} 个 USDT 交易对）。",
            "en": "{symbol} isn't supported: Binance spot lists no {symbol}/USDT market (all {count} "
            "USDT spot markets are).",
        },
        "price.unknown_coin": {
            "zh": "我不认识币种“{name}”。请用代码（如 BTC）或名称再试一次。",
            "en": 'I don\'t know the coin "{name}". Try its ticker (like BTC) or its name.',
        },
        "price.unknown_coin_close": {
            "zh": "我不认识币种“{name}”。你是指 {close} 吗？",
            "en": 'I don\'t know the coin "{name}". Did you mean {close}?',
        },
        "price.not_a_coin": {
            "zh": "“{name}”不是币安现货上的币，我没法报价（我只报币安现货 USDT 交易对的价格）。",
            "en": '"{name}" is not a coin on Binance spot, so I can\'t quote it (I quote Binance USDT '
            "spot markets only).",
        },
        "price.range_nearest": {
            "zh": "没有“{asked}”这个区间：我提供最近 {served} 个完整 UTC 日的收盘价。"
            "以下是最接近的最近 {days} 天。",
            "en": '"{asked}" isn\'t a range I serve: I give daily closes for the last {served} full UTC '
            "days. Here are the nearest, the last {days} days.",
        },
        "price.range_month": {
            "zh": "“{asked}”按最近 30 个完整 UTC 日计。",
            "en": '"{asked}" is read as the last 30 full UTC days.',
        },
        "price.change_up": {
            "zh": "{base} 过去 24 小时上涨了 {percent}（{amount} {asset}），现在 {price} {asset}。",
            "en": "Yes: {base} is up {percent} over the last 24 hours ({amount} {asset}), "
            "now {price} {asset}.",
        },
        "price.change_down": {
            "zh": "{base} 过去 24 小时下跌了 {percent}（{amount} {asset}），现在 {price} {asset}。",
            "en": "No: {base} is down {percent} over the last 24 hours ({amount} {asset}), "
            "now {price} {asset}.",
        },
        "price.change_flat": {
            "zh": "{base} 过去 24 小时持平，现在 {price} {asset}。",
            "en": "{base} is flat over the last 24 hours, now {price} {asset}.",
        },
        "price.part.current": {"zh": "{base} 现价", "en": "{base} price"},
        "price.part.history": {"zh": "{base} 走势", "en": "{base} history"},
        "price.part.change": {"zh": "{base} 24 小时涨跌", "en": "{base} 24h change"},
        "price.failed_parts": {"zh": "{text}（{parts}）", "en": "{text} ({parts})"},
        "price.range_date": {
            "zh": "我不提供指定日期（{asked}）的价格，只提供当前价格和最近 {served} 个完整 UTC 日的收盘价。"
            "以下是当前价格。",
            "en": "I don't serve prices on a given date ({asked}); I serve the current price and daily "
            "closes for the last {served} full UTC days. Here is the current price.",
        },
        "price.range_intraday": {
            "zh": "我不提供小时或分钟级数据（{asked}），只提供最近 {served} 个完整 UTC 日的日收盘价。"
            "以下是最近 {days} 天。",
            "en": "I don't serve hourly or minute data ({asked}), only daily closes for the last {served} "
            "full UTC days. Here are the last {days} days.",
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
            "zh": "交易所没有返回 {base} 最近 {days} 天的任何收盘价。",
            "en": "The exchange returned no daily closes for {base} in the last {days} days.",
        },
        "price.chart_failed": {
            "zh": "图表生成失败，以下为文字数据。",
            "en": "The chart could not be drawn; the closes are listed as text.",
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
        "market.market_not_trading": {
            "zh": "这个币现在不在币安交易（币安说交易对无效，可能已下架或暂停），没有显示任何价格。",
            "en": "This coin is not trading on Binance now (Binance says the symbol is invalid: delisted or "
            "halted), so no price is shown.",
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
