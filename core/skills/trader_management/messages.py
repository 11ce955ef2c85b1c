"""User-facing texts of the trader skill and of its runtime's notices (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "trader.kind": {"zh": "交易员", "en": "trader"},
        "trader.title": {"zh": "交易员「{name}」", "en": "Trader “{name}”"},
        "trader.none": {
            "zh": "你还没有交易员。说「帮我创建一个新的 BTC agent」即可创建。",
            "en": "You have no traders yet. Say “create a new BTC agent” to make one.",
        },
        "trader.list_title": {"zh": "你的交易员（{count}）", "en": "Your traders ({count})"},
        "trader.created": {
            "zh": "已创建交易员「{name}」。",
            "en": "Created the trader “{name}”.",
        },
        "trader.updated": {"zh": "已更新交易员「{name}」。", "en": "Updated the trader “{name}”."},
        "trader.deleted": {"zh": "已删除交易员「{name}」。", "en": "Deleted the trader “{name}”."},
        "trader.confirm_delete": {
            "zh": "确认删除交易员「{name}」吗？它的决策记录会一并删除（已成交的订单仍保留在账户记录里）。",
            "en": "Delete the trader “{name}”? Its decision log goes with it (filled orders stay in the "
            "account's history).",
        },
        "trader.confirm_create": {
            "zh": "确认创建交易员「{name}」并立即在实盘账户「{account}」上启动吗？它会自动下真实订单。",
            "en": "Create the trader “{name}” and start it now on the LIVE account “{account}”? It will "
            "place real orders on its own.",
        },
        "trader.describe.create": {"zh": "创建交易员", "en": "creating a trader"},
        "trader.describe.update": {"zh": "修改交易员", "en": "changing a trader"},
        "trader.describe.delete": {"zh": "删除交易员", "en": "deleting a trader"},
        "trader.describe.start": {"zh": "启动交易员", "en": "starting a trader"},
        "trader.describe.stop": {"zh": "停止交易员", "en": "stopping a trader"},
        "trader.describe.query": {"zh": "查看交易员", "en": "looking at traders"},
        # -- questions ---------------------------------------------------------------------------
        "trader.ask_account": {
            "zh": "这个交易员用哪个交易所账户下单？",
            "en": "Which exchange account should this trader trade on?",
        },
        "trader.ask_strategy": {"zh": "用哪个策略？", "en": "Which strategy should it follow?"},
        "trader.ask_model": {
            "zh": "这是 AI 策略，用哪个模型做决策？",
            "en": "It's an AI strategy: which model config should make the decisions?",
        },
        "trader.ask_name": {"zh": "给这个交易员起个名字：", "en": "What should the trader be called?"},
        "trader.ask_field": {
            "zh": "要修改交易员「{name}」的哪一项？",
            "en": "What should I change on the trader “{name}”?",
        },
        "trader.ask_switch": {"zh": "开启还是关闭？", "en": "On or off?"},
        "trader.bad_account": {
            "zh": "没有找到这个账户，请从下面选择：",
            "en": "I can't find that account; please choose one below:",
        },
        "trader.bad_strategy": {
            "zh": "没有找到这个策略，请从下面选择：",
            "en": "I can't find that strategy; please choose one below:",
        },
        "trader.bad_model": {
            "zh": "没有找到这个模型配置，请从下面选择：",
            "en": "I can't find that model config; please choose one below:",
        },
        "trader.bad_switch": {"zh": "请回答「开启」或「关闭」。", "en": "Please answer “on” or “off”."},
        "trader.bad_field": {
            "zh": "可以修改：名称、账户、策略、模型、自动启动、每日汇总。",
            "en": "I can change: name, account, strategy, model, auto start, daily summary.",
        },
        "trader.noted": {"zh": "好的，{what}用「{name}」。", "en": "OK, {what}: “{name}”."},
        "trader.field.name": {"zh": "名称", "en": "Name"},
        "trader.field.account": {"zh": "账户", "en": "Account"},
        "trader.field.strategy": {"zh": "策略", "en": "Strategy"},
        "trader.field.model": {"zh": "模型", "en": "Model"},
        "trader.field.auto_start": {"zh": "自动启动", "en": "Auto start"},
        "trader.field.daily_summary": {"zh": "每日汇总", "en": "Daily summary"},
        "trader.field.state": {"zh": "状态", "en": "State"},
        "trader.field.since": {"zh": "启动于", "en": "Running since"},
        "trader.field.last_decision": {"zh": "最近决策", "en": "Last decision"},
        "trader.field.orders": {"zh": "订单（本次运行）", "en": "Orders (this run)"},
        "trader.field.pnl": {"zh": "盈亏（本次运行）", "en": "P&L (this run)"},
        "trader.field.last_error": {"zh": "最近错误", "en": "Last error"},
        "trader.field.set_aside": {"zh": "网格外持仓（不自动卖出）", "en": "Set aside (the grid won't sell)"},
        "trader.set_aside_item": {
            "zh": "{quantity} {base}（买入价约 {price}）",
            "en": "{quantity} {base} (bought near {price})",
        },
        "trader.on": {"zh": "开启", "en": "on"},
        "trader.off": {"zh": "关闭", "en": "off"},
        "trader.state.stopped": {"zh": "已停止", "en": "stopped"},
        "trader.state.starting": {"zh": "启动中", "en": "starting"},
        "trader.state.running": {"zh": "运行中", "en": "running"},
        "trader.state.stopping": {"zh": "停止中", "en": "stopping"},
        "trader.state.error": {"zh": "出错已停止", "en": "stopped on errors"},
        "trader.paper": {"zh": "模拟", "en": "paper"},
        "trader.live": {"zh": "实盘", "en": "LIVE"},
        "trader.kind.dca": {"zh": "定投", "en": "DCA"},
        "trader.kind.grid": {"zh": "网格", "en": "grid"},
        "trader.kind.ai": {"zh": "AI", "en": "AI"},
        "trader.orders_line": {
            "zh": "{orders} 笔（成交 {fills}），买入 {bought} USDT，卖出 {sold} USDT，手续费 {fees} USDT",
            "en": "{orders} ({fills} filled), bought {bought} USDT, sold {sold} USDT, fees {fees} USDT",
        },
        "trader.pnl_unknown": {"zh": "暂时无法估值（没有行情）", "en": "can't value it now (no quote)"},
        "trader.never": {"zh": "还没有", "en": "none yet"},
        "trader.decision.hold": {"zh": "观望", "en": "hold"},
        "trader.decision.buy": {"zh": "买入", "en": "buy"},
        "trader.decision.sell": {"zh": "卖出", "en": "sell"},
        "trader.decision.invalid": {"zh": "无效（未下单）", "en": "invalid (no order)"},
        "trader.decision.skipped": {"zh": "跳过", "en": "skipped"},
        "trader.decision.error": {"zh": "出错", "en": "error"},
        # -- create ------------------------------------------------------------------------------
        "trader.no_strategy": {
            "zh": "你还没有策略。先创建一个，例如「创建一个BTC定投策略，每天买50U」，再来创建交易员。",
            "en": "You have no strategy yet. Make one first, e.g. “make a DCA strategy for BTC, 50 USDT "
            "daily”, then create the trader.",
        },
        "trader.no_model": {
            "zh": "AI 策略需要一个模型配置。先说「配置一个 DeepSeek 模型」，再来创建交易员。",
            "en": "An AI strategy needs a model config. Say “configure a DeepSeek model” first, then create "
            "the trader.",
        },
        "trader.opened_paper": {
            "zh": "你还没有账户，已为你开通模拟账户「{name}」（{balance} USDT 虚拟资金）。",
            "en": "You had no account, so I opened the paper account “{name}” ({balance} simulated USDT).",
        },
        "trader.default_name": {"zh": "{base}{kind}助手", "en": "{base} {kind} bot"},
        # -- start / stop -------------------------------------------------------------------------
        "trader.confirm_start": {
            "zh": "确认在实盘账户「{account}」上启动交易员「{name}」吗？它会按策略自动下真实订单。",
            "en": "Start the trader “{name}” on the LIVE account “{account}”? It will place real orders "
            "on its own, following its strategy.",
        },
        "trader.started": {
            "zh": "交易员「{name}」已启动：{strategy}，每 {interval} 检查一次。"
            "成交、出错和自动停止我都会私信你。",
            "en": "The trader “{name}” is running: {strategy}, checking every {interval}. I'll message you "
            "privately on fills, errors and if it stops itself.",
        },
        "trader.already_running": {
            "zh": "交易员「{name}」已经在运行了。",
            "en": "The trader “{name}” is already running.",
        },
        "trader.checks_passed": {"zh": "启动前检查全部通过：", "en": "Pre-launch checks passed:"},
        "trader.check_failed": {
            "zh": "交易员「{name}」未启动：启动前检查「{check}」没有通过。{reason}",
            "en": "The trader “{name}” did not start: the pre-launch check “{check}” failed. {reason}",
        },
        "trader.check.account": {"zh": "账户可用且资金充足", "en": "account reachable and funded"},
        "trader.check.strategy": {"zh": "策略符合交易规则", "en": "strategy valid for the symbol's filters"},
        "trader.check.model": {"zh": "模型可用", "en": "model config enabled and answering"},
        "trader.fix.unreachable": {
            "zh": "连不上账户「{account}」（{error}）。"
            "请检查 API Key 权限和网络，或说「把{account}的 API key 换一下」。",
            "en": "Can't reach the account “{account}” ({error}). Check its API key's permissions and the "
            "network, or say “change the API key of {account}”.",
        },
        "trader.fix.unfunded": {
            "zh": "账户「{account}」可用 USDT 为 {free}，低于最小下单额 {need} USDT。"
            "请先充值，或换一个账户。",
            "en": "The account “{account}” has {free} USDT free, below the minimum order of {need} USDT. "
            "Fund it or choose another account.",
        },
        "trader.fix.strategy_gone": {
            "zh": "它的策略已不存在。说「把{name}的策略换成…」选一个新策略。",
            "en": "Its strategy no longer exists. Say “change the strategy of {name}” to pick another.",
        },
        "trader.fix.strategy_invalid": {
            "zh": "{reason} 请修改策略后再启动。",
            "en": "{reason} Change the strategy, then start again.",
        },
        "trader.fix.account_gone": {
            "zh": "它的账户已不存在。说「把{name}的账户换成…」选一个账户。",
            "en": "Its account no longer exists. Say “change the account of {name}” to pick another.",
        },
        "trader.fix.no_model": {
            "zh": "AI 策略需要模型配置。说「把{name}的模型换成…」选一个。",
            "en": "An AI strategy needs a model config. Say “change the model of {name}” to pick one.",
        },
        "trader.fix.model_disabled": {
            "zh": "模型配置「{model}」已停用。说「启用{model}」后再启动。",
            "en": "The model config “{model}” is disabled. Say “enable {model}”, then start again.",
        },
        "trader.fix.model_silent": {
            "zh": "模型「{model}」没有正常应答（{error}）。请检查它的 API key、base URL 和额度。",
            "en": "The model “{model}” did not answer ({error}). Check its API key, base URL and quota.",
        },
        "trader.confirm_stop": {
            "zh": "确认停止交易员「{name}」吗？已成交的订单不会撤销，持仓保持不变。",
            "en": "Stop the trader “{name}”? Nothing already filled is undone; positions stay as they are.",
        },
        "trader.confirm_stop_all": {
            "zh": "确认停止以下 {count} 个交易员吗？已成交的订单不会撤销，持仓保持不变。",
            "en": "Stop these {count} traders? Nothing already filled is undone; positions stay as they are.",
        },
        "trader.stopped": {
            "zh": "交易员「{name}」已停止。已成交的订单和持仓保持不变。",
            "en": "The trader “{name}” is stopped. Filled orders and positions stay as they are.",
        },
        "trader.stopping": {
            "zh": "交易员「{name}」正在停止：它这一轮已在下单，进行中的订单会完成，之后不会再下新单；"
            "完成后我会私信你。",
            "en": "The trader “{name}” is stopping: its current round is placing orders. The order in "
            "flight completes, no new order is placed, and I'll message you once it has stopped.",
        },
        "trader.still_stopping": {
            "zh": "交易员「{name}」正在停止（等进行中的订单完成）。停止后再说「启动{name}」。",
            "en": "The trader “{name}” is stopping (its order in flight completes first). Say “start "
            "{name}” again once it has stopped.",
        },
        "trader.stopping_some": {
            "zh": "其中 {names} 这一轮正在下单：进行中的订单会完成，之后不再下新单，停止后我会私信你。",
            "en": "{names}: their current round is placing orders. The orders in flight complete, no new "
            "order is placed, and I'll message you once each has stopped.",
        },
        "trader.stopped_all": {
            "zh": "已停止 {count} 个交易员：{names}。已成交的订单和持仓保持不变。",
            "en": "Stopped {count} traders: {names}. Filled orders and positions stay as they are.",
        },
        "trader.not_running": {
            "zh": "交易员「{name}」没有在运行（{state}）。",
            "en": "The trader “{name}” isn't running ({state}).",
        },
        "trader.none_running": {"zh": "没有正在运行的交易员。", "en": "None of your traders is running."},
        "trader.running_refused": {
            "zh": "交易员「{name}」正在运行，不能{what}。请先说「停止{name}」。",
            "en": "The trader “{name}” is running, so I can't {what}. Say “stop {name}” first.",
        },
        "trader.what.delete": {"zh": "删除", "en": "delete it"},
        "trader.what.update": {
            "zh": "更换它的账户、策略或模型",
            "en": "change its account, strategy or model",
        },
        # -- notices the runtime sends -----------------------------------------------------------
        "trader.note.fill": {
            "zh": "交易员「{name}」{side} {quantity} {base}，成交价 {price}，"
            "金额 {amount} USDT（{kind}）。{reason}",
            "en": "Trader “{name}” {side} {quantity} {base} at {price}, {amount} USDT ({kind}). {reason}",
        },
        "trader.note.rejected": {
            "zh": "交易员「{name}」的{side}单未成交：{error}",
            "en": "Trader “{name}”: the {side} order did not go through: {error}",
        },
        "trader.note.error": {
            "zh": "交易员「{name}」本次运行出错（连续第 {count} 次）：{error}",
            "en": "Trader “{name}” hit an error (#{count} in a row): {error}",
        },
        "trader.note.auto_stopped": {
            "zh": "交易员「{name}」连续 {count} 次出错，已自动停止。"
            "最后的错误：{error}。修复后说「启动{name}」。",
            "en": "Trader “{name}” stopped itself after {count} errors in a row. Last error: {error}. "
            "Fix it, then say “start {name}”.",
        },
        "trader.note.stopped_after_tick": {
            "zh": "交易员「{name}」已停止（等进行中的订单完成后）。已成交的订单和持仓保持不变。",
            "en": "Trader “{name}” has stopped (after the order in flight completed). Filled orders and "
            "positions stay as they are.",
        },
        "trader.note.regrid": {
            "zh": "交易员「{name}」的网格策略已修改（{lower}–{upper}，{grids} 格）：已按新参数重建网格，"
            "原有 {carried} 笔持仓已归入新的格位（不卖出、不重复买入）。",
            "en": "Trader “{name}”: its grid strategy changed ({lower}–{upper}, {grids} grids). The grid "
            "is rebuilt from the new settings; its {carried} holding(s) moved to the new levels (nothing "
            "sold, nothing bought again).",
        },
        "trader.note.regrid_aside": {
            "zh": "交易员「{name}」的网格策略已修改（{lower}–{upper}，{grids} 格）：已按新参数重建网格，"
            "{carried} 笔持仓归入新的格位；{aside} 的买入价在新区间之外，已留在账户中，网格不会卖出它，"
            "请自行决定。",
            "en": "Trader “{name}”: its grid strategy changed ({lower}–{upper}, {grids} grids). The grid "
            "is rebuilt from the new settings; {carried} holding(s) moved to the new levels. {aside} was "
            "bought outside the new range: it stays in the account and the grid won't sell it — your "
            "call.",
        },
        "trader.note.finished": {
            "zh": "交易员「{name}」已买满计划总额 {total} USDT，已停止。",
            "en": "Trader “{name}” has bought its planned total of {total} USDT and stopped.",
        },
        "trader.note.daily": {
            "zh": "交易员「{name}」{day} 日报：决策 {decisions} 次，订单 {orders} 笔（成交 {fills}），"
            "本次运行盈亏 {pnl} USDT。",
            "en": "Trader “{name}”, {day}: {decisions} decisions, {orders} orders ({fills} filled), P&L this "
            "run {pnl} USDT.",
        },
        "trader.side.buy": {"zh": "买入", "en": "bought"},
        "trader.side.sell": {"zh": "卖出", "en": "sold"},
    }
)
