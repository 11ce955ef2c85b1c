"""The price alert skill's texts (zh, en)."""

from __future__ import annotations

from core.i18n import register
from core.markets import demo_variants

register(
    {
        "alert.describe": {"zh": "价格提醒", "en": "price alert"},
        "alert.examples": {
            "zh": "例如：“当 BTC 跌破 80000 提醒我”、“SOL 24小时涨跌超过 5% 告诉我”、“/alert eth > 5000”",
            "en": 'e.g. "alert me when ETH goes above 5000", "SOL 24h move over 5% tell me", '
            '"/alert btc < 80000"',
        },
        "alert.no_symbol": {
            "zh": "要给哪个币设置提醒？目前支持：{supported}。{examples}",
            "en": "Which coin should the alert watch? Supported: {supported}. {examples}",
        },
        "alert.unsupported": {
            "zh": "暂不支持 {coin} 的价格提醒；目前支持：{supported}。",
            "en": "Price alerts for {coin} are not supported yet; supported: {supported}.",
        },
        "alert.no_level": {
            "zh": "请说明提醒条件：价格涨破/跌破多少，或某个时间窗口内涨跌超过多少 %。{examples}",
            "en": "Tell me the condition: a price to go above or "
            "below, or a % move over 1h or 24h. {examples}",
        },
        "alert.bad_level": {"zh": "“{level}” 不是有效的价格。", "en": '"{level}" is not a valid price.'},
        "alert.bad_tick": {
            "zh": "{level} 不是 {pair} 最小价格变动 {tick} 的整数倍，请换一个价格（例如 {suggestion}）。",
            "en": "{level} is not a multiple of {pair}'s tick size "
            "{tick}; try another level (e.g. {suggestion}).",
        },
        "alert.out_of_range": {
            "zh": "{level} 离 {pair} 现价 {price} 太远了：提醒价格需在 {low} 到 {high} 之间。",
            "en": "{level} is too far from {pair}'s price now ({price}): "
            "a level must be between {low} and {high}.",
        },
        "alert.bad_percent": {
            "zh": "涨跌幅需在 {low}% 到 {high}% 之间，最多两位小数。",
            "en": "A move must be between {low}% and {high}%, with at most two decimals.",
        },
        "alert.bad_cooldown": {
            "zh": "重复提醒的冷却时间需在 {low} 分钟到 {high} 天之间。",
            "en": "A repeating alert's cooldown must be between {low} minutes and {high} days.",
        },
        "alert.market_down": {
            "zh": "现在拿不到 {pair} 的报价（{code}），提醒没有设置，请稍后再试。",
            "en": "I can't get a {pair} quote right now ({code}), so "
            "the alert was not set; please try again later.",
        },
        "alert.not_admin.telegram": {
            "zh": "在群组里只有管理员可以设置或删除本群的价格提醒。想自己收到提醒，请私聊我设置。",
            "en": "In a group only admins can set or delete the group's "
            "price alerts. For your own, message me privately.",
        },
        "alert.not_admin.discord": {
            "zh": "在频道里设置或删除价格提醒需要“管理服务器”或“管理频道”权限。"
            "想自己收到提醒，请私信我设置。",
            "en": "Setting or deleting a channel's price alerts needs the Manage Server or "
            "Manage Channels permission. For your own, DM me.",
        },
        "alert.not_admin.other": {
            "zh": "只有这个群的管理员可以设置或删除这里的价格提醒。",
            "en": "Only this chat's admins can set or delete its price alerts.",
        },
        "alert.limit.person": {
            "zh": "你已经有 {limit} 个价格提醒，达到上限。请先删除一个（“我设置了哪些价格提醒”可以查看）。",
            "en": "You already have {limit} price alerts, the most allowed. "
            'Delete one first ("my alerts" lists them).',
        },
        "alert.limit.channel": {
            "zh": "这里已经有 {limit} 个价格提醒，达到上限。请管理员先删除一个。",
            "en": "This chat already has {limit} price alerts, the "
            "most allowed. An admin can delete one first.",
        },
        "alert.already_holds": {
            "zh": "{pair} 现在已经是 {price}，{condition}的条件此刻已经满足。提醒只在价格穿过这个位置时触发："
            "仍要设置吗？（它会在价格先回到另一侧、再次{condition}时提醒）",
            "en": '{pair} is at {price} already, so "{condition}" holds right now. '
            "Alerts fire when the price crosses the level: set it anyway? "
            "(It will fire once the price goes back and crosses again.)",
        },
        "alert.button.set_anyway": {"zh": "仍然设置", "en": "Set it anyway"},
        "alert.button.cancel": {"zh": "不用了", "en": "No thanks"},
        "alert.button.rearm": {"zh": "重新启用", "en": "Re-arm"},
        "alert.button.delete": {"zh": "删除提醒", "en": "Delete alert"},
        "alert.not_set": {"zh": "好的，没有设置提醒。", "en": "OK, no alert was set."},
        "alert.created": {
            "zh": "已设置价格提醒 #{id}：{condition}时通知{where}。{pair} 现价 {price}（{source}）。",
            "en": "Price alert #{id} set: I'll tell {where} when {condition}. "
            "{pair} is at {price} now ({source}).",
        },
        "alert.created_move": {
            "zh": "已设置价格提醒 #{id}：{condition}时通知{where}。",
            "en": "Price alert #{id} set: I'll tell {where} when {condition}.",
        },
        "alert.window_default": {
            "zh": "没说时间窗口，按 24 小时计算。",
            "en": "No window given: measured over 24 hours.",
        },
        "alert.where.you": {"zh": "你", "en": "you"},
        "alert.where.chat": {"zh": "这里", "en": "this chat"},
        "alert.demo_note": {
            "zh": "注意：这是演示行情，提醒基于演示价格。",
            "en": "Note: this is the demo market; the alert watches demo prices.",
        },
        "alert.none": {
            "zh": "这里还没有价格提醒。{examples}",
            "en": "No price alerts here yet. {examples}",
        },
        "alert.list": {"zh": "这里有 {n} 个价格提醒：", "en": "{n} price alert(s) here:"},
        "alert.none_for": {
            "zh": "这里没有 {coin} 的价格提醒。",
            "en": "There is no {coin} price alert here.",
        },
        "alert.not_found": {"zh": "找不到提醒 #{id}。", "en": "No alert #{id} here."},
        "alert.which": {"zh": "要删除哪一个提醒？", "en": "Which alert should I delete?"},
        "alert.which_all": {
            "zh": "你想删除哪个提醒？说出币种或编号，或点下面的按钮。",
            "en": "Which alert? Name its coin or number, or press one below.",
        },
        "alert.deleted": {
            "zh": "已删除价格提醒 #{id}（{summary}）。",
            "en": "Deleted price alert #{id} ({summary}).",
        },
        "alert.gone": {"zh": "这个提醒已经不存在了。", "en": "That alert no longer exists."},
        "alert.rearmed": {
            "zh": "价格提醒 #{id} 已重新启用：{summary}。",
            "en": "Price alert #{id} is armed again: {summary}.",
        },
        "alert.resumed": {
            "zh": "之前有 {n} 个价格提醒无法发送给你（{reason}），已暂停；现在你回来了，它们已重新启用。",
            "en": "{n} of your price alerts were paused because I couldn't reach you ({reason}); "
            "now that you're back they are active again.",
        },
        "alert.missed": {
            "zh": "你不在的时候有 {n} 个价格提醒触发了，但没能发给你：",
            "en": "{n} price alert(s) fired while I couldn't reach you:",
        },
        "alert.missed_line": {"zh": "· {condition}（{price}，{at}）", "en": "· {condition} ({price}, {at})"},
        "alert.missed_more": {"zh": "· 还有 {n} 个", "en": "· and {n} more"},
        "alert.reason.bot_blocked": {"zh": "机器人被屏蔽", "en": "the bot was blocked"},
        "alert.reason.other": {"zh": "无法送达", "en": "undeliverable"},
        # conditions, as sentences and as table cells
        "alert.cond.above": {"zh": "{base} 涨破 {level}", "en": "{base} goes above {level}"},
        "alert.cond.below": {"zh": "{base} 跌破 {level}", "en": "{base} falls below {level}"},
        "alert.cond.move": {
            "zh": "{base} {window}涨跌超过 {level}%",
            "en": "{base} moves more than {level}% in {window}",
        },
        "alert.window.1h": {"zh": "1 小时内", "en": "1 hour"},
        "alert.window.24h": {"zh": "24 小时内", "en": "24 hours"},
        # the delivered card
        "alert.fired.above": {
            "zh": "🔔 {base} 已涨破 {level}：现价 {price}",
            "en": "🔔 {base} went above {level}: now {price}",
        },
        "alert.fired.below": {
            "zh": "🔔 {base} 已跌破 {level}：现价 {price}",
            "en": "🔔 {base} fell below {level}: now {price}",
        },
        "alert.fired.move": {
            "zh": "🔔 {base} {window}{direction} {change}%：从 {reference} 到 {price}",
            "en": "🔔 {base} {direction} {change}% in {window}: from {reference} to {price}",
        },
        "alert.dir.up": {"zh": "上涨", "en": "rose"},
        "alert.dir.down": {"zh": "下跌", "en": "fell"},
        "alert.fired.once": {
            "zh": "这个提醒只提醒一次，已停用；点“重新启用”可再次提醒。",
            "en": "This alert fires once and is now off; press Re-arm to be told again.",
        },
        "alert.fired.repeat": {
            "zh": "重复提醒：再次穿过时提醒（至少间隔 {minutes} 分钟）。",
            "en": "Repeating: I'll tell you again at the next crossing (at most once every {minutes} min).",
        },
    }
)

# A level off a demo tick says the tick is the demo market's.
register(demo_variants("alert.bad_tick"))
