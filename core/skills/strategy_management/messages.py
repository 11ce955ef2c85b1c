"""User-facing texts of the strategy skill (zh + en)."""

from __future__ import annotations

from core.i18n import register

register(
    {
        "strategy.sm.kind": {"zh": "策略", "en": "strategy"},
        "strategy.sm.title": {"zh": "策略「{name}」", "en": "Strategy “{name}”"},
        "strategy.sm.none": {
            "zh": "你还没有策略。可以说“创建一个BTC定投策略，每天买50U”。",
            "en": "You have no strategies yet. Try “make a DCA strategy for BTC, 50 USDT daily”.",
        },
        "strategy.sm.list_title": {"zh": "你的策略（{count} 个）", "en": "Your strategies ({count})"},
        "strategy.sm.created": {
            "zh": "已创建策略「{name}」。它只是一份参数，要让它运行，请创建一个交易员来使用它。",
            "en": "Strategy “{name}” created. It is a set of parameters: a trader you create runs it.",
        },
        "strategy.sm.created_default": {
            "zh": "这是你的第一个策略，已设为默认策略。",
            "en": "It is your first strategy, so it is your default one.",
        },
        "strategy.sm.updated": {"zh": "已更新策略「{name}」。", "en": "Strategy “{name}” updated."},
        "strategy.sm.deleted": {"zh": "已删除策略「{name}」。", "en": "Strategy “{name}” deleted."},
        "strategy.sm.confirm_delete": {
            "zh": "确认删除策略「{name}」吗？删除后无法恢复。",
            "en": "Delete strategy “{name}”? This cannot be undone.",
        },
        "strategy.sm.confirm_update": {
            "zh": "交易员 {traders} 正在使用「{name}」，修改{field}会改变它们之后的操作。确认修改吗？",
            "en": "Traders {traders} use “{name}”: a new {field} changes what they do next. Change it?",
        },
        "strategy.sm.confirm_activate": {
            "zh": "要把「{name}」设为默认策略吗？",
            "en": "Make “{name}” your default strategy?",
        },
        "strategy.sm.confirm_deactivate": {
            "zh": "要取消「{name}」的默认策略身份吗？",
            "en": "Stop using “{name}” as your default strategy?",
        },
        "strategy.sm.confirm_duplicate": {
            "zh": "要把「{name}」复制为「{copy}」吗？",
            "en": "Copy “{name}” as “{copy}”?",
        },
        "strategy.sm.activated": {
            "zh": "「{name}」现在是你的默认策略：新建交易员时默认使用它。",
            "en": "“{name}” is now your default strategy: new traders use it unless told otherwise.",
        },
        "strategy.sm.already_default": {
            "zh": "「{name}」已经是你的默认策略。",
            "en": "“{name}” already is your default strategy.",
        },
        "strategy.sm.deactivated": {
            "zh": "「{name}」不再是默认策略；现在你没有默认策略。",
            "en": "“{name}” is no longer your default strategy; you have none now.",
        },
        "strategy.sm.not_default": {
            "zh": "「{name}」不是你的默认策略，没有需要停用的。",
            "en": "“{name}” is not your default strategy: nothing to deactivate.",
        },
        "strategy.sm.no_default": {
            "zh": "你现在没有默认策略。",
            "en": "You have no default strategy right now.",
        },
        "strategy.sm.duplicated": {
            "zh": "已把「{source}」复制为「{name}」。",
            "en": "Copied “{source}” as “{name}”.",
        },
        "strategy.sm.describe.create": {"zh": "创建策略", "en": "creating a strategy"},
        "strategy.sm.describe.update": {"zh": "修改策略", "en": "changing a strategy"},
        "strategy.sm.describe.delete": {"zh": "删除策略", "en": "deleting a strategy"},
        "strategy.sm.describe.activate": {"zh": "设置默认策略", "en": "setting the default strategy"},
        "strategy.sm.describe.deactivate": {"zh": "取消默认策略", "en": "clearing the default strategy"},
        "strategy.sm.describe.duplicate": {"zh": "复制策略", "en": "copying a strategy"},
        "strategy.sm.describe.query": {"zh": "查看策略", "en": "listing strategies"},
        "strategy.sm.ask_kind": {
            "zh": "要创建哪种策略？\n· 定投：每隔一段时间买入固定金额\n· 网格：在价格区间内分格低买高卖\n"
            "· AI：由你的模型按规则决策",
            "en": "Which kind of strategy?\n· DCA: buy a fixed amount every interval\n"
            "· Grid: buy low and sell high across a price range\n· AI: your model decides, within limits",
        },
        "strategy.sm.ask_symbol": {
            "zh": "{kind}哪个币？",
            "en": "Which coin should this {kind} strategy trade?",
        },
        "strategy.sm.ask_symbols": {
            "zh": "AI 策略看哪些币？可以写多个，例如“BTC, ETH”（最多 5 个）。",
            "en": "Which coins should the AI strategy watch? Several are fine, e.g. “BTC, ETH” (up to 5).",
        },
        "strategy.sm.ask_quote_amount": {
            "zh": "每次买多少 USDT 的 {coin}？（至少 {min} USDT）",
            "en": "How many USDT of {coin} per buy? (at least {min} USDT)",
        },
        "strategy.sm.ask_interval": {
            "zh": "多久执行一次？例如 1h、4h、1d、1w，或“每天”。",
            "en": "How often should it act? e.g. 1h, 4h, 1d, 1w, or “daily”.",
        },
        "strategy.sm.ask_lower": {
            "zh": "网格的下限价格是多少（USDT）？",
            "en": "What is the grid's lower price (USDT)?",
        },
        "strategy.sm.ask_upper": {
            "zh": "网格的上限价格是多少（USDT，高于 {lower}）？",
            "en": "What is the grid's upper price (USDT, above {lower})?",
        },
        "strategy.sm.ask_grids": {
            "zh": "分成多少格？（2 到 200 格）",
            "en": "How many grids? (2 to 200)",
        },
        "strategy.sm.ask_quote_per_grid": {
            "zh": "每格投入多少 USDT？（至少 {min} USDT）",
            "en": "How many USDT per grid? (at least {min} USDT)",
        },
        "strategy.sm.ask_max_position_pct": {
            "zh": "单个币种的仓位最多占总资产的百分之几？例如 20",
            "en": "At most what % of equity may one coin's position be? e.g. 20",
        },
        "strategy.sm.ask_max_order_notional": {
            "zh": "单笔订单最多多少 USDT？",
            "en": "At most how many USDT per order?",
        },
        "strategy.sm.ask_max_total": {
            "zh": "总投入上限是多少 USDT？（发送“不限”取消上限）",
            "en": "What total should it stop at, in USDT? (send “none” for no cap)",
        },
        "strategy.sm.ask_notes": {
            "zh": "给模型的提示说明是什么？（最多 500 字，发送“无”清空）",
            "en": "What notes should the model get? (up to 500 characters; “none” clears them)",
        },
        "strategy.sm.ask_name": {"zh": "给这个策略起个名字：", "en": "What should this strategy be called?"},
        "strategy.sm.ask_copy_name": {
            "zh": "复制出的新策略叫什么？",
            "en": "What should the copy be called?",
        },
        "strategy.sm.ask_value": {
            "zh": "「{name}」的{field}改成多少？（现在是 {current}）",
            "en": "What should the {field} of “{name}” be? (now {current})",
        },
        "strategy.sm.bad_kind": {
            "zh": "请选择策略类型：定投、网格或 AI。",
            "en": "Please choose a kind: DCA, grid or AI.",
        },
        "strategy.sm.bad_field": {
            "zh": "{kind}策略没有这一项。可以修改：{fields}。",
            "en": "A {kind} strategy has no such setting. You can change: {fields}.",
        },
        "strategy.sm.same_name": {
            "zh": "新策略需要一个不同的名字。",
            "en": "The copy needs a name of its own.",
        },
        "strategy.sm.copy_suffix": {"zh": "副本", "en": "copy"},
        "strategy.sm.default": {"zh": "默认", "en": "default"},
        "strategy.sm.grids_short": {"zh": "{grids} 格 × {quote} USDT", "en": "{grids} grids × {quote} USDT"},
        "strategy.sm.ai_limits": {
            "zh": "仓位 ≤ {pct}% · 单笔 ≤ {cap} USDT",
            "en": "position ≤ {pct}% · order ≤ {cap} USDT",
        },
        "strategy.sm.yes": {"zh": "是", "en": "yes"},
        "strategy.sm.no": {"zh": "否", "en": "no"},
        "strategy.sm.no_cap": {"zh": "不限", "en": "none"},
        "strategy.sm.field.kind": {"zh": "类型", "en": "Kind"},
        "strategy.sm.field.default": {"zh": "默认策略", "en": "Default"},
        "strategy.sm.field.traders": {"zh": "使用中的交易员", "en": "Used by"},
        "strategy.sm.field.levels": {"zh": "网格间距", "en": "Grid step"},
        "strategy.sm.every": {"zh": "每 {count} {unit}", "en": "every {count} {unit}"},
        "strategy.sm.unit.m": {"zh": "分钟", "en": "minutes"},
        "strategy.sm.unit.h": {"zh": "小时", "en": "hours"},
        "strategy.sm.unit.d": {"zh": "天", "en": "days"},
        "strategy.sm.unit.w": {"zh": "周", "en": "weeks"},
        "strategy.sm.every_one.m": {"zh": "每分钟", "en": "every minute"},
        "strategy.sm.every_one.h": {"zh": "每小时", "en": "hourly"},
        "strategy.sm.every_one.d": {"zh": "每天", "en": "daily"},
        "strategy.sm.every_one.w": {"zh": "每周", "en": "weekly"},
        "strategy.sm.auto_name.dca": {"zh": "{coins}定投", "en": "{coins} DCA"},
        "strategy.sm.auto_name.grid": {"zh": "{coins}网格", "en": "{coins} grid"},
        "strategy.sm.auto_name.ai": {"zh": "{coins} AI", "en": "{coins} AI"},
    }
)
