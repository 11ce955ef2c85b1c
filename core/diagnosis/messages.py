"""The words of every diagnosis (zh + en): headings, checks, causes (why) and steps (what to do).

Templates may use: {account} {exchange} {code} {message} {offset} {symbol} {rules} {provider}
{model} {models} {base_url} {status} {detail}; core.diagnosis.report fills the ones it has and
leaves the rest empty.
"""

from __future__ import annotations

from core.i18n import register

register(
    {
        # -- headings (the checklist's three parts) -------------------------------------------
        "dx.heading.happened": {"zh": "发生了什么", "en": "What happened"},
        "dx.heading.checks": {"zh": "检查", "en": "Checks"},
        "dx.heading.why": {"zh": "原因", "en": "Why"},
        "dx.heading.now": {"zh": "现在该怎么做", "en": "What to do now"},
        "dx.outcome.ok": {"zh": "通过", "en": "ok"},
        "dx.outcome.failed": {"zh": "未通过", "en": "failed"},
        "dx.outcome.skipped": {"zh": "跳过", "en": "skipped"},
        "dx.explain": {
            "zh": "{why} 先这样做：{step} 要逐项检查，说「诊断我的账户」。",
            "en": "{why} First: {step} For a check of each part, say “diagnose my account”.",
        },
        "dx.outcome.unknown": {"zh": "未知", "en": "unknown"},
        "dx.unknown": {"zh": "未知", "en": "unknown"},
        "dx.skipped_after": {"zh": "前一项未通过，未执行", "en": "not run: an earlier check failed"},
        # -- checks ----------------------------------------------------------------------------
        "dx.check.order": {"zh": "订单记录", "en": "Order record"},
        "dx.check.filters": {"zh": "交易对规则（数量、金额）", "en": "Symbol filters (quantity, amount)"},
        "dx.check.balance": {"zh": "可用余额", "en": "Free balance"},
        "dx.check.balances": {"zh": "余额", "en": "Balances"},
        "dx.check.positions": {"zh": "持仓与余额", "en": "Positions vs balances"},
        "dx.check.history": {"zh": "成交记录与持仓", "en": "Trade history vs positions"},
        "dx.check.ledger": {"zh": "模拟账户 USDT 账目", "en": "Paper USDT ledger"},
        "dx.side.buy": {"zh": "买入", "en": "buy"},
        "dx.side.sell": {"zh": "卖出", "en": "sell"},
        "dx.status.filled": {"zh": "已成交", "en": "filled"},
        "dx.status.rejected": {"zh": "被拒绝", "en": "rejected"},
        "dx.status.unknown": {"zh": "状态未知", "en": "unknown"},
        "dx.status.pending": {"zh": "待执行", "en": "pending"},
        "dx.detail.no_failed_order": {"zh": "最近没有失败的订单", "en": "no failed order recently"},
        "dx.detail.order": {
            "zh": "{time} {side} {quantity} {symbol}（{account}）：{status}",
            "en": "{time} {side} {quantity} {symbol} ({account}): {status}",
        },
        "dx.detail.no_quote": {"zh": "现在拿不到报价，未检查", "en": "no quote right now: not checked"},
        "dx.detail.balance_short": {
            "zh": "需要 {need} {asset}，可用只有 {have} {asset}",
            "en": "needs {need} {asset}, only {have} {asset} free",
        },
        "dx.detail.balance_now": {
            "zh": "现在可用 {have} {asset}（这笔需要 {need} {asset}）",
            "en": "{have} {asset} free now (this order needs {need} {asset})",
        },
        "dx.detail.no_accounts": {"zh": "你还没有任何账户", "en": "you have no account yet"},
        "dx.detail.positions_apart": {
            "zh": "持仓记录 ≠ 实际余额：{items}",
            "en": "recorded position ≠ actual balance: {items}",
        },
        "dx.detail.positions_match": {
            "zh": "{count} 个持仓都和余额一致",
            "en": "all {count} positions match the balances",
        },
        "dx.detail.history_long": {
            "zh": "成交超过 {count} 笔，未逐笔核对",
            "en": "more than {count} fills: not added up one by one",
        },
        "dx.detail.history_apart": {
            "zh": "按成交记录算出的数量 ≠ 持仓记录：{items}",
            "en": "what the fills add up to ≠ the recorded position: {items}",
        },
        "dx.detail.history_match": {
            "zh": "{count} 笔成交加起来和持仓一致",
            "en": "{count} fills add up to the positions",
        },
        "dx.detail.ledger_apart": {
            "zh": "按起始 {start} USDT 和每笔成交应有 {expected} USDT，实际 {have} USDT",
            "en": "from {start} USDT and every fill there should be {expected} USDT; there is {have} USDT",
        },
        "dx.detail.ledger_match": {
            "zh": "起始 {start} USDT 加减每笔成交和手续费 = {have} USDT，一致",
            "en": "{start} USDT plus and minus every fill and fee = {have} USDT: it adds up",
        },
        "dx.check.trader": {"zh": "交易员", "en": "Trader"},
        "dx.check.state": {"zh": "运行状态与最近错误", "en": "State and last error"},
        "dx.check.setup": {"zh": "账户、策略、模型", "en": "Account, strategy, model"},
        "dx.check.decisions": {"zh": "最近的决策", "en": "Recent decisions"},
        "dx.check.funding": {"zh": "账户余额与最小下单额", "en": "Balance vs smallest order"},
        "dx.check.exchange": {"zh": "交易所的下单结果", "en": "The exchange's order results"},
        "dx.check.model_errors": {"zh": "模型最近的错误", "en": "The model's recent errors"},
        "dx.check.strategy": {"zh": "策略", "en": "Strategy"},
        "dx.check.params": {"zh": "参数与交易对规则", "en": "Parameters vs the symbol's filters"},
        "dx.check.market": {"zh": "参数与当前行情", "en": "Parameters vs the market"},
        "dx.check.used_by": {"zh": "使用它的交易员", "en": "Traders using it"},
        "dx.trader_state.stopped": {"zh": "已停止", "en": "stopped"},
        "dx.trader_state.starting": {"zh": "启动中", "en": "starting"},
        "dx.trader_state.running": {"zh": "运行中", "en": "running"},
        "dx.trader_state.stopping": {"zh": "停止中", "en": "stopping"},
        "dx.trader_state.error": {"zh": "出错已停止", "en": "stopped on an error"},
        "dx.action.hold": {"zh": "观望", "en": "hold"},
        "dx.action.buy": {"zh": "买入", "en": "buy"},
        "dx.action.sell": {"zh": "卖出", "en": "sell"},
        "dx.action.invalid": {"zh": "无效", "en": "invalid"},
        "dx.action.skipped": {"zh": "跳过", "en": "skipped"},
        "dx.action.error": {"zh": "出错", "en": "error"},
        "dx.detail.no_traders": {"zh": "你还没有交易员", "en": "you have no trader yet"},
        "dx.detail.trader_state": {
            "zh": "{state}，本次运行 {ticks} 次决策、{orders} 笔订单",
            "en": "{state}; {ticks} ticks and {orders} orders this run",
        },
        "dx.detail.account_gone": {
            "zh": "「{name}」的交易所账户已不存在",
            "en": "the exchange account of “{name}” is gone",
        },
        "dx.detail.strategy_gone": {
            "zh": "「{name}」的策略已不存在",
            "en": "the strategy of “{name}” is gone",
        },
        "dx.detail.no_model": {
            "zh": "AI 策略需要一个启用中的模型配置，「{name}」没有",
            "en": "an ai strategy needs an enabled model config; “{name}” has none",
        },
        "dx.detail.setup": {
            "zh": "账户 {account} · 策略 {strategy} · 模型 {model}",
            "en": "account {account} · strategy {strategy} · model {model}",
        },
        "dx.detail.no_decisions_yet": {
            "zh": "还没有决策：第一次决策在第一个周期到来时",
            "en": "no decision yet: the first comes at the first interval",
        },
        "dx.detail.no_decisions": {"zh": "这次运行还没有决策", "en": "no decisions in this run"},
        "dx.detail.decisions": {"zh": "最近 {count} 次：{counts}", "en": "last {count}: {counts}"},
        "dx.detail.unfunded": {
            "zh": "可用 {free} USDT，少于策略一笔最少要花的 {need} USDT",
            "en": "{free} USDT free, less than the {need} USDT one order of the strategy spends",
        },
        "dx.detail.funded": {
            "zh": "可用 {free} USDT，够一笔 {need} USDT",
            "en": "{free} USDT free, enough for one {need} USDT order",
        },
        "dx.detail.no_orders": {"zh": "还没有下过单", "en": "no orders yet"},
        "dx.detail.orders_ok": {"zh": "{count} 笔订单都成交了", "en": "all {count} orders filled"},
        "dx.detail.orders_bad": {
            "zh": "{count} 笔中 {bad} 笔没有成交，最近一次：{code} {message}",
            "en": "{bad} of {count} orders did not fill; the latest: {code} {message}",
        },
        "dx.detail.not_ai": {"zh": "不是 AI 策略，不用模型", "en": "not an ai strategy: no model involved"},
        "dx.detail.model_errors": {
            "zh": "最近 {count} 次决策失败与模型有关，最近一次：{last}",
            "en": "{count} recent decisions failed on the model; the latest: {last}",
        },
        "dx.detail.no_model_errors": {"zh": "最近没有模型错误", "en": "no recent model errors"},
        "dx.detail.no_strategies": {"zh": "你还没有策略", "en": "you have no strategy yet"},
        "dx.detail.params_ok": {"zh": "参数符合交易对规则", "en": "the parameters fit the symbol's filters"},
        "dx.detail.grid_outside": {
            "zh": "现价 {price} 不在网格区间 {lower}–{upper} 内：价格回到区间前不会成交",
            "en": "the price {price} is outside the grid's range {lower}–{upper}: nothing trades until "
            "it comes back",
        },
        "dx.detail.grid_inside": {
            "zh": "现价 {price} 在网格区间 {lower}–{upper} 内",
            "en": "the price {price} is inside the grid's range {lower}–{upper}",
        },
        "dx.detail.market_any": {
            "zh": "这种策略在任何价格下都会执行",
            "en": "this kind of strategy acts at any price",
        },
        "dx.detail.unused": {"zh": "没有交易员使用这个策略", "en": "no trader uses this strategy"},
        "dx.check.pasted_error": {"zh": "你贴出的错误", "en": "The error you pasted"},
        "dx.check.account": {"zh": "账户记录", "en": "Account record"},
        "dx.check.key_format": {"zh": "密钥格式", "en": "Key format"},
        "dx.check.server_time": {"zh": "服务器时间差", "en": "Clock offset"},
        "dx.check.signed_read": {"zh": "签名只读请求（查询余额）", "en": "Signed read-only call (balances)"},
        "dx.check.environment": {"zh": "测试网 / 主网", "en": "Testnet / mainnet"},
        "dx.check.permissions": {"zh": "API 权限", "en": "API permissions"},
        "dx.check.symbol": {"zh": "交易对", "en": "Symbol"},
        "dx.check.model_config": {"zh": "模型配置", "en": "Model config"},
        "dx.check.base_url": {"zh": "接口地址", "en": "Base URL"},
        "dx.check.completion": {"zh": "一次极小的调用", "en": "A tiny completion"},
        "dx.check.model_name": {"zh": "模型名称", "en": "Model name"},
        # -- check details ---------------------------------------------------------------------
        "dx.detail.code_message": {"zh": "{code} {message}", "en": "{code} {message}"},
        "dx.detail.key_ok": {"zh": "API Key {key}", "en": "API key {key}"},
        "dx.detail.key_short": {
            "zh": "API Key {key} 长度为 {length}，{exchange} 的 Key 通常是 {expected} 个字母数字",
            "en": "API key {key} is {length} characters; {exchange} keys are usually {expected} letters "
            "and digits",
        },
        "dx.detail.key_spaces": {
            "zh": "API Key 或 Secret 里有空格或换行（多半是复制时带上的）",
            "en": "the API key or secret contains spaces or line breaks (usually from copying)",
        },
        "dx.detail.no_passphrase": {"zh": "缺少 passphrase", "en": "the passphrase is missing"},
        "dx.detail.offset": {
            "zh": "本机比交易所{direction} {offset} 毫秒",
            "en": "this machine is {offset} ms {direction} the exchange",
        },
        "dx.detail.ahead": {"zh": "快", "en": "ahead of"},
        "dx.detail.behind": {"zh": "慢", "en": "behind"},
        "dx.detail.assets": {"zh": "成功，{count} 种资产有余额", "en": "ok, {count} assets with a balance"},
        "dx.detail.other_env_ok": {
            "zh": "这对密钥在{other}上可以用",
            "en": "this key pair works on {other}",
        },
        "dx.detail.other_env_no": {
            "zh": "在{other}上也不能用：不是环境弄错了",
            "en": "it does not work on {other} either: not a testnet / mainnet mix-up",
        },
        "dx.detail.perms": {
            "zh": "读取：{reading}；现货交易：{spot}；提现：{withdrawals}；IP 白名单：{ip}",
            "en": "reading: {reading}; spot trading: {spot}; withdrawals: {withdrawals}; IP whitelist: {ip}",
        },
        "dx.detail.perms_unsaid": {
            "zh": "交易所没有说明这个 Key 的权限（{perms}），无法确认",
            "en": "the exchange did not say what this key may do ({perms}): could not confirm",
        },
        "dx.detail.perms_unread": {
            "zh": "读取权限失败（{detail}），无法确认",
            "en": "could not read them ({detail}): not confirmed",
        },
        "dx.detail.other_env_unknown": {
            "zh": "连不上{other}，无法检查是不是环境弄错了（{detail}）",
            "en": "couldn't check on {other}: it could not be reached ({detail})",
        },
        "dx.detail.balance_covers": {
            "zh": "现在可用 {have} {asset}，够这笔的 {need} {asset}",
            "en": "{have} {asset} free now, enough for this order's {need} {asset}",
        },
        "dx.detail.perms_unknown": {
            "zh": "该交易所不提供查询接口，无法自动检查",
            "en": "this exchange offers no way to read them: not checked automatically",
        },
        "dx.yes": {"zh": "开", "en": "on"},
        "dx.no": {"zh": "关", "en": "off"},
        "dx.detail.symbol_ok": {"zh": "{symbol} 可交易：{rules}", "en": "{symbol} trades: {rules}"},
        "dx.detail.symbol_unknown": {
            "zh": "{symbol} 不在可交易列表里",
            "en": "{symbol} is not a listed symbol",
        },
        "dx.detail.rules": {
            "zh": "步长 {step}，最小数量 {min_qty}，价格精度 {tick}，最小金额 {min_notional} USDT",
            "en": "step {step}, min quantity {min_qty}, tick {tick}, min amount {min_notional} USDT",
        },
        "dx.detail.demo_rules": {
            "zh": "（演示规则：离线演示行情为没有交易所规则的币设定）",
            "en": "(demo rules: the offline demo market's, for a coin whose exchange filters are not known)",
        },
        "dx.detail.no_symbol": {
            "zh": "没有说是哪个币：告诉我币种（例如「BTC 下单报 -1013 LOT_SIZE」），我会给出它的步长、最"
            "小数量和最小金额",
            "en": "no coin named: tell me which (e.g. “BTC order got -1013 LOT_SIZE”) and I'll give its "
            "step, minimum quantity and minimum amount",
        },
        "dx.detail.paper": {
            "zh": "模拟账户不连交易所，无需检查密钥",
            "en": "a paper account needs no keys and no exchange",
        },
        "dx.detail.unreachable": {"zh": "连不上：{detail}", "en": "unreachable: {detail}"},
        "dx.detail.model_config": {
            "zh": "{name}：{provider} · {model} · {base_url}",
            "en": "{name}: {provider} · {model} · {base_url}",
        },
        "dx.detail.completion_ok": {
            "zh": "HTTP {status}，{ms} 毫秒内回答",
            "en": "HTTP {status}, answered in {ms} ms",
        },
        "dx.detail.http": {"zh": "HTTP {status}：{message}", "en": "HTTP {status}: {message}"},
        "dx.detail.not_json": {
            "zh": "返回的是 {content_type}，不是 JSON（像是网页）",
            "en": "the answer is {content_type}, not JSON (looks like a web page)",
        },
        "dx.detail.timeout": {"zh": "{seconds} 秒内没有回答", "en": "no answer within {seconds} s"},
        "dx.detail.http_refused": {
            "zh": "http:// 地址会明文发送 API Key，已拒绝（本机地址除外）",
            "en": "an http:// address would send the API key in clear text: refused (except on this machine)",
        },
        "dx.detail.model_listed": {
            "zh": "{model} 是 {provider} 的当前模型",
            "en": "{model} is a current {provider} model",
        },
        "dx.detail.model_unlisted": {
            "zh": "{model} 不在 {provider} 的当前模型里：{models}",
            "en": "{model} is not among {provider}'s current models: {models}",
        },
        "dx.detail.disabled": {"zh": "{name} 已停用", "en": "{name} is disabled"},
        # -- what happened -----------------------------------------------------------------------
        "dx.happened.pasted": {
            "zh": "{source}返回了错误 {code}：{message}",
            "en": "{source} answered with error {code}: {message}",
        },
        "dx.happened.exchange_failed": {
            "zh": "我检查了账户「{account}」（{exchange}），发现了问题。",
            "en": "I checked the account “{account}” ({exchange}) and found a problem.",
        },
        "dx.happened.exchange_partly": {
            "zh": "我检查了账户「{account}」（{exchange}）：没有发现问题，但有的项目无法确认。",
            "en": "I checked the account “{account}” ({exchange}): nothing failed, but some things could "
            "not be confirmed.",
        },
        "dx.happened.exchange_ok": {
            "zh": "我检查了账户「{account}」（{exchange}）：时间、签名请求和交易对都正常。",
            "en": "I checked the account “{account}” ({exchange}): the clock, a signed call and the "
            "symbol are fine.",
        },
        "dx.happened.no_live_account": {
            "zh": "你还没有连接真实交易所的账户，所以没有可以检查的密钥。",
            "en": "You have no account connected to a real exchange, so there are no keys to check.",
        },
        "dx.happened.model_failed": {
            "zh": "我用模型配置「{name}」发了一次极小的请求，它失败了。",
            "en": "I sent one tiny request with the model config “{name}”, and it failed.",
        },
        "dx.happened.model_ok": {
            "zh": "我用模型配置「{name}」发了一次极小的请求，它正常回答了。",
            "en": "I sent one tiny request with the model config “{name}”, and it answered normally.",
        },
        "dx.happened.no_model_config": {"zh": "你还没有模型配置。", "en": "You have no model config yet."},
        "dx.your_account": {"zh": "你的账户", "en": "your account"},
        "dx.your_model": {"zh": "你的模型配置", "en": "your model config"},
        "dx.the_provider": {"zh": "服务商", "en": "the provider"},
        "dx.api_address": {"zh": "服务商文档里的 API 地址", "en": "the API address in the provider's docs"},
        "dx.source.binance": {"zh": "币安", "en": "Binance"},
        "dx.source.okx": {"zh": "OKX", "en": "OKX"},
        "dx.source.bybit": {"zh": "Bybit", "en": "Bybit"},
        "dx.source.model": {"zh": "模型服务商", "en": "The model provider"},
        "dx.source.http": {"zh": "服务器", "en": "The server"},
        "dx.title.order": {"zh": "订单诊断 · {symbol}", "en": "Order diagnosis · {symbol}"},
        "dx.title.order_pasted": {"zh": "订单诊断", "en": "Order diagnosis"},
        "dx.title.balances": {"zh": "余额与持仓诊断 · {account}", "en": "Balances and positions · {account}"},
        "dx.title.balances_none": {"zh": "余额与持仓诊断", "en": "Balances and positions"},
        "dx.happened.order": {
            "zh": "我检查了你最近的订单：{time} {side} {quantity} {symbol}（{account}），状态：{status}。",
            "en": "I checked your latest order: {time} {side} {quantity} {symbol} ({account}), {status}.",
        },
        "dx.happened.no_failed_order": {
            "zh": "我没有找到你最近失败的订单。",
            "en": "I found no failed order of yours recently.",
        },
        "dx.happened.balances_ok": {
            "zh": "我核对了「{account}」的余额、持仓和成交记录：它们一致。",
            "en": "I compared the balances, positions and trade history of “{account}”: they agree.",
        },
        "dx.happened.balances_apart": {
            "zh": "我核对了「{account}」的余额、持仓和成交记录：有对不上的地方。",
            "en": "I compared the balances, positions and trade history of “{account}”: something does "
            "not add up.",
        },
        "dx.title.trader": {"zh": "交易员诊断 · {name}", "en": "Trader diagnosis · {name}"},
        "dx.title.traders_none": {"zh": "交易员诊断", "en": "Trader diagnosis"},
        "dx.title.strategy": {"zh": "策略诊断 · {strategy}", "en": "Strategy diagnosis · {strategy}"},
        "dx.title.strategies_none": {"zh": "策略诊断", "en": "Strategy diagnosis"},
        "dx.happened.trader_ok": {
            "zh": "我检查了交易员「{name}」：没有发现问题。",
            "en": "I checked the trader “{name}”: nothing wrong found.",
        },
        "dx.happened.trader_failed": {
            "zh": "我检查了交易员「{name}」：它没有正常交易。",
            "en": "I checked the trader “{name}”: it is not trading normally.",
        },
        "dx.happened.strategy_ok": {
            "zh": "我检查了策略「{strategy}」：参数和行情都没有问题。",
            "en": "I checked the strategy “{strategy}”: its parameters and the market are fine.",
        },
        "dx.happened.strategy_failed": {
            "zh": "我检查了策略「{strategy}」：发现了它不交易的原因。",
            "en": "I checked the strategy “{strategy}” and found why it does not trade.",
        },
        "dx.title.exchange": {"zh": "交易所诊断 · {account}", "en": "Exchange diagnosis · {account}"},
        "dx.title.exchange_pasted": {"zh": "交易所错误诊断", "en": "Exchange error diagnosis"},
        "dx.title.model": {"zh": "模型诊断 · {name}", "en": "Model diagnosis · {name}"},
        "dx.title.model_pasted": {"zh": "模型错误诊断", "en": "Model error diagnosis"},
        # -- causes (why) ------------------------------------------------------------------------
        "dx.cause.clock_skew": {
            "zh": "请求里的时间戳和交易所服务器时间相差太大（币安 -1021：超出 recvWindow）。通常是运行 "
            "deskmate 的机器时钟不准。",
            "en": "The request's timestamp is too far from the exchange's clock (Binance -1021: outside "
            "the recvWindow). Usually the clock of the machine running deskmate is off.",
        },
        "dx.cause.signature_invalid": {
            "zh": "签名不对：交易所用你的 Secret 算出的签名和请求里的不一致。几乎都是 Secret 复制错了（少"
            "了字符、多了空格），或 Key 和 Secret 不是同一对。",
            "en": "The signature does not match: the exchange computed a different one with your secret. "
            "Almost always the secret was copied wrong (a missing character, an extra space) or "
            "the key and secret are not a pair.",
        },
        "dx.cause.key_format": {
            "zh": "API Key 的格式不对（币安 -2014）：多半是复制时少了字符或带了空格。",
            "en": "The API key's format is invalid (Binance -2014): usually a character went missing or "
            "a space came along when copying.",
        },
        "dx.cause.key_ip_permissions": {
            "zh": "币安拒绝了这个 Key（-2015：Key、IP 或权限无效）。可能是：Key 已删除或填错；设置了 IP "
            "白名单但不包含 deskmate 所在机器的 IP；没勾选读取 / 现货交易权限；或把测试网的 Key 用"
            "在了主网（反之亦然）。",
            "en": "Binance refused the key (-2015: invalid API key, IP, or permissions). Either the key "
            "was deleted or mistyped, an IP whitelist does not include the machine deskmate runs "
            "on, reading / spot trading is not enabled, or it is a testnet key used on mainnet (or "
            "the reverse).",
        },
        "dx.cause.key_invalid": {
            "zh": "交易所不认识这个 API Key：它被删除了、填错了，或属于另一个环境（模拟盘 / 实盘）。",
            "en": "The exchange does not know this API key: it was deleted, mistyped, or belongs to the "
            "other environment (demo / live).",
        },
        "dx.cause.withdrawals_enabled": {
            "zh": "这个 API Key 开启了提现权限：deskmate 不需要它，而 Key 一旦泄露，资金就可能被转走。",
            "en": "This API key may withdraw funds: deskmate never needs that, and a leaked key could "
            "move your money out.",
        },
        "dx.cause.permission_denied": {
            "zh": "这个 API Key 没有这项操作的权限。",
            "en": "This API key lacks the permission for this action.",
        },
        "dx.cause.ip_not_whitelisted": {
            "zh": "这个 API Key 设置了 IP 白名单，而 deskmate 所在机器的 IP 不在其中。",
            "en": "This API key has an IP whitelist that does not include the IP of the machine deskmate "
            "runs on.",
        },
        "dx.cause.testnet_key_on_mainnet": {
            "zh": "这是币安测试网的 Key，却被用在了主网：两边的 Key 互不通用。",
            "en": "This is a Binance testnet key used on mainnet: keys of one do not work on the other.",
        },
        "dx.cause.mainnet_key_on_testnet": {
            "zh": "这是币安主网的 Key，却被用在了测试网：两边的 Key 互不通用。",
            "en": "This is a Binance mainnet key used on the testnet: keys of one do not work on the other.",
        },
        "dx.cause.environment_mismatch": {
            "zh": "Key 和环境不匹配（OKX 50101）：模拟盘的 Key 用在了实盘，或反过来。",
            "en": "The key does not match the environment (OKX 50101): a demo-trading key used live, or "
            "the reverse.",
        },
        "dx.cause.passphrase_wrong": {
            "zh": "OKX 的 passphrase 不对（50105）。它是你创建 API Key 时自己设置的口令，不是登录密码或资"
            "金密码。",
            "en": "The OKX passphrase is wrong (50105). It is the one you chose when creating the API "
            "key, not your login or funds password.",
        },
        "dx.cause.passphrase_missing": {
            "zh": "请求没有带 OKX 的 passphrase（50104）。",
            "en": "The request carried no OKX passphrase (50104).",
        },
        "dx.cause.insufficient_balance": {
            "zh": "账户可用余额不够这笔订单（含手续费）。",
            "en": "The account's free balance does not cover this order (fee included).",
        },
        "dx.cause.balance_short": {
            "zh": "可用余额不够：这笔订单需要 {need} {asset}（含手续费），账户可用只有 {have} {asset}。",
            "en": "The free balance is short: this order needs {need} {asset} (fee included) and the "
            "account has {have} {asset} free.",
        },
        "dx.cause.balance_covers_now": {
            "zh": "交易所下单时以余额不足拒绝了这笔订单（-2010），但现在可用 {have} {asset}，够这笔的 {need} "
            "{asset}：当时资金可能冻结在挂单里，或之后才到账。",
            "en": "The exchange refused this order for its balance (-2010), but {have} {asset} is free now, "
            "enough for its {need} {asset}: the funds were likely locked in open orders then, or arrived "
            "since.",
        },
        "dx.cause.order_rejected": {
            "zh": "交易所拒绝了这笔新订单（-2010），原因见交易所的原话。",
            "en": "The exchange rejected the new order (-2010); its own words say why.",
        },
        "dx.cause.duplicate_order": {
            "zh": "同一个订单号已经下过单了：交易所不会重复执行。",
            "en": "An order with the same client order id was already sent: the exchange does not run it "
            "twice.",
        },
        "dx.cause.lot_size": {
            "zh": "数量不符合 LOT_SIZE：低于最小数量、高于最大数量，或不是步长的整数倍。",
            "en": "The quantity breaks LOT_SIZE: below the minimum, above the maximum, or not a multiple "
            "of the step.",
        },
        "dx.cause.price_filter": {
            "zh": "价格不符合 PRICE_FILTER：超出允许范围，或不是价格精度（tick）的整数倍。",
            "en": "The price breaks PRICE_FILTER: out of the allowed range or not a multiple of the tick "
            "size.",
        },
        "dx.cause.min_notional": {
            "zh": "订单金额（数量 × 价格）低于交易对的最小金额（MIN_NOTIONAL / NOTIONAL）。",
            "en": "The order's amount (quantity × price) is below the symbol's minimum (MIN_NOTIONAL / "
            "NOTIONAL).",
        },
        "dx.cause.max_quantity": {
            "zh": "数量超过了交易对允许的单笔最大数量。",
            "en": "The quantity is above the symbol's maximum for one order.",
        },
        "dx.cause.filter_failure": {
            "zh": "订单不符合交易对的某条过滤规则（-1013）。",
            "en": "The order breaks one of the symbol's filters (-1013).",
        },
        "dx.cause.invalid_symbol": {
            "zh": "交易所不认识这个交易对（-1121）：写错了，或该交易所 / 测试网没有它。",
            "en": "The exchange does not know this symbol (-1121): misspelled, or not listed there "
            "(testnets list fewer).",
        },
        "dx.cause.rate_limited": {
            "zh": "请求太频繁，被交易所限流了（HTTP 429）。",
            "en": "Too many requests: the exchange is rate limiting (HTTP 429).",
        },
        "dx.cause.ip_banned": {
            "zh": "限流后仍继续请求，这个 IP 被交易所临时封禁（HTTP 418），从几分钟到几天不等。",
            "en": "Requests went on after a rate limit, so the exchange banned this IP for a while (HTTP "
            "418): minutes up to days.",
        },
        "dx.cause.exchange_timeout": {
            "zh": "交易所在时限内没有回答：网络慢，或交易所繁忙。",
            "en": "The exchange did not answer in time: a slow network or a busy exchange.",
        },
        "dx.cause.exchange_unreachable": {
            "zh": "连不上交易所：网络不通、DNS 或代理问题，或该地区无法访问。",
            "en": "The exchange cannot be reached: the network, DNS or a proxy, or it is not reachable "
            "from this region.",
        },
        "dx.cause.exchange_unavailable": {
            "zh": "交易所暂时不可用（维护或故障）。",
            "en": "The exchange is unavailable for now (maintenance or an outage).",
        },
        "dx.cause.exchange_error": {
            "zh": "交易所返回了一个不常见的错误，原话见上面的检查。",
            "en": "The exchange returned an uncommon error; its own words are in the checks above.",
        },
        "dx.cause.no_live_account": {
            "zh": "诊断检查的是交易所账户的密钥、时间和权限；模拟账户不连交易所，不会出这类问题。",
            "en": "A diagnosis checks an exchange account's keys, clock and permissions; a paper account "
            "connects to no exchange.",
        },
        "dx.cause.partly_checked": {
            "zh": "已检查的项目都没问题，但这些无法确认：{unchecked}。",
            "en": "Everything that could be checked passed, but these could not be confirmed: {unchecked}.",
        },
        "dx.cause.exchange_ok": {
            "zh": "没有发现问题：时间同步、签名正确、Key 可用。",
            "en": "Nothing wrong found: the clock is in sync, the signature is right and the key works.",
        },
        "dx.cause.risk_cap_notional": {
            "zh": "这笔订单超过了账户的单笔金额上限，所以没有下单。这个上限是为了保护你的资金。",
            "en": "The order is above the account's cap for one order, so it was not placed. The cap "
            "protects your funds.",
        },
        "dx.cause.risk_cap_share": {
            "zh": "这笔订单占账户权益的比例超过了上限，所以没有下单。这个上限是为了保护你的资金。",
            "en": "The order is too large a share of the account's equity, so it was not placed. The cap "
            "protects your funds.",
        },
        "dx.cause.order_unknown": {
            "zh": "下单请求发出后交易所没有给出明确结果（超时或断线），这笔单可能成交了，也可能没有。",
            "en": "The exchange gave no clear answer after the order was sent (a timeout or a dropped "
            "connection): it may or may not have filled.",
        },
        "dx.cause.order_pending": {
            "zh": "这笔订单已登记但一直没有执行完成，多半是处理它的进程中途停了。",
            "en": "The order was recorded but never finished, most likely because the process handling "
            "it stopped midway.",
        },
        "dx.cause.order_not_placed": {
            "zh": "下单请求超时后查过：交易所没有收到这笔单，所以什么也没成交。",
            "en": "After the request timed out, the exchange was asked: it never received the order, so "
            "nothing traded.",
        },
        "dx.cause.no_failed_order": {
            "zh": "没有可以诊断的失败订单。",
            "en": "There is no failed order to diagnose.",
        },
        "dx.cause.order_ok": {
            "zh": "这笔订单没有问题。",
            "en": "Nothing is wrong with this order.",
        },
        "dx.cause.traded_outside": {
            "zh": "实际余额和 deskmate 记录的持仓不一致：通常是在交易所 App 或其他程序里买卖、充值、提币"
            "或划转过，deskmate 只记得它自己下的单。",
            "en": "The actual balances differ from the positions deskmate recorded: usually coins were "
            "traded, deposited, withdrawn or transferred outside deskmate (the exchange's app, "
            "another bot); deskmate only knows its own orders.",
        },
        "dx.cause.history_mismatch": {
            "zh": "成交记录加起来和持仓不一致：有成交不是通过 deskmate 记录的，或手续费以币扣除。",
            "en": "The trade history does not add up to the positions: some fills were not recorded "
            "through deskmate, or fees were taken in the coin.",
        },
        "dx.cause.paper_ledger_mismatch": {
            "zh": "模拟账户的账目对不上：这不应该发生，是 deskmate 的问题，不是你的操作。",
            "en": "The paper account's books do not add up: this should never happen; it is deskmate's "
            "fault, not yours.",
        },
        "dx.cause.balances_consistent": {
            "zh": "余额、持仓和成交记录一致。",
            "en": "Balances, positions and trade history agree.",
        },
        "dx.cause.no_accounts": {
            "zh": "没有账户，就没有余额和持仓可以核对。",
            "en": "Without an account there are no balances or positions to compare.",
        },
        "dx.cause.no_traders": {"zh": "没有交易员可以诊断。", "en": "There is no trader to diagnose."},
        "dx.cause.trader_ok": {
            "zh": "交易员在运行，决策和下单都正常。",
            "en": "The trader runs, decides and its orders fill.",
        },
        "dx.detail.named_missing": {
            "zh": "你没有叫「{name}」的{kind}；你有：{names}",
            "en": "you have no {kind} called “{name}”; you have: {names}",
        },
        "dx.cause.named_missing": {
            "zh": "你没有叫「{name}」的{kind}，所以没有检查任何一个（你有：{names}）。",
            "en": "You have no {kind} called “{name}”, so none was checked (you have: {names}).",
        },
        "dx.detail.named_none": {
            "zh": "你没有叫「{name}」的{kind}；你还没有任何{kind}",
            "en": "you have no {kind} called “{name}”; you have none yet",
        },
        "dx.cause.trader_named_none": {
            "zh": "你没有叫「{name}」的交易员（你还没有任何交易员），所以没有检查任何一个。",
            "en": "You have no trader called “{name}” (you have none yet), so none was checked.",
        },
        "dx.cause.strategy_named_none": {
            "zh": "你没有叫「{name}」的策略（你还没有任何策略），所以没有检查任何一个。",
            "en": "You have no strategy called “{name}” (you have none yet), so none was checked.",
        },
        "dx.kind.trader": {"zh": "交易员", "en": "trader"},
        "dx.kind.strategy": {"zh": "策略", "en": "strategy"},
        "dx.cause.trader_error": {
            "zh": "交易员连续出错后自动停止了，原因见上面的最近错误：{error}",
            "en": "The trader stopped itself after repeated errors; the last one is above: {error}",
        },
        "dx.cause.trader_stopped": {
            "zh": "交易员是停止状态：停止的交易员不会决策也不会下单。",
            "en": "The trader is stopped: a stopped trader neither decides nor trades.",
        },
        "dx.cause.trader_account_gone": {
            "zh": "交易员用的交易所账户已被删除。",
            "en": "The exchange account the trader uses was deleted.",
        },
        "dx.cause.trader_strategy_gone": {
            "zh": "交易员用的策略已被删除。",
            "en": "The strategy the trader uses was deleted.",
        },
        "dx.cause.trader_no_model": {
            "zh": "AI 策略需要模型来决策，而交易员没有可用的模型配置。",
            "en": "An ai strategy needs a model to decide, and the trader has no usable model config.",
        },
        "dx.cause.trader_holding": {
            "zh": "交易员在正常运行，只是策略每次都判断「观望」：行情没有达到下单条件，这不是故障。",
            "en": "The trader runs, but its strategy decided to hold every time: the market did not meet "
            "its conditions. This is not a fault.",
        },
        "dx.cause.trader_model_invalid": {
            "zh": "模型的回答没有通过校验，这些决策没有下单：{kinds}。",
            "en": "The model's answers failed validation, so those decisions ordered nothing: {kinds}.",
        },
        "dx.cause.trader_skipping": {
            "zh": "决策被跳过了：模型回答太慢、当日 token 预算用完，或错过了时间点。",
            "en": "Decisions were skipped: the model answered too late, the daily token budget ran out, "
            "or a slot was missed.",
        },
        "dx.cause.trader_tick_errors": {
            "zh": "最近 {tick_errors} 次决策出错（交易所或行情），没有下单；最近一次：{tick_error}。",
            "en": "{tick_errors} recent ticks failed (the exchange or the market) and ordered nothing; "
            "the latest: {tick_error}.",
        },
        "dx.cause.trader_unfunded": {
            "zh": "账户可用 USDT 不够策略的一笔订单（{free} < {need} USDT）。",
            "en": "The account's free USDT does not cover one order of the strategy ({free} < {need} USDT).",
        },
        "dx.cause.trader_model_errors": {
            "zh": "最近的决策中有 {model_errors} 次因模型出错而没能决策。",
            "en": "{model_errors} of the recent decisions could not be made because the model failed.",
        },
        "dx.cause.strategy_invalid": {
            "zh": "策略参数不符合交易对的规则：{reason}",
            "en": "The strategy's parameters break the symbol's filters: {reason}",
        },
        "dx.cause.no_strategies": {"zh": "没有策略可以诊断。", "en": "There is no strategy to diagnose."},
        "dx.cause.strategy_ok": {
            "zh": "策略参数符合规则，行情也在它会交易的范围内。",
            "en": "The parameters fit the filters and the market is where the strategy trades.",
        },
        "dx.cause.grid_out_of_range": {
            "zh": "现价 {price} 在网格区间 {lower}–{upper} 之外：网格只在区间内买卖。",
            "en": "The price {price} is outside the grid's range {lower}–{upper}: a grid only trades "
            "inside it.",
        },
        "dx.cause.strategy_unused": {
            "zh": "策略本身没问题，但没有交易员在用它：策略不会自己交易。",
            "en": "The strategy is fine, but no trader uses it: a strategy does not trade by itself.",
        },
        "dx.cause.model_key_invalid": {
            "zh": "服务商不认这个 API Key（HTTP {status}）：填错了、已删除，或属于另一家服务商。",
            "en": "The provider refused the API key (HTTP {status}): mistyped, deleted, or from another "
            "provider.",
        },
        "dx.cause.model_balance": {
            "zh": "账户余额不足（HTTP 402）：服务商按用量收费，余额用完后就拒绝请求。",
            "en": "Insufficient balance (HTTP 402): the provider bills by use and refuses requests once "
            "the balance is spent.",
        },
        "dx.cause.model_quota": {
            "zh": "额度用完了（insufficient_quota）：需要充值或等待额度恢复。",
            "en": "The quota is used up (insufficient_quota): it needs a top-up or to wait for the quota "
            "to reset.",
        },
        "dx.cause.model_not_found": {
            "zh": "服务商没有叫「{model}」的模型（或你的账户无权使用它）。",
            "en": "The provider has no model called “{model}” (or your account may not use it).",
        },
        "dx.cause.model_wrong_path": {
            "zh": "接口地址不对（HTTP 404）：这个地址下没有 /chat/completions。",
            "en": "The base URL is wrong (HTTP 404): there is no /chat/completions under it.",
        },
        "dx.cause.model_rate_limited": {
            "zh": "请求太频繁，被服务商限流了（HTTP 429）。",
            "en": "Too many requests: the provider is rate limiting (HTTP 429).",
        },
        "dx.cause.model_provider_down": {
            "zh": "服务商那边出错了（HTTP {status}）：不是你的配置问题。",
            "en": "The provider had an error on its side (HTTP {status}): not your configuration.",
        },
        "dx.cause.model_timeout": {
            "zh": "服务商在时限内没有回答：网络慢或服务商繁忙。",
            "en": "The provider did not answer in time: a slow network or a busy provider.",
        },
        "dx.cause.model_not_json": {
            "zh": "接口地址返回的是网页而不是 API 的 JSON：地址填成了官网、控制台或少了 /v1 之类的路径。",
            "en": "The base URL answers with a web page, not the API's JSON: it points at a website or "
            "console, or lacks a path such as /v1.",
        },
        "dx.cause.model_http_refused": {
            "zh": "接口地址是 http://，会把 API Key 明文发出去，所以 deskmate 不会用它。",
            "en": "The base URL is http://, which would send the API key in clear text, so deskmate will "
            "not use it.",
        },
        "dx.cause.model_unreachable": {
            "zh": "连不上接口地址：域名写错、网络不通或被代理 / 防火墙拦截。",
            "en": "The base URL cannot be reached: a wrong host name, no network, or a proxy / firewall "
            "in the way.",
        },
        "dx.cause.model_bad_request": {
            "zh": "服务商认为请求有误（HTTP {status}），多半是模型名和服务商不匹配。",
            "en": "The provider found the request invalid (HTTP {status}); usually the model name does "
            "not belong to it.",
        },
        "dx.cause.model_error": {
            "zh": "服务商返回了一个不常见的错误，原话见上面的检查。",
            "en": "The provider returned an uncommon error; its own words are in the checks above.",
        },
        "dx.cause.no_model_config": {
            "zh": "要诊断模型，先要有一个模型配置（服务商、API Key、模型名）。",
            "en": "A model diagnosis needs a model config (provider, API key, model name).",
        },
        "dx.cause.model_disabled": {
            "zh": "这个模型配置被停用了，交易员不会用它。",
            "en": "This model config is disabled, so no trader uses it.",
        },
        "dx.cause.model_ok": {
            "zh": "没有发现问题：Key、余额、模型名和接口地址都可用。",
            "en": "Nothing wrong found: the key, the balance, the model name and the base URL all work.",
        },
        # -- next steps (what to do now) ----------------------------------------------------------
        "dx.step.sync_clock": {
            "zh": "打开运行 deskmate 的机器的自动对时（Windows：设置 › 时间 › 立即同步；Linux："
            "timedatectl set-ntp true）。",
            "en": "Turn on automatic time sync on the machine running deskmate (Windows: Settings › Time "
            "› Sync now; Linux: timedatectl set-ntp true).",
        },
        "dx.step.check_unconfirmed": {
            "zh": "在交易所的 API 管理页亲自看一下无法确认的项目（权限、IP 白名单）。",
            "en": "Look at what could not be confirmed yourself, on the exchange's API management page "
            "(permissions, IP whitelist).",
        },
        "dx.step.retry_now": {
            "zh": "现在余额够了：再下一次这笔订单；先说「我的余额还有多少」确认没有资金冻结在挂单里。",
            "en": "The balance covers it now: place the order again; say “show my balance” first to check "
            "no funds are locked in open orders.",
        },
        "dx.step.use_listed_name": {
            "zh": "用上面列出的名字再问一次，例如「诊断交易员 <名字>」。",
            "en": "Ask again with one of the names listed, e.g. “diagnose trader <name>”.",
        },
        "dx.step.retry": {"zh": "然后再试一次。", "en": "Then try again."},
        "dx.step.recopy_secret": {
            "zh": "到交易所的 API 管理页重新复制 Secret（整段，前后不要有空格）；Secret 只在创建时显示一"
            "次，找不到就新建一对 Key。",
            "en": "Copy the secret again from the exchange's API management page (all of it, no spaces "
            "around it); it is shown only once at creation, so if it is gone create a new key pair.",
        },
        "dx.step.replace_credentials": {
            "zh": "在这里更新密钥：说「把{account}的 API key 换一下」。",
            "en": "Update the keys here: say “change the API key of {account}”.",
        },
        "dx.step.recopy_key": {
            "zh": "重新复制 API Key（币安的 Key 是 64 个字母和数字），不要带空格或换行。",
            "en": "Copy the API key again (a Binance key is 64 letters and digits) with no spaces or "
            "line breaks.",
        },
        "dx.step.check_key_exists": {
            "zh": "在交易所的 API 管理页确认这个 Key 还在、没有被删除或冻结。",
            "en": "On the exchange's API management page, check the key still exists and is not deleted "
            "or frozen.",
        },
        "dx.step.check_ip_whitelist": {
            "zh": "如果设置了 IP 白名单，把运行 deskmate 的机器的公网 IP 加进去（或者改为不限 IP，但请只"
            "开读取和交易权限）。",
            "en": "If the key has an IP whitelist, add the public IP of the machine running deskmate (or "
            "lift the restriction, keeping only reading and trading enabled).",
        },
        "dx.step.check_permissions": {
            "zh": "在 API 管理页勾选「允许读取」和「允许现货交易」；不要勾选提现。",
            "en": "In API management, enable reading and spot trading; never enable withdrawals.",
        },
        "dx.step.disable_withdrawals": {
            "zh": "马上在交易所的 API 管理页关闭这个 Key 的提现权限（或删除它，新建一个只开读取和现货交易"
            "的 Key）。",
            "en": "Turn off withdrawals for this key in the exchange's API management now (or delete it "
            "and create one with only reading and spot trading).",
        },
        "dx.step.never_withdrawals": {
            "zh": "不要为 deskmate 开启提现权限：它不需要。",
            "en": "Never enable withdrawals for deskmate: it does not need them.",
        },
        "dx.step.check_environment": {
            "zh": "确认 Key 和账户类型对应：测试网的 Key 只能用于「币安测试网」账户，主网的 Key 只能用于"
            "「币安」账户。",
            "en": "Check the key matches the account type: a testnet key only works for a “Binance "
            "Testnet” account, a mainnet key for a “Binance” one.",
        },
        "dx.step.use_testnet_account": {
            "zh": "添加一个「币安测试网」账户并填入这对 Key：说「添加一个币安测试网账户」。",
            "en": "Add a “Binance Testnet” account with this key pair: say “add a binance testnet account”.",
        },
        "dx.step.or_create_mainnet_key": {
            "zh": "或者在币安主网（binance.com › API 管理）创建一个 Key，更新到「{account}」。",
            "en": "Or create a key on Binance mainnet (binance.com › API Management) and put it on "
            "“{account}”.",
        },
        "dx.step.use_mainnet_account": {
            "zh": "添加一个「币安」账户并填入这对 Key：说「添加一个币安账户」。",
            "en": "Add a “Binance” account with this key pair: say “add a binance account”.",
        },
        "dx.step.or_create_testnet_key": {
            "zh": "或者在 testnet.binance.vision 创建测试网 Key，更新到「{account}」。",
            "en": "Or create a testnet key at testnet.binance.vision and put it on “{account}”.",
        },
        "dx.step.recheck_passphrase": {
            "zh": "passphrase 是创建 OKX API Key 时你自己设的口令；忘了就只能删除该 Key 重新创建。",
            "en": "The passphrase is the one you set when creating the OKX API key; if forgotten, delete "
            "the key and create a new one.",
        },
        "dx.step.replace_passphrase": {
            "zh": "在这里更新：说「把{account}的 passphrase 换一下」。",
            "en": "Update it here: say “change the passphrase of {account}”.",
        },
        "dx.step.check_balance": {
            "zh": "看看可用余额：说「我的余额还有多少」；冻结在挂单里的资金不能用。",
            "en": "Check the free balance: say “show my balance”; funds locked in open orders cannot be "
            "used.",
        },
        "dx.step.smaller_order": {
            "zh": "把金额调小到可用余额以内（手续费也要算进去），或先充值 / 划转资金到现货账户。",
            "en": "Make the order smaller than the free balance (fee included), or deposit / transfer "
            "funds to the spot account first.",
        },
        "dx.step.read_exchange_message": {
            "zh": "对照交易所的原话「{message}」检查订单的数量、价格和账户状态。",
            "en": "Check the order's quantity, price and the account's state against the exchange's "
            "words: “{message}”.",
        },
        "dx.step.check_order_history": {
            "zh": "先在交易所的订单记录里确认这笔单的结果，再决定是否重新下单。",
            "en": "Look the order up in the exchange's order history before placing it again.",
        },
        "dx.step.fit_step": {
            "zh": "把数量调整为步长的整数倍，并在最小、最大数量之间。",
            "en": "Round the quantity to a multiple of the step, between the minimum and maximum quantity.",
        },
        "dx.step.fit_tick": {
            "zh": "把价格调整为价格精度（tick）的整数倍，并在允许范围内。",
            "en": "Round the price to a multiple of the tick size, within the allowed range.",
        },
        "dx.step.raise_amount_to_minimum": {
            "zh": "把订单金额提高到交易对的最小金额以上（例如用 USDT 金额下单：「买 10 USDT 的 BTC」）。",
            "en": "Make the order's amount at least the symbol's minimum (for example by amount: “buy 10 "
            "USDT of BTC”).",
        },
        "dx.step.split_order": {
            "zh": "把订单拆成几笔，每笔不超过最大数量。",
            "en": "Split the order into several, each within the maximum quantity.",
        },
        "dx.step.see_rules": {"zh": "该交易对的规则：{rules}。", "en": "The symbol's rules: {rules}."},
        "dx.step.check_symbol": {
            "zh": "检查交易对的写法（如 BTCUSDT）；测试网上架的币种比主网少。",
            "en": "Check the symbol's spelling (e.g. BTCUSDT); testnets list fewer coins than mainnet.",
        },
        "dx.step.wait_retry": {"zh": "等一两分钟再试。", "en": "Wait a minute or two, then try again."},
        "dx.step.fewer_requests": {
            "zh": "减少同一 IP 上同时运行的程序和请求频率（其他机器人、脚本也算在内）。",
            "en": "Send fewer requests from this IP (other bots and scripts on it count too).",
        },
        "dx.step.wait_ban": {
            "zh": "在封禁解除前不要再请求（每次请求都会延长封禁）；deskmate 会自动暂停并稍后重试。",
            "en": "Do not send requests until the ban lifts (each one extends it); deskmate pauses on "
            "its own and retries later.",
        },
        "dx.step.check_network": {
            "zh": "检查运行 deskmate 的机器的网络、代理和 DNS。",
            "en": "Check the network, proxy and DNS of the machine running deskmate.",
        },
        "dx.step.add_account": {
            "zh": "要连接真实交易所，说「添加一个币安账户」；想知道 Key 怎么申请，问「币安API怎么申请」。",
            "en": "To connect an exchange, say “add a binance account”; to learn how to get a key, ask "
            "“how do I create a binance api key”.",
        },
        "dx.step.paper_needs_no_keys": {
            "zh": "模拟账户不需要密钥，可以直接交易练习。",
            "en": "Paper accounts need no keys: you can practise right away.",
        },
        "dx.step.exchange_ok_next": {
            "zh": "如果某笔订单仍然失败，把交易所返回的错误原话发给我，我来逐条对照。",
            "en": "If an order still fails, paste the exchange's exact error here and I'll go through it.",
        },
        "dx.step.smaller_than_cap": {
            "zh": "把这笔订单调小到上限以内，或分几次买入。",
            "en": "Make the order smaller, within the cap, or buy in several steps.",
        },
        "dx.step.check_max_buy": {
            "zh": "问「最多能买多少个BTC」，看看现在一笔最多能买多少。",
            "en": "Ask “the most BTC I can buy” to see the largest order possible now.",
        },
        "dx.step.confirm_again": {
            "zh": "再说一次同样的下单请求并确认：deskmate 会沿用同一个订单号，不会重复下单。",
            "en": "Ask for the same order again and confirm: deskmate reuses its order id and never "
            "places it twice.",
        },
        "dx.step.paste_error": {
            "zh": '把交易所返回的错误原话（例如 {{"code":-2010,…}}）发给我，我来逐条对照。',
            "en": "Paste the exchange's exact error (for example {{\"code\":-2010,…}}) and I'll go "
            "through it.",
        },
        "dx.step.outside_explained": {
            "zh": "如果你在交易所 App 里交易、充值、提币或划转过，这是正常的：以交易所的余额为准。",
            "en": "If you traded, deposited, withdrew or transferred in the exchange's app, this is "
            "expected: the exchange's balances are the truth.",
        },
        "dx.step.check_trades": {
            "zh": "说「最近的成交记录」，对照交易所的成交历史找出差异。",
            "en": "Say “show my trades” and compare them with the exchange's trade history.",
        },
        "dx.step.report_paper_mismatch": {
            "zh": "请把这份诊断转给 deskmate 的维护者；在此之前不要依赖这个模拟账户的数字。",
            "en": "Please pass this diagnosis to deskmate's maintainers; until then, do not rely on this "
            "paper account's figures.",
        },
        "dx.step.balances_ok_next": {
            "zh": "如果你看到的数字仍然不对，说「我的余额还有多少」和「show my positions」，把不对的那一"
            "项告诉我。",
            "en": "If a figure still looks wrong, say “show my balance” and “show my positions” and tell "
            "me which one.",
        },
        "dx.step.create_trader": {
            "zh": "说「帮我创建一个新的 BTC agent」创建交易员。",
            "en": "Say “create a BTC trader” to create one.",
        },
        "dx.step.trader_ok_next": {
            "zh": "说「我的agent运行得怎么样」看它的运行情况。",
            "en": "Say “how are my agents doing” to see how it runs.",
        },
        "dx.step.read_last_error": {
            "zh": "先处理最近的错误（可以把原话发给我诊断）。",
            "en": "Deal with the last error first (paste it here to have it diagnosed).",
        },
        "dx.step.start_again": {
            "zh": "然后说「启动 {name}」：启动前会先检查账户、策略和模型。",
            "en": "Then say “start {name}”: the account, strategy and model are checked before it starts.",
        },
        "dx.step.pick_account": {
            "zh": "给它换一个账户：说「把 {name} 的账户改成 …」。",
            "en": "Give it another account: say “change the account of {name} to …”.",
        },
        "dx.step.pick_strategy": {
            "zh": "给它换一个策略：说「把 {name} 的策略改成 …」。",
            "en": "Give it another strategy: say “change the strategy of {name} to …”.",
        },
        "dx.step.pick_model": {
            "zh": "配置或启用一个模型，再给交易员指定它（说「配置一个 DeepSeek 模型」）。",
            "en": "Configure or enable a model and give it to the trader (say “configure a DeepSeek model”).",
        },
        "dx.step.holding_explained": {
            "zh": "这通常是正常的：等行情达到策略的条件。",
            "en": "Usually this is expected: wait for the market to meet the strategy's conditions.",
        },
        "dx.step.check_strategy": {
            "zh": "想确认策略本身，说「诊断一下我的策略 {strategy}」。",
            "en": "To check the strategy itself, say “diagnose my strategy {strategy}”.",
        },
        "dx.step.model_invalid_explained": {
            "zh": "在策略说明里写清楚要什么，或换一个更稳定的模型。",
            "en": "Make the strategy's notes clearer, or use a steadier model.",
        },
        "dx.step.skipping_explained": {
            "zh": "检查模型的响应速度和当日 token 预算；需要时把决策周期调长。",
            "en": "Check the model's speed and the daily token budget; lengthen the interval if needed.",
        },
        "dx.step.diagnose_model": {
            "zh": "说「诊断一下我的模型」检查模型配置。",
            "en": "Say “diagnose my model” to check the model config.",
        },
        "dx.step.diagnose_exchange": {
            "zh": "说「诊断一下我的交易所账户」检查账户连接。",
            "en": "Say “diagnose my exchange account” to check the connection.",
        },
        "dx.step.fund_account": {
            "zh": "往账户「{account}」里转入至少 {need} USDT 的可用余额。",
            "en": "Put at least {need} USDT of free balance in the account “{account}”.",
        },
        "dx.step.smaller_strategy_amount": {
            "zh": "或者把策略每笔的金额调到可用余额以内（但不能低于交易对的最小金额）。",
            "en": "Or make the strategy's amount per order fit the free balance (never below the "
            "symbol's minimum amount).",
        },
        "dx.step.fix_strategy": {
            "zh": "修改策略参数使其符合规则（说「修改策略 {strategy}」）。",
            "en": "Change the strategy's parameters to fit the filters (say “update strategy {strategy}”).",
        },
        "dx.step.create_strategy": {
            "zh": "说「新建一个 ETH 定投策略」创建策略。",
            "en": "Say “create an ETH dca strategy” to create one.",
        },
        "dx.step.strategy_ok_next": {
            "zh": "如果用它的交易员仍不交易，说「为什么我的 agent 不开单」。",
            "en": "If a trader using it still does not trade, ask “why isn't my agent trading”.",
        },
        "dx.step.grid_range": {
            "zh": "等价格回到区间内，或把网格区间调整到包含现价 {price}。",
            "en": "Wait for the price to come back into the range, or move the range to include the "
            "price {price}.",
        },
        "dx.step.use_strategy": {
            "zh": "创建或修改一个交易员来使用它，并启动。",
            "en": "Create or change a trader to use it, and start it.",
        },
        "dx.step.recopy_model_key": {
            "zh": "到{provider}控制台重新复制 API Key（不要带空格），确认它没被删除。",
            "en": "Copy the API key again from the {provider} console (no spaces) and check it was not "
            "deleted.",
        },
        "dx.step.update_model_key": {
            "zh": "在这里更新：说「把{name}的 API key 换一下」。",
            "en": "Update it here: say “change the API key of {name}”.",
        },
        "dx.step.top_up": {
            "zh": "到{provider}控制台查看余额 / 额度并充值。",
            "en": "Check the balance / quota in the {provider} console and top it up.",
        },
        "dx.step.use_listed_model": {
            "zh": "把模型名改成服务商当前提供的：{models}（说「把{name}的模型改成 {first}」）。",
            "en": "Use a model the provider offers now: {models} (say “change the model of {name} to "
            "{first}”).",
        },
        "dx.step.check_model_name": {
            "zh": "确认模型名属于这个服务商：{models}。",
            "en": "Check the model name belongs to this provider: {models}.",
        },
        "dx.step.check_base_url": {
            "zh": "把接口地址改成服务商的 API 地址：{expected}（说「把{name}的地址改成 {expected}」）。",
            "en": "Set the base URL to the provider's API address: {expected} (say “change the base url "
            "of {name} to {expected}”).",
        },
        "dx.step.provider_status": {
            "zh": "查看服务商的状态页；持续出错时可以先换一个模型配置。",
            "en": "Check the provider's status page; if it persists, switch to another model config for now.",
        },
        "dx.step.use_https": {
            "zh": "使用 https:// 地址（只有本机运行的模型可以用 http://）。",
            "en": "Use an https:// address (only a model running on this machine may use http://).",
        },
        "dx.step.read_provider_message": {
            "zh": "对照服务商的原话「{message}」检查配置。",
            "en": "Check the config against the provider's words: “{message}”.",
        },
        "dx.step.add_model": {
            "zh": "说「配置一个 DeepSeek 模型」添加；想知道 Key 去哪里申请，问「deepseek的api key去哪里申"
            "请」。",
            "en": "Say “configure a DeepSeek model” to add one; to learn where to get a key, ask “where "
            "do I get a deepseek api key”.",
        },
        "dx.step.enable_model": {
            "zh": "说「启用{name}」重新启用它。",
            "en": "Say “enable {name}” to turn it back on.",
        },
        "dx.step.model_ok_next": {
            "zh": "如果交易员仍报模型错误，把错误原话发给我，我来逐条对照。",
            "en": "If a trader still reports a model error, paste its exact words here and I'll go "
            "through them.",
        },
    }
)
