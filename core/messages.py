"""User-facing texts of the conversation engine and the price skills (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        # input validation
        "input.empty": {
            "zh": "消息是空的。试试「BTC 价格」。",
            "en": "That message is empty. Try “BTC price”.",
        },
        "input.too_long": {
            "zh": "消息太长了（{length} 字，最多 {limit} 字）。请说得简短一些。",
            "en": "That message is too long ({length} characters; the limit is {limit}). "
            "Please keep it short.",
        },
        "input.control_chars": {
            "zh": "消息里有无法处理的控制字符，请重新输入。",
            "en": "That message contains control characters I can't handle. Please type it again.",
        },
        "input.secret_ignored": {
            "zh": "你的消息里似乎有密钥或机密信息：我没有保存或转发它，并已尝试删除这条消息。"
            "请不要在聊天中发送密钥。",
            "en": "Your message looked like it contained a key or secret: nothing was stored or passed on, "
            "and I've tried to delete the message. Never post keys in a chat.",
        },
        # buttons
        "button.not_yours": {"zh": "这个按钮不是给你的。", "en": "This button isn't for you."},
        "button.other_chat": {
            "zh": "这个按钮属于另一个对话，请在原来的对话里使用。",
            "en": "This button belongs to another conversation; use it there.",
        },
        "button.expired": {
            "zh": "这个按钮已过期，请重新提问。",
            "en": "This button has expired. Please ask again.",
        },
        "button.used": {"zh": "这个按钮已经用过了。", "en": "This button has already been used."},
        "button.cancelled": {
            "zh": "这个请求已经取消了，没有执行任何操作。",
            "en": "This request was cancelled; nothing was done.",
        },
        "button.unknown": {"zh": "这个按钮已失效。", "en": "This button is no longer valid."},
        # price skill
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
            "zh": "交易所没有返回这些日期的数据：{dates}（图中留空，未补数）。",
            "en": "The exchange returned no data for {dates} (left as gaps, not filled in).",
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
        # engine / commands
        "cmd.unknown": {
            "zh": "不认识的命令 /{name}。发送 /help 查看可用命令。",
            "en": "Unknown command /{name}. Send /help to see what I can do.",
        },
        "lang.set": {"zh": "好的，之后用中文回复。", "en": "OK, I'll reply in English from now on."},
        "lang.ask": {"zh": "请选择语言：", "en": "Choose a language:"},
        "lang.invalid": {
            "zh": "用法：/lang zh、/lang en 或 /lang auto（跟随你的消息语言）",
            "en": "Usage: /lang zh, /lang en or /lang auto (follow the language you write in)",
        },
        "lang.auto": {
            "zh": "好的，之后按你每条消息的语言回复。",
            "en": "OK, I'll reply in the language you write in.",
        },
        "cancel.nothing": {"zh": "当前没有进行中的任务。", "en": "There's nothing to cancel."},
        "cancel.done": {"zh": "已取消。", "en": "Cancelled."},
        "working": {"zh": "正在处理…", "en": "Working on it…"},
        "button.cancel": {"zh": "取消", "en": "Cancel"},
        "private_only": {
            "zh": "这涉及你的个人数据，请在和我的私聊中操作。",
            "en": "That involves your personal data. Let's continue in a private chat with me.",
        },
        "welcome": {
            "zh": "你好，我是 deskmate，你的交易助手。可以这样问我：",
            "en": "Hi, I'm deskmate, your trading assistant. Try asking:",
        },
        "help": {
            "zh": "我能查询 {supported} 的当前价格（币安最优卖价）和最近 7 个完整 UTC 日的收盘价走势，"
            "也能在私聊里管理你的交易所账户和模型配置。例如：",
            "en": "I can look up the current price (Binance best ask) of {supported} and their daily closes "
            "for the last 7 full UTC days, and, in a private chat, manage your exchange accounts and model "
            "configs. For example:",
        },
        "help.commands": {
            "zh": "命令：/price 币种 · /history 币种 · /lang zh|en|auto · /cancel · /help",
            "en": "Commands: /price coin · /history coin · /lang zh|en|auto · /cancel · /help",
        },
        "greeting": {
            "zh": "你好！我是 deskmate，你的交易助手。",
            "en": "Hi! I'm deskmate, your trading assistant.",
        },
        "fallback": {
            "zh": "这个我暂时帮不上忙。我能做的是：",
            "en": "I can't help with that yet. Here's what I can do:",
        },
        "examples": {
            "zh": "· 获取当前 BTC 价格\n· ETH 最近 7 天走势\n· 查询 SOL 当前价格和最近七天走势\n"
            "· 添加一个币安交易所账户\n· 配置一个 DeepSeek 模型",
            "en": "· Get the current BTC price\n· Show ETH prices for the last seven days\n"
            "· SOL price and its 7-day trend\n· Add a Binance exchange account\n· Set up a DeepSeek model",
        },
    }
)
