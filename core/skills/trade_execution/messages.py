"""User-facing texts of trading by conversation (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "trade.ask_symbol.buy": {"zh": "要买哪个币？", "en": "Which coin do you want to buy?"},
        "trade.ask_symbol.sell": {"zh": "要卖哪个币？", "en": "Which coin do you want to sell?"},
        "trade.ask_amount.buy": {
            "zh": "买多少{base}？可以说金额（如「100 USDT」）或数量（如「0.01」）。",
            "en": "How much {base}? Give an amount (e.g. “100 USDT”) or a quantity (e.g. “0.01”).",
        },
        "trade.ask_amount.sell": {
            "zh": "卖多少{base}？可以说数量（如「0.5」）、「一半」或「全部」。",
            "en": "How much {base}? Give a quantity (e.g. “0.5”), “half” or “all”.",
        },
        "trade.ask_side": {"zh": "买入还是卖出？", "en": "Buy or sell?"},
        "trade.ask_limit_price": {
            "zh": "挂单价格是多少（USDT）？",
            "en": "At what price (USDT) should the order rest?",
        },
        "trade.bad_amount": {
            "zh": "没看懂数量，请说「100 USDT」「0.01」「一半」或「全部」。",
            "en": "I didn't get the amount; say “100 USDT”, “0.01”, “half” or “all”.",
        },
        "trade.unsupported": {
            "zh": "暂不支持交易 {coin}。可交易：{supported}。",
            "en": "{coin} can't be traded here. Tradable: {supported}.",
        },
        "trade.rules_unknown": {
            "zh": (
                "还不知道 {coin} 的交易规则（最小价格变动、数量步长、最小下单金额），要等交易所币种列表"
                "首次刷新后才能下单（查价格不受影响）。现在可交易：{supported}。"
            ),
            "en": (
                "{coin}'s trading rules (tick size, step size, minimum order) are not known yet: "
                "orders wait for the first refresh of the exchange's list (prices are not affected). "
                "Tradable now: {supported}."
            ),
        },
        "trade.row.rules": {"zh": "交易规则", "en": "Trading rules"},
        "trade.rules.demo": {
            "zh": "演示规则（数量步长 {step}，最小金额 {min} USDT）",
            "en": "demo rules (step {step}, minimum {min} USDT)",
        },
        "trade.amount.half": {"zh": "一半", "en": "half"},
        "trade.amount.all": {"zh": "全部", "en": "all"},
        "trade.side.buy": {"zh": "买入", "en": "Buy"},
        "trade.side.sell": {"zh": "卖出", "en": "Sell"},
        "trade.describe": {"zh": "{side} {base}", "en": "{side} {base}"},
        "trade.confirm": {
            "zh": "确认在{kind}账户「{account}」{side} {quantity} {base}（约 {notional} USDT）吗？",
            "en": "{side} {quantity} {base} (about {notional} USDT) on the {kind} account “{account}”?",
        },
        "trade.summary.title": {"zh": "订单摘要（市价单）", "en": "Order summary (market order)"},
        "trade.row.side": {"zh": "方向", "en": "Side"},
        "trade.row.symbol": {"zh": "交易对", "en": "Symbol"},
        "trade.row.quantity": {"zh": "数量", "en": "Quantity"},
        "trade.row.notional": {"zh": "金额（约）", "en": "Amount (approx.)"},
        "trade.row.price.buy": {"zh": "当前卖一价", "en": "Current best ask"},
        "trade.row.price.sell": {"zh": "当前买一价", "en": "Current best bid"},
        "trade.row.fee": {"zh": "预估手续费", "en": "Estimated fee"},
        "trade.row.account": {"zh": "账户", "en": "Account"},
        "trade.row.kind": {"zh": "类型", "en": "Type"},
        "trade.row.share": {"zh": "占账户权益", "en": "Share of equity"},
        "trade.kind.paper": {"zh": "模拟盘（虚拟资金）", "en": "paper (simulated funds)"},
        "trade.kind.live": {"zh": "实盘（真实资金）", "en": "LIVE (real funds)"},
        "trade.kind_word.paper": {"zh": "模拟", "en": "paper"},
        "trade.kind_word.live": {"zh": "实盘", "en": "live"},
        "trade.fill_note": {
            "zh": "按确认时的实时价格成交；价格若变动超过 {tolerance}% 会重新请你确认。",
            "en": "It fills at the price when you confirm; a move of more than {tolerance}% is"
            " shown to you again.",
        },
        "trade.confirm_twice": {
            "zh": "这笔订单约占账户权益的 {share}%（≥ {threshold}%），需要再确认一次。",
            "en": "This order is about {share}% of the account's equity (≥ {threshold}%): please"
            " confirm it once more.",
        },
        "trade.price_moved": {
            "zh": "价格已从 {old} 变为 {new}（{change}%，超过 {tolerance}%），未下单。请按新价格重新确认：",
            "en": "The price moved from {old} to {new} ({change}%, more than {tolerance}%); "
            "nothing was placed. Please confirm at the new price:",
        },
        "trade.price_moved_again": {
            "zh": "确认时价格又变动超过 {tolerance}%，未下单。请重新发起。",
            "en": "The price moved more than {tolerance}% again as you confirmed; nothing was"
            " placed. Please ask again.",
        },
        "trade.filled": {
            "zh": "已成交：{side} {quantity} {base}，均价 {price} USDT。",
            "en": "Filled: {side} {quantity} {base} at {price} USDT.",
        },
        "trade.duplicate": {
            "zh": "这笔订单已经执行过了（同一订单号），不会重复下单。",
            "en": "This order already ran (same order id); it won't be placed twice.",
        },
        "trade.unknown": {
            "zh": "交易所暂时无法确认这笔订单的结果（{code}）。它没有被重复提交；"
            "再次下单前请先在交易所查看这笔订单（订单号见下）。",
            "en": "The exchange couldn't confirm this order's outcome yet ({code}). It was not sent again; "
            "check it on the exchange (order id below) before placing another.",
        },
        "trade.market_down": {
            "zh": "暂时拿不到 {base} 的报价，未下单，请稍后再试。",
            "en": "No quote for {base} right now; nothing was placed. Please try again shortly.",
        },
        "trade.exchange_refused": {
            "zh": "交易所拒绝了请求，未下单（{code} {message}）。{why}",
            "en": "The exchange refused the request; nothing was placed ({code} {message}). {why}",
        },
        "trade.exchange_down": {
            "zh": "交易所暂时无法访问（{code} {message}），未下单。",
            "en": "The exchange can't be reached right now ({code} {message}); nothing was placed.",
        },
        # Why an order cannot trade: the exchange's own code and message, then a clear sentence.
        "trade.why.LOT_SIZE.min_qty": {
            "zh": "数量 {quantity} 低于最小下单量 {min_qty}（{code} {message}）。",
            "en": "The quantity {quantity} is below the minimum of {min_qty} ({code} {message}).",
        },
        "trade.why.LOT_SIZE.max_qty": {
            "zh": "数量 {quantity} 超过单笔最大下单量 {max_qty}（{code} {message}）。",
            "en": "The quantity {quantity} is above the maximum of {max_qty} ({code} {message}).",
        },
        "trade.why.LOT_SIZE.step_size": {
            "zh": "数量 {quantity} 不是步长 {step} 的整数倍（{code} {message}）。",
            "en": "The quantity {quantity} is not a multiple of the step size {step} ({code} {message}).",
        },
        "trade.why.NOTIONAL.min_notional": {
            "zh": "订单金额 {notional} USDT 低于最小金额 {min_notional} USDT（{code} {message}）。",
            "en": "The order is worth {notional} USDT, below the minimum of {min_notional} USDT"
            " ({code} {message}).",
        },
        "trade.why.NOTIONAL.max_notional": {
            "zh": "订单金额 {notional} USDT 超过最大金额 {max_notional} USDT（{code} {message}）。",
            "en": "The order is worth {notional} USDT, above the maximum of {max_notional} USDT"
            " ({code} {message}).",
        },
        "trade.why.balance": {
            "zh": "余额不足：需要 {needed} {asset}，可用 {free} {asset}（{code} {message}）。",
            "en": "Insufficient balance: it needs {needed} {asset}, {free} {asset} is free ({code}"
            " {message}).",
        },
        "trade.why.cap_notional": {
            "zh": "超过账户的单笔上限：这笔约 {notional} USDT，上限 {cap} USDT。",
            "en": "Above the account's cap per order: this one is about {notional} USDT, the cap"
            " is {cap} USDT.",
        },
        "trade.why.cap_equity_share": {
            "zh": "超过账户的单笔权益占比上限：这笔约占 {share}%，上限 {cap}%。",
            "en": "Above the account's cap per order: this one is {share}% of equity, the cap is {cap}%.",
        },
        "trade.why.max_equity_share_committed": {
            "zh": "超过账户的权益占比上限：这笔约 {notional} USDT，加上挂单已冻结的 {committed} USDT，"
            "共占 {share}%，上限 {cap}%。",
            "en": "Above the account's share of equity: this one is about {notional} USDT, with the"
            " {committed} USDT already locked by open orders that is {share}%, the cap is {cap}%.",
        },
        "trade.why.rules_unknown": {
            "zh": "还不知道 {coin} 的交易规则（数量步长、最小下单金额），要等交易所币种列表首次刷新；"
            "未下单。",
            "en": (
                "{coin}'s trading rules (step size, minimum order) are not known yet: they come with "
                "the first refresh of the exchange's list; nothing was placed."
            ),
        },
        "trade.why.unsupported_symbol": {
            "zh": "这个交易对暂不支持下单。",
            "en": "That symbol can't be traded here.",
        },
        "trade.why.-1021": {
            "zh": "请求时间戳超出交易所允许的窗口（{code} {message}），通常是服务器时钟偏差；未下单。",
            "en": "The request's timestamp was outside the exchange's window ({code} {message}), usually a "
            "clock skew; nothing was placed.",
        },
        "trade.why.-2010": {
            "zh": "交易所拒绝：余额不足（{code} {message}）。",
            "en": "The exchange refused it: insufficient balance ({code} {message}).",
        },
        "trade.why.-1013": {
            "zh": "交易所拒绝：不满足交易规则（{code} {message}）。",
            "en": "The exchange refused it: a trading rule was not met ({code} {message}).",
        },
        "trade.why.-2015": {
            "zh": "API Key 无效、IP 不在白名单或没有交易权限（{code} {message}）。",
            "en": "Invalid API key, IP not allowed, or no trading permission ({code} {message}).",
        },
        "trade.why.not_placed": {
            "zh": "请求超时，查询后确认交易所没有收到这笔订单（{message}），未成交。",
            "en": "The request timed out, and the exchange confirms it never received the order ({message}); "
            "nothing traded.",
        },
        "trade.why.other": {
            "zh": "交易所拒绝了这笔订单（{code} {message}）。",
            "en": "The exchange rejected the order ({code} {message}).",
        },
        "trade.dust": {
            "zh": "（可用余额不足一个最小下单单位时无法卖出。）",
            "en": "(A balance below one minimum lot can't be sold.)",
        },
        "trade.interrupted_done": {
            "zh": "「{what}」执行时服务中断了；查询订单后确认它已经执行过。",
            "en": "{what} was interrupted by a restart; the order records show it already ran.",
        },
        "trade.interrupted_not_run": {
            "zh": "「{what}」执行时服务中断了；查询订单后确认它没有成交。"
            "可以重新确认（同一订单号，不会重复成交），或取消。",
            "en": "{what} was interrupted by a restart before it filled; nothing traded. You can confirm it "
            "again (same order id: it can't fill twice) or cancel it.",
        },
    }
)
